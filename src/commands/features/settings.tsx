import { quickStartConfigKey } from '../../data/config';
import { mountUi } from '../../panels/mount';
import { isSettings, isSettingsDeveloper } from '../../data/pages';
import { styleWhileMounted } from '../../inject/styles';
import type { Command, CommandContext, FeatureDef, OptionDef } from '../types';
import { lazyComponent } from '../lazy';
import styles from '../../panels/settings/settings.css';

const SettingsPage = lazyComponent(() => import('../../panels/settings/SettingsPage'), 'SettingsPage');
const EditOptionPage = lazyComponent(() => import('../../panels/settings/EditOptionPage'), 'EditOptionPage');

/**
 * 'VoidVerified Settings': every option of the registry as a palette command (a toggle, or a page
 * to type a new value), and the settings page itself on /settings/developer.
 */

const SECTION = 'VoidVerified Settings';

function optionCommand(option: OptionDef): Command {
  const base = {
    id: `settings.option.${option.key}`,
    title: option.title,
    section: SECTION,
    keywords: [option.key, option.description, option.category, 'setting', 'option'],
    authRequired: option.authRequired,
    when: (ctx: CommandContext) => ctx.store.get(quickStartConfigKey).voidSettingsEnabled,
  };
  if (typeof option.default === 'boolean') {
    return {
      ...base,
      keepOpen: true,
      hint: (ctx) => (ctx.settings.get(option.key) ? 'On' : 'Off'),
      run: (ctx) => {
        const next = !ctx.settings.get(option.key);
        ctx.settings.set(option.key, next);
        ctx.toasts.success(`${option.title}: ${next ? 'on' : 'off'}.`);
      },
    };
  }
  return { ...base, hint: (ctx) => String(ctx.settings.get(option.key)), page: 'settings.edit-option', pageArg: option.key };
}

export const settings: FeatureDef = {
  id: 'settings',
  styles,
  title: 'Settings',
  category: 'misc',
  description: 'The settings page and a palette command for every option.',
  commands: [
    {
      id: 'settings.open',
      title: 'Open VoidVerified settings',
      section: SECTION,
      keywords: ['preferences', 'options', 'developer'],
      run: (ctx) => ctx.route.navigate('/settings/developer'),
    },
  ],
  // The option commands' `when` reads the QuickStart configuration.
  reads: [quickStartConfigKey],
  provideCommands: (ctx) => ctx.registry.options().map(optionCommand),
  panels: [
    { kind: 'palette-page', id: 'settings.edit-option', title: 'Setting', placeholder: 'Type a new value', component: EditOptionPage },
  ],
  injections: [
    {
      id: 'settings-page',
      route: isSettingsDeveloper,
      selector: '.settings.container > .content',
      single: true,
      mount: (content, ctx) => {
        mountUi(ctx, 'settings', (host) => content.append(host), <SettingsPage ctx={ctx} />);
      },
    },
    {
      // The host's "Developer" link names us too (a CSS suffix, matching the href in any case).
      id: 'settings-nav-suffix',
      route: isSettings,
      selector: '.nav a[href="/settings/developer" i]',
      single: true,
      mount: styleWhileMounted('settings-nav', '.nav a[href="/settings/developer" i]::after { content: " & Void"; }'),
    },
  ],
};
