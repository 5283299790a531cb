import { formatIssues, s, type Issue } from './schema';
import { declaredKeys, defineKey, type KeyDef, type Store } from './storage';

/**
 * Configuration import and export (document 1: screen 10, sections 4, 8 and 9). Pure: no DOM.
 *
 * Our file: `{"format":"voidverified-palette-config","version":1,"exportedAt":ISO,"configs":{key: data}}`
 * with every exported storage key at its current schema version. The original VoidVerified's file
 * (its short names → raw stored values) is read too. Import is all or nothing: everything is
 * checked first (size, JSON, prototype keys anywhere, each value against its key's schema and, for
 * settings, each option's rules) and only then written.
 */

export const EXPORT_FILE_NAME = 'voidverified-configs.json';
export const EXPORT_FORMAT = 'voidverified-palette-config';
export const EXPORT_VERSION = 1;
/** The original VoidVerified downloads its export under this name, without an extension. */
export const ORIGINAL_FILE_NAME = 'VoidVerified_configs';
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const MAX_DEPTH = 64;

export const IMPORT_SUCCESS = 'Config successfully imported.';
export const IMPORT_ERROR = 'There was an error reading the file.';
export const ADOPT_QUESTION = 'Found a configuration from the original VoidVerified on this browser. Adopt it?';
export const ADOPT_ERROR = 'The configuration of the original VoidVerified could not be adopted.';
/** Long enough to read the toast before the page reloads. */
export const RELOAD_DELAY_MS = 1500;

/** Whether the first-run offer to adopt the original's configuration was settled (per device). */
export const adoptionKey = defineKey({
  name: 'void-verified-palette-adoption',
  description: 'Whether adopting the original VoidVerified configuration was offered.',
  schema: s.nullable(s.object({ outcome: s.enum(['adopted', 'declined', 'failed', 'configured']), at: s.number() })),
  defaultValue: () => null as { outcome: 'adopted' | 'declined' | 'failed' | 'configured'; at: number } | null,
  exported: false,
});
export type AdoptionOutcome = NonNullable<ReturnType<(typeof adoptionKey)['defaultValue']>>['outcome'];

/** The original's short names and their storage keys (voidverified-config.md). */
export const ORIGINAL_KEYS: Readonly<Record<string, string>> = {
  imageHostConfig: 'void-verified-image-host-config',
  readNotifications: 'void-verified-read-notifications',
  notificationsConfig: 'void-verified-notifications-config',
  notificationsConfigQuickAccess: 'void-verified-quick-access-notifications-config',
  notificationRelationsCache: 'void-verified-notification-relations',
  notificationDeadLinkRelationsCache: 'void-verified-notification-deadlink-relations',
  quickStartConfig: 'void-verified-quick-start-config',
  gifKeyboardConfig: 'void-verified-gif-keyboard',
  globalCSS: 'void-verified-global-css',
  layouts: 'void-verified-layouts',
  miniProfileCache: 'void-verified-mini-profile-cache',
  mediaOverviewCache: 'void-verified-media-overview-cache',
  miniProfileConfig: 'void-verified-mini-profile-config',
  miniMediaConfig: 'void-verified-mini-media-config',
  verifiedUSers: 'void-verified-users',
  settings: 'void-verified-settings',
  toasterConfig: 'void-verified-toaster-config',
  collapsedContainers: 'void-verified-collapsed-containers',
  timeConfig: 'void-verified-time-config',
  drafts: 'void-verified-markdown-drafts',
  inProgressCategories: 'void-verified-in-progress-categories',
};
/** Left out of the original's export: caches and per-device state. */
const ORIGINAL_NOT_EXPORTED = new Set([
  'readNotifications',
  'notificationRelationsCache',
  'notificationDeadLinkRelationsCache',
  'miniProfileCache',
  'mediaOverviewCache',
  'collapsedContainers',
]);
/** Original option names that we call differently. */
const ORIGINAL_OPTION_NAMES: Readonly<Record<string, string>> = { pasteImageWidthValue: 'pasteImageWidth' };
const SETTINGS_KEY = 'void-verified-settings';
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  configs: Record<string, unknown>;
}

/** Why a settings option value is not acceptable ('expected boolean'), or null; unknown options pass. */
export type OptionCheck = (option: string, value: boolean | string | number) => string | null;

