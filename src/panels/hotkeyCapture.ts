import type { KeyboardEvent } from 'react';
import { bindingProblem, clashesWith, formatHotkey, hotkeyFromEvent } from '../commands/hotkeys';
import type { Command, CommandContext } from '../commands/types';
import { hotkeysKey } from '../data/config';

/**
 * Key capture shared by every hotkey field (the shortcuts panel, QuickStart Configuration):
 * what a key press means, and assigning a hotkey with the conflict check.
 */

export type Capture = { kind: 'pass' } | { kind: 'cancel' } | { kind: 'set'; hotkey: string | null };

/** Tab moves on, Escape cancels, Backspace/Delete clears, a combination sets; a lone modifier waits. */
export function readCapture(event: KeyboardEvent<HTMLInputElement>): Capture {
  if (event.key === 'Tab') return { kind: 'pass' };
  event.preventDefault();
  event.stopPropagation();
  if (event.key === 'Escape') return { kind: 'cancel' };
  if ((event.key === 'Backspace' || event.key === 'Delete') && !event.ctrlKey && !event.altKey && !event.metaKey)
    return { kind: 'set', hotkey: null };
  const hotkey = hotkeyFromEvent(event.nativeEvent);
  return hotkey ? { kind: 'set', hotkey } : { kind: 'pass' };
}

/**
 * Stores `hotkey` for `command` unless another command uses it where both can fire, or the command
 * may not have it (a page-wide key without ctrl, alt or meta for a command that changes the account
 * or spends a credential); returns why not.
 */
export function assignHotkey(ctx: CommandContext, commands: readonly Command[], command: Command, hotkey: string | null): string | null {
  if (hotkey) {
    const problem = bindingProblem(command, hotkey);
    if (problem) return problem;
    const clashes = clashesWith(commands, ctx.store.get(hotkeysKey), command.id, hotkey);
    if (clashes.length) {
      const titles = clashes.map((id) => commands.find((c) => c.id === id)?.title ?? id);
      return `${formatHotkey(hotkey)} is already used by ${titles.join(', ')}.`;
    }
  }
  ctx.store.update(hotkeysKey, (current) => ({ ...current, [command.id]: hotkey }));
  return null;
}
