import { parseJson, stringifyJson } from './builtins';
import type { StorageBackend } from './backend';
import { formatIssues, s, type Schema } from './schema';

/**
 * One typed adapter over the manager's storage. Each key is declared once with its schema, its
 * default and its migrations. Stored values carry their schema version: `{"v":2,"data":...}`.
 * A value that cannot be read, migrated or validated falls back to the default with a warning;
 * nothing here throws at a caller.
 */

/**
 * A credential inside a key's value: left out of exported files, and taken from an imported file
 * only when the user agrees (see config-io.ts).
 */
export interface SecretField {
  /** How the user knows it ('imgbb API key'). */
  readonly label: string;
  /**
   * Where it lives in the value (object property names). Several paths travel together (a token
   * with its refresh token and expiry); the field counts as present when any holds a non-empty string.
   */
  readonly paths: readonly (readonly string[])[];
}

/**
 * How far a key's value may grow, stated beside the key so that no stored value grows without
 * bound: `max` is the most entries it holds (array items or map keys; characters for a string),
 * null for a value of fixed shape; `describe` says how it stays within (the oldest pruned, or a
 * change past it refused by the schema).
 */
export interface KeyCap {
  readonly max: number | null;
  readonly describe: string;
}

/** A value whose shape does not grow (options, a timestamp, a token). */
export const fixedShape: KeyCap = { max: null, describe: 'fixed shape' };
/** A cache: past `max` entries, `which` are dropped when it is written. */
export const prunedAt = (max: number, which: string): KeyCap => ({ max, describe: `${max} entries, ${which} pruned` });
/** The user's own list: its schema refuses a value with more than `max` `what`. */
export const refusedPast = (max: number, what: string): KeyCap => ({ max, describe: `${max} ${what}, more refused` });

export interface KeyDef<T> {
  /** The storage key (kept compatible with the original VoidVerified's names where one exists). */
  readonly name: string;
  readonly version: number;
  readonly schema: Schema<T>;
  readonly defaultValue: () => T;
  /**
   * migrations[n] turns a version n-1 value into a version n value. Version 0 = stored without
   * envelope. From version 2 on, a step leaves a value already in its newer form as it is: our
   * exported file does not say a value's version, so an import migrates its values from version 1.
   */
  readonly migrations?: Readonly<Record<number, (old: unknown) => unknown>>;
  /** Config keys go into an export; caches and per-device state do not. */
  readonly exported: boolean;
  /**
   * What the original VoidVerified's exported file calls this key (its short name, 'verifiedUSers'),
   * where the original has it under the same storage name. The import of the original's file and
   * the adoption of its configuration build their table of its keys from these (config-io.ts); a key
   * we do not export is one the original left out of its file too.
   */
  readonly original?: string;
  /**
   * Whether a value read in an older form is written back in the current one at once (default
   * true). False keeps a value the original VoidVerified shares with us (its AniList token) in its
   * form until we change it, so the original, put back in the same manager slot, still reads it.
   */
  readonly writeBackMigrated?: boolean;
  /** Credentials in an exported key's value: never exported, asked about on import. */
  readonly secrets?: readonly SecretField[];
  readonly description: string;
  /** How far the value may grow (the bench lists keys without one). */
  readonly cap?: KeyCap;
  /**
   * A pruned key's rule for what it keeps past its cap (definePrunedList, definePrunedRecord). The
   * store applies it to every value it writes, so no writer prunes by hand.
   */
  // A method, so that a KeyDef<T> still passes where any KeyDef<unknown> is taken.
  prune?(value: T): T;
}

const keyRegistry = new Map<string, KeyDef<unknown>>();

export function defineKey<T>(def: {
  name: string;
  version?: number;
  schema: Schema<T>;
  defaultValue: () => T;
  migrations?: Record<number, (old: unknown) => unknown>;
  exported?: boolean;
  original?: string;
  writeBackMigrated?: boolean;
  secrets?: readonly SecretField[];
  description: string;
  cap?: KeyCap;
  prune?: (value: T) => T;
}): KeyDef<T> {
  const key: KeyDef<T> = { version: 1, exported: true, ...def };
  if (keyRegistry.has(key.name)) throw new Error(`Storage key ${key.name} is declared twice`);
  keyRegistry.set(key.name, key as KeyDef<unknown>);
  return key;
}