export interface ImportOptions {
  /** Per-option rules for the settings key (the registry's, in the app). */
  optionProblem?: OptionCheck;
  /** The keys to map to; default: every declared key. */
  keys?: readonly KeyDef<unknown>[];
}

export type SkipReason = 'unsupported' | 'per-device' | 'unknown';
export interface Skipped {
  /** The original's short name. */
  name: string;
  reason: SkipReason;
}
export type Write = [key: KeyDef<unknown>, value: unknown];
export type ImportResult =
  | { ok: true; source: 'palette' | 'original'; writes: Write[]; skipped: Skipped[] }
  | { ok: false; problem: string };

const fail = (problem: string): ImportResult => ({ ok: false, problem });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const typeName = (v: unknown) => (v === undefined ? 'nothing' : v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function exportableKeys(keys: readonly KeyDef<unknown>[] = declaredKeys()): KeyDef<unknown>[] {
  return keys.filter((k) => k.exported);
}

/** Every exported key's current (validated) value. */
export function buildExport(store: Store, now: Date = new Date(), keys?: readonly KeyDef<unknown>[]): ExportFile {
  const configs: Record<string, unknown> = {};
  for (const key of exportableKeys(keys)) configs[key.name] = store.get(key);
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), configs };
}

export const exportText = (store: Store, now?: Date): string => JSON.stringify(buildExport(store, now), null, 2);

/** A file the import accepts by name or type: *.json, application/json, or the original's export name. */
export function isImportFileName(name: string, type = ''): boolean {
  return /\.json$/i.test(name) || type === 'application/json' || name === ORIGINAL_FILE_NAME;
}

function byteLength(text: string): number {
  return text.length * 3 <= MAX_IMPORT_BYTES ? text.length : new TextEncoder().encode(text).length;
}

