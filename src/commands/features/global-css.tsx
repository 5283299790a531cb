import { globalCssKey } from '../../data/global-css';
import { isSettingsDeveloper } from '../../data/pages';
import { removeStyle, setStyle } from '../../inject/styles';
import type { FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import { onAbort } from '../../inject/lifetime';

const GlobalCss = lazyComponent(() => import('../../panels/global-css/GlobalCss'), 'GlobalCss');

/**
 * Global CSS: the user's own CSS on every page but one. Off, its style element is removed; on, it
 * is (re)created; editing stores the text and the element follows. It is never applied on
 * /settings/developer, so a stylesheet that breaks the site can always be fixed there (the
 * original's escape hatch).
 */

const STYLE_ID = 'global-css';
/** Every page but the settings page that edits it. */
const appliesOn = (path: string): boolean => !isSettingsDeveloper(path);

export const globalCss: FeatureDef = {
  id: 'global-css',
  title: 'Global CSS',
  category: 'misc',
  description: 'Your own CSS applied to every AniList page.',
  options: [{ key: 'globalCssEnabled', description: 'Enable custom global CSS.', default: false }],
  toggle: 'globalCssEnabled',
  commands: [
    {
      id: 'global-css.edit',
      // Configurable while the feature is off.
      toggle: null,
      title: 'Edit global CSS',
      section: 'VoidVerified Settings',
      keywords: ['style', 'stylesheet', 'theme', 'custom css'],
      page: 'global-css.editor',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'global-css.editor',
      title: 'Global CSS',
      layout: 'form',
      component: ({ ctx }) => <GlobalCss ctx={ctx} />,
    },
    { kind: 'settings-tab', id: 'global-css.tab', title: 'global CSS', option: 'globalCssEnabled', component: GlobalCss },
  ],
  page: [
    {
      id: 'global-css-style',
      route: appliesOn,
      run: (ctx) => {
        const apply = (css: string) => setStyle(STYLE_ID, css);
        apply(ctx.store.get(globalCssKey));
        onAbort(ctx, ctx.store.subscribe(globalCssKey, apply));
        onAbort(ctx, () => removeStyle(STYLE_ID));
      },
    },
  ],
};
