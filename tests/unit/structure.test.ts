import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { features } from '../../src/commands/features';

/**
 * The layout's rules, checked on the source (the design card's four folders):
 * - a feature's id is its file's name, and features do not import each other;
 * - src/data touches no UI: it imports nothing from panels, inject or the features;
 * - src/inject holds no UI of its own: it imports nothing from panels;
 * - panels do not call the network: they get data through src/data's hooks and helpers, and import
 *   no GraphQL client module.
 * Known exceptions are listed with their reason; the lists may only shrink (a test fails when an
 * entry is no longer needed, so that it is removed).
 */

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const rel = (path: string) => relative(ROOT, path).replace(/\\/g, '/');

/** Every relative import of a file (static, dynamic and `export … from`), as repository paths without extension. */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const found = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return found.map((spec) => rel(resolve(dirname(path), spec)).replace(/\.(tsx?|css)$/, ''));
}

const all = files(SRC).map((path) => ({ path: rel(path), imports: importsOf(path), text: readFileSync(path, 'utf8') }));
const inFolder = (folder: string) => all.filter((f) => f.path.startsWith(`src/${folder}/`));
const FEATURES = 'src/commands/features/';
const featureOf = (path: string) =>
  path.startsWith(FEATURES)
    ? path
        .slice(FEATURES.length)
        .split('/')[0]!
        .replace(/\.(tsx?)$/, '')
    : null;

/** Imports that break a rule today, each with why; remove an entry once its import is gone. */
const KNOWN: Record<string, string> = {};

/** Panels that call the API themselves today (through ctx.client); each is to use src/data's reads instead. */
const PANELS_WITH_CLIENT = new Set<string>([]);

/** The GraphQL client's modules: the panels reach the API only through src/data's reads and writes. */
const CLIENT_MODULES = ['src/data/graphql'];
const isClientModule = (target: string) => CLIENT_MODULES.some((m) => target === m || target.startsWith(`${m}/`));

/** 'src/a.ts imports src/b', from a violation's 'src/a.ts -> src/b'. */
function imports(violation: string): string {
  const [from, to] = violation.split(' -> ');
  return `${from} imports ${to}`;
}

function violations(from: { path: string; imports: string[] }[], forbidden: (target: string, source: string) => boolean): string[] {
  return from.flatMap((f) => f.imports.filter((target) => forbidden(target, f.path)).map((target) => `${f.path} -> ${target}`));
}

const used = new Set<string>();
function unexpected(found: string[]): string[] {
  return found.filter((v) => {
    if (v in KNOWN) {
      used.add(v);
      return false;
    }
    return true;
  });
}

describe('the layout of the source', () => {
  it("a feature's id is its file's name", () => {
    const files = all.filter((f) => f.path.startsWith(FEATURES) && !f.path.endsWith('/index.ts'));
    for (const feature of features) {
      const file = files.find((f) => featureOf(f.path) === feature.id);
      expect(
        file,
        `Feature '${feature.id}' lives in no file of that name: name its file src/commands/features/${feature.id}.ts(x)`,
      ).toBeDefined();
    }
  });

  it('features do not import each other', () => {
    const found = violations(inFolder('commands/features'), (target, source) => {
      const a = featureOf(source);
      const b = featureOf(target);
      return a !== null && b !== null && a !== b && a !== 'index' && b !== 'index';
    });
    const messages = unexpected(found).map((v) => {
      const [a, b] = v.split(' -> ').map((p) => featureOf(p));
      return `Feature '${a}' imports feature '${b}': share it through src/data instead`;
    });
    expect(messages).toEqual([]);
  });

  it('src/data imports nothing from panels, inject or the features', () => {
    const found = violations(inFolder('data'), (target) => /^src\/(panels|inject|commands\/features)\//.test(target));
    expect(
      unexpected(found).map((v) => `${imports(v)}: src/data holds data and rules only, so move the shared part into src/data`),
    ).toEqual([]);
  });

  it('src/inject imports nothing from panels', () => {
    const found = violations(inFolder('inject'), (target) => target.startsWith('src/panels/'));
    expect(unexpected(found).map((v) => `${imports(v)}: src/inject touches the host page only, so let the caller pass the UI in`)).toEqual(
      [],
    );
  });

  it('panels import no GraphQL client module', () => {
    const found = violations(inFolder('panels'), isClientModule);
    expect(
      unexpected(found).map((v) => `${imports(v)}: panels reach the API through src/data's reads and writes, so import those instead`),
    ).toEqual([]);
  });

  it('panels do not call the API: only the known ones still do, and that list only shrinks', () => {
    const calling = inFolder('panels')
      .filter((f) => /\b(?:ctx|services)\.client\b|\bclient\.request\(/.test(f.text))
      .map((f) => f.path);
    const newcomers = calling.filter((p) => !PANELS_WITH_CLIENT.has(p));
    expect(newcomers.map((p) => `${p} calls the API itself: read through a hook or helper of src/data instead`)).toEqual([]);
    const fixed = [...PANELS_WITH_CLIENT].filter((p) => !calling.includes(p));
    expect(fixed.map((p) => `${p} no longer calls the API: remove it from PANELS_WITH_CLIENT`)).toEqual([]);
  });

  it('every known exception is still needed', () => {
    const stale = Object.keys(KNOWN).filter((k) => !used.has(k));
    expect(stale.map((k) => `${k.replace(' -> ', ' no longer imports ')}: remove the entry from KNOWN`)).toEqual([]);
  });
});