/** Parses and checks a file's text. Writes nothing. */
export function parseImport(text: string, opts: ImportOptions = {}): ImportResult {
  if (byteLength(text) > MAX_IMPORT_BYTES) return fail(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return fail('The file is empty.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return fail(error instanceof RangeError ? 'It is nested too deeply.' : 'It is not valid JSON (it may be truncated).');
  }
  return parseImportValue(parsed, opts);
}

/** Checks an already parsed file (or the original's configuration gathered from page localStorage). */
export function parseImportValue(value: unknown, opts: ImportOptions = {}): ImportResult {
  if (!isObject(value)) return fail(`Expected a JSON object at the top level, got ${typeName(value)}.`);
  const unsafe = findUnsafe(value);
  if (unsafe) return fail(unsafe);
  return has(value, 'format') ? parseOurs(value, opts) : parseOriginal(value, opts);
}

/** The first prototype key anywhere, or too deep a nesting; iterative so deep input cannot overflow the stack. */
function findUnsafe(root: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DEPTH) return `${path.length > 80 ? `${path.slice(0, 80)}…` : path}: nested more than ${MAX_DEPTH} levels deep`;
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: `${path}[${i}]`, depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const at = path ? `${path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) return `${at}: forbidden key`;
      stack.push({ value: (value as Record<string, unknown>)[key], path: at, depth: depth + 1 });
    }
  }
  return null;
}

function parseOurs(file: Record<string, unknown>, opts: ImportOptions): ImportResult {
  if (file.format !== EXPORT_FORMAT) return fail(`Unknown format ${JSON.stringify(file.format)}.`);
  if (file.version === undefined) return fail('Its format version is missing.');
  if (file.version !== EXPORT_VERSION) return fail(`Unsupported version ${JSON.stringify(file.version)} (this version reads ${EXPORT_VERSION}).`);
  const extra = Object.keys(file).filter((k) => !['format', 'version', 'exportedAt', 'configs'].includes(k));
  if (extra.length) return fail(`Unexpected field ${extra.map((k) => JSON.stringify(k)).join(', ')}.`);
  if (typeof file.exportedAt !== 'string' || file.exportedAt.length > 64) return fail(`exportedAt: expected a date string, got ${typeName(file.exportedAt)}`);
  if (!isObject(file.configs)) return fail(`configs: expected object, got ${typeName(file.configs)}`);
  const keys = new Map((opts.keys ?? declaredKeys()).map((k) => [k.name, k]));
  const writes: Write[] = [];
  for (const [name, data] of Object.entries(file.configs)) {
    const key = keys.get(name);
    if (!key) return fail(`${name}: not a VoidVerified configuration key`);
    if (!key.exported) return fail(`${name}: not part of a configuration file`);
    const checked = validate(key, data, key.version, name, false, opts);
    if (typeof checked === 'string') return fail(checked);
    writes.push([key, checked.value]);
  }
  return { ok: true, source: 'palette', writes, skipped: [] };
}

function parseOriginal(file: Record<string, unknown>, opts: ImportOptions): ImportResult {
  const names = Object.keys(file);
  if (!names.some((n) => has(ORIGINAL_KEYS, n))) return fail('It is not a VoidVerified configuration (none of its keys is known).');
  const keys = new Map((opts.keys ?? declaredKeys()).map((k) => [k.name, k]));
  const writes: Write[] = [];
  const skipped: Skipped[] = [];
  for (const name of names) {
    const storageKey = has(ORIGINAL_KEYS, name) ? ORIGINAL_KEYS[name]! : undefined;
    const key = storageKey === undefined ? undefined : keys.get(storageKey);
    if (storageKey === undefined) skipped.push({ name, reason: 'unknown' });
    else if (ORIGINAL_NOT_EXPORTED.has(name) || (key && !key.exported)) skipped.push({ name, reason: 'per-device' });
    else if (!key) skipped.push({ name, reason: 'unsupported' });
    else {
      const checked = validate(key, file[name], 0, name, true, opts);
      if (typeof checked === 'string') return fail(checked);
      writes.push([key, checked.value]);
    }
  }
  return { ok: true, source: 'original', writes, skipped };
}

/** Migrates `data` from `version` and validates it; a problem is returned as a message. */
function validate(key: KeyDef<unknown>, data: unknown, version: number, label: string, original: boolean, opts: ImportOptions): { value: unknown } | string {
  let current = data;
  try {
    for (let next = version + 1; next <= key.version; next++) {
      const step = key.migrations?.[next];
      if (step) current = step(current);
    }
  } catch (error) {
    return `${label}: could not be converted (${error instanceof Error ? error.message : String(error)})`;
  }
  if (original && key.name === SETTINGS_KEY && isObject(current)) current = renameOriginalOptions(current);
  const result = key.schema.parse(current, label);
  if (!result.ok) return formatIssues(result.issues);
  if (key.name === SETTINGS_KEY && opts.optionProblem && isObject(result.value)) {
    const issues: Issue[] = [];
    for (const [option, value] of Object.entries(result.value)) {
      const problem = opts.optionProblem(option, value as boolean | string | number);
      if (problem) issues.push({ path: `${label}.${option}`, message: problem });
    }
    if (issues.length) return formatIssues(issues);
  }
  return { value: result.value };
}

/** The original's option names to ours; its width was typed into a text field, so "420" becomes 420. */
function renameOriginalOptions(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [option, value] of Object.entries(settings)) {
    const ours = has(ORIGINAL_OPTION_NAMES, option) ? ORIGINAL_OPTION_NAMES[option]! : option;
    out[ours] = ours === 'pasteImageWidth' && typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  }
  return out;
}

/** Writes checked values; if a write is refused, the keys already written are put back. */
export function applyImport(store: Store, writes: readonly Write[]): void {
  const before: Write[] = writes.map(([key]) => [key, store.get(key)]);
  let done = 0;
  try {
    for (const [key, value] of writes) {
      store.set(key, value);
      done++;
    }
  } catch (error) {
    for (const [key, value] of before.slice(0, done)) store.set(key, value);
    throw error;
  }
}

const SKIP_WHY: Record<SkipReason, string> = { unsupported: 'not supported yet', 'per-device': 'kept per device', unknown: 'unknown' };

/** 'Config successfully imported.' plus, for the original's file, what was left out. */
export function successMessage(skipped: readonly Skipped[]): string {
  const groups = (Object.keys(SKIP_WHY) as SkipReason[])
    .map((reason) => ({ reason, names: skipped.filter((x) => x.reason === reason).map((x) => x.name) }))
    .filter((g) => g.names.length > 0)
    .map((g) => `${g.names.join(', ')} (${SKIP_WHY[g.reason]})`);
  return groups.length ? `${IMPORT_SUCCESS} Skipped: ${groups.join('; ')}.` : IMPORT_SUCCESS;
}

export interface ImportDeps extends ImportOptions {
  store: Store;
  toasts: { success(message: string): void; warning(message: string): void; error(message: string): void };
  reload(): void;
  /** Milliseconds between the toast and the reload; 0 reloads at once. */
  reloadDelayMs?: number;
}

/** Checks the text, then writes, toasts and reloads; or toasts what was wrong and changes nothing. */
export function importText(text: string, deps: ImportDeps): ImportResult {
  return finish(parseImport(text, deps), deps, IMPORT_ERROR);
}

function finish(result: ImportResult, deps: ImportDeps, errorPrefix: string): ImportResult {
  if (!result.ok) {
    deps.toasts.error(`${errorPrefix} ${result.problem}`);
    return result;
  }
  try {
    applyImport(deps.store, result.writes);
  } catch (error) {
    const failed = { ok: false as const, problem: error instanceof Error ? error.message : String(error) };
    deps.toasts.error(`${errorPrefix} ${failed.problem}`);
    return failed;
  }
  if (result.skipped.length) deps.toasts.warning(successMessage(result.skipped));
  else deps.toasts.success(IMPORT_SUCCESS);
  const delay = deps.reloadDelayMs ?? RELOAD_DELAY_MS;
  if (delay > 0) setTimeout(() => deps.reload(), delay);
  else deps.reload();
  return result;
}

/**
 * The original's configuration as its export would hold it, read from page localStorage (where
 * the original kept it): short name → parsed value (raw text when not JSON; the CSS always raw).
 * Null when none of its exported keys is there.
 */
export function originalFromLocalStorage(getItem: (key: string) => string | null): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [name, storageKey] of Object.entries(ORIGINAL_KEYS)) {
    if (ORIGINAL_NOT_EXPORTED.has(name)) continue;
    const raw = getItem(storageKey);
    if (raw === null) continue;
    if (name === 'globalCSS') {
      out[name] = raw;
      continue;
    }
    try {
      out[name] = JSON.parse(raw);
    } catch {
      out[name] = raw;
    }
  }
  return Object.keys(out).length ? out : null;
}

/**
 * What the first-run offer should propose: the original's configuration, when the offer was never
 * settled, no configuration of ours is stored yet and the page holds the original's keys. A user
 * who already has a configuration of ours is settled for good ('configured').
 */
export async function adoptionCandidate(store: Store, getItem: (key: string) => string | null, now = Date.now()): Promise<Record<string, unknown> | null> {
  if (store.get(adoptionKey) !== null) return null;
  const original = originalFromLocalStorage(getItem);
  if (!original) return null;
  const stored = await Promise.all(exportableKeys().map((k) => store.backend.read(k.name).catch(() => undefined)));
  if (stored.some((raw) => raw !== undefined)) {
    recordAdoption(store, 'configured', now);
    return null;
  }
  return original;
}

export function recordAdoption(store: Store, outcome: AdoptionOutcome, now = Date.now()): void {
  store.set(adoptionKey, { outcome, at: now });
}

/**
 * The first-run offer: asks once; on Ok imports the original's configuration like its file
 * (toast, reload). The answer is recorded before anything else so it is never asked again.
 */
export async function offerAdoption(
  deps: ImportDeps & { confirm(text: string): Promise<boolean>; getItem(key: string): string | null; now?: number },
): Promise<AdoptionOutcome | null> {
  const original = await adoptionCandidate(deps.store, deps.getItem, deps.now);
  if (!original) return null;
  const yes = await deps.confirm(ADOPT_QUESTION);
  if (!yes) {
    recordAdoption(deps.store, 'declined', deps.now);
    return 'declined';
  }
  const parsed = parseImportValue(original, deps);
  const outcome = parsed.ok ? 'adopted' : 'failed';
  recordAdoption(deps.store, outcome, deps.now);
  const result = finish(parsed, deps, ADOPT_ERROR);
  return result.ok ? 'adopted' : 'failed';
}
