import type { AdoptionQuestion, ImportDecision, ImportSummary } from '../../src/data/config-io';
import { describe, expect, it, vi } from 'vitest';
import { paste } from '../../src/commands/features/paste';
import { reviewImportedHotkeys } from '../../src/commands/hotkeys';
import { verifiedUsers } from '../../src/commands/features/verified-users';
import { Registry } from '../../src/commands/registry';
import type { Command } from '../../src/commands/types';
import { memoryBackend } from '../../src/data/backend';
import { hotkeysKey, quickStartConfigKey, settingsKey } from '../../src/data/config';
import {
  ACCEPT_AS_LISTED,
  ADOPT_ERROR,
  ADOPT_QUESTION,
  adoptionKey,
  applyImport,
  buildExport,
  EXPORT_FORMAT,
  exportText,
  IMPORT_CANCELLED,
  IMPORT_ERROR,
  IMPORT_SUCCESS,
  isImportFileName,
  MAX_IMPORT_BYTES,
  originalFromLocalStorage,
  parseImport,
  successMessage,
} from '../../src/data/config-io';
import { importText, offerAdoption, type ImportDeps } from '../../src/panels/import-export/import-flow';
import { globalCssKey } from '../../src/data/global-css';
import { MINI_MEDIA_DEFAULTS, miniMediaConfigKey } from '../../src/data/mini-media';
import { draftsKey } from '../../src/data/markdown-drafts';
import { feedConfigKey, quickAccessConfigKey } from '../../src/data/notifications/storage';
import { s } from '../../src/data/schema';
import { declaredKeys, encodeStored, Store, type KeyDef } from '../../src/data/storage';
import { timeConfigKey } from '../../src/data/dates';
import { toasterConfigKey } from '../../src/data/toasts';
import { ToastBus } from '../../src/commands/toast-bus';
import { authKey } from '../../src/data/auth';
import { imageHostConfigKey, type ImageHostConfig } from '../../src/data/image-hosts';
import { optionChecker } from '../../src/panels/import-export/ImportExport';

/* The option rules of the real features whose options the tests use. */
const registry = new Registry();
registry.define(verifiedUsers);
registry.define(paste);
const optionProblem = optionChecker(registry);
/*
 * Hotkeys are judged by the commands' declarations (the real ones are checked in registry.test.ts;
 * importing every feature here would declare keys these tests expect undeclared).
 */
const COMMANDS: Command[] = [
  { id: 'quickstart.open', title: 'Open QuickStart', section: 'QuickStart', hotkey: 'ctrl+space', run: () => {} },
  { id: 'health.open', title: 'Health', section: 'Health', run: () => {} },
  { id: 'layout-designer.publish', title: 'Publish layout', section: 'Layout designer', effect: 'account', run: () => {} },
  { id: 'notifications.mark-all-read', title: 'Mark all notifications as read', section: 'N', effect: 'account', run: () => {} },
  { id: 'authorization.revoke', title: 'Revoke authorization', section: 'S', effect: 'credential', run: () => {} },
  { id: 'markdown.bold', title: 'Bold', section: 'Markdown', scope: 'editor', hotkey: 'ctrl+b', run: () => {} },
];
const reviewHotkeys = reviewImportedHotkeys(COMMANDS, () => undefined);

/* A verified-users key as a later feature may declare it (built here, not registered). */
const userSchema = s.object(
  { username: s.string({ min: 1 }), id: s.nullable(s.number()), color: s.nullable(s.string()), highlightEnabled: s.boolean() },
  { defaults: { id: null, color: null, highlightEnabled: false } },
);
const usersKey: KeyDef<unknown> = {
  name: 'void-verified-users',
  original: 'verifiedUSers',
  version: 1,
  schema: s.array(userSchema, { max: 1000 }),
  defaultValue: () => [],
  exported: true,
  description: 'Verified users (test).',
};
const keys = () => [...declaredKeys().filter((k) => k.name !== usersKey.name), usersKey];

function setup(seed: Record<string, string> = {}) {
  const backend = memoryBackend(new Map(Object.entries(seed)));
  const store = new Store(backend, () => {});
  const toasts = { success: vi.fn<(m: string) => void>(), warning: vi.fn<(m: string) => void>(), error: vi.fn<(m: string) => void>() };
  const reload = vi.fn<() => void>();
  // The summary is accepted as listed (nothing ticked) unless a test says otherwise.
  const review = vi.fn(async (_summary: ImportSummary): Promise<ImportDecision | null> => ACCEPT_AS_LISTED);
  const deps: ImportDeps = { store, toasts, reload, reloadDelayMs: 0, optionProblem, keys: keys(), reviewHotkeys, review };
  return { backend, store, toasts, reload, review, deps };
}

/** A store holding a non-default configuration. */
function configured() {
  const t = setup();
  t.store.set(settingsKey, { highlightEnabled: false, defaultSign: '★', pasteImageWidthValue: 300, highlightSize: '3px' });
  t.store.set(hotkeysKey, { 'quickstart.open': 'ctrl+k', 'health.open': null });
  t.store.set(quickStartConfigKey, { ...quickStartConfigKey.defaultValue(), usersEnabled: false });
  t.store.set(timeConfigKey, { dateFormat: 'dd.mm.yyyy', use12HourFormat: false });
  t.store.set(toasterConfigKey, { toastLevel: 1, duration: 10, location: 'top-right' });
  t.store.set(globalCssKey, 'body { color: red; }');
  t.store.set(usersKey, [{ username: 'Alice', id: 1, color: '1, 2, 3', highlightEnabled: true }]);
  return t;
}

const validFile = () => buildExport(configured().store, new Date('2026-01-02T03:04:05.000Z'), keys());
const validText = () => JSON.stringify(validFile(), null, 2);
const withConfigs = (configs: Record<string, unknown>) =>
  JSON.stringify({ ...validFile(), configs: { ...validFile().configs, ...configs } });

/* ---------------------------------------------------------------- the malformed corpus */

type Case = [name: string, text: string];

