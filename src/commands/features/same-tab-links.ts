import { anilistLocation } from '../../data/pages';
import type { FeatureDef } from '../types';
import { isPlainClick } from '../../data/paths';

/**
 * AniList links in the same tab: a left click without modifiers on an AniList link that opens in a
 * new tab (`target="_blank"`), anywhere on the page as the original's, navigates in this tab
 * through the host router instead; links to other sites are left alone. One delegated listener on
 * the document; a click the page made up (not trusted) moves nothing.
 */
export const sameTabLinks: FeatureDef = {
  id: 'same-tab-links',
  title: 'AniList links in same tab',
  category: 'misc',
  description: 'Open AniList links in the same tab.',
  toggle: 'removeAnilistBlanks',
  options: [
    {
      key: 'removeAnilistBlanks',
      default: false,
    },
  ],
  page: [
    {
      id: 'anilist-links-same-tab',
      run: (ctx) => {
        const onClick = (event: MouseEvent) => {
          if (!event.isTrusted || event.defaultPrevented || !isPlainClick(event)) return;
          const a = event.target instanceof Element ? event.target.closest('a[href][target="_blank"]') : null;
          if (!a) return;
          const path = anilistLocation(a.getAttribute('href'), location.origin);
          if (path === null) return;
          event.preventDefault();
          ctx.route.navigate(path);
        };
        document.addEventListener('click', onClick, { capture: true, signal: ctx.signal });
      },
    },
  ],
};
