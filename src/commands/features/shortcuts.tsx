import type { FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import styles from '../../panels/shortcuts/shortcuts.css';

const ShortcutsPanel = lazyComponent(() => import('../../panels/shortcuts/ShortcutsPanel'), 'ShortcutsPanel');

/** The shortcuts panel: remap any command's hotkey, in settings and as a palette page. */
export const shortcuts: FeatureDef = {
  id: 'shortcuts',
  styles,
  title: 'Shortcuts',
  category: 'misc',
  description: 'Every command with its hotkey; remap, reset, and see conflicts.',
  commands: [
    {
      id: 'shortcuts.open',
      title: 'Shortcuts: remap hotkeys',
      section: 'QuickStart',
      keywords: ['hotkeys', 'keybindings', 'keys', 'remap'],
      page: 'shortcuts',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'shortcuts',
      title: 'Shortcuts',
      placeholder: 'Filter shortcuts',
      layout: 'form',
      component: ({ query, ctx }) => <ShortcutsPanel ctx={ctx} filter={query} />,
    },
    { kind: 'settings-tab', id: 'shortcuts.tab', title: 'shortcuts', component: ({ ctx }) => <ShortcutsPanel ctx={ctx} /> },
  ],
};
