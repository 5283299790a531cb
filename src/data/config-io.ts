import { collapsedKey } from './collapse';
import { hotkeysKey, ORIGINAL_SETTINGS_VERSION, settingsKey } from './config';
import { IMAGE_WIDTH_VALUE } from './image-markup';
import { formatIssues, s, type Issue } from './schema';
import { declaredKeys, defineKey, WriteFailure, type KeyDef, type SecretField, type Store, fixedShape } from './storage';

/**
 * Configuration import and export. Pure: no DOM.
 *
 * Our file: `{"format":"voidverified-palette-config","version":1,"exportedAt":ISO,"configs":{key: data}}`
 * with every exported storage key at its current schema version. The original VoidVerified's file
 * (its short names → raw stored values) is read too. Import is all or nothing: everything is
 * checked first (size, JSON, prototype keys anywhere, each value against its key's schema and, for
 * settings, each option's rules) and only then written, as one change: success is said only once
 * the manager confirmed every write, and a refused write puts back what was written.
 *
 * Nothing is written before the user accepts the import summary (summarizeImport): what the file
 * replaces, each hotkey it would change (a key without ctrl, alt or meta is refused; a command that
 * changes the AniList account or spends a credential is taken only when ticked), its layouts, its
 * global CSS, its credentials and what it leaves out. Adopting the original's configuration from
 * page localStorage asks the same, in its question.
 *
 * Credentials (the keys' `secrets`: image-host keys and tokens; the AniList token's key is not
 * exported at all) are left out of an export. A file (or the page's localStorage, which any page
 * script can write) that carries some gives them only when the user ticks them in the summary;
 * otherwise, and for every credential the file does not carry, the ones stored here are kept.
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
/** The result's problem when the user cancels the summary. */
export const IMPORT_CANCELLED = 'Cancelled: nothing was changed.';
export const ADOPT_QUESTION = 'Found a configuration from the original VoidVerified on this browser. Adopt it?';
export const ADOPT_ERROR = 'The configuration of the original VoidVerified could not be adopted.';
/** Said with the question when no usable AniList token is stored here (a separate install cannot reach the original's). */
export const ADOPT_AUTHORIZE_AGAIN =
  'AniList access must be authorized again: the original’s sign-in cannot be carried over to this install.';
/** Long enough to read the toast before the page reloads. */
export const RELOAD_DELAY_MS = 1500;

/** Whether the first-run offer to adopt the original's configuration was settled (per device). */
export const adoptionKey = defineKey({
  name: 'void-verified-palette-adoption',
  cap: fixedShape,
  description: 'Whether adopting the original VoidVerified configuration was offered.',
  schema: s.nullable(s.object({ outcome: s.enum(['adopted', 'declined', 'failed', 'configured']), at: s.number() })),
  defaultValue: () => null as { outcome: 'adopted' | 'declined' | 'failed' | 'configured'; at: number } | null,
  exported: false,
});
export type AdoptionOutcome = NonNullable<ReturnType<(typeof adoptionKey)['defaultValue']>>['outcome'];

/** One of the original's keys: its short name (in its exported file), its storage name, whether its file holds it. */
interface OriginalKey {
  readonly original: string;
  readonly name: string;
  readonly exported: boolean;
}
/**
 * The original's keys that no key of ours stores (voidverified-config.md): named so that an
 * import says what it leaves out. The others are the declared keys with an `original` name.
 */
const ORIGINAL_ONLY: readonly OriginalKey[] = [
  { original: 'mediaOverviewCache', name: 'void-verified-media-overview-cache', exported: false },
];
/**
 * Per-device state the original kept in page localStorage beside its keys, under a name its key
 * table does not list: the replies collapsed by hand (`[{id, isCollapsed}]`), kept here in the
 * collapsed containers.
 */
const ORIGINAL_REPLIES: OriginalKey = { original: 'collapsedReplies', name: 'void-verified-collapsed-comments', exported: false };

/**
 * The original's keys by short name: each declared key (and each of `keys`, the keys an import maps
 * to) that names its `original`, then the ones no key of ours stores.
 */
