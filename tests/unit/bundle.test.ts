import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Only readable code ships: userscript hosts' review rules treat very long lines and mangled names
 * as minified code. Reads the built userscript (`npm test` builds before it runs the unit tests).
 */

const BUNDLE = resolve(__dirname, '../../dist/voidverified.user.js');
const MAX_LINE = 1000;

/** The line with the contents of its string, template and regular-expression literals removed. */
export function withoutLiterals(line: string): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    const regexAllowed = /[(,=:[!&|?{};+\-*%<>~^]\s*$|^\s*$|\breturn\s*$/.test(out);
    if (c === '"' || c === "'" || c === '`' || (c === '/' && regexAllowed && line[i + 1] !== '/' && line[i + 1] !== '*')) {
      const close = c;
      let inClass = false;
      let j = i + 1;
      for (; j < line.length; j++) {
        const d = line[j]!;
        if (d === '\\') {
          j++;
          continue;
        }
        if (close === '/' && d === '[') inClass = true;
        else if (close === '/' && d === ']') inClass = false;
        else if (d === close && !inClass) break;
      }
      out += `${close}${close}`;
      i = j;
      continue;
    }
    out += c;
  }
  return out;
}

/** `var a, b, c;` or `var a = x.a, b = x.b, …;`: a declaration list, long only because it names many things. */
const isDeclarationList = (line: string) => /^\s*(?:var|let|const)\s/.test(line) && !/[{}]|=>|\bfunction\b/.test(line);

/** The lines of `source` longer than MAX_LINE once literals are set aside, declaration lists apart. */
export function longLines(source: string): { line: number; length: number; start: string }[] {
  return source.split('\n').flatMap((text, i) => {
    if (text.length <= MAX_LINE) return [];
    const code = withoutLiterals(text);
    if (code.length <= MAX_LINE || isDeclarationList(code)) return [];
    return [{ line: i + 1, length: code.length, start: text.trim().slice(0, 80) }];
  });
}

describe('the checks themselves', () => {
  it('set aside strings, templates and regular expressions, and keep code', () => {
    expect(withoutLiterals(`a = "x;y" + 'z' + \`t\` + /a[/]b/g.test(c) / 2`)).toBe(`a = "" + '' + \`\` + //g.test(c) / 2`);
    expect(longLines(`var a = ${'"x".repeat(1)'.padEnd(10)};\nlet s = "${'y'.repeat(2000)}";`)).toEqual([]);
    expect(longLines(`var ${Array.from({ length: 400 }, (_, i) => `v${i}`).join(', ')};`)).toEqual([]);
    expect(longLines(`f(${Array.from({ length: 400 }, (_, i) => `v${i}`).join(', ')});`)).toHaveLength(1);
  });
});

describe('the built userscript', () => {
  const source = existsSync(BUNDLE) ? readFileSync(BUNDLE, 'utf8') : null;

  it('exists (run `npm run build` first)', () => {
    expect(source, `${BUNDLE} is missing: npm test builds it; alone, run npm run build first`).not.toBeNull();
  });

  it(`has no line of code longer than ${MAX_LINE} characters outside literals and declaration lists`, () => {
    const found = longLines(source ?? '');
    expect(found.map((l) => `line ${l.line} has ${l.length} characters of code: ${l.start}…`)).toEqual([]);
  });

  it("carries Preact's readable property names, not its published build's mangled ones", () => {
    expect(source).toContain('_children');
    expect(source ?? '').not.toMatch(/\.__k\b|\.__e\b|\.__H\b/);
  });
});