/**
 * A per-device cache or state (never exported) that keeps at most `max` entries, dropping `pruned`
 * first: the store prunes every value it writes (`KeyDef.prune`). Its schema reads up to `readMax`
 * entries (default `max`): more leaves room for a value the original VoidVerified (or an older
 * version of ours) wrote under another cap, instead of falling back to the default.
 */
type PrunedKeyDef = Pick<Parameters<typeof defineKey>[0], 'name' | 'original' | 'description' | 'version' | 'migrations'> & {
  max: number;
  pruned: string;
  readMax?: number;
};

/** A key the store prunes on every write (its `prune` is always there). */
type PrunedKey<T> = KeyDef<T> & { prune(value: T): T };

function prunedKey<T>(def: PrunedKeyDef, schema: Schema<T>, defaultValue: () => T, prune: (value: T) => T): PrunedKey<T> {
  const { max, pruned, readMax: _readMax, ...rest } = def;
  return defineKey({ ...rest, cap: prunedAt(max, pruned), schema, defaultValue, prune, exported: false }) as PrunedKey<T>;
}

/** A pruned list of `item`s: past `max`, the oldest go, at the start (`newest: 'last'`, the default) or at the end. */
export function definePrunedList<T>({
  item,
  newest = 'last',
  ...def
}: PrunedKeyDef & { item: Schema<T>; newest?: 'first' | 'last' }): PrunedKey<T[]> {
  const prune = (list: T[]) => (list.length <= def.max ? list : newest === 'last' ? list.slice(-def.max) : list.slice(0, def.max));
  return prunedKey(def, s.array(item, { max: def.readMax ?? def.max }), () => [] as T[], prune);
}

/**
 * A pruned record of `entry`s by key: past `max`, the oldest go, by `age` (a larger number is
 * newer: when it was fetched or used) or, without one, in the order the keys were added. The
 * entries kept stay in their order.
 */
export function definePrunedRecord<T>({
  entry,
  age,
  ...def
}: PrunedKeyDef & { entry: Schema<T>; age?: (entry: T) => number }): PrunedKey<Record<string, T>> {
  const prune = (record: Record<string, T>) => {
    const ids = Object.keys(record);
    if (ids.length <= def.max) return record;
    // A stable sort: entries of the same age keep the order they were added in.
    const oldestFirst = age ? [...ids].sort((a, b) => age(record[a]!) - age(record[b]!)) : ids;
    const kept = new Set(oldestFirst.slice(-def.max));
    return Object.fromEntries(ids.filter((id) => kept.has(id)).map((id) => [id, record[id]!]));
  };
  return prunedKey(def, s.record(entry, { maxKeys: def.readMax ?? def.max }), () => ({}) as Record<string, T>, prune);
}

/**
 * `value` as the store writes it: pruned to its key's cap, then checked against its schema. An
 * invalid one is a bug in our own code, not bad stored data: refused loudly rather than stored.
 */
function checkedForWrite<T>(key: KeyDef<T>, value: T): T {
  const result = key.schema.parse(key.prune ? key.prune(value) : value);
  if (!result.ok) throw new Error(`Refusing to store an invalid ${key.name}: ${formatIssues(result.issues)}`);
  return result.value;
}

export function declaredKeys(): KeyDef<unknown>[] {
  return [...keyRegistry.values()];
}

type Listener<T> = (value: T, remote: boolean) => void;

export type Warn = (message: string, detail?: unknown) => void;

export interface DecodeResult<T> {
  value: T;
  /** Why the stored value was not used, when it was not. */
  problem?: string;
  /** The value had to be migrated (so it should be written back in the new form). */
  migrated: boolean;
}