function originalKeys(keys: readonly KeyDef<unknown>[] = []): ReadonlyMap<string, OriginalKey> {
  const table = new Map<string, OriginalKey>();
  for (const { original, name, exported } of [...declaredKeys(), ...keys])
    if (original !== undefined) table.set(original, { original, name, exported });
  for (const key of ORIGINAL_ONLY) table.set(key.original, key);
  return table;
}

/** The per-device state adopted from this browser's localStorage (the original's file leaves it out). */
const SAME_DEVICE_STATE = new Set(['readNotifications', 'collapsedContainers', 'collapsedReplies']);
/**
 * Collapse records are taken from a file too, when it has them (they replace this device's, as an
 * import replaces the configuration): a container folded there folds here. Read notifications
 * stay per device.
 */
const COLLAPSE_RECORDS = new Set(['collapsedContainers', 'collapsedReplies']);
/** The keys the summary shows apart, by the original's short names. */
const LAYOUTS = 'layouts';
const GLOBAL_CSS = 'globalCSS';
/** The palette command, whose hotkey the original kept as QuickStart's `openQuickStartKeybind`. */
export const PALETTE_COMMAND_ID = 'quickstart.open';
const PALETTE_DEFAULT_HOTKEY = 'ctrl+space';
/** Original option names that we call differently: the spec's (1.21) width, which 2.0.3 renamed (document 3, C10). */
const ORIGINAL_OPTION_NAMES: Readonly<Record<string, string>> = { pasteImageWidth: IMAGE_WIDTH_VALUE };
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/**
 * Our file says each key's version in `versions` (since settings version 2, whose step must not run
 * again over a value of its own form). A file written before holds every key without a version at
 * 1 or at its version then, so such values are migrated from version 1, and a key's migrations
 * from version 2 on leave a value already in the newer form as it is (KeyDef.migrations): a file
 * naming the hotkeys' old command ids is read with the new ones.
 */
const FILE_VALUE_VERSION = 1;

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  configs: Record<string, unknown>;
  /** Each key's schema version (a file without it holds its values at version 1). */
  versions?: Record<string, number>;
}

/** Why a settings option value is not acceptable ('expected boolean'), or null; unknown options pass. */
export type OptionCheck = (option: string, value: boolean | string | number) => string | null;

export interface ImportOptions {
  /** Per-option rules for the settings key (the registry's, in the app). */
  optionProblem?: OptionCheck;
  /** The keys to map to; default: every declared key. */
  keys?: readonly KeyDef<unknown>[];
  /**
   * The original's configuration comes from this browser's localStorage (adoption), not a file:
   * its per-device state (read notifications, collapsed containers and replies) is taken too.
   */
  sameDevice?: boolean;
}

type Overrides = Readonly<Record<string, string | null>>;

/** A command whose hotkey an import would change (reviewImportedHotkeys in src/commands/hotkeys.ts). */
export interface HotkeyChange {
  readonly commandId: string;
  /** The command's title, or its id when this version has no such command. */
  readonly title: string;
  /** What it answers to now and what the file gives it (our notation; null: no hotkey). */
  readonly from: string | null;
  readonly to: string | null;
  /** take: imported; ask: imported only when the user ticks it; refuse: never imported. */
  readonly verdict: 'take' | 'ask' | 'refuse';
  readonly why: string | null;
}

/** The hotkey changes from the user's overrides to the file's, judged by the registry's commands. */
export type HotkeyReview = (current: Overrides, next: Overrides) => HotkeyChange[];

/** What an import would change, shown to the user before anything is written. */
export interface ImportSummary {
  /** The other configuration it replaces, as its keys describe themselves ('Settings options.'). */
  readonly replaces: string[];
  readonly hotkeys: HotkeyChange[];
  /** The names of the file's layouts, when they would replace the ones here. */
  readonly layouts: string[] | null;
  /** The file's global CSS, when it would replace the one here ('' clears it). */
  readonly globalCss: string | null;
  /** The credentials the file carries (taken only when ticked). */
  readonly credentials: string[];
  /** What the file holds that is left out. */
  readonly skipped: Skipped[];
}

/** What the user accepted in the summary. */
export interface ImportDecision {
  readonly takeSecrets: boolean;
  /** The asked hotkeys (command ids) the user ticked. */
  readonly takeHotkeys: readonly string[];
}

