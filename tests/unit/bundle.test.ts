import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { firstRunModules, type ImportGraph } from '../../build/first-run';
import { packageOf } from '../../build/licenses';
import { sourcesFromMap } from '../../build/readable';

/**
 * Only readable code ships: userscript hosts' review rules treat very long lines and mangled names
 * as minified code. Reads the built userscript (`npm test` builds before it runs the unit tests).
 */

const ROOT = resolve(__dirname, '../..');
const BUNDLE = resolve(ROOT, 'dist/voidverified.user.js');
const METAFILE = resolve(ROOT, 'dist/metafile-iife.json');
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

/**
 * The names a module declares (variables, parameters, functions, classes), and how many of them
 * are one or two characters long. A minifier shortens every local name (cmdk's published build
 * declares `t`, `r`, `o`, `n`, …: all of them short); written code has its loop counters and
 * `a`/`b` comparators, but nowhere near all: the most in a bundled module is under half (tslib).
 */
export function declaredNames(source: string, fileName: string): { names: number; short: number } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  let names = 0;
  let short = 0;
  const count = (name: ts.Node | undefined) => {
    if (!name) return;
    if (ts.isIdentifier(name)) {
      names++;
      if (name.text.length <= 2) short++;
    } else if (ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name)) {
      for (const element of name.elements) if (ts.isBindingElement(element)) count(element.name);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node)) count(node.name);
    else if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isClassDeclaration(node)) count(node.name);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { names, short };
}

/** Minified: enough names to judge (20), and at least 80% of them short. */
export function looksMinified(source: string, fileName: string): boolean {
  const { names, short } = declaredNames(source, fileName);
  return names >= 20 && short / names >= 0.8;
}

describe('the modules bundled into the userscript', () => {
  it('the check tells a minified build from written code', () => {
    const cmdkBuild = resolve(ROOT, 'node_modules/cmdk/dist/index.mjs');
    expect(looksMinified(readFileSync(cmdkBuild, 'utf8'), cmdkBuild), "cmdk's published build").toBe(true);
    const vendored = resolve(ROOT, 'vendor/cmdk/index.tsx');
    expect(looksMinified(readFileSync(vendored, 'utf8'), vendored), "cmdk's sources").toBe(false);
    const tslib = resolve(ROOT, 'node_modules/tslib/tslib.es6.mjs');
    expect(looksMinified(readFileSync(tslib, 'utf8'), tslib), "tslib's helpers (short names, written by hand)").toBe(false);
  });

  it("are their authors' code, not minified builds (bundle sources where a package publishes only a build)", () => {
    const meta = JSON.parse(readFileSync(METAFILE, 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
    const nodeModules = resolve(ROOT, 'node_modules');
    const minified: string[] = [];
    let checked = 0;
    for (const output of Object.values(meta.outputs))
      for (const input of Object.keys(output.inputs)) {
        const fromMap = /^([\w.-]+)-src:(.+)$/.exec(input);
        let source: string | undefined;
        if (fromMap) source = sourcesFromMap(nodeModules, fromMap[1]!).get(fromMap[2]!);
        else if (packageOf(input)) source = readFileSync(resolve(ROOT, input), 'utf8');
        if (source === undefined) continue; // our own code and style sheet
        checked++;
        if (looksMinified(source, input.replace(/^[\w.-]+-src:/, ''))) minified.push(input);
      }
    // Every library module was read (79 today: Preact, marked, CodeMirror, Radix, SWR, DOMPurify…), not a few.
    expect(checked).toBeGreaterThan(60);
    expect(minified, 'minified modules in the bundle: bundle their sources instead (build/readable.ts)').toEqual([]);
  });
});

/**
 * The host page waits for the script's first run (issue 27: the top-level run's budget), so panels
 * and the libraries only they use are reached through `lazyComponent` or `lazyModule`
 * (src/commands/lazy.tsx), and evaluated when first used.
 */
const firstRun = () => firstRunModules(JSON.parse(readFileSync(METAFILE, 'utf8')) as ImportGraph);

/** The libraries the first run evaluates, each with why: what runs right after it needs them. */
const FIRST_RUN_LIBRARIES: Record<string, string> = {
  preact: 'renders the injections, which mount in the microtask right after the run',
  tinykeys: 'binds the hotkeys in that microtask, before any key reaches the page',
};

/**
 * Panel modules the first run evaluates today, each with why; an entry goes once a feature reaches
 * it lazily.
 */
const FIRST_RUN_PANELS: Record<string, string> = {
  'src/panels/styles.ts': 'the shared style sheets, as text, set on our roots at start-up',
  'src/panels/mount.tsx': "mountUi, the injections' one way to render a panel into the page (rendered in the microtask after the run)",
  'src/panels/Providers.tsx': "mountUi's providers around every mounted panel",
  'src/panels/ErrorBoundary.tsx': "the providers' boundary",
  'src/panels/hooks.ts': "the GIF keyboard feature's editor hooks",
  'src/panels/markdown-drafts/actions.ts': "the drafts feature's commands' actions",
  'src/panels/notifications/actions.ts': "the notifications feature's commands' actions",
  'src/panels/common/SmallButton.tsx': "reply update's injected button",
};

describe("the script's first run, which the host page waits for", () => {
  it('evaluates no library but Preact and tinykeys: the others load on first use', () => {
    const libraries = [...firstRun()].filter(([path]) => {
      const name = packageOf(path);
      return name !== undefined && !(name in FIRST_RUN_LIBRARIES);
    });
    expect(
      libraries.map(
        ([path, chain]) =>
          `${packageOf(path)} is evaluated by the script's first run (${chain}): reach it through lazyComponent or lazyModule (src/commands/lazy.tsx), so it is evaluated when first used`,
      ),
    ).toEqual([]);
  });

  it('evaluates no panel but the known ones, and that list only shrinks', () => {
    const reached = [...firstRun()].filter(([path]) => path.startsWith('src/panels/'));
    expect(
      reached
        .filter(([path]) => !(path in FIRST_RUN_PANELS))
        .map(
          ([path, chain]) =>
            `${path} is evaluated by the script's first run (${chain}): name the panel through lazyComponent (src/commands/lazy.tsx), so its code is evaluated when it first shows`,
        ),
    ).toEqual([]);
    const gone = Object.keys(FIRST_RUN_PANELS).filter((path) => !reached.some(([p]) => p === path));
    expect(gone.map((path) => `${path} is no longer evaluated by the first run: remove it from FIRST_RUN_PANELS`)).toEqual([]);
  });
});
