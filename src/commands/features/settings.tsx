import { Command as Cmdk } from 'cmdk';
import { quickStartConfigKey } from '../../data/config';
import { mountUi } from '../../panels/mount';
import { isSettings, isSettingsDeveloper } from '../../data/pages';
import { setStyle, removeStyle } from '../../inject/styles';
import { SettingsPage } from '../../panels/settings/SettingsPage';
import { optionProblem } from '../registry';
import type { Command, CommandContext, FeatureDef, OptionDef, PalettePageProps } from '../types';

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

/** Types a new value for a text or number option in the palette's own input. */
function EditOptionPage({ query, arg, ctx, close }: PalettePageProps) {
  const option = arg ? ctx.registry.option(arg) : undefined;
  if (!option) return <Cmdk.Empty>Unknown setting.</Cmdk.Empty>;
  const current = String(ctx.settings.get(option.key));
  const typed = query.trim();
  const candidate = typeof option.default === 'number' ? Number(typed) : typed;
  // The registry's own rules decide; the page only shows why a value is refused.
  const problem = typed ? optionProblem(option, candidate) : null;
  const save = (value: string | number) => {
    ctx.settings.set(option.key, value);
    ctx.toasts.success(`${option.title} set to ${String(value)}.`);
    close();
  };
  return (
    <Cmdk.Group heading={`${option.title}: ${option.description} (now ${current || 'empty'})`}>
      {(option.choices ?? [])
        .filter((c) => c.toLowerCase().includes(typed.toLowerCase()))
        .map((choice) => (
          <Cmdk.Item key={choice} value={`choice/${choice}`} onSelect={() => save(choice)}>
            Set to {choice}
          </Cmdk.Item>
        ))}
      {!option.choices && typed && !problem && (
        <Cmdk.Item value="set" onSelect={() => save(candidate)}>
          Set to “{typed}”
        </Cmdk.Item>
      )}
      {problem && (
        <div className="vv-error" role="alert">
          {problem}
        </div>
      )}
      {!typed && !option.choices && <div className="vv-note">Type the new value and press Enter.</div>}
      <Cmdk.Item value="reset" onSelect={() => save(option.default as string | number)}>
        Reset to default ({String(option.default) || 'empty'})
      </Cmdk.Item>
    </Cmdk.Group>
  );
}

export const settings: FeatureDef = {
  id: 'settings',
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
      mount: (content, ctx) => mountUi(ctx, 'settings', (host) => content.append(host), <SettingsPage ctx={ctx} />),
    },
    {
      // The host's "Developer" link names us too (a CSS suffix, matching the href in any case).
      id: 'settings-nav-suffix',
      route: isSettings,
      selector: '.nav a[href="/settings/developer" i]',
      single: true,
      mount: () => {
        setStyle('settings-nav', '.nav a[href="/settings/developer" i]::after { content: " & Void"; }');
        return () => removeStyle('settings-nav');
      },
    },
  ],
};