/** Accepting without ticking anything: no credentials, no asked hotkey. */
export const ACCEPT_AS_LISTED: ImportDecision = { takeSecrets: false, takeHotkeys: [] };

export type SkipReason = 'unsupported' | 'per-device' | 'unknown' | 'credentials' | 'server';
export interface Skipped {
  /** The original's short name (for 'credentials', the credential's label). */
  name: string;
  reason: SkipReason;
}
/** A value to store; with `merge`, a record's entries are laid over the stored record instead of replacing it. */
export type Write = [key: KeyDef<unknown>, value: unknown, merge?: 'merge'];
export type ImportResult =
  { ok: true; source: 'palette' | 'original'; writes: Write[]; skipped: Skipped[] } | { ok: false; problem: string };

const fail = (problem: string): ImportResult => ({ ok: false, problem });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const typeName = (v: unknown) => (v === undefined ? 'nothing' : v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function exportableKeys(keys: readonly KeyDef<unknown>[] = declaredKeys()): KeyDef<unknown>[] {
  return keys.filter((k) => k.exported);
}

// --- Credentials inside exported keys ---------------------------------------------------------

const getPath = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, p) => (isObject(v) && has(v, p) ? v[p] : undefined), value);

/** `value` with `leaf` at `path` (objects on the way copied, never changed); unchanged when the path does not lead through objects. */
function setPath(value: unknown, path: readonly string[], leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (!isObject(value)) return value;
  return { ...value, [head]: setPath(value[head], rest, leaf) };
}

const carries = (field: SecretField, value: unknown): boolean =>
  field.paths.some((path) => {
    const v = getPath(value, path);
    return typeof v === 'string' && v.trim() !== '';
  });

/** `value` with each of the fields' paths as in `source`. */
const copyFields = (fields: readonly SecretField[], value: unknown, source: unknown): unknown =>
  fields.reduce((v, field) => field.paths.reduce((w, path) => setPath(w, path, getPath(source, path)), v), value);

/** The labels of the credentials a value of `key` carries ('imgbb API key'). */
export function secretsIn(key: KeyDef<unknown>, value: unknown): string[] {
  return (key.secrets ?? []).filter((field) => carries(field, value)).map((field) => field.label);
}

/** A value of `key` with its credentials at their defaults (as an export holds it). */
export function withoutSecrets(key: KeyDef<unknown>, value: unknown): unknown {
  return key.secrets ? copyFields(key.secrets, value, key.defaultValue()) : value;
}

/**
 * The value an import stores: the file's, with its credentials only when `take` and the file
 * carries them; every other credential is the one stored here (`stored`).
 */
export function keepSecrets(key: KeyDef<unknown>, incoming: unknown, stored: unknown, take: boolean): unknown {
  const kept = (key.secrets ?? []).filter((field) => !(take && carries(field, incoming)));
  return copyFields(kept, incoming, stored);
}

/** Every exported key's current (validated) value, credentials left out. */
export function buildExport(store: Store, now: Date = new Date(), keys?: readonly KeyDef<unknown>[]): ExportFile {
  const configs: Record<string, unknown> = {};
  const versions: Record<string, number> = {};
  for (const key of exportableKeys(keys)) {
    configs[key.name] = withoutSecrets(key, store.get(key));
    versions[key.name] = key.version;
  }
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), configs, versions };
}

