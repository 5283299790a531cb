import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import {
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';

/**
 * The CSS editor's setup, in place of @uiw/codemirror-extensions-basic-setup (same options, same
 * extensions in the same order), which pulls in search, lint, folding and autocompletion panels the
 * CSS editor does not use, about 100 KB gzipped. Only what the global CSS editor needs: line
 * numbers, history, bracket handling, highlighting and the default keys (Tab indents; Escape then
 * Tab leaves the editor).
 */

interface MinimalSetupOptions {
  highlightSpecialChars?: boolean;
  history?: boolean;
  drawSelection?: boolean;
  syntaxHighlighting?: boolean;
  defaultKeymap?: boolean;
  historyKeymap?: boolean;
}

export interface BasicSetupOptions extends MinimalSetupOptions {
  lineNumbers?: boolean;
  highlightActiveLineGutter?: boolean;
  highlightActiveLine?: boolean;
  indentOnInput?: boolean;
  bracketMatching?: boolean;
  closeBrackets?: boolean;
  tabSize?: number;
  [other: string]: unknown;
}

const minimalSetup = (options: MinimalSetupOptions = {}): Extension[] => {
  const on = (key: keyof MinimalSetupOptions) => options[key] !== false;
  const keys = [...(on('defaultKeymap') ? defaultKeymap : []), ...(on('historyKeymap') ? historyKeymap : [])];
  return [
    on('highlightSpecialChars') ? highlightSpecialChars() : [],
    on('history') ? history() : [],
    on('drawSelection') ? drawSelection() : [],
    on('syntaxHighlighting') ? syntaxHighlighting(defaultHighlightStyle, { fallback: true }) : [],
    keymap.of(keys),
  ];
};

export const basicSetup = (options: BasicSetupOptions = {}): Extension[] => {
  const on = (key: keyof BasicSetupOptions) => options[key] !== false;
  return [
    on('lineNumbers') ? lineNumbers() : [],
    on('highlightActiveLineGutter') ? highlightActiveLineGutter() : [],
    on('highlightActiveLine') ? highlightActiveLine() : [],
    on('indentOnInput') ? indentOnInput() : [],
    on('bracketMatching') ? bracketMatching() : [],
    on('closeBrackets') ? [closeBrackets(), keymap.of(closeBracketsKeymap)] : [],
    keymap.of([indentWithTab]),
    ...minimalSetup(options),
  ];
};
