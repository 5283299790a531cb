import { QUICKSTART_OPEN_COMMAND, quickStartConfigKey } from '../../data/config';
import { mountUi } from '../../panels/mount';
import { lazyComponent } from '../lazy';
import type { CommandContext, FeatureDef } from '../types';

const QuickStartConfig = lazyComponent(() => import('../../panels/quickstart/QuickStartConfig'), 'QuickStartConfig');

/** The QuickStart palette itself: its hotkey, its configuration and its navigation buttons. */

const navButtons = (ctx: CommandContext) => ctx.store.get(quickStartConfigKey).addNavigationButtons;

function NavButton({ ctx }: { ctx: CommandContext }) {
  return (
    <button
      type="button"
      className="vv-nav-button"
      aria-label="Open VoidVerified QuickStart"
      title="VoidVerified QuickStart"
      onClick={() => void ctx.run(QUICKSTART_OPEN_COMMAND)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path fill="currentColor" d="M13 2 4 14h7l-1 8 9-12h-7z" />
      </svg>
    </button>
  );
}

export const quickstart: FeatureDef = {
  id: 'quickstart',
  title: 'QuickStart',
  category: 'misc',
  description: 'The command palette: every command, page and setting from the keyboard.',
  options: [
    {
      key: 'quickStartEnabled',
      description: 'Enable VoidVerified QuickStart (the ctrl+space command palette).',
      default: true,
    },
  ],
  toggle: 'quickStartEnabled',
  commands: [
    {
      id: QUICKSTART_OPEN_COMMAND,
      title: 'Open QuickStart (again: next mode)',
      section: 'QuickStart',
      hotkey: 'ctrl+space',
      allowInInputs: true,
      // A palette row too, which shows its key: picked there, the palette stays open in the next mode.
      keepOpen: true,
      run: (ctx) => ctx.palette.toggleOrCycle(),
    },
    {
      id: 'quickstart.configure',
      // Configurable while the feature is off.
      toggle: null,
      title: 'QuickStart Configuration',
      section: 'QuickStart',
      keywords: ['palette', 'settings', 'keybind'],
      page: 'quickstart.config',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'quickstart.config',
      title: 'QuickStart Configuration',
      layout: 'form',
      component: ({ ctx }) => <QuickStartConfig ctx={ctx} />,
    },
    { kind: 'settings-tab', id: 'quickstart.tab', title: 'quickStart', option: 'quickStartEnabled', component: QuickStartConfig },
  ],
  injections: [
    {
      id: 'desktop-nav-button',
      selector: '.nav > .wrap',
      single: true,
      when: navButtons,
      reads: [quickStartConfigKey],
      mount: (wrap, ctx) => {
        mountUi(
          ctx,
          'quickstart-nav',
          (host) => wrap.insertBefore(host, wrap.querySelector(':scope > .search')),
          <NavButton ctx={ctx} />,
          'span',
        );
      },
    },
    {
      id: 'mobile-nav-button',
      selector: '.mobile-nav .menu',
      single: true,
      when: navButtons,
      reads: [quickStartConfigKey],
      mount: (menu, ctx) => {
        mountUi(ctx, 'quickstart-mobile-nav', (host) => menu.append(host), <NavButton ctx={ctx} />, 'span');
      },
    },
  ],
};