/** The export file's text; `keys`: only these (the ones ticked in the Export section, C30). */
export const exportText = (store: Store, now?: Date, keys?: readonly KeyDef<unknown>[]): string =>
  JSON.stringify(buildExport(store, now, keys), null, 2);

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
  if (file.version !== EXPORT_VERSION)
    return fail(`Unsupported version ${JSON.stringify(file.version)} (this version reads ${EXPORT_VERSION}).`);
  const extra = Object.keys(file).filter((k) => !['format', 'version', 'exportedAt', 'configs', 'versions'].includes(k));
  if (extra.length) return fail(`Unexpected field ${extra.map((k) => JSON.stringify(k)).join(', ')}.`);
  if (typeof file.exportedAt !== 'string' || file.exportedAt.length > 64)
    return fail(`exportedAt: expected a date string, got ${typeName(file.exportedAt)}`);
  if (!isObject(file.configs)) return fail(`configs: expected object, got ${typeName(file.configs)}`);
  const versions = file.versions ?? {};
  if (!isObject(versions)) return fail(`versions: expected object, got ${typeName(versions)}`);
  const keys = new Map((opts.keys ?? declaredKeys()).map((k) => [k.name, k]));
  const writes: Write[] = [];
  for (const [name, data] of Object.entries(file.configs)) {
    const key = keys.get(name);
    if (!key) return fail(`${name}: not a VoidVerified configuration key`);
    if (!key.exported) return fail(`${name}: not part of a configuration file`);
    const version = has(versions, name) ? versions[name] : FILE_VALUE_VERSION;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
      return fail(`versions.${name}: expected a whole number from 1, got ${JSON.stringify(version)}`);
    if (version > key.version) return fail(`${name}: written by a newer version (v${version}; this version reads up to v${key.version})`);
    const checked = validate(key, data, version, name, false, opts);
    if (typeof checked === 'string') return fail(checked);
    writes.push([key, checked.value]);
  }
  return { ok: true, source: 'palette', writes, skipped: [] };
}

function parseOriginal(file: Record<string, unknown>, opts: ImportOptions): ImportResult {
  const names = Object.keys(file);
  const table = originalKeys(opts.keys);
  if (!names.some((n) => table.has(n))) return fail('It is not a VoidVerified configuration (none of its keys is known).');
  const keys = new Map((opts.keys ?? declaredKeys()).map((k) => [k.name, k]));
  const writes: Write[] = [];
  const skipped: Skipped[] = [];
  const collapsed: Record<string, boolean>[] = [];
  for (const name of names) {
    const theirs = table.get(name) ?? (name === ORIGINAL_REPLIES.original ? ORIGINAL_REPLIES : undefined);
    const takenHere = (opts.sameDevice === true && SAME_DEVICE_STATE.has(name)) || COLLAPSE_RECORDS.has(name);
    const key = theirs === undefined ? undefined : keys.get(theirs === ORIGINAL_REPLIES ? collapsedKey.name : theirs.name);
    if (theirs === undefined) skipped.push({ name, reason: 'unknown' });
    else if (!takenHere && (!theirs.exported || (key && !key.exported))) skipped.push({ name, reason: 'per-device' });
    else if (!key) skipped.push({ name, reason: 'unsupported' });
    else if (name === 'collapsedContainers' || name === 'collapsedReplies') {
      const record = name === 'collapsedContainers' ? originalCollapsedContainers(file[name]) : originalCollapsedReplies(file[name]);
      if (typeof record === 'string') return fail(record);
      collapsed.push(record);
    } else {
      const checked = validate(key, file[name], 0, name, true, opts);
      if (typeof checked === 'string') return fail(checked);
      writes.push([key, checked.value]);
      if (name === 'quickStartConfig') {
        const hotkey = paletteHotkeyWrite(file[name], keys);
        if (hotkey === 'unreadable') skipped.push({ name: 'quickStartConfig.openQuickStartKeybind', reason: 'unsupported' });
        else if (hotkey) writes.push(hotkey);
      }
    }
  }
  if (collapsed.length) {
    const key = keys.get(collapsedKey.name)!;
    const checked = validate(
      key,
      // The newest that fit the cap (the original's lists are oldest first).
      collapsedKey.prune(Object.assign({}, ...collapsed) as Record<string, boolean>),
      key.version,
      'collapsedContainers',
      true,
      opts,
    );
    if (typeof checked === 'string') return fail(checked);
    writes.push([key, checked.value]);
  }
  skipped.push(...serverOptions(file.settings));
  return { ok: true, source: 'original', writes, skipped };
}

/** 2.0.3's options whose features run on its own server (VoidAPI): kept in the settings as they are, nothing here reads them. */
const SERVER_OPTIONS = ['syncGifsToVoidApi', 'syncReadNotifications', 'pollsEnabled'];

/** Those the original's settings switch on, to be said (they are written with the rest of the settings, untouched). */
function serverOptions(settings: unknown): Skipped[] {
  if (!isObject(settings)) return [];
  const on = (value: unknown) => (isObject(value) ? value.value : value) === true;
  return SERVER_OPTIONS.filter((option) => on(settings[option])).map((option) => ({ name: `settings.${option}`, reason: 'server' }));
}

