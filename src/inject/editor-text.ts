import { applyMarkdown, textEdit, type MarkdownMapping } from '../data/markdown';
import { DEFAULT_IMAGE_WIDTH } from '../data/image-markup';
import { dispatchOwn } from './trusted-input';

/**
 * Changing the text of a textarea so that the host's Vue model (v-model) sees it and undo keeps
 * working: `execCommand('insertText')` where the browser supports it (it fires `input` and joins
 * the undo stack), otherwise a direct edit followed by an `input` event.
 */

export type TextField = HTMLTextAreaElement | HTMLInputElement;

/** Replaces [start, end) with `text` and selects [selectStart, selectEnd) afterwards (default: caret after the text). */
export function replaceRange(field: TextField, start: number, end: number, text: string, selectStart?: number, selectEnd?: number): void {
  field.focus();
  field.setSelectionRange(start, end);
  let done: boolean;
  try {
    // Deprecated but still the only way to edit a field with native undo; returns false when unsupported.
    done = field.ownerDocument.execCommand('insertText', false, text);
  } catch {
    done = false;
  }
  if (!done || field.value.slice(start, start + text.length) !== text) {
    field.value = field.value.slice(0, start) + text + field.value.slice(end);
    // Ours: our own editors sit behind the guard that lets only a person's input through.
    dispatchOwn(field, new Event('input', { bubbles: true }));
  }
  const caret = start + text.length;
  field.setSelectionRange(selectStart ?? caret, selectEnd ?? caret);
}

/** Inserts `text` at the caret (replacing the selection). */
export function insertAtCaret(field: TextField, text: string): void {
  replaceRange(field, field.selectionStart ?? field.value.length, field.selectionEnd ?? field.value.length, text);
}

/** The editable text field a key or paste event belongs to, if it is one we may edit (not Ace's). */
export function editableField(target: EventTarget | null): TextField | null {
  if (!(target instanceof HTMLTextAreaElement)) return null;
  if (target.classList.contains('ace_text-input') || target.readOnly || target.disabled) return null;
  return target;
}

/**
 * AniList's markdown editors (host-facts (a)): a toolbar `.markdown-editor` and the textarea in one
 * parent, the editor, as the original reads them (the toolbar's parent holds the textarea). The
 * activity editors (`.activity-edit`: composer, replies, messages) and the others (a forum thread's
 * reply box, a review's body, the bio in the settings) alike. The host hides the toolbar (inline
 * `display: none`) while its editor is inactive.
 */
export const HOST_EDITOR_TOOLBAR = '.markdown-editor';

/**
 * The markdown text field `target` is, if any: a host editor's textarea (its editor holds a
 * toolbar) or one of our own editors' (`data-markdown-editor`), never Ace's or a read-only one.
 */
export function markdownField(target: EventTarget | null): TextField | null {
  const field = editableField(target);
  return field && (field.matches('[data-markdown-editor]') || inHostEditor(field)) ? field : null;
}

/** Whether an ancestor holds a toolbar (walked by hand: `:has()` throws in browsers without it, Firefox before 121). */
function inHostEditor(field: Element): boolean {
  for (let el = field.parentElement; el; el = el.parentElement)
    for (const child of el.children) if (child.matches(HOST_EDITOR_TOOLBAR)) return true;
  return false;
}

/**
 * Applies a markdown mapping to a text field as one edit (undo and the host's v-model see it);
 * `imageWidth` is the width for image markup (imageWidthOf the settings). False when the mapping does nothing.
 */
export function applyMarkdownTo(field: TextField, mapping: MarkdownMapping, imageWidth = String(DEFAULT_IMAGE_WIDTH)): boolean {
  const before = field.value;
  const next = applyMarkdown(
    mapping,
    { text: before, start: field.selectionStart ?? before.length, end: field.selectionEnd ?? before.length },
    { imageWidth },
  );
  if (!next) return false;
  const edit = textEdit(before, next.text);
  replaceRange(field, edit.start, edit.end, edit.text, next.start, next.end);
  return true;
}
