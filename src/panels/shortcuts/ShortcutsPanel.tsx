import { useMemo, useState, type KeyboardEvent } from 'react';
import { bindingsFor, clashesWith, effectiveHotkey, findConflicts, formatHotkey } from '../../commands/hotkeys';
import type { Command, CommandContext } from '../../commands/types';
import { hotkeysKey } from '../../data/config';
import { useStored } from '../hooks';
import { assignHotkey, readCapture } from '../hotkeyCapture';
import { SmallButton } from '../common/SmallButton';

/**
 * Every command with its key: a key-capture input to remap it, conflicts shown and refused,
 * a reset per command and 'Reset mappings' behind the confirm dialog. Used in settings and as a
 * palette page.
 */
export function ShortcutsPanel({ ctx, filter = '' }: { ctx: CommandContext; filter?: string }) {
  const overrides = useStored(hotkeysKey);
  const [error, setError] = useState<{ id: string; text: string } | null>(null);
  const commands = useMemo(() => ctx.registry.commands(ctx).filter((c) => c.run || c.page), [ctx]);
  const conflicts = useMemo(() => findConflicts(bindingsFor(commands, overrides)), [commands, overrides]);
  const conflicted = new Set([...conflicts.values()].flat());
  const titleOf = (id: string) => commands.find((c) => c.id === id)?.title ?? id;
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? commands.filter((c) => `${c.title} ${c.section} ${effectiveHotkey(c, overrides) ?? ''}`.toLowerCase().includes(needle))
    : commands;

  function assign(command: Command, hotkey: string | null) {
    const problem = assignHotkey(ctx, commands, command, hotkey);
    setError(problem ? { id: command.id, text: problem } : null);
  }

  function reset(command: Command) {
    const fallback = command.hotkey ?? null;
    const taken = fallback ? clashesWith(commands, overrides, command.id, fallback) : [];
    if (taken.length) {
      setError({ id: command.id, text: `Its default ${formatHotkey(fallback)} is taken by ${taken.map(titleOf).join(', ')}.` });
      return;
    }
    setError(null);
    ctx.store.update(hotkeysKey, (current) => {
      const next = { ...current };
      delete next[command.id];
      return next;
    });
  }

  async function resetAll() {
    if (await ctx.confirm()) {
      setError(null);
      ctx.store.reset(hotkeysKey);
    }
  }

  function onKeyDown(command: Command, event: KeyboardEvent<HTMLInputElement>) {
    const capture = readCapture(event);
    if (capture.kind === 'cancel') event.currentTarget.blur();
    else if (capture.kind === 'set') assign(command, capture.hotkey);
  }

  return (
    <div className="vv-shortcuts">
      <div className="vv-shortcuts-head">
        <h3 className="vv-heading">Shortcuts</h3>
        <button type="button" className="vv-button" onClick={() => void resetAll()}>
          Reset mappings
        </button>
      </div>
      <p className="vv-note">Focus a key field and press the new combination. Backspace removes a hotkey, Escape cancels.</p>
      {conflicts.size > 0 && <Conflicts conflicts={conflicts} titleOf={titleOf} />}
      <table className="vv-table">
        <thead>
          <tr>
            <th scope="col">Command</th>
            <th scope="col">Where</th>
            <th scope="col">Key</th>
            <th scope="col">
              <span className="vv-sr-only">Reset</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((command) => (
            <ShortcutRow
              key={command.id}
              command={command}
              hotkey={effectiveHotkey(command, overrides)}
              changed={Object.prototype.hasOwnProperty.call(overrides, command.id)}
              conflicted={conflicted.has(command.id)}
              error={error?.id === command.id ? error.text : null}
              onKeyDown={(event) => onKeyDown(command, event)}
              reset={() => reset(command)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One command's row: its title and section, where its key works, the key-capture field and its reset. */
function ShortcutRow({
  command,
  hotkey,
  changed,
  conflicted,
  error,
  onKeyDown,
  reset,
}: {
  command: Command;
  hotkey: string | null;
  changed: boolean;
  conflicted: boolean;
  error: string | null;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  reset(): void;
}) {
  return (
    <tr data-command={command.id} className={conflicted ? 'vv-conflict' : undefined}>
      <td>
        {command.title}
        <div className="vv-subtle">{command.section}</div>
      </td>
      <td>{command.scope === 'editor' ? 'Editors' : 'Page'}</td>
      <td>
        <input
          className="vv-key-input"
          data-hotkey-capture=""
          readOnly
          value={formatHotkey(hotkey)}
          placeholder="None"
          aria-label={`Hotkey for ${command.title}`}
          aria-invalid={error !== null || undefined}
          onKeyDown={onKeyDown}
        />
        {error !== null && (
          <div className="vv-error" role="alert">
            {error}
          </div>
        )}
      </td>
      <td>
        <SmallButton disabled={!changed} onClick={reset} aria-label={`Reset hotkey for ${command.title}`}>
          Reset
        </SmallButton>
      </td>
    </tr>
  );
}

function Conflicts({ conflicts, titleOf }: { conflicts: ReturnType<typeof findConflicts>; titleOf(id: string): string }) {
  return (
    <div className="vv-warning" role="alert">
      {[...conflicts].map(([hotkey, ids]) => (
        <div key={hotkey}>
          Conflict: {formatHotkey(hotkey)} is bound to {ids.map(titleOf).join(' and ')}. Only the first fires; remap one.
        </div>
      ))}
    </div>
  );
}