/**
 * The original's QuickStart keybind as the palette command's hotkey in our hotkeys store: nothing
 * when it is the default (or absent), 'unreadable' when it cannot be bound here.
 */
function paletteHotkeyWrite(config: unknown, keys: ReadonlyMap<string, KeyDef<unknown>>): Write | 'unreadable' | null {
  const raw = isObject(config) ? config.openQuickStartKeybind : undefined;
  if (raw === undefined || raw === null) return null;
  const hotkey = typeof raw === 'string' ? originalKeybind(raw) : null;
  if (hotkey === null) return 'unreadable';
  const key = keys.get(hotkeysKey.name);
  if (hotkey === PALETTE_DEFAULT_HOTKEY || !key) return null;
  return [key, { [PALETTE_COMMAND_ID]: hotkey }, 'merge'];
}

/** hotkeys-js names (the original's key binding library) → our modifier names. */
const ORIGINAL_MODIFIERS: Readonly<Record<string, string>> = {
  '⇧': 'shift',
  shift: 'shift',
  '⌥': 'alt',
  alt: 'alt',
  option: 'alt',
  '⌃': 'ctrl',
  ctrl: 'ctrl',
  control: 'ctrl',
  '⌘': 'meta',
  cmd: 'meta',
  command: 'meta',
};
/** hotkeys-js key names → ours (src/commands/hotkeys.ts); letters, digits, f1–f12 and punctuation are the same. */
const ORIGINAL_KEY_NAMES: Readonly<Record<string, string>> = {
  '⌫': 'backspace',
  backspace: 'backspace',
  tab: 'tab',
  '↩': 'enter',
  enter: 'enter',
  return: 'enter',
  esc: 'escape',
  escape: 'escape',
  space: 'space',
  left: 'arrowleft',
  up: 'arrowup',
  right: 'arrowright',
  down: 'arrowdown',
  del: 'delete',
  delete: 'delete',
  ins: 'insert',
  insert: 'insert',
  home: 'home',
  end: 'end',
  pageup: 'pageup',
  pagedown: 'pagedown',
};
const MODIFIER_ORDER = ['ctrl', 'alt', 'shift', 'meta'];

/**
 * A keybind as the original stored it (hotkeys-js: 'ctrl+space', '⌃+K' as its key capture writes
 * it, 'ctrl+k, command+k' for several) in our notation ('ctrl+k'), or null when it cannot be bound
 * here. hotkeys-js ignores letter case (shift must be named), so letters are lower-cased; of
 * several shortcuts the first we can bind is taken.
 */
