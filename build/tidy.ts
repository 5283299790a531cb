import { Parser, type Comment, type Token } from 'acorn';

/** Splits off the userscript metadata block (it must stay line 1) and tidies the rest. */
export function tidyUserscript(source: string): string {
  const end = source.indexOf('// ==/UserScript==');
  if (end < 0) return tidy(source);
  const cut = source.indexOf('\n', end) + 1;
  return source.slice(0, cut) + tidy(source.slice(cut));
}

/**
 * Tidies the bundled userscript without minifying it: drops comments (library doc comments are
 * about a tenth of the bundle), the level of indentation the IIFE wrapper adds to every line, and
 * indents with tabs instead of pairs of spaces. Works on acorn's tokens, so strings, regular expressions and template literals are never
 * touched: a line that starts inside a template literal keeps its leading spaces.
 */
export function tidy(code: string): string {
  const comments: Comment[] = [];
  const templates: [number, number][] = [];
  const tokens = Parser.tokenizer(code, { ecmaVersion: 'latest', sourceType: 'script', onComment: comments });
  for (const token of tokens as Iterable<Token>) {
    if (token.type.label === 'template' || token.type.label === 'invalidTemplate') templates.push([token.start, token.end]);
  }

  // Remove comments; the text in between is kept verbatim.
  let out = '';
  let at = 0;
  const kept: [number, number][] = []; // template ranges mapped into `out`
  let t = 0;
  for (const comment of comments) {
    const chunk = code.slice(at, comment.start);
    while (t < templates.length && templates[t]![1] <= comment.start) {
      const [s, e] = templates[t++]!;
      if (s >= at) kept.push([out.length + (s - at), out.length + (e - at)]);
    }
    // A comment spanning lines counts as a line break (automatic semicolons): keep one.
    out += chunk + (code.slice(comment.start, comment.end).includes('\n') ? '\n' : '');
    at = comment.end;
  }
  while (t < templates.length) {
    const [s, e] = templates[t++]!;
    if (s >= at) kept.push([out.length + (s - at), out.length + (e - at)]);
  }
  out += code.slice(at);

  // Per line: drop lines left empty by a removed comment, and two spaces of wrapper indentation,
  // except where the line starts inside a template literal. Each bundled module repeats "use
  // strict" at the top of its lazily initialised body; when the script is esbuild's strict IIFE
  // (`"use strict";` then `(() => {`), one directive as the IIFE's first statement makes all of it
  // strict, even where a userscript manager puts code of its own before the script's first line,
  // and the repeats go.
  const strict = /^"use strict";\n\(\(\) => \{\n/.test(out);
  let seen = 0; // lines kept outside template literals
  const lines = out.split('\n');
  const result: string[] = [];
  let offset = 0;
  let k = 0;
  for (const line of lines) {
    while (k < kept.length && kept[k]![1] < offset) k++;
    const inTemplate = k < kept.length && kept[k]![0] < offset && offset <= kept[k]![1];
    offset += line.length + 1;
    if (inTemplate) {
      result.push(line);
      continue;
    }
    if (line.trim() === '') continue;
    const body = line.trimStart();
    if (strict && seen >= 2 && body === '"use strict";') continue;
    const spaces = Math.max(0, line.length - body.length - 2);
    result.push('\t'.repeat(spaces >> 1) + (spaces & 1 ? ' ' : '') + body);
    if (strict && ++seen === 2) result.push('"use strict";');
  }
  return result.join('\n') + '\n';
}

/**
 * Tidies a style sheet the script carries as text, as tidy() does the code: drops comments (never
 * inside a quoted string) and the lines they leave empty, and indents with tabs instead of pairs
 * of spaces.
 */
export function tidyCss(css: string): string {
  let out = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c && css[j] !== '\n') j += css[j] === '\\' ? 2 : 1;
      out += css.slice(i, j + 1);
      i = j;
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else out += c;
  }
  return (
    out
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const body = line.trimStart();
        const spaces = line.length - body.length;
        return '\t'.repeat(spaces >> 1) + (spaces & 1 ? ' ' : '') + body;
      })
      .join('\n') + '\n'
  );
}