/** Reads a raw stored string into a valid value of the key, or its default. Pure. */
export function decodeStored<T>(key: KeyDef<T>, raw: string | undefined): DecodeResult<T> {
  if (raw === undefined || raw === null) return { value: key.defaultValue(), migrated: false };
  let parsed: unknown;
  try {
    parsed = parseJson(raw);
  } catch {
    return { value: key.defaultValue(), problem: 'not valid JSON', migrated: false };
  }
  let version = 0;
  let data: unknown = parsed;
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.keys(parsed).length === 2 &&
    typeof (parsed as { v?: unknown }).v === 'number' &&
    'data' in parsed
  ) {
    const envelope = parsed as unknown as { v: number; data: unknown };
    version = envelope.v;
    data = envelope.data;
  }
  if (version > key.version) {
    return { value: key.defaultValue(), problem: `stored by a newer version (v${version})`, migrated: false };
  }
  const migrated = version < key.version;
  try {
    for (let next = version + 1; next <= key.version; next++) {
      const step = key.migrations?.[next];
      if (step) data = step(data);
    }
  } catch (error) {
    return { value: key.defaultValue(), problem: `migration failed: ${String(error)}`, migrated: false };
  }
  const result = key.schema.parse(data);
  if (!result.ok) return { value: key.defaultValue(), problem: formatIssues(result.issues), migrated: false };
  return { value: result.value, migrated };
}

export function encodeStored<T>(key: KeyDef<T>, value: T): string {
  // Through JSON as it was at start-up: stored values include the token and image-host keys.
  return stringifyJson({ v: key.version, data: value });
}

/** A write of `Store.setAll` that the manager refused; the keys written before it were put back. */
export class WriteFailure extends Error {
  constructor(
    /** The key whose write was refused. */
    readonly key: string,
    readonly reason: unknown,
    /** Keys that could not be put back as they were (normally none). */
    readonly unrestored: readonly string[],
  ) {
    super(`${key} could not be saved (${reason instanceof Error ? reason.message : String(reason)})`);
    this.name = 'WriteFailure';
  }
}

export class Store {
  private readonly cache = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<Listener<unknown>>>();
  private readonly watching = new Set<string>();

  constructor(
    readonly backend: StorageBackend,
    private readonly warn: Warn = (m, d) => console.warn(`[VoidVerified] ${m}`, d ?? ''),
  ) {}

  /** Loads keys up front; needed for the asynchronous GM.* API, harmless for the others. */
  async preload(keys: KeyDef<unknown>[] = declaredKeys()): Promise<void> {
    await Promise.all(
      keys.map(async (key) => {
        if (this.cache.has(key.name)) return;
        let raw: string | undefined;
        try {
          raw = await this.backend.read(key.name);
        } catch (error) {
          this.warn(`could not read ${key.name}; using defaults`, error);
        }
        this.accept(key, raw);
      }),
    );
  }

  get<T>(key: KeyDef<T>): T {
    if (!this.cache.has(key.name)) {
      let raw: string | undefined;
      if (this.backend.readSync) {
        try {
          raw = this.backend.readSync(key.name);
        } catch (error) {
          this.warn(`could not read ${key.name}; using defaults`, error);
        }
      }
      this.accept(key, raw);
    }
    return this.cache.get(key.name) as T;
  }

  set<T>(key: KeyDef<T>, value: T): void {
    const checked = checkedForWrite(key, value);
    this.cache.set(key.name, checked);
    this.fireAndLog(`could not write ${key.name}`, () => this.backend.write(key.name, encodeStored(key, checked)));
    this.emit(key.name, checked, false);
  }

