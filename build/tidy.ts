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
 * about a tenth of the bundle), the level of indentation the IIFE wrapper adds to every line and the
 * two a lazily initialised module's wrapper adds to its body (flattenModuleWrappers), and indents
 * with tabs instead of pairs of spaces. Works on acorn's tokens, so strings, regular expressions and template literals are never
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
  let last = '\n'; // out's last character (reading it from `out`, a string being built, would copy it each time)
  for (const comment of comments) {
    const chunk = code.slice(at, comment.start);
    while (t < templates.length && templates[t]![1] <= comment.start) {
      const [s, e] = templates[t++]!;
      if (s >= at) kept.push([out.length + (s - at), out.length + (e - at)]);
    }
    // A comment spanning lines counts as a line break (automatic semicolons): keep one.
    const spansLines = code.slice(comment.start, comment.end).includes('\n');
    out += chunk + (spansLines ? '\n' : '');
    last = spansLines ? '\n' : (chunk.at(-1) ?? last);
    at = comment.end;
    // One space, not two, where a comment inside a line stood between spaces (`return /* @__PURE__ */ f()`),
    // and none after an opening bracket: the space after it joins nothing.
    if (!spansLines && code[at] === ' ' && ' \t(['.includes(last)) at++;
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
  const lines: Line[] = [];
  let offset = 0;
  let k = 0;
  for (const line of out.split('\n')) {
    while (k < kept.length && kept[k]![1] < offset) k++;
    const inTemplate = k < kept.length && kept[k]![0] < offset && offset <= kept[k]![1];
    offset += line.length + 1;
    if (inTemplate) {
      lines.push({ verbatim: line });
      continue;
    }
    if (line.trim() === '') continue;
    const body = line.trimStart();
    if (strict && seen >= 2 && body === '"use strict";') continue;
    const spaces = Math.max(0, line.length - body.length - 2);
    lines.push({ depth: spaces >> 1, odd: (spaces & 1) === 1, body });
    if (strict && ++seen === 2) lines.push({ depth: 0, odd: false, body: '"use strict";' });
  }
  return (
    flattenModuleWrappers(lines)
      .map((line) => ('verbatim' in line ? line.verbatim : '\t'.repeat(line.depth) + (line.odd ? ' ' : '') + line.body))
      .join('\n') + '\n'
  );
}

/** A line of the tidied script: code at a depth of indentation, or a line inside a template literal, kept as it is. */
type Line = { depth: number; odd: boolean; body: string } | { verbatim: string };

/**
 * esbuild wraps each module it initialises lazily (everything a dynamic import reaches, CommonJS
 * modules) in a function named after the module's path:
 *
 *     var init_x = __esm({
 *       "src/x.ts"() {
 *         body;
 *       }
 *     });
 *
 * About half the script's lines are such bodies, two levels deeper than the same module's code
 * when it is not wrapped. Like the IIFE around everything, the wrapper is framing: its first two
 * lines become one header (`var init_x = __esm({ "src/x.ts"() {`), its last two one footer
 * (`} });`), and the body stands at the left margin, where the module's top-level code stands in
 * its source file and where an unwrapped module's stands in the script. Only white space between
 * tokens changes (a line break after `{` or before `}` never ends a statement).
 */
function flattenModuleWrappers(lines: Line[]): Line[] {
  const at = (i: number, depth: number, test: RegExp) => {
    const line = lines[i];
    return line !== undefined && 'body' in line && line.depth === depth && !line.odd && test.test(line.body);
  };
  const result: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!(at(i, 0, /^var \w+ = __(?:esm|commonJS)\(\{$/) && at(i + 1, 1, /^"[^"\\]*"\([\w, ]*\) \{$/))) {
      result.push(line);
      continue;
    }
    // The body: every line deeper than the method's closing brace (template literal lines as they are).
    let end = i + 2;
    while (end < lines.length && ('verbatim' in lines[end]! || (lines[end] as { depth: number }).depth >= 2)) end++;
    if (!(at(end, 1, /^\}$/) && at(end + 1, 0, /^\}\);$/))) {
      result.push(line);
      continue;
    }
    result.push({ depth: 0, odd: false, body: `${(line as { body: string }).body} ${(lines[i + 1] as { body: string }).body}` });
    for (const inner of lines.slice(i + 2, end)) result.push('verbatim' in inner ? inner : { ...inner, depth: inner.depth - 2 });
    result.push({ depth: 0, odd: false, body: '} });' });
    i = end + 1;
  }
  return result;
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
