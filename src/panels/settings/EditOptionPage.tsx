import { Command as Cmdk } from 'cmdk';
import { optionProblem } from '../../commands/registry';
import type { PalettePageProps } from '../../commands/types';
import { OPTION_TEXTS } from '../../data/config';

/** Types a new value for a text or number option in the palette's own input. */
export function EditOptionPage({ query, arg, ctx, close }: PalettePageProps) {
  const option = arg ? ctx.registry.option(arg) : undefined;
  if (!option) return <Cmdk.Empty>Unknown setting.</Cmdk.Empty>;
  const current = String(ctx.settings.get(option.key));
  const typed = query.trim();
  const candidate = typeof option.default === 'number' ? Number(typed) : typed;
  // The registry's own rules decide; the page only shows why a value is refused.
  const problem = typed ? optionProblem(option, candidate) : null;
  const save = (value: string | number) => {
    ctx.settings.set(option.key, value);
    ctx.toasts.success(OPTION_TEXTS.set(option.title, String(value)));
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