export function corpus(): Case[] {
  const cases: Case[] = [];
  const text = validText();
  const file = validFile();

  // Truncated at many cut points (every proper prefix of the export is invalid JSON).
  const cuts = 80;
  for (let i = 0; i < cuts; i++) {
    const at = Math.floor((i * text.length) / cuts);
    cases.push([`truncated at ${at}/${text.length}`, text.slice(0, at)]);
  }
  cases.push(['truncated by one character', text.slice(0, -1)]);

  // Wrong types for each field of each key.
  const wrong = (value: unknown, nullable: boolean): unknown[] => {
    const base: unknown[] =
      typeof value === 'boolean'
        ? ['yes', 1, 0, [], {}]
        : typeof value === 'number'
          ? ['5', 'NaN', 'Infinity', true, [], {}]
          : typeof value === 'string'
            ? [5, true, [], {}]
            : [];
    return nullable ? base : [...base, null];
  };
  const leaves = (value: unknown, path: (string | number)[] = []): (string | number)[][] => {
    if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
    if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
    return [path];
  };
  const setAt = (root: unknown, path: (string | number)[], value: unknown): unknown => {
    if (path.length === 0) return value;
    const copy = structuredClone(root) as Record<string | number, unknown>;
    const [head, ...rest] = path as [string | number, ...(string | number)[]];
    copy[head] = setAt(copy[head], rest, value);
    return copy;
  };
  for (const key of [settingsKey, hotkeysKey, quickStartConfigKey, timeConfigKey, toasterConfigKey, globalCssKey, usersKey]) {
    const data = file.configs[key.name];
    const nullableLeaves = key === hotkeysKey || key === usersKey; // null is valid there (no hotkey; id, color)
    for (const path of leaves(data)) {
      let leaf: unknown = data;
      for (const p of path) leaf = (leaf as Record<string | number, unknown>)[p];
      for (const bad of wrong(leaf, nullableLeaves)) {
        cases.push([`${key.name}.${path.join('.')} = ${JSON.stringify(bad)}`, withConfigs({ [key.name]: setAt(data, path, bad) })]);
      }
    }
    cases.push([`${key.name} = null`, withConfigs({ [key.name]: null })]);
    cases.push([`${key.name} = "text"`, key === globalCssKey ? withConfigs({ [key.name]: 42 }) : withConfigs({ [key.name]: 'text' })]);
  }
  // Values out of range, huge numbers, NaN-ish strings.
  const settings = file.configs[settingsKey.name] as Record<string, unknown>;
  const toaster = file.configs[toasterConfigKey.name] as Record<string, unknown>;
  for (const width of [0, -1, 10001, 1e308, 1.5e300, '420px', 'NaN', '1e999'])
    cases.push([
      `pasteImageWidthValue ${String(width)}`,
      withConfigs({ [settingsKey.name]: { ...settings, pasteImageWidthValue: width } }),
    ]);
  cases.push([
    'pasteImageWidthValue 1e400 (Infinity)',
    withConfigs({ [settingsKey.name]: { ...settings } }).replace('"pasteImageWidthValue":300', '"pasteImageWidthValue":1e400'),
  ]);
  cases.push(['toastLevel -1e400', withConfigs({}).replace('"toastLevel":1', '"toastLevel":-1e400')]);
  for (const level of [4, -1, 2.5, 1e308])
    cases.push([`toastLevel ${level}`, withConfigs({ [toasterConfigKey.name]: { ...toaster, toastLevel: level } })]);
  for (const duration of [2, 0, 11])
    cases.push([`duration ${duration}`, withConfigs({ [toasterConfigKey.name]: { ...toaster, duration } })]);
  for (const location of ['middle', '', 'TOP-LEFT'])
    cases.push([`location ${location}`, withConfigs({ [toasterConfigKey.name]: { ...toaster, location } })]);
  cases.push(['dateFormat too long', withConfigs({ [timeConfigKey.name]: { dateFormat: 'y'.repeat(41), use12HourFormat: true } })]);
  cases.push(['defaultHighlightColor not a string', withConfigs({ [settingsKey.name]: { ...settings, defaultHighlightColor: 0xffffff } })]);
  cases.push([
    'too many hotkeys',
    withConfigs({ [hotkeysKey.name]: Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`c${i}`, 'ctrl+k'])) }),
  ]);
  cases.push(['hotkey too long', withConfigs({ [hotkeysKey.name]: { a: 'x'.repeat(65) } })]);
  cases.push(['user without a name', withConfigs({ [usersKey.name]: [{ id: 1 }] })]);
  cases.push(['users not an array', withConfigs({ [usersKey.name]: { 0: { username: 'a' } } })]);

  // Prototype keys at every depth, in both formats.
  for (const bad of ['__proto__', 'constructor', 'prototype']) {
    const q = JSON.stringify(bad);
    cases.push([`${bad} at the top`, `{${q}:{"polluted":true},"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"x","configs":{}}`]);
    cases.push([`${bad} in configs`, `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"x","configs":{${q}:{"polluted":true}}}`]);
    cases.push([
      `${bad} in settings`,
      `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"x","configs":{"void-verified-settings":{${q}:{"polluted":true}}}}`,
    ]);
    cases.push([
      `${bad} in toaster config (keeps unknown fields)`,
      `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"x","configs":{"void-verified-toaster-config":{"toastLevel":1,"duration":5,"location":"top-left","extra":{"deep":{${q}:{"polluted":true}}}}}}`,
    ]);
    cases.push([
      `${bad} in an array item`,
      `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"x","configs":{"void-verified-users":[{"username":"a",${q}:{"polluted":true}}]}}`,
    ]);
    cases.push([
      `${bad} in an array in an array`,
      `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"x","configs":{"void-verified-toaster-config":{"toastLevel":1,"duration":5,"location":"top-left","x":[[{${q}:1}]]}}}`,
    ]);
    cases.push([
      `${bad} in hotkeys`,
      `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"x","configs":{"void-verified-hotkeys":{${q}:"ctrl+k"}}}`,
    ]);
    cases.push([`${bad} in the original's settings`, `{"settings":{"highlightEnabled":{"value":false},${q}:{"value":true}}}`]);
    cases.push([`${bad} in an original setting entry`, `{"settings":{"highlightEnabled":{"value":false,${q}:{"polluted":true}}}}`]);
    cases.push([`${bad} at the original's top`, `{"settings":{},${q}:{"polluted":true}}`]);
  }

  // Size.
  const pad = ' '.repeat(MAX_IMPORT_BYTES);
  cases.push(['oversized (whitespace)', text + pad]);
  cases.push(['oversized (one big string)', withConfigs({ [globalCssKey.name]: 'a'.repeat(MAX_IMPORT_BYTES) })]);
  cases.push([
    'oversized in bytes, not in characters',
    JSON.stringify({ settings: { defaultSign: '✔'.repeat(Math.ceil(MAX_IMPORT_BYTES / 3) + 10) } }),
  ]);

  // Not an object at the top.
  for (const root of ['null', '[]', '[{}]', `[${text}]`, '0', '42', '-1e400', '"text"', 'true', 'false', '""', `"${EXPORT_FORMAT}"`])
    cases.push([`root ${root.slice(0, 20)}`, root]);
  for (const empty of ['', ' ', '\n\t ', '\uFEFF']) cases.push([`empty ${JSON.stringify(empty)}`, empty]);
  for (const bad of [
    '{',
    '}',
    '{"a":}',
    "{'format':1}",
    '{format:1}',
    'NaN',
    'undefined',
    '{"a":1,}',
    '[1,2',
    '{"a":"\\x"}',
    '<html></html>',
    '// comment\n{}',
  ])
    cases.push([`not JSON: ${bad}`, bad]);

  // Binary garbage (a seeded generator, so the corpus is the same on every run).
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  for (let i = 0; i < 20; i++) {
    const bytes = Uint8Array.from({ length: 16 + (next() % 500) }, () => next() % 256);
    cases.push([`binary ${i}`, new TextDecoder('utf-8').decode(bytes)]);
  }
  cases.push(['gzip magic', '\x1f\x8b\x08\x00garbage']);
  cases.push(['PNG', '\x89PNG\r\n\x1a\n\0\0\0\rIHDR']);
  cases.push(['NUL bytes', '\0\0\0\0']);

  // The wrapper itself.
  const top = (change: Record<string, unknown>, drop?: string) => {
    const copy: Record<string, unknown> = { ...file, ...change };
    if (drop) delete copy[drop];
    return JSON.stringify(copy);
  };
  for (const format of ['voidverified-palette-configs', 'VOIDVERIFIED-PALETTE-CONFIG', '', null, 1, true, [], {}])
    cases.push([`format ${JSON.stringify(format)}`, top({ format })]);
  for (const version of [0, 2, 1.5, -1, '1', null, true, [1], Number.POSITIVE_INFINITY])
    cases.push([`version ${String(version)}`, top({ version })]);
  cases.push(['version missing', top({}, 'version')]);
  cases.push(['configs missing', top({}, 'configs')]);
  cases.push(['exportedAt missing', top({}, 'exportedAt')]);
  for (const configs of [null, [], 'x', 1, true]) cases.push([`configs ${JSON.stringify(configs)}`, top({ configs })]);
  for (const exportedAt of [1, null, {}, [], 'x'.repeat(65)])
    cases.push([`exportedAt ${JSON.stringify(exportedAt).slice(0, 20)}`, top({ exportedAt })]);
  cases.push(['an extra top-level field', top({ extra: 1 })]);
  // Keys that are not ours, or not part of a configuration.
  for (const name of [
    'void-verified-nope',
    'settings',
    'void-verified-auth',
    'void-verified-palette-frecency',
    'void-verified-palette-adoption',
    'void-verified-query-cache',
    '',
  ]) {
    cases.push([`configs key ${name || '(empty)'}`, withConfigs({ [name]: {} })]);
  }

  // Deep nesting.
  cases.push([
    'deep arrays in a kept field',
    withConfigs({}).replace('"location":"top-right"', `"location":"top-right","deep":${'['.repeat(100)}${']'.repeat(100)}`),
  ]);
  cases.push([
    'deep objects in a kept field',
    withConfigs({}).replace('"location":"top-right"', `"location":"top-right","deep":${'{"a":'.repeat(100)}1${'}'.repeat(100)}`),
  ]);
  cases.push([
    'very deep arrays',
    `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"x","configs":{"void-verified-global-css":${'['.repeat(200_000)}${']'.repeat(200_000)}}}`,
  ]);
  cases.push(['deep unclosed arrays', '['.repeat(100_000)]);

  // The original's format, strict where a value maps.
  cases.push(['original: no known key', JSON.stringify({ nothing: 1, other: { value: 2 } })]);
  cases.push(['original: empty object', '{}']);
  cases.push(['original: wrong option type (wrapped)', JSON.stringify({ settings: { highlightEnabled: { value: 'yes' } } })]);
  cases.push(['original: wrong option type (bare)', JSON.stringify({ settings: { highlightEnabled: 1 } })]);
  cases.push(['original: width not a number', JSON.stringify({ settings: { pasteImageWidthValue: { value: 'wide' } } })]);
  cases.push(['original: width out of range', JSON.stringify({ settings: { pasteImageWidthValue: { value: '0' } } })]);
  cases.push(['original: option value an object', JSON.stringify({ settings: { highlightEnabled: { value: { x: 1 } } } })]);
  cases.push(['original: settings an array', JSON.stringify({ settings: [true] })]);
  cases.push(['original: settings a string', JSON.stringify({ settings: 'x' })]);
  cases.push(['original: bad quick start config', JSON.stringify({ quickStartConfig: { usersEnabled: 'no' }, layouts: {} })]);
  cases.push(['original: bad toaster', JSON.stringify({ toasterConfig: { toastLevel: 9, duration: 5, location: 'top-left' } })]);
  cases.push(['original: css not a string', JSON.stringify({ globalCSS: { css: 'x' } })]);
  cases.push(['original: bad time config', JSON.stringify({ timeConfig: { dateFormat: 1, use12HourFormat: true } })]);
  cases.push(['original: bad verified user', JSON.stringify({ verifiedUSers: [{ username: '' }] })]);
  cases.push(['original: good settings, bad users', JSON.stringify({ settings: { highlightEnabled: false }, verifiedUSers: 'x' })]);
  return cases;
}