export function originalKeybind(raw: string): string | null {
  const text = raw.replace(/\s/g, '');
  for (const combo of text.split(',')) {
    const parts = combo.split('+');
    if (parts.some((p) => p === '')) continue;
    const mods = new Set<string>();
    let key: string | null = null;
    let ok = true;
    for (const part of parts) {
      const lower = part.toLowerCase();
      const mod = has(ORIGINAL_MODIFIERS, lower)
        ? ORIGINAL_MODIFIERS[lower]!
        : has(ORIGINAL_MODIFIERS, part)
          ? ORIGINAL_MODIFIERS[part]!
          : undefined;
      if (mod) mods.add(mod);
      else if (key === null)
        key = has(ORIGINAL_KEY_NAMES, lower)
          ? ORIGINAL_KEY_NAMES[lower]!
          : /^([a-z0-9]|f([1-9]|1[0-2])|[/.,;'[\]\\`=-])$/.test(lower)
            ? lower
            : null;
      else ok = false;
      if (key === null && !mod) ok = false;
    }
    if (ok && key !== null) return [...MODIFIER_ORDER.filter((m) => mods.has(m)), key].join('+');
  }
  return null;
}

/** The original's `[{collapseId, collapsed}]` as our record (only collapsed ones: expanded is every container's default). */
function originalCollapsedContainers(value: unknown): Record<string, boolean> | string {
  if (!Array.isArray(value)) return `collapsedContainers: expected a list, got ${typeName(value)}`;
  const out: Record<string, boolean> = {};
  for (const item of value) {
    if (!isObject(item) || typeof item.collapseId !== 'string' || typeof item.collapsed !== 'boolean') continue;
    delete out[item.collapseId];
    if (item.collapsed) out[item.collapseId] = true;
  }
  return out;
}

/** The original's `[{id, isCollapsed}]` (replies collapsed or expanded by hand) as our `reply-<id>` entries; both states are kept, as they override automatic collapsing. */
function originalCollapsedReplies(value: unknown): Record<string, boolean> | string {
  if (!Array.isArray(value)) return `collapsedReplies: expected a list, got ${typeName(value)}`;
  const out: Record<string, boolean> = {};
  for (const item of value) {
    if (!isObject(item) || typeof item.id !== 'number' || !Number.isInteger(item.id) || typeof item.isCollapsed !== 'boolean') continue;
    delete out[`reply-${item.id}`];
    out[`reply-${item.id}`] = item.isCollapsed;
  }
  return out;
}

/** Migrates `data` from `version` and validates it; a problem is returned as a message. */
function validate(
  key: KeyDef<unknown>,
  data: unknown,
  version: number,
  label: string,
  original: boolean,
  opts: ImportOptions,
): { value: unknown } | string {
  let current = data;
  const originalSettings = original && key.name === settingsKey.name;
  try {
    for (let next = version + 1; next <= key.version; next++) {
      const step = key.migrations?.[next];
      if (step) current = step(current);
      // The original's settings, unwrapped, take our names: the steps up to the version whose names are 2.0.3's are ours alone.
      if (originalSettings && next === 1) {
        if (isObject(current)) current = renameOriginalOptions(current);
        next = Math.max(next, ORIGINAL_SETTINGS_VERSION);
      }
    }
  } catch (error) {
    return `${label}: could not be converted (${error instanceof Error ? error.message : String(error)})`;
  }
  const result = key.schema.parse(current, label);
  if (!result.ok) return formatIssues(result.issues);
  if (key.name === settingsKey.name && opts.optionProblem && isObject(result.value)) {
    const issues: Issue[] = [];
    for (const [option, value] of Object.entries(result.value)) {
      const problem = opts.optionProblem(option, value as boolean | string | number);
      if (problem) issues.push({ path: `${label}.${option}`, message: problem });
    }
    if (issues.length) return formatIssues(issues);
  }
  return { value: result.value };
}

/**
 * The original's option names to ours; its width was typed into a text field, and 2.0.3's taskbar
 * slider stores it as a string, so "420" becomes 420. 2.0.3's width wins over the spec's.
 */
function renameOriginalOptions(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [option, value] of Object.entries(settings)) {
    const ours = has(ORIGINAL_OPTION_NAMES, option) ? ORIGINAL_OPTION_NAMES[option]! : option;
    if (ours !== option && has(settings, ours)) continue;
    out[ours] = ours === IMAGE_WIDTH_VALUE && typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  }
  return out;
}

/** The value each written key would hold: a merge write laid over the value stored (or written just before). */
function mergedValues(store: Store, writes: readonly Write[]): Map<KeyDef<unknown>, unknown> {
  const values = new Map<KeyDef<unknown>, unknown>();
  for (const [key, value, merge] of writes) {
    const current = values.has(key) ? values.get(key) : store.get(key);
    values.set(key, merge && isObject(current) && isObject(value) ? { ...current, ...value } : value);
  }
  return values;
}

/**
 * Writes checked values as one change (Store.setAll): resolves once the manager confirmed every
 * write; if one is refused, what was written is put back and it rejects (a WriteFailure). A merge
 * write lays its entries over the value stored (or written just before). Credentials come from the
 * file only with `takeSecrets` (see keepSecrets); otherwise the stored ones stay.
 */
export async function applyImport(store: Store, writes: readonly Write[], opts: { takeSecrets?: boolean } = {}): Promise<void> {
  await store.setAll(
    [...mergedValues(store, writes)].map(
      ([key, value]) => [key, key.secrets ? keepSecrets(key, value, store.get(key), opts.takeSecrets === true) : value] as const,
    ),
  );
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const asOverrides = (value: unknown): Overrides => (isObject(value) ? (value as Overrides) : {});

/** The names of a layouts value's layouts (the key's schema checked their shape). */
function layoutNames(value: unknown): string[] {
  const list = isObject(value) && Array.isArray(value.layoutsList) ? (value.layoutsList as unknown[]) : [];
  return list.map((layout) => (isObject(layout) && typeof layout.name === 'string' ? layout.name : ''));
}

/**
 * What a checked import would change here, for the summary the user accepts first: the keys whose
 * value would differ, each hotkey change (judged by `reviewHotkeys`), the layouts, the global CSS,
 * the credentials the file carries and what it leaves out.
 */
export function summarizeImport(store: Store, result: ImportResult & { ok: true }, reviewHotkeys: HotkeyReview): ImportSummary {
  const changed = [...mergedValues(store, result.writes)].filter(
    ([key, value]) => !sameValue(withoutSecrets(key, value), withoutSecrets(key, store.get(key))),
  );
  const hotkeys = changed.find(([key]) => key.name === hotkeysKey.name);
  const layouts = changed.find(([key]) => key.original === LAYOUTS);
  const css = changed.find(([key]) => key.original === GLOBAL_CSS);
  return {
    replaces: changed.filter((entry) => ![hotkeys, layouts, css].includes(entry)).map(([key]) => key.description),
    hotkeys: hotkeys ? reviewHotkeys(asOverrides(store.get(hotkeys[0])), asOverrides(hotkeys[1])) : [],
    layouts: layouts ? layoutNames(layouts[1]) : null,
    globalCss: css && typeof css[1] === 'string' ? css[1] : null,
    credentials: [...new Set(result.writes.flatMap(([key, value]) => secretsIn(key, value)))],
    skipped: result.skipped,
  };
}

/**
 * The writes the user accepted: a hotkey refused, or asked about and not ticked, stays as it is
 * here (the user's override, or none); everything else as the file has it.
 */
export function acceptedWrites(store: Store, writes: readonly Write[], summary: ImportSummary, decision: ImportDecision): Write[] {
  return [...mergedValues(store, writes)].map(([key, value]): Write => {
    if (key.name !== hotkeysKey.name) return [key, value];
    const current = asOverrides(store.get(key));
    const next: Record<string, string | null> = { ...asOverrides(value) };
    for (const change of summary.hotkeys) {
      const taken = change.verdict === 'take' || (change.verdict === 'ask' && decision.takeHotkeys.includes(change.commandId));
      if (taken) continue;
      if (has(current, change.commandId)) next[change.commandId] = current[change.commandId]!;
      else delete next[change.commandId];
    }
    return [key, next];
  });
}

const SKIP_WHY: Record<SkipReason, string> = {
  unsupported: 'not supported yet',
  'per-device': 'kept per device',
  unknown: 'unknown',
  credentials: 'credentials not taken; the ones stored here are kept',
  server: 'need the original VoidVerified’s server, not available here; kept as they are',
};

/** What was left out, grouped by why: 'drafts (not supported yet); imgbb API key (credentials not taken; …)'; '' for nothing. */
export function skippedText(skipped: readonly Skipped[]): string {
  return (Object.keys(SKIP_WHY) as SkipReason[])
    .map((reason) => ({ reason, names: skipped.filter((x) => x.reason === reason).map((x) => x.name) }))
    .filter((g) => g.names.length > 0)
    .map((g) => `${g.names.join(', ')} (${SKIP_WHY[g.reason]})`)
    .join('; ');
}

/** 'Config successfully imported.' plus, for the original's file, what was left out. */
export function successMessage(skipped: readonly Skipped[]): string {
  const text = skippedText(skipped);
  return text ? `${IMPORT_SUCCESS} Skipped: ${text}.` : IMPORT_SUCCESS;
}

/** Why writing an import failed, for its toast. */
export function writeFailureMessage(error: unknown): string {
  const what = error instanceof Error ? error.message : String(error);
  const unrestored = error instanceof WriteFailure ? error.unrestored : [];
  return `The import failed: ${what}. ${unrestored.length ? `Could not put back ${unrestored.join(', ')}.` : 'Nothing was changed.'}`;
}

/**
 * The original's configuration as its export would hold it, read from page localStorage (where
 * the original kept it): short name → parsed value (raw text when not JSON; the CSS always raw).
 * With `sameDevice`, its per-device state too (read notifications, collapsed containers and
 * replies); caches never. Null when none of its exported keys is there. Reads only.
 */
export function originalFromLocalStorage(
  getItem: (key: string) => string | null,
  opts: { sameDevice?: boolean } = {},
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  const table = originalKeys();
  for (const { original: name, name: storageKey, exported } of table.values()) {
    if (!exported) continue;
    const raw = getItem(storageKey);
    if (raw === null) continue;
    if (name === GLOBAL_CSS) {
      out[name] = raw;
      continue;
    }
    try {
      out[name] = JSON.parse(raw);
    } catch {
      out[name] = raw;
    }
  }
  if (!Object.keys(out).length) return null;
  if (opts.sameDevice) {
    for (const { original: name, name: storageKey } of [...table.values(), ORIGINAL_REPLIES]) {
      if (!SAME_DEVICE_STATE.has(name)) continue;
      const raw = getItem(storageKey);
      if (raw === null) continue;
      try {
        out[name] = JSON.parse(raw);
      } catch {
        // Unreadable per-device state is left behind rather than failing the whole adoption.
      }
    }
  }
  return out;
}

/**
 * What the first-run offer should propose: the original's configuration, when the offer was never
 * settled, no configuration of ours is stored yet and the page holds the original's keys. A user
 * who already has a configuration of ours is settled for good ('configured').
 */
export async function adoptionCandidate(
  store: Store,
  getItem: (key: string) => string | null,
  now = Date.now(),
): Promise<Record<string, unknown> | null> {
  if (store.get(adoptionKey) !== null) return null;
  const original = originalFromLocalStorage(getItem, { sameDevice: true });
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

export interface AdoptionQuestion {
  text: typeof ADOPT_QUESTION;
  /** No usable AniList token is stored here: say (ADOPT_AUTHORIZE_AGAIN) that it must be authorized again, with the button. */
  authorizeAgain: boolean;
  /** What adopting would change, as an import's summary: its credentials are taken only when ticked. */
  summary: ImportSummary;
}

/*
 * The first-run offer is asked at most once per page load, and the changelog waits for it: one
 * dialog at a time, and the question first, since its answer decides what the changelog should
 * say. The feature that asks it runs it through `settleAdoption`; others wait with `adoptionSettled`.
 */
let adoptionRun: Promise<AdoptionOutcome | null> | null = null;
let adoptionWait: Promise<AdoptionOutcome | null> | null = null;
let adoptionDone: (outcome: AdoptionOutcome | null) => void = () => {};

/** Nothing to ask: the offer was settled before, or this page has no localStorage to read the original's keys from. */
const nothingToAdopt = (store: Store) => store.get(adoptionKey) !== null || typeof localStorage === 'undefined';

/** Runs the offer (once per page load) unless there is nothing to ask; resolves with its outcome. */
export function settleAdoption(store: Store, offer: () => Promise<AdoptionOutcome | null>): Promise<AdoptionOutcome | null> {
  if (adoptionRun) return adoptionRun;
  if (nothingToAdopt(store)) return Promise.resolve(null);
  adoptionRun = offer().catch((error: unknown) => {
    console.error('[VoidVerified] the adoption check failed', error);
    return null;
  });
  void adoptionRun.then(adoptionDone);
  return adoptionRun;
}

/** Resolves when the offer is settled: at once (null) when there is nothing to ask. */
export function adoptionSettled(store: Store): Promise<AdoptionOutcome | null> {
  if (adoptionRun) return adoptionRun;
  if (nothingToAdopt(store)) return Promise.resolve(null);
  adoptionWait ??= new Promise((resolve) => (adoptionDone = resolve));
  return adoptionWait;
}

/** What exporting and choosing a file to import say. */
export const FILE_TEXTS = {
  exported: `Configuration exported to ${EXPORT_FILE_NAME}.`,
  notJson: `${IMPORT_ERROR} Only .json files can be imported.`,
  tooLarge: `${IMPORT_ERROR} The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  unreadable: (why: string) => `${IMPORT_ERROR} ${why}`,
};
