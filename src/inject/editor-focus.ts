import { markdownField, type TextField } from './editor-text';
import type { Lifetime } from './lifetime';
import { deepFocus, eventOrigin } from './shadow';

/**
 * Which markdown editor a command is aimed at, one way for every feature. `focusedEditor`: the one
 * with focus when the command was invoked (`ctx.focused`; the palette's is what had focus before it
 * opened): the marks, the taskbar and the drafts act there and are listed only then. `aimedEditor`:
 * for a command that inserts (the GIF keyboard, a draft, Exact preview's text), that one, else the
 * editor focused last while it is still on the page, so a key pressed or a row picked after the
 * editor lost focus (a click beside it) still lands there instead of only copying.
 */

/** The markdown editor that took focus last (the host's or ours), noted by `watchEditorFocus`. */
let lastFocused: TextField | null = null;

/** Notes each markdown editor that takes focus, until `signal` aborts (started once, at start-up). */
export function watchEditorFocus({ signal }: Lifetime): void {
  const onFocus = (event: FocusEvent) => {
    const field = markdownField(eventOrigin(event));
    if (field) lastFocused = field;
  };
  document.addEventListener('focusin', onFocus, { capture: true, signal });
}

/** The markdown editor `focused` is (through our shadow roots and open ones), if it is one we may edit. */
export function focusedEditor(focused: Element | null): TextField | null {
  return focused && markdownField(deepFocus(focused));
}

/** The editor a command that inserts is aimed at: the focused one, else the one focused last while still on the page and editable. */
export function aimedEditor(focused: Element | null): TextField | null {
  return focusedEditor(focused) ?? (lastFocused?.isConnected ? markdownField(lastFocused) : null);
}