describe('import rejects malformed files and changes nothing', () => {
  const cases = corpus();

  it('has a corpus of at least 200 files', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
  });

  it.each(cases)('%s', async (_name, text) => {
    const { backend, store, toasts, reload, deps } = configured();
    const before = new Map(backend.data);
    const values = keys().map((k) => JSON.stringify(store.get(k)));
    const result = await importText(text, deps);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.trim()).not.toBe('');
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(toasts.error.mock.calls[0]![0]).toBe(`${IMPORT_ERROR} ${result.problem}`);
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.warning).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(new Map(backend.data)).toEqual(before);
    expect(keys().map((k) => JSON.stringify(store.get(k)))).toEqual(values);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('import messages', () => {
  it('names the key and the option with the wrong type', async () => {
    const settings = validFile().configs[settingsKey.name] as Record<string, unknown>;
    const { deps, toasts } = setup();
    await importText(withConfigs({ [settingsKey.name]: { ...settings, highlightEnabled: 'yes' } }), deps);
    expect(toasts.error).toHaveBeenCalledWith(
      'There was an error reading the file. void-verified-settings.highlightEnabled: expected boolean',
    );
  });

  it.each([
    ['{"format":"x","version":1}', 'Unknown format "x".'],
    [JSON.stringify({ format: EXPORT_FORMAT, version: 2, exportedAt: 'x', configs: {} }), 'Unsupported version 2 (this version reads 1).'],
    ['[1]', 'Expected a JSON object at the top level, got array.'],
    ['{"settings":', 'It is not valid JSON (it may be truncated).'],
    ['{"settings":{"a":{"__proto__":{"x":1}}}}', 'settings.a.__proto__: forbidden key'],
    [
      JSON.stringify({ format: EXPORT_FORMAT, version: 1, exportedAt: 'x', configs: { 'void-verified-nope': 1 } }),
      'void-verified-nope: not a VoidVerified configuration key',
    ],
    [
      JSON.stringify({
        format: EXPORT_FORMAT,
        version: 1,
        exportedAt: 'x',
        configs: { 'void-verified-auth': { token: 't', expires: null } },
      }),
      'void-verified-auth: not part of a configuration file',
    ],
    ['{"nothing":1}', 'It is not a VoidVerified configuration (none of its keys is known).'],
    [JSON.stringify({ settings: { highlightEnabled: { value: 'yes' } } }), 'settings.highlightEnabled: expected boolean'],
  ])('%s → %s', (text, problem) => {
    expect(parseImport(text, { optionProblem, keys: keys() })).toEqual({ ok: false, problem });
  });

  it('says when the file is too large', () => {
    expect(parseImport(' '.repeat(MAX_IMPORT_BYTES + 1))).toEqual({ ok: false, problem: 'The file is larger than 5 MB.' });
  });
});

describe('export and round trip', () => {
  it('exports every exported key, and nothing per-device', () => {
    const file = buildExport(configured().store, new Date('2026-01-02T03:04:05.000Z'));
    expect(file.format).toBe(EXPORT_FORMAT);
    expect(file.version).toBe(1);
    expect(file.exportedAt).toBe('2026-01-02T03:04:05.000Z');
    for (const key of declaredKeys()) expect(Object.keys(file.configs).includes(key.name), key.name).toBe(key.exported);
    for (const name of [
      'void-verified-auth',
      'void-verified-palette-frecency',
      'void-verified-palette-adoption',
      'void-verified-changelog-seen',
    ])
      expect(file.configs).not.toHaveProperty(name);
    expect(file.configs[settingsKey.name]).toEqual({
      highlightEnabled: false,
      defaultSign: '★',
      pasteImageWidthValue: 300,
      highlightSize: '3px',
    });
    // Each key's version, so that an import runs no step over a value already in its form.
    expect(file.versions?.[settingsKey.name]).toBe(settingsKey.version);
    expect(JSON.parse(exportText(configured().store))).toMatchObject({ format: EXPORT_FORMAT, version: 1 });
  });

  it('imports its own export: same values, one toast, one reload', async () => {
    const source = configured();
    const text = JSON.stringify(buildExport(source.store, new Date(), keys()));
    const target = setup();
    target.store.set(settingsKey, { highlightEnabled: true });
    const result = await importText(text, target.deps);
    expect(result).toMatchObject({ ok: true, source: 'palette', skipped: [] });
    for (const key of keys()) {
      if (!key.exported) continue;
      expect(target.store.get(key), key.name).toEqual(source.store.get(key));
      expect(target.backend.data.get(key.name), key.name).toBe(encodeStored(key, source.store.get(key)));
    }
    expect(target.toasts.success).toHaveBeenCalledWith(IMPORT_SUCCESS);
    expect(target.toasts.error).not.toHaveBeenCalled();
    expect(target.reload).toHaveBeenCalledTimes(1);
    // Export → import → export gives the same configs.
    expect(buildExport(target.store, new Date(), keys()).configs).toEqual(buildExport(source.store, new Date(), keys()).configs);
  });

  it('leaves keys that are not in the file as they are, and reads a byte-order mark', async () => {
    const t = setup();
    t.store.set(globalCssKey, 'a { }');
    const text =
      '\uFEFF' +
      JSON.stringify({
        format: EXPORT_FORMAT,
        version: 1,
        exportedAt: new Date().toISOString(),
        configs: { [settingsKey.name]: { highlightEnabled: false } },
      });
    expect((await importText(text, t.deps)).ok).toBe(true);
    expect(t.store.get(globalCssKey)).toBe('a { }');
    expect(t.store.get(settingsKey)).toEqual({ highlightEnabled: false });
  });

  it('reloads after a delay so the toast can be read', async () => {
    vi.useFakeTimers();
    try {
      const t = setup();
      await importText(JSON.stringify(buildExport(configured().store)), { ...t.deps, reloadDelayMs: 1500 });
      expect(t.reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1500);
      expect(t.reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  /** Imports with the real toast bus and fake timers; `check` moves time and looks at the reload. */
  async function importThroughBus(check: (t: ReturnType<typeof setup>, bus: ToastBus) => Promise<void>) {
    vi.useFakeTimers();
    try {
      const t = setup();
      const bus = new ToastBus(() => ({ enabled: true, level: 0, duration: 5 }));
      await importText(JSON.stringify(buildExport(configured().store)), { ...t.deps, toasts: bus, reloadDelayMs: 1500 });
      await check(t, bus);
    } finally {
      vi.useRealTimers();
    }
  }

  it("counts the reload's delay from the toast's showing, however late it is drawn", () =>
    importThroughBus(async (t, bus) => {
      // Said, not yet on screen (a stalled page): the delay has not begun.
      await vi.advanceTimersByTimeAsync(3000);
      expect(t.reload).not.toHaveBeenCalled();
      bus.drawn(1);
      await vi.advanceTimersByTimeAsync(1499);
      expect(t.reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(t.reload).toHaveBeenCalledTimes(1);
    }));

  it('reloads all the same when the toast never shows', () =>
    importThroughBus(async (t) => {
      await vi.advanceTimersByTimeAsync(5000 + 1499);
      expect(t.reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(t.reload).toHaveBeenCalledTimes(1);
    }));

  it('refuses an invalid value before writing anything', async () => {
    const t = setup();
    t.store.set(globalCssKey, 'old');
    await expect(
      applyImport(t.store, [
        [globalCssKey as KeyDef<unknown>, 'new'],
        [settingsKey as KeyDef<unknown>, { x: { bad: true } }],
      ]),
    ).rejects.toThrow(/Refusing/);
    expect(t.store.get(globalCssKey)).toBe('old');
    expect(t.backend.data.get(globalCssKey.name)).toBe(encodeStored(globalCssKey, 'old'));
  });

  it('accepts json files and the original export name only', () => {
    expect(isImportFileName('voidverified-configs.json')).toBe(true);
    expect(isImportFileName('BACKUP.JSON')).toBe(true);
    expect(isImportFileName('whatever', 'application/json')).toBe(true);
    expect(isImportFileName('VoidVerified_configs')).toBe(true);
    expect(isImportFileName('VoidVerified_configs.txt')).toBe(false);
    expect(isImportFileName('config.txt', 'text/plain')).toBe(false);
    expect(isImportFileName('voidverified-configs.json.exe')).toBe(false);
  });
});

describe("the original VoidVerified's file", () => {
  const original = {
    settings: {
      highlightEnabled: false,
      defaultSign: { value: '★' },
      pasteImageWidthValue: { value: '300' },
      colorUserActivity: { value: true },
      rememberCollapsedReplies: { value: true },
    },
    verifiedUSers: [{ username: 'Alice', id: 1, color: '1, 2, 3', highlightEnabled: true, sign: '' }],
    quickStartConfig: { addNavigationButtons: false },
    toasterConfig: { toastLevel: 0, duration: 3, location: 'top-left' },
    timeConfig: { dateFormat: 'yyyy-mm-dd', use12HourFormat: false },
    globalCSS: 'body { background: black; }',
    drafts: [],
    miniMediaConfig: { hoverEmbeds: true, localStorage: 'void-verified-mini-media-config' },
    imageHostConfig: { selectedHost: 'catbox' },
    readNotifications: [1, 2],
    somethingNew: 1,
  };

  it('maps both settings shapes, the verified users and the configs, and reports what it skipped', async () => {
    const t = setup();
    const result = await importText(JSON.stringify(original), t.deps);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.source).toBe('original');
    expect(t.store.get(settingsKey)).toEqual({
      highlightEnabled: false,
      defaultSign: '★',
      pasteImageWidthValue: 300,
      colorUserActivity: true,
      rememberCollapsedReplies: true,
    });
    expect(t.store.get(usersKey)).toEqual([{ username: 'Alice', id: 1, color: '1, 2, 3', highlightEnabled: true }]);
    expect(t.store.get(quickStartConfigKey)).toEqual({ ...quickStartConfigKey.defaultValue(), addNavigationButtons: false });
    expect(t.store.get(toasterConfigKey)).toEqual({ toastLevel: 0, duration: 3, location: 'top-left' });
    expect(t.store.get(timeConfigKey)).toEqual({ dateFormat: 'yyyy-mm-dd', use12HourFormat: false });
    expect(t.store.get(globalCssKey)).toBe('body { background: black; }');
    expect(t.store.get(miniMediaConfigKey)).toEqual({ ...MINI_MEDIA_DEFAULTS, hoverEmbeds: true });
    // The original's keys that no key of ours stores are skipped as unsupported.
    expect(result.skipped).toEqual([
      { name: 'readNotifications', reason: 'per-device' },
      { name: 'somethingNew', reason: 'unknown' },
    ]);
    expect(t.toasts.warning).toHaveBeenCalledWith(
      'Config successfully imported. Skipped: readNotifications (kept per device); somethingNew (unknown).',
    );
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it("maps the original's notification configs; unknown types are dropped, missing fields take defaults", async () => {
    const t = setup();
    const file = {
      notificationsConfig: {
        groupNotifications: false,
        notificationTypes: ['AIRING', 'NOT_A_TYPE'],
        collapsed: false,
        resetDefaultNotifications: false,
        addActivityRelation: true,
      },
      notificationsConfigQuickAccess: {
        groupNotifications: true,
        notificationTypes: ['FOLLOWING'],
        collapsed: true,
        hideDefaultNotificationDot: true,
      },
    };
    expect((await importText(JSON.stringify(file), t.deps)).ok).toBe(true);
    expect(t.store.get(feedConfigKey)).toEqual({
      ...feedConfigKey.defaultValue(),
      groupNotifications: false,
      notificationTypes: ['AIRING'],
      resetDefaultNotifications: false,
      addActivityRelation: true,
    });
    expect(t.store.get(quickAccessConfigKey)).toEqual({
      ...quickAccessConfigKey.defaultValue(),
      notificationTypes: ['FOLLOWING'],
      collapsed: true,
      hideDefaultNotificationDot: true,
    });
  });

  it('reads the settings when the first option was stored bare', async () => {
    const t = setup();
    expect(
      (await importText(JSON.stringify({ settings: { highlightEnabled: false, copyColorFromProfile: { value: false } } }), t.deps)).ok,
    ).toBe(true);
    expect(t.store.get(settingsKey)).toEqual({ highlightEnabled: false, copyColorFromProfile: false });
    expect(t.toasts.success).toHaveBeenCalledWith(IMPORT_SUCCESS);
  });

  it('skips the verified users while no key holds them', async () => {
    const t = setup();
    const result = await importText(JSON.stringify({ settings: {}, verifiedUSers: [{ username: 'A' }] }), {
      ...t.deps,
      keys: declaredKeys().filter((k) => k.name !== usersKey.name),
    });
    expect(result).toMatchObject({ ok: true, skipped: [{ name: 'verifiedUSers', reason: 'unsupported' }] });
  });

  it('formats the skipped list', () => {
    expect(successMessage([])).toBe(IMPORT_SUCCESS);
    expect(
      successMessage([
        { name: 'layouts', reason: 'unsupported' },
        { name: 'gifKeyboardConfig', reason: 'unsupported' },
      ]),
    ).toBe('Config successfully imported. Skipped: layouts, gifKeyboardConfig (not supported yet).');
  });
});

describe('first-run adoption', () => {
  const page = (items: Record<string, string>) => (key: string) => items[key] ?? null;
  const originalStorage = {
    'void-verified-settings': JSON.stringify({ highlightEnabled: false, defaultSign: { value: '★' } }),
    'void-verified-global-css': 'a { color: red }',
    'void-verified-markdown-drafts': JSON.stringify([]),
    'void-verified-read-notifications': JSON.stringify([1, 2]),
    'void-verified-mini-profile-cache': JSON.stringify([]),
    unrelated: 'x',
  };

  it('gathers the exported keys of the original from page localStorage, the CSS raw', () => {
    expect(originalFromLocalStorage(page(originalStorage))).toEqual({
      settings: { highlightEnabled: false, defaultSign: { value: '★' } },
      globalCSS: 'a { color: red }',
      drafts: [],
    });
    expect(originalFromLocalStorage(page({ unrelated: 'x' }))).toBeNull();
    expect(originalFromLocalStorage(page({ 'void-verified-time-config': 'not json' }))).toEqual({ timeConfig: 'not json' });
  });

  const adopt = (t: ReturnType<typeof setup>, answer: boolean, items: Record<string, string> = originalStorage) => {
    const confirm = vi.fn(async (_question: AdoptionQuestion) => (answer ? ACCEPT_AS_LISTED : null));
    return { confirm, run: () => offerAdoption({ ...t.deps, ask: confirm, getItem: page(items), now: 1000 }) };
  };

  it('offers once; Ok imports the original configuration, reports and reloads', async () => {
    const t = setup();
    const { confirm, run } = adopt(t, true);
    expect(await run()).toBe('adopted');
    expect(confirm).toHaveBeenCalledWith({ text: ADOPT_QUESTION, authorizeAgain: true, summary: expect.anything() });
    expect(confirm.mock.calls[0]![0].summary).toMatchObject({ globalCss: 'a { color: red }', credentials: [], hotkeys: [] });
    expect(t.store.get(settingsKey)).toEqual({ highlightEnabled: false, defaultSign: '★' });
    expect(t.store.get(globalCssKey)).toBe('a { color: red }');
    expect(t.store.get(adoptionKey)).toEqual({ outcome: 'adopted', at: 1000 });
    expect(t.store.get(draftsKey)).toEqual([]);
    expect(t.toasts.success).toHaveBeenCalledWith('Config successfully imported.');
    expect(t.reload).toHaveBeenCalledTimes(1);
    expect(await run()).toBeNull();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('Cancel records the answer and changes nothing else', async () => {
    const t = setup();
    const { confirm, run } = adopt(t, false);
    expect(await run()).toBe('declined');
    expect([...t.backend.data.keys()]).toEqual([adoptionKey.name]);
    expect(t.store.get(adoptionKey)?.outcome).toBe('declined');
    expect(await run()).toBeNull();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(t.reload).not.toHaveBeenCalled();
  });

  it('does not ask when a configuration of ours is already stored, and settles that for good', async () => {
    const t = setup({ [settingsKey.name]: encodeStored(settingsKey, { highlightEnabled: true }) });
    const { confirm, run } = adopt(t, true);
    expect(await run()).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    expect(t.store.get(adoptionKey)?.outcome).toBe('configured');
    expect(t.store.get(settingsKey)).toEqual({ highlightEnabled: true });
  });

  it('does not ask, nor record, when the page holds nothing of the original', async () => {
    const t = setup();
    const { confirm, run } = adopt(t, true, { unrelated: 'x' });
    expect(await run()).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    expect(t.backend.data.size).toBe(0);
  });

  it('an invalid original configuration is refused whole, recorded, and explained', async () => {
    const t = setup();
    const { run } = adopt(t, true, {
      'void-verified-settings': JSON.stringify({ highlightEnabled: { value: 'yes' } }),
      'void-verified-global-css': 'x',
    });
    expect(await run()).toBe('failed');
    expect(t.store.get(globalCssKey)).toBe('');
    expect([...t.backend.data.keys()]).toEqual([adoptionKey.name]);
    expect(t.toasts.error).toHaveBeenCalledWith(
      'The configuration of the original VoidVerified could not be adopted. settings.highlightEnabled: expected boolean',
    );
    expect(t.reload).not.toHaveBeenCalled();
  });
});

/* ---------------------------------------------------------------- credentials and confirmed writes */

const SECRETS = {
  apiKey: 'bb-secret-key',
  clientSecret: 'imgur-client-secret',
  authToken: 'imgur-access-token',
  refreshToken: 'imgur-refresh-token',
  userHash: 'catbox-user-hash',
};
const hostConfigWith = (values: Partial<typeof SECRETS>, clientId = 'public-client-id'): ImageHostConfig => {
  const d = imageHostConfigKey.defaultValue();
  return {
    selectedHost: 'imgbb',
    configurations: {
      imgbb: { ...d.configurations.imgbb, apiKey: values.apiKey ?? '' },
      imgur: {
        ...d.configurations.imgur,
        clientId,
        clientSecret: values.clientSecret ?? '',
        authToken: values.authToken ?? null,
        refreshToken: values.refreshToken ?? null,
        expires: values.authToken ? 1_900_000_000_000 : null,
      },
      catbox: { ...d.configurations.catbox, userHash: values.userHash ?? '' },
    },
  };
};
const allKeys = () => [...keys(), imageHostConfigKey as KeyDef<unknown>];
const LABELS = ['imgbb API key', 'imgur client secret', 'imgur access and refresh tokens', 'catbox user hash'];

describe('credentials are never exported, and taken from a file only when the user agrees', () => {
  it('export holds none of the image-host credentials (nor the AniList token), and keeps the rest', () => {
    const t = configured();
    t.store.set(imageHostConfigKey, hostConfigWith(SECRETS));
    t.store.set(authKey, { token: 'anilist-token', expires: null });
    const text = exportText(t.store);
    for (const secret of [...Object.values(SECRETS), 'anilist-token']) expect(text).not.toContain(secret);
    const file = JSON.parse(text) as { configs: Record<string, unknown> };
    expect(file.configs[imageHostConfigKey.name]).toEqual({ ...hostConfigWith({}), selectedHost: 'imgbb' });
    expect(text).toContain('public-client-id');
    // The store itself still holds them.
    expect(t.store.get(imageHostConfigKey)).toEqual(hostConfigWith(SECRETS));
  });

  const withHostConfig = (config: unknown) =>
    JSON.stringify({
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: new Date().toISOString(),
      configs: { [imageHostConfigKey.name]: config, [globalCssKey.name]: 'from the file' },
    });

  /** The summary's credentials ticked (true), left unticked (false), or the summary accepted as listed. */
  function target(answer?: boolean) {
    const t = setup();
    t.store.set(imageHostConfigKey, hostConfigWith({ apiKey: 'mine', userHash: 'my-hash' }, 'my-client'));
    const review = vi.fn(async (_summary: ImportSummary) => ({ takeSecrets: answer ?? false, takeHotkeys: [] }));
    const deps: ImportDeps = { ...t.deps, keys: allKeys(), ...(answer === undefined ? {} : { review }) };
    const asked = () => review.mock.calls.map(([summary]) => summary.credentials);
    return { ...t, deps, review, asked };
  }

  it('a file with credentials lists which in the summary; ticked, they are taken', async () => {
    const t = target(true);
    const result = await importText(withHostConfig(hostConfigWith(SECRETS)), t.deps);
    expect(result.ok).toBe(true);
    expect(t.asked()).toEqual([LABELS]);
    expect(t.store.get(imageHostConfigKey)).toEqual(hostConfigWith(SECRETS));
    expect(t.toasts.success).toHaveBeenCalledWith(IMPORT_SUCCESS);
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it('unticked, the rest is imported, the credentials stored here are kept, and the toast says they were skipped', async () => {
    const t = target(false);
    const result = await importText(withHostConfig(hostConfigWith(SECRETS)), t.deps);
    expect(result.ok).toBe(true);
    expect(t.asked()).toEqual([LABELS]);
    expect(t.store.get(globalCssKey)).toBe('from the file');
    // Not the file's credentials, nor empty ones: this browser's own.
    expect(t.store.get(imageHostConfigKey)).toEqual({ ...hostConfigWith({ apiKey: 'mine', userHash: 'my-hash' }, 'public-client-id') });
    expect(JSON.stringify([...t.backend.data.values()])).not.toMatch(
      /bb-secret-key|imgur-client-secret|imgur-access-token|imgur-refresh-token|catbox-user-hash/,
    );
    expect(t.toasts.warning).toHaveBeenCalledWith(
      `${IMPORT_SUCCESS} Skipped: ${LABELS.join(', ')} (credentials not taken; the ones stored here are kept).`,
    );
    expect(t.toasts.success).not.toHaveBeenCalled();
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it('accepted as listed (nothing ticked), credentials are never taken', async () => {
    const t = target();
    expect((await importText(withHostConfig(hostConfigWith({ apiKey: 'theirs' })), t.deps)).ok).toBe(true);
    expect(t.store.get(imageHostConfigKey).configurations.imgbb.apiKey).toBe('mine');
  });

  it('asks only about the credentials the file carries', async () => {
    const t = target(true);
    await importText(withHostConfig(hostConfigWith({ authToken: 'theirs-token' })), t.deps);
    expect(t.asked()).toEqual([['imgur access and refresh tokens']]);
    expect(t.store.get(imageHostConfigKey).configurations).toMatchObject({
      imgbb: { apiKey: 'mine' },
      imgur: { authToken: 'theirs-token', expires: 1_900_000_000_000 },
      catbox: { userHash: 'my-hash' },
    });
  });

  it('our own export, imported back, lists no credentials and keeps the ones stored here', async () => {
    const source = setup();
    source.store.set(imageHostConfigKey, hostConfigWith(SECRETS));
    const t = target(true);
    expect((await importText(JSON.stringify(buildExport(source.store, new Date(), allKeys())), t.deps)).ok).toBe(true);
    expect(t.asked()).toEqual([[]]);
    expect(t.store.get(imageHostConfigKey)).toEqual(hostConfigWith({ apiKey: 'mine', userHash: 'my-hash' }, 'public-client-id'));
  });

  it("the original's file asks too", async () => {
    const t = target(false);
    const original = { settings: { highlightEnabled: false }, imageHostConfig: hostConfigWith({ apiKey: 'theirs' }) };
    expect((await importText(JSON.stringify(original), t.deps)).ok).toBe(true);
    expect(t.asked()).toEqual([['imgbb API key']]);
    expect(t.store.get(imageHostConfigKey).configurations.imgbb.apiKey).toBe('mine');
    expect(t.store.get(settingsKey)).toEqual({ highlightEnabled: false });
  });
});

/** The test's memory backend, with writes of `failing` keys refused (thrown like GM_setValue, or rejected like GM.setValue). */
function refusingSetup(mode: 'throw' | 'reject', failing: string[]) {
  const t = configured();
  const base = t.backend;
  const refuse = new Set(failing);
  const backend = {
    ...base,
    write(key: string, value: string): void | Promise<void> {
      if (refuse.has(key)) {
        const error = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        if (mode === 'throw') throw error;
        return Promise.reject(error);
      }
      base.write(key, value);
      return mode === 'reject' ? Promise.resolve() : undefined;
    },
  };
  const store = new Store(backend, () => {});
  return { ...t, store, deps: { ...t.deps, store } };
}

describe('import reports success only once every write is confirmed', () => {
  const twoKeys = () =>
    JSON.stringify({
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: new Date().toISOString(),
      configs: { [globalCssKey.name]: 'new css', [timeConfigKey.name]: { dateFormat: 'yyyy-mm-dd', use12HourFormat: true } },
    });

  it.each(['throw', 'reject'] as const)('a refused second write (%s) fails the import and puts the first key back', async (mode) => {
    const t = refusingSetup(mode, [timeConfigKey.name]);
    const before = new Map(t.backend.data);
    const result = await importText(twoKeys(), t.deps);
    expect(result.ok).toBe(false);
    const message = `${IMPORT_ERROR} The import failed: ${timeConfigKey.name} could not be saved (The quota has been exceeded.). Nothing was changed.`;
    expect(t.toasts.error).toHaveBeenCalledWith(message);
    expect(t.toasts.success).not.toHaveBeenCalled();
    expect(t.toasts.warning).not.toHaveBeenCalled();
    expect(t.reload).not.toHaveBeenCalled();
    expect(new Map(t.backend.data)).toEqual(before);
    expect(t.store.get(globalCssKey)).toBe('body { color: red; }');
  });

  it('waits for the manager before saying success', async () => {
    const t = configured();
    const base = t.backend;
    const pending: (() => void)[] = [];
    const store = new Store(
      {
        ...base,
        write: (key: string, value: string) => new Promise<void>((resolve) => pending.push(() => (base.write(key, value), resolve()))),
      },
      () => {},
    );
    const done = importText(twoKeys(), { ...t.deps, store });
    await vi.waitFor(() => expect(pending.length).toBe(1));
    expect(t.toasts.success).not.toHaveBeenCalled();
    pending.shift()!();
    await vi.waitFor(() => expect(pending.length).toBe(1));
    expect(t.toasts.success).not.toHaveBeenCalled();
    pending.shift()!();
    expect((await done).ok).toBe(true);
    expect(t.toasts.success).toHaveBeenCalledWith(IMPORT_SUCCESS);
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it('a refused adoption is recorded as failed, says so, and leaves nothing of it', async () => {
    const t = setup();
    const base = t.backend;
    const store = new Store(
      {
        ...base,
        write: (key: string, value: string) =>
          key === globalCssKey.name ? Promise.reject(new Error('manager error')) : base.write(key, value),
      },
      () => {},
    );
    const outcome = await offerAdoption({
      ...t.deps,
      store,
      ask: async () => ACCEPT_AS_LISTED,
      getItem: (key) =>
        ({ 'void-verified-settings': JSON.stringify({ highlightEnabled: false }), 'void-verified-global-css': 'a { }' })[key] ?? null,
      now: 5,
    });
    expect(outcome).toBe('failed');
    expect(t.toasts.error).toHaveBeenCalledWith(
      `${ADOPT_ERROR} The import failed: ${globalCssKey.name} could not be saved (manager error). Nothing was changed.`,
    );
    expect(t.reload).not.toHaveBeenCalled();
    expect([...base.data.keys()]).toEqual([adoptionKey.name]);
    expect(store.get(adoptionKey)).toEqual({ outcome: 'failed', at: 5 });
  });
});

/* ---------------------------------------------------------------- the summary comes first */

describe('an import shows what it changes, and writes nothing before the summary is accepted', () => {
  /* Layouts as their key holds them (built here: importing the layouts module would declare it for every test). */
  const layoutsTestKey: KeyDef<unknown> = {
    name: 'void-verified-layouts',
    original: 'layouts',
    version: 1,
    schema: s.object({ layoutsList: s.array(s.object({ name: s.string() })), selectedLayout: s.number() }),
    defaultValue: () => ({ layoutsList: [{ name: 'New Layout' }], selectedLayout: 0 }),
    exported: true,
    description: 'Profile layouts.',
  };
  const file = (configs: Record<string, unknown>) =>
    JSON.stringify({ format: EXPORT_FORMAT, version: 1, exportedAt: new Date().toISOString(), configs });
  /** The attack of issue 25: scroll keys bound to commands that change the account, with a global CSS and layouts. */
  const HOSTILE = {
    [hotkeysKey.name]: {
      'layout-designer.publish': 'ArrowDown',
      'notifications.mark-all-read': 'j',
      'authorization.revoke': 'ctrl+shift+r',
      'quickstart.open': 'alt+k',
      'markdown.bold': 'b',
    },
    [globalCssKey.name]: 'body { display: none }',
    [layoutsTestKey.name]: { layoutsList: [{ name: 'Their layout' }, { name: 'Another' }], selectedLayout: 0 },
    [timeConfigKey.name]: { dateFormat: 'yyyy-mm-dd', use12HourFormat: true },
  };

  function target(decision: ImportDecision | null) {
    const t = setup();
    t.store.set(hotkeysKey, { 'health.open': 'alt+h' });
    const seen: { summary: ImportSummary; stored: Map<string, string> }[] = [];
    const review = vi.fn(async (summary: ImportSummary) => {
      seen.push({ summary, stored: new Map(t.backend.data) });
      return decision;
    });
    const deps: ImportDeps = { ...t.deps, keys: [...keys(), layoutsTestKey], review };
    return { ...t, deps, seen, before: new Map(t.backend.data) };
  }

  it('lists each hotkey that would change with its title, refusing keys without a modifier and asking about account changes', async () => {
    const t = target(null);
    await importText(file(HOSTILE), t.deps);
    const { summary } = t.seen[0]!;
    expect(summary.hotkeys).toEqual([
      // The user's own binding, which the file does not hold: back to no hotkey (its default).
      { commandId: 'health.open', title: 'Health', from: 'alt+h', to: null, verdict: 'take', why: null },
      expect.objectContaining({
        commandId: 'layout-designer.publish',
        title: 'Publish layout',
        from: null,
        to: 'arrowdown',
        verdict: 'refuse',
      }),
      expect.objectContaining({ commandId: 'notifications.mark-all-read', from: null, to: 'j', verdict: 'refuse' }),
      {
        commandId: 'authorization.revoke',
        title: 'Revoke authorization',
        from: null,
        to: 'ctrl+shift+r',
        verdict: 'ask',
        why: 'this command spends or drops a credential',
      },
      { commandId: 'quickstart.open', title: 'Open QuickStart', from: 'ctrl+space', to: 'alt+k', verdict: 'take', why: null },
      // Editor commands too: a bare key would swallow typing.
      expect.objectContaining({ commandId: 'markdown.bold', title: 'Bold', from: 'ctrl+b', to: 'b', verdict: 'refuse' }),
    ]);
    expect(summary.hotkeys[1]!.why).toMatch(/without Ctrl, Alt or Meta/);
    expect(summary).toMatchObject({
      replaces: ['Date format and 12-hour clock.'],
      layouts: ['Their layout', 'Another'],
      globalCss: 'body { display: none }',
      credentials: [],
      skipped: [],
    });
  });

  it('Cancel changes nothing: no global CSS, no hotkey, no reload', async () => {
    const t = target(null);
    expect(await importText(file(HOSTILE), t.deps)).toEqual({ ok: false, problem: IMPORT_CANCELLED });
    expect(new Map(t.backend.data)).toEqual(t.before);
    expect(t.store.get(globalCssKey)).toBe('');
    expect(t.reload).not.toHaveBeenCalled();
    expect(t.toasts.success).not.toHaveBeenCalled();
    expect(t.toasts.error).not.toHaveBeenCalled();
  });

  it('nothing is written while the summary is open; accepted as listed, refused and unticked bindings stay as they were', async () => {
    const t = target(ACCEPT_AS_LISTED);
    expect((await importText(file(HOSTILE), t.deps)).ok).toBe(true);
    expect(t.seen[0]!.stored).toEqual(t.before);
    expect(t.store.get(globalCssKey)).toBe('body { display: none }');
    expect(t.store.get(hotkeysKey)).toEqual({ 'quickstart.open': 'alt+k' });
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it('an asked binding is taken when ticked; a refused one never', async () => {
    const t = target({ takeSecrets: false, takeHotkeys: ['authorization.revoke', 'layout-designer.publish'] });
    expect((await importText(file(HOSTILE), t.deps)).ok).toBe(true);
    expect(t.store.get(hotkeysKey)).toEqual({ 'quickstart.open': 'alt+k', 'authorization.revoke': 'ctrl+shift+r' });
  });

  it("keeps the user's own binding where the file's is refused", async () => {
    const t = target(ACCEPT_AS_LISTED);
    t.store.set(hotkeysKey, { 'layout-designer.publish': 'ctrl+alt+p' });
    await importText(file({ [hotkeysKey.name]: { 'layout-designer.publish': 'ArrowDown' } }), t.deps);
    expect(t.seen[0]!.summary.hotkeys).toEqual([
      expect.objectContaining({ commandId: 'layout-designer.publish', from: 'ctrl+alt+p', to: 'arrowdown', verdict: 'refuse' }),
    ]);
    expect(t.store.get(hotkeysKey)).toEqual({ 'layout-designer.publish': 'ctrl+alt+p' });
  });

  it('lists only what differs: the same global CSS, layouts or hotkeys are not changes', async () => {
    const t = target(ACCEPT_AS_LISTED);
    t.store.set(globalCssKey, 'a {}');
    await importText(file({ [globalCssKey.name]: 'a {}', [hotkeysKey.name]: { 'health.open': 'alt+h' } }), t.deps);
    expect(t.seen[0]!.summary).toEqual({ replaces: [], hotkeys: [], layouts: null, globalCss: null, credentials: [], skipped: [] });
  });

  it("the original's palette keybind is judged like any binding: a bare key is refused", async () => {
    const t = target(ACCEPT_AS_LISTED);
    await importText(JSON.stringify({ quickStartConfig: { openQuickStartKeybind: 'J' } }), t.deps);
    expect(t.seen[0]!.summary.hotkeys).toEqual([
      expect.objectContaining({ commandId: 'quickstart.open', from: 'ctrl+space', to: 'j', verdict: 'refuse' }),
    ]);
    expect(t.store.get(hotkeysKey)).toEqual({ 'health.open': 'alt+h' });
  });
});