  /**
   * Stores several values as one change: resolves only once the manager has confirmed every write
   * (its promise resolved, and the value reads back as written). If any write is refused (a quota,
   * a manager error), the keys written so far, the refused one included, are put back as they were
   * (their stored text, or removed when they were absent) and it rejects with a WriteFailure.
   * Listeners and `get` see the new values only once all are stored. Values are checked first: an
   * invalid one throws before anything is written.
   */
  async setAll(entries: readonly (readonly [KeyDef<unknown>, unknown])[]): Promise<void> {
    const checked = entries.map(([key, value]) => {
      const stored = checkedForWrite(key, value);
      return { key, value: stored, raw: encodeStored(key, stored) };
    });
    const names = checked.map((c) => c.key.name);
    if (new Set(names).size !== names.length) throw new Error('setAll: a key is named twice');
    const before = new Map<string, string | undefined>();
    for (const { key } of checked) before.set(key.name, await this.backend.read(key.name));
    const touched: string[] = [];
    try {
      for (const { key, raw } of checked) {
        touched.push(key.name);
        await this.backend.write(key.name, raw);
        if ((await this.backend.read(key.name)) !== raw) throw new Error('the stored value reads back differently');
      }
    } catch (error) {
      const failed = touched[touched.length - 1]!;
      const unrestored: string[] = [];
      for (const name of touched.reverse()) {
        const raw = before.get(name);
        try {
          // A refused write normally left the old value in place: nothing to put back then.
          if ((await this.backend.read(name).catch(() => null)) === raw) continue;
          await (raw === undefined ? this.backend.remove(name) : this.backend.write(name, raw));
        } catch (restoreError) {
          unrestored.push(name);
          this.cache.delete(name); // read again from what the manager holds
          this.warn(`could not put back ${name}`, restoreError);
        }
      }
      throw new WriteFailure(failed, error, unrestored.reverse());
    }
    for (const { key, value } of checked) {
      this.cache.set(key.name, value);
      this.emit(key.name, value, false);
    }
  }

  /** Writes `change` of the current value; returns the value as stored (pruned, for a pruned key). */
  update<T>(key: KeyDef<T>, change: (current: T) => T): T {
    this.set(key, change(this.get(key)));
    return this.get(key);
  }

  reset<T>(key: KeyDef<T>): void {
    this.cache.delete(key.name);
    this.fireAndLog(`could not remove ${key.name}`, () => this.backend.remove(key.name));
    this.emit(key.name, this.get(key), false);
  }

  subscribe<T>(key: KeyDef<T>, listener: Listener<T>): () => void {
    this.get(key);
    const set = this.listeners.get(key.name) ?? new Set();
    set.add(listener as Listener<unknown>);
    this.listeners.set(key.name, set);
    this.watchRemote(key);
    return () => set.delete(listener as Listener<unknown>);
  }

  /**
   * Follows another tab's writes of `key`, once per key for the store's life. Its own method: a
   * watcher made inside subscribe() would share that call's closure scope, and so keep its first
   * listener (and all the listener holds) alive after the subscriber let go.
   */
  private watchRemote<T>(key: KeyDef<T>): void {
    if (this.watching.has(key.name)) return;
    this.watching.add(key.name);
    this.backend.watch(key.name, (_name, raw, remote) => {
      if (!remote) return;
      const { value, problem } = decodeStored(key, raw);
      if (problem) this.warn(`another tab stored an unreadable ${key.name} (${problem}); using defaults`);
      this.cache.set(key.name, value);
      this.emit(key.name, value, true);
    });
  }

  private accept<T>(key: KeyDef<T>, raw: string | undefined): void {
    const { value, problem, migrated } = decodeStored(key, raw);
    if (problem) this.warn(`stored ${key.name} is unusable (${problem}); falling back to defaults`);
    this.cache.set(key.name, value);
    if (migrated && key.writeBackMigrated !== false) {
      this.fireAndLog(`could not write migrated ${key.name}`, () => this.backend.write(key.name, encodeStored(key, value)));
    }
  }

  /** Runs a write or removal without waiting for it; a refusal (thrown or rejected) is logged. */
  private fireAndLog(what: string, op: () => void | Promise<void>): void {
    try {
      const pending = op();
      if (pending) pending.catch((error: unknown) => this.warn(what, error));
    } catch (error) {
      this.warn(what, error);
    }
  }

  private emit(name: string, value: unknown, remote: boolean): void {
    this.listeners.get(name)?.forEach((listener) => {
      try {
        listener(value, remote);
      } catch (error) {
        console.error(`[VoidVerified] a listener of ${name} failed`, error);
      }
    });
  }
}
