import { anilistPath } from '../../data/same-tab-links';
import type { FeatureDef } from '../types';
import { isPlainClick } from '../../data/paths';

/**
 * AniList links in the same tab: a left click without modifiers on an AniList link that user
 * content opens in a new tab navigates in this tab through the host router instead; links to other
 * sites are left alone. One delegated listener on the document.
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
          if (event.defaultPrevented || !isPlainClick(event)) return;
          const a = event.target instanceof Element ? event.target.closest('a[href][target="_blank"]') : null;
          if (!a?.closest('.markdown, .activity-entry')) return;
          const path = anilistPath(a.getAttribute('href'), location.origin);
          if (path === null) return;
          event.preventDefault();
          ctx.route.navigate(path);
        };
        document.addEventListener('click', onClick, { capture: true, signal: ctx.signal });
      },
    },
  ],
};
