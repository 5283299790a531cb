import { tinykeys, type KeyBindingMap } from 'tinykeys';
import { toTinykeys, type Binding } from '../commands/hotkeys';
import { markdownField } from './editor-text';
import type { Lifetime } from './lifetime';
import { eventOrigin } from './shadow';

/**
 * Binds the registry's hotkeys on the page with tinykeys. Global commands stay quiet while the
 * user types in a field (unless they opt in); editor commands only act inside markdown editors
 * (`markdownField`: the host's and ours, never Ace's). The
 * key-capture input of the shortcuts panel is left alone so a key can be recorded. Only keys a
 * person pressed count: a page script can dispatch any key event (`isTrusted` is false then).
 */

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'email', 'password', 'number', 'tel', '']);

function isEditable(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

export type FireHotkey = (commandId: string, event: KeyboardEvent, target: Element | null) => boolean;

/** Binds `bindings` on `target` until `signal` aborts. */
export function bindHotkeys(
  bindings: readonly Binding[],
  fire: FireHotkey,
  { signal, target = window }: Lifetime & { target?: Window },
): void {
  if (signal.aborted) return;
  const byKey = new Map<string, Binding[]>();
  for (const b of bindings) byKey.set(b.hotkey, [...(byKey.get(b.hotkey) ?? []), b]);
  const map: KeyBindingMap = {};
  for (const [hotkey, list] of byKey) {
    map[toTinykeys(hotkey)] = (event) => {
      if (!event.isTrusted || event.isComposing || event.repeat) return;
      const origin = eventOrigin(event) as Element | null;
      if (origin instanceof Element && origin.closest('[data-hotkey-capture]')) return;
      const editable = isEditable(origin);
      const editor = markdownField(origin) !== null;
      for (const binding of list) {
        const applies = binding.scope === 'editor' ? editor : !editable || binding.allowInInputs;
        if (applies && fire(binding.commandId, event, origin)) {
          event.preventDefault();
          event.stopPropagation();
          return;
        }
      }
    };
  }
  signal.addEventListener('abort', tinykeys(target, map, { capture: true }), { once: true });
}
