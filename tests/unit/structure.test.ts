import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { features } from '../../src/commands/features';

/**
 * The layout's rules, checked on the source (the design card's four folders):
 * - a feature's id is its file's name, and features do not import each other;
 * - src/data touches no UI: it imports nothing from panels, inject or the features;
 * - src/inject holds no UI of its own: it imports nothing from panels;
 * - panels do not call the network: they get data through src/data's hooks and helpers, and import
 *   no GraphQL client module;
 * - a feature's story is under one name: a module of src/data or src/panels that exactly one feature
 *   reaches carries that feature's id in its path (src/data/<id>.ts, src/data/<id>-<part>.ts,
 *   src/data/<id>/…, src/panels/<id>/…), and a module carrying a feature's id is that feature's
 *   alone: no other feature's module, and no shared one, imports it;
 * - API answers and requests in flight are kept by the read layer only (src/data/swr.ts): no
 *   module-level cache elsewhere, but for memos of pure computations and a reasoned list.
 * - a panel reaches the services one way: its ctx prop, passed down by its owner; the services'
 *   context (useServices) is read by the roots (the palette, the dialog host) and the shared hooks.
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

/** The read layer: the one place that keeps API answers and shares requests in flight. */
const READ_LAYER = ['src/data/swr.ts', 'src/data/swr-hooks.ts'];

/**
 * A module-level cache, by its name: a Map or WeakMap made empty, an object kept as a record, a
 * throttle or cache instance, or a promise kept between calls (an in-flight guard).
 */
const MODULE_CACHE =
  /^(?:export )?(?:const|let) (\w+)[^=\n]*= new (?:Weak)?Map\b[^(\n]*\(\)|^(?:export )?let (\w+)\s*:[^=\n]*Promise<|^(?:export )?(?:const|let) (\w+)[^=\n]*= new \w*(?:Cache|Throttle)\b|^(?:export )?(?:const|let) (\w+)\s*:\s*Record<[^=\n]*=\s*\{\}/gm;

/**
 * Module-level caches outside the read layer, each with why it is there. Memos of pure functions
 * and registries stay; the ones that keep API answers or requests are to move to the read layer.
 */
const MODULE_CACHES: Record<string, string> = {
  // Memos of pure computations, and what the script made itself: no API data.
  'src/panels/palette/rank.ts: textsCache': "a command's searchable texts, computed once per command object",
  'src/data/activity-search-session.ts: summaries': "an activity's filter texts, computed once per answer object (weak)",
  'src/data/image-hosts.ts: shared': 'one uploader per store (weak): a service, not answers',
  'src/data/storage.ts: keyRegistry': 'the declared storage keys, by name',
  'src/data/markdown-render.ts: memos': 'rendered markdown per source object (weak)',
  'src/data/markdown.ts: RUN_MARKS': "the markdown scanner's positions for one run, cleared by it",
  'src/inject/shadow.ts: roots': 'the shadow roots the script attached (weak)',
  'src/inject/shadow.ts: sheets': 'each style sheet built once per text',
  'src/commands/hotkeys.ts: parsed': 'hotkey strings parsed once',
  'src/commands/features/collapsible-replies.tsx: replyInfo': 'what the script knows of a reply element (weak)',
  'src/data/config-io.ts: adoptionRun': 'the one adoption of an imported configuration per page: a write, not a read',
  'src/data/config-io.ts: adoptionWait': 'waiters for that adoption',
  // API answers or requests kept by a feature: to be served by the read layer (issue 26).
  'src/data/notifications/loading.ts: quickAccessThrottle':
    "the home panel's request goes through the paged read (aborted with the panel); this keeps when it was answered, for the 3 minutes counted from the answer, and the page it showed, for the Dashboard and a remount, both dropped on leaving home: the notifications read is FRESH, shared with the feed and the count, and a read's lifetime would persist past a reload, which asks again here",
};

/**
 * Storage keys that keep API answers outside the read layer's query cache (a key declared with a
 * cache in its description), each with why a persisted read with a lifetime cannot say it.
 */
const STORED_CACHES: Record<string, string> = {
  'void-verified-mini-profile-cache':
    "an answer with more favourites serves a card with fewer, a user is one entry in any case of the name, and at most 50 users are kept (bios are long); a read is kept by its exact variables under the query cache's shared cap",
  'void-verified-palette-media-overview-cache':
    "an overview lives 31 days (2.0.3's lifetime) and carries a description, relations and tags: under the query cache's shared cap of 300, where the longest-lived answers are dropped last, overviews would crowd out the other reads; here a media is one entry by its id, at most 100 kept, the newest",
  'void-verified-notification-relations':
    'the activities notifications point at, asked in batches of ids and kept per activity with no lifetime (what an activity is does not change); a read would be kept per batch',
  'void-verified-notification-deadlink-relations': 'activities the API said are gone, kept per activity so they are never asked again',
};

/** Exported functions (declarations and arrow constants) whose declared return type is a function type. */
function exportedFunctionsReturningFunctions(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && exported(statement) && statement.type && ts.isFunctionTypeNode(statement.type))
      out.push(statement.name?.text ?? 'default');
    if (ts.isVariableStatement(statement) && exported(statement))
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (init && ts.isArrowFunction(init) && init.type && ts.isFunctionTypeNode(init.type)) out.push(d.name.getText(source));
      }
  }
  return out;
}

