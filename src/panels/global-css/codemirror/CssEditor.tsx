import { indentWithTab } from '@codemirror/commands';
import { cssLanguage } from '@codemirror/lang-css';
import { LanguageSupport } from '@codemirror/language';
import { Annotation, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { basicSetup } from './setup';

/** A replacement of the text by a new `value` from outside: not an edit to report. */
const fromValue = Annotation.define<boolean>();
/** A new `value` waits until the text has not been typed in for this long. */
const TYPING_MS = 200;

/**
 * The one change from `from` to `to`: the span between what they share at the start and at the
 * end. Replacing only it keeps the caret where it was outside it (a whole-text replacement puts it
 * at the start). Linear in the texts' length.
 */
export function difference(from: string, to: string): { from: number; to: number; insert: string } {
  const most = Math.min(from.length, to.length);
  let start = 0;
  while (start < most && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  // Not between the two halves of a surrogate pair.
  if (start > 0 && isHighSurrogate(from.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < most - start && from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)) end++;
  if (end > 0 && isHighSurrogate(from.charCodeAt(from.length - 1 - end))) end--;
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The CodeMirror CSS editor. Loaded on demand (React.lazy): CodeMirror's modules build their
 * parser tables and facets when they first run, which would otherwise happen on every page load.
 *
 * The view is made here, as @uiw/react-codemirror's component made it for the few props this
 * editor gave it (the same extensions in the same order, the same wrapper): the text starts as
 * `value`, each edit is reported through `onChange`, and a new `value` replaces the part of the
 * text that differs, though not while the user is typing (within 200 ms of the last edit, as @uiw's
 * typing latch waited).
 */
export default function CssEditor({
  value,
  onChange,
  onBlur,
  label,
}: {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  label: string;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const typedAt = useRef(-Infinity);
  const report = useRef(onChange);
  useLayoutEffect(() => {
    report.current = onChange;
  });
  // The text the view starts with; later values reach it through the effect below.
  const initial = useRef(value);

  useLayoutEffect(() => {
    const editor = new EditorView({
      parent: parent.current!,
      state: EditorState.create({
        doc: initial.current,
        extensions: [
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((t) => t.annotation(fromValue))) return;
            typedAt.current = Date.now();
            report.current(update.state.doc.toString());
          }),
          EditorView.theme({ '&': { height: '300px' } }),
          EditorView.theme({ '& .cm-scroller': { height: '100% !important' } }),
          basicSetup({ lineNumbers: true, highlightActiveLine: true }),
          keymap.of([indentWithTab]),
          // The CSS language alone: lang-css's css() adds its completion source (tables of property and value
          // names), which only an autocompletion() extension would ever ask, and the setup has none.
          new LanguageSupport(cssLanguage),
        ],
      }),
    });
    view.current = editor;
    return () => {
      view.current = null;
      editor.destroy();
    };
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      const editor = view.current;
      if (!editor) return;
      const wait = typedAt.current + TYPING_MS - Date.now();
      if (wait > 0) {
        timer = setTimeout(apply, wait);
        return;
      }
      const text = editor.state.doc.toString();
      if (value !== text) editor.dispatch({ changes: difference(text, value), annotations: fromValue.of(true) });
    };
    apply();
    return () => clearTimeout(timer);
  }, [value]);

  return <div ref={parent} className="cm-theme-none" onBlur={onBlur} aria-label={label} data-hotkey-capture="" />;
}