const TOAST_LEVELS = new Set(['debug', 'info', 'success', 'warning', 'error', 'critical', 'notify']);

/** Whether an expression is (or may be, in a branch or an arrow's body) a literal carrying words, not a catalogue's entry. */
function wordedLiteral(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return wordedLiteral(node.expression);
  if (ts.isConditionalExpression(node)) return wordedLiteral(node.whenTrue) || wordedLiteral(node.whenFalse);
  if (ts.isBinaryExpression(node)) return wordedLiteral(node.left) || wordedLiteral(node.right);
  if (ts.isArrowFunction(node)) return ts.isBlock(node.body) ? false : wordedLiteral(node.body);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return /\p{L}/u.test(node.text);
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].some((t) => /\p{L}/u.test(t));
  return false;
}

/**
 * The texts a file reports as literals: the first argument of a toast (`….toasts.error('…')`,
 * `toasts.warning(…)`), a failure report's `toast: '…'` (attempt's, a paged read's) and
 * `wrapFailure('…')`, a search box's `failure={(text) => '…'}` and an outcome's `{ ok: false, message: '…' }`. A catalogue's entry
 * (`GOALS_TEXTS.saved`, `IMAGE_HOST_TOASTS.refreshed`) is no literal, nor is a text made of
 * catalogue entries (`${IMPORT_ERROR} ${problem}`).
 */
function reportedLiterals(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const first = node.arguments[0];
      const toast =
        ts.isPropertyAccessExpression(callee) &&
        TOAST_LEVELS.has(callee.name.text) &&
        /(?:^|\.)toasts$/i.test(callee.expression.getText(source).replace(/\?$/, ''));
      const wrap = ts.isIdentifier(callee) && callee.text === 'wrapFailure';
      if ((toast || wrap) && first && wordedLiteral(first)) found.push(first.getText(source));
    }
    // A failure report's text (attempt's, a paged read's): `toast: '…'`.
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'toast' && wordedLiteral(node.initializer))
      found.push(node.initializer.getText(source));
    // A search box's failure text: `failure={(text) => '…'}`.
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'failure' && node.initializer && ts.isJsxExpression(node.initializer)) {
      const value = node.initializer.expression;
      if (value && wordedLiteral(value)) found.push(value.getText(source));
    }
    // An outcome the caller shows: `{ ok: false, message: '…' }`.
    if (ts.isObjectLiteralExpression(node)) {
      const property = (name: string) =>
        node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === name);
      const message = property('message');
      if (property('ok')?.initializer.kind === ts.SyntaxKind.FalseKeyword && message && wordedLiteral(message.initializer))
        found.push(message.initializer.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

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

/** Every module by its path without extension, with the modules it imports (resolved to files). */
const byModule = new Map(all.map((f) => [f.path.replace(/\.tsx?$/, ''), f]));
const moduleOf = (target: string) => (byModule.has(target) ? target : byModule.has(`${target}/index`) ? `${target}/index` : null);
const isFeatureFile = (module: string) => featureOf(module) !== null && !module.endsWith('/index');

/** The feature ids, longest first: 'activity-search-session' is activity search's, not a feature 'activity''s. */
const IDS = features.map((f) => f.id).sort((a, b) => b.length - a.length);

/**
 * The feature whose id a path carries: src/commands/features/<id>, src/data/<id>(-<part>) or
 * src/data/<id>/…, src/panels/<id>/…; null for a neutral home.
 */
function ownerOf(path: string): string | null {
  if (path.startsWith(FEATURES)) return isFeatureFile(path) ? featureOf(path) : null;
  const data = /^src\/data\/([^/.]+)/.exec(path);
  if (data) return IDS.find((id) => data[1] === id || data[1]!.startsWith(`${id}-`)) ?? null;
  const panel = /^src\/panels\/([^/]+)\//.exec(path);
  if (panel) return IDS.find((id) => panel[1] === id) ?? null;
  return null;
}

/**
 * Which features reach each module: from each feature's file through every import (static or
 * dynamic) except into another feature's file; '(start-up)' marks what src/main.tsx reaches
 * without going through a feature (the palette, the overlay, storage…), which is shared by all.
 */
const STARTUP = '(start-up)';
const reachedBy = new Map<string, Set<string>>();
function walk(from: string, label: string) {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const module = stack.pop()!;
    if (seen.has(module)) continue;
    seen.add(module);
    reachedBy.set(module, (reachedBy.get(module) ?? new Set()).add(label));
    for (const target of byModule.get(module)?.imports ?? []) {
      const next = moduleOf(target);
      if (next !== null && !(next.startsWith(FEATURES) && next !== from)) stack.push(next);
    }
  }
}
for (const module of byModule.keys()) if (isFeatureFile(module)) walk(module, featureOf(module)!);
walk('src/main', STARTUP);

/** Where a feature's modules go, for a message. */
const homeOf = (path: string, id: string) =>
  path.startsWith('src/panels/') ? `src/panels/${id}/` : `src/data/${id}.ts, src/data/${id}-<part>.ts or src/data/${id}/`;

/**
 * Modules exactly one feature uses that stay in a neutral home today, each with why; an entry
 * goes once a second feature uses the module (or it moves under the feature's id).
 */
const ONE_FEATURE_NEUTRAL: Record<string, string> = {
  'src/panels/common/Pagination.tsx': "a generic widget (page numbers), not the GIF keyboard's own; it waits in common/ for its next user",
};

/**
 * Modules carrying a feature's id that something else imports today, each with why; an entry goes
 * once its import is gone. A key is 'importer -> module', or a module that everything may import
 * until it gets a neutral name.
 */
const CROSS_FEATURE: Record<string, string> = {
  'src/data/toasts':
    "the toast bus every layer reports through, with the toasts feature's settings; the error policy (issue 26) moves the bus out of src/data, and the settings stay as data/toasts.ts",
  'src/data/markdown':
    "AniList's markdown mappings (the markdown feature's toolbar) are also the editor's text edits in src/inject and the shared MarkdownEditor's; give the shared part a neutral name",
  'src/data/markdown-render':
    "the renderer of AniList's markdown dialect (markdown-render, -blocks, -inline, -nodes, -scan) draws every text we show; give it a neutral name with its tests and bench",
  'src/commands/features/quick-access.tsx -> src/data/verified-users':
    'quick access lists the verified users marked for it and refreshes their profile data: the list and its rules (verifiedUsersKey, userHas, refreshUsers) are to move to a neutral home',
  'src/panels/quick-access/QuickAccess.tsx -> src/data/verified-users': 'as for the quick access feature: it shows the verified users list',
};
const knownCrossing = (edge: string, module: string) => edge in CROSS_FEATURE || module in CROSS_FEATURE;

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

  it("a module in src/data or src/panels that exactly one feature reaches carries that feature's id in its path", () => {
    const misplaced = all
      .filter((f) => /^src\/(data|panels)\//.test(f.path))
      .flatMap((f) => {
        const users = reachedBy.get(f.path.replace(/\.tsx?$/, '')) ?? new Set<string>();
        const [only] = users;
        return users.size === 1 && only !== STARTUP && ownerOf(f.path) !== only ? [{ path: f.path, id: only! }] : [];
      });
    const newcomers = misplaced.filter((m) => !(m.path in ONE_FEATURE_NEUTRAL));
    expect(
      newcomers.map(
        (m) => `${m.path} is used by feature '${m.id}' only: move it to ${homeOf(m.path, m.id)} (git mv, so its history follows)`,
      ),
    ).toEqual([]);
    const stale = Object.keys(ONE_FEATURE_NEUTRAL).filter((path) => !misplaced.some((m) => m.path === path));
    expect(stale.map((path) => `${path} is no longer one feature's only: remove it from ONE_FEATURE_NEUTRAL`)).toEqual([]);
  });

  it("a feature's data and panel modules import no other feature's modules, and no shared module imports a feature's", () => {
    const found = all.flatMap((f) => {
      const mine = ownerOf(f.path);
      return f.imports.flatMap((target) => {
        const module = moduleOf(target);
        const theirs = module === null || module.startsWith(FEATURES) ? null : ownerOf(module);
        return theirs !== null && theirs !== mine ? [{ edge: `${f.path} -> ${module}`, from: f.path, module: module!, mine, theirs }] : [];
      });
    });
    const newcomers = found.filter((v) => !knownCrossing(v.edge, v.module));
    expect(
      newcomers.map((v) =>
        v.mine === null
          ? `${v.from}, in a neutral home, imports ${v.module}, which is feature '${v.theirs}''s: move what it uses to a neutral home (src/data/… without a feature id, src/panels/common/, src/inject/), or move ${v.from} under the feature's id if only it uses it`
          : `${v.from} (feature '${v.mine}') imports ${v.module} (feature '${v.theirs}'): move what they share to a neutral home (src/data/… without a feature id, src/panels/common/)`,
      ),
    ).toEqual([]);
    const stale = Object.keys(CROSS_FEATURE).filter((key) => !found.some((v) => v.edge === key || v.module === key));
    expect(
      stale.map((key) =>
        key.includes(' -> ')
          ? `${key.replace(' -> ', ' no longer imports ')}: remove the entry from CROSS_FEATURE`
          : `Nothing outside its feature imports ${key} any more: remove the entry from CROSS_FEATURE`,
      ),
    ).toEqual([]);
  });

  it('no module-level cache outside the read layer: only the known ones remain, and that list only shrinks', () => {
    const found = all
      .filter((f) => !READ_LAYER.includes(f.path))
      .flatMap((f) => [...f.text.matchAll(MODULE_CACHE)].map((m) => `${f.path}: ${m.slice(1).find(Boolean)}`));
    expect(
      found
        .filter((c) => !(c in MODULE_CACHES))
        .map(
          (c) =>
            `${c} keeps answers or requests at module level: declare the read with its lifetime beside its document and read it through src/data/swr.ts (read, useQuery, usePagedRead), which caches and shares requests in flight`,
        ),
    ).toEqual([]);
    expect(
      Object.keys(MODULE_CACHES)
        .filter((c) => !found.includes(c))
        .map((c) => `${c} is gone: remove it from MODULE_CACHES`),
    ).toEqual([]);
  });

  it('API answers are stored by the read layer: only the known stored caches remain, and that list only shrinks', () => {
    const found = all
      .filter((f) => !READ_LAYER.includes(f.path))
      .flatMap((f) =>
        [...f.text.matchAll(/define(?:Key|PrunedList|PrunedRecord)(?:<\w+>)?\(\{\s*name: '([^']+)',[^]*?description: '([^']*)'/g)]
          .filter((m) => /\bcache/i.test(m[2]!))
          .map((m) => ({ path: f.path, name: m[1]! })),
      );
    expect(
      found
        .filter((k) => !(k.name in STORED_CACHES))
        .map(
          (k) =>
            `${k.path} stores API answers under ${k.name}: give the read a lifetime beside its document (query(…, { lifetime })), and the read layer keeps it in storage within it`,
        ),
    ).toEqual([]);
    expect(
      Object.keys(STORED_CACHES)
        .filter((name) => !found.some((k) => k.name === name))
        .map((name) => `${name} is no longer a stored cache: remove it from STORED_CACHES`),
    ).toEqual([]);
  });

  it("src/inject's helpers and mountUi take { signal } and hand back no clean-up function", () => {
    const helpers = [...inFolder('inject'), ...all.filter((f) => f.path === 'src/panels/mount.tsx')];
    const found = helpers.flatMap((f) => exportedFunctionsReturningFunctions(f.path, f.text).map((name) => `${f.path}: ${name}`));
    expect(
      found.map((h) => `${h} returns a clean-up function: take a { signal } (src/inject/lifetime.ts) and tear down when it aborts instead`),
    ).toEqual([]);
  });

  it('panels do not tell the registry by hand that something changed', () => {
    const calling = inFolder('panels').filter((f) => /\.registry\.changed\(\)/.test(f.text));
    expect(
      calling.map(
        (f) =>
          `${f.path} calls registry.changed(): declare the storage key in the \`reads\` of the \`when\` or provideCommands that reads it, and the registry re-checks on its own`,
      ),
    ).toEqual([]);
  });

  it('a panel reaches the services through its ctx prop; useServices is for the roots and shared hooks', () => {
    const ROOTS_AND_SHARED_HOOKS = ['src/panels/hooks.ts', 'src/panels/palette/Palette.tsx', 'src/panels/DialogHost.tsx'];
    const calling = all.filter((f) => !ROOTS_AND_SHARED_HOOKS.includes(f.path) && /\buseServices\(/.test(f.text));
    expect(
      calling.map(
        (f) =>
          `${f.path} calls useServices(): a component takes services as its ctx prop (ctx: CommandContext, or a Pick of it), passed down by its owner; useServices is for the roots and shared hooks only`,
      ),
    ).toEqual([]);
  });

  it('src/data imports no toast bus', () => {
    const found = violations(inFolder('data'), (target) => target === 'src/commands/toast-bus');
    expect(
      found.map(
        (v) =>
          `${imports(v)}: data functions throw an error carrying the spec's text, and the owner of the action (a command's run, a panel's handler, a mount) reports it through attempt()`,
      ),
    ).toEqual([]);
  });

  it('data modules do not report to the user', () => {
    // A call of attempt(), a toast, or a Reporter handed in by the owner.
    const reporting = inFolder('data').filter(
      (f) => f.path !== 'src/data/api-errors.ts' && /\battempt\(|\btoasts\??\.\w+\(|\bReporter\b/.test(f.text),
    );
    expect(
      reporting.map(
        (f) =>
          `${f.path} reports to the user itself: throw an error carrying the spec's text (wrapFailure) and let the owner of the action report it through attempt()`,
      ),
    ).toEqual([]);
  });

  it('every reported text is a catalogue entry', () => {
    const literals = all.flatMap((f) => {
      const found = reportedLiterals(f.path, f.text);
      return found.length
        ? [
            `${f.path} reports ${found.length} text(s) written where they are said (${found.join(', ')}): move each into its feature's \`…_TEXTS\` catalogue (exactly as worded) and say the entry`,
          ]
        : [];
    });
    expect(literals).toEqual([]);
  });

  it('a catalogue of texts is declared in src/data', () => {
    const elsewhere = all
      .filter((f) => !f.path.startsWith('src/data/'))
      .flatMap((f) =>
        [...f.text.matchAll(/^(?:export )?const ([A-Z][A-Z0-9_]*_TEXTS)\b/gm)].map(
          ([, name]) =>
            `${f.path} declares ${name}: move it into its feature's module in src/data (export it there), where every text the user is told is found and data's errors can carry it`,
        ),
      );
    expect(elsewhere).toEqual([]);
  });

  it('an abort is recognised in one place: isAbort', () => {
    const checking = all.filter((f) => f.path !== 'src/data/api-errors.ts' && /\.name\s*===\s*['"]AbortError['"]/.test(f.text));
    expect(checking.map((f) => `${f.path} tells an abort by its name: call isAbort (src/data/api-errors.ts) instead`)).toEqual([]);
  });

  it('every known exception is still needed', () => {
    const stale = Object.keys(KNOWN).filter((k) => !used.has(k));
    expect(stale.map((k) => `${k.replace(' -> ', ' no longer imports ')}: remove the entry from KNOWN`)).toEqual([]);
  });
});

/**
 * The style sheets: a feature's rules are in its own sheet, src/panels/<id>/<id>.css, which its
 * declaration alone loads (`styles`, in the roots while it is on); what several features use is in
 * the shared sheets of src/panels/styles.ts. A selector is styled in one sheet only, so a
 * newcomer finds all of its rules in one place and a feature switched off takes none of another's.
 */
describe('the style sheets', () => {
  const PANELS = 'src/panels/';
  const SHARED = 'src/panels/styles.ts';
  const sheets = (function cssFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return cssFiles(path);
      return name.endsWith('.css') ? [rel(path)] : [];
    });
  })(SRC);
  const ids = new Set(features.map((f) => f.id));
  const importersOf = (sheet: string) => all.filter((f) => f.imports.includes(sheet.replace(/\.css$/, ''))).map((f) => f.path);

  it("a sheet in a feature's folder is that feature's, named after it; any other is a shared one", () => {
    const messages = sheets.flatMap((sheet) => {
      const [folder, name] = sheet.startsWith(PANELS) ? sheet.slice(PANELS.length).split('/') : [];
      if (folder && ids.has(folder))
        return name === `${folder}.css`
          ? []
          : [`${sheet} is in feature '${folder}''s folder: its rules go in ${PANELS}${folder}/${folder}.css`];
      if (!sheet.startsWith(PANELS)) return [`${sheet} is outside src/panels: move it to ${PANELS}<feature-id>/<feature-id>.css`];
      return importersOf(sheet).includes(SHARED)
        ? []
        : [`${sheet} belongs to no feature: name its folder and file after a feature id, or list it among the shared sheets (${SHARED})`];
    });
    expect(messages).toEqual([]);
  });

  it("a feature's sheet is loaded by its declaration alone, and a shared sheet by the shared list alone", () => {
    const messages = sheets.flatMap((sheet) => {
      const folder = sheet.slice(PANELS.length).split('/')[0]!;
      const owner = ids.has(folder) ? `${FEATURES}${folder}.tsx` : SHARED;
      const others = importersOf(sheet).filter((path) => path !== owner);
      const missing = importersOf(sheet).includes(owner) ? [] : [`${sheet} is not loaded: import it in ${owner}`];
      const extra = others.map(
        (path) =>
          `${path} imports ${sheet}: ${ids.has(folder) ? `a feature's sheet is declared by the feature (\`styles\` in ${owner}), which loads it while the feature is on` : `shared sheets are listed once, in ${SHARED}`}`,
      );
      return [...missing, ...extra];
    });
    expect(messages).toEqual([]);
  });

  it('no selector is styled in two sheets', () => {
    const where = new Map<string, Set<string>>();
    for (const sheet of sheets)
      for (const selector of selectorsOf(readFileSync(join(ROOT, sheet), 'utf8')))
        where.set(selector, (where.get(selector) ?? new Set()).add(sheet));
    const twice = [...where].filter(([, found]) => found.size > 1);
    expect(
      twice.map(
        ([selector, found]) =>
          `'${selector}' is styled in ${[...found].join(' and ')}: keep its rules in one sheet (its feature's, or a shared one when several features use it)`,
      ),
    ).toEqual([]);
  });
});

/**
 * The selectors a style sheet styles: each selector of each rule's list, spaces normalised, one
 * inside an at-rule prefixed with it ('@media (…) .a'), a @keyframes by its name.
 */
function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: string[] = [];
  const walk = (from: number, to: number, context: string) => {
    let start = from;
    for (let i = from; i < to; i++) {
      if (text[i] === ';') start = i + 1;
      if (text[i] !== '{') continue;
      const prelude = text.slice(start, i).trim().replace(/\s+/g, ' ');
      let depth = 1;
      let end = i + 1;
      for (; depth > 0; end++) depth += text[end] === '{' ? 1 : text[end] === '}' ? -1 : 0;
      if (prelude.startsWith('@keyframes')) found.push(context + prelude);
      else if (prelude.startsWith('@')) walk(i + 1, end - 1, `${context}${prelude} `);
      else found.push(...splitSelectors(prelude).map((s) => context + s));
      i = end - 1;
      start = end;
    }
  };
  walk(0, text.length, '');
  return found;
}

/** A selector list's selectors, split at the commas outside brackets and parentheses. */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of list) {
    if (c === '(' || c === '[') depth++;
    if (c === ')' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  out.push(current.trim());
  return out;
}

/**
 * Storage names: each is written once, as the `name` of its key's declaration (defineKey, or one of
 * the original's keys that config-io.ts names for its import); code that needs a key's name asks
 * the key (`hotkeysKey.name`), and the importer's table of the original's keys is built from the
 * declarations' `original` names.
 */
describe('storage names', () => {
  /** Files whose 'void-verified-' literals are no storage names, with why. The list may only shrink. */
  const NOT_STORAGE: Record<string, string> = {
    'src/data/api-window.ts': 'the cross-tab channel and lock names used before they came from a secret',
    'src/inject/styles.ts': "the prefix of our style elements' ids in the host page",
  };

  it("writes a 'void-verified-' literal only as the name of a key's declaration", () => {
    const literals = all.flatMap((f) =>
      [...f.text.matchAll(/['"`]void-verified-[^'"`]*/g)]
        .filter((m) => !/\bname:\s*$/.test(f.text.slice(Math.max(0, m.index - 20), m.index)))
        .map((m) => ({ path: f.path, literal: m[0].slice(1) })),
    );
    expect(
      literals
        .filter((l) => !(l.path in NOT_STORAGE))
        .map(
          (l) =>
            `${l.path} names the storage key "${l.literal}" by its text: use the key's declaration (its .name, or its \`original\` name for the original's file) instead`,
        ),
    ).toEqual([]);
    const stale = Object.keys(NOT_STORAGE).filter((path) => !literals.some((l) => l.path === path));
    expect(stale.map((path) => `${path} names no 'void-verified-' literal any more: remove it from NOT_STORAGE`)).toEqual([]);
  });
});
