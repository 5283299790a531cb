/**
 * The userscript manager's storage, whichever API it offers: Tampermonkey and Violentmonkey give
 * the synchronous GM_* functions, Greasemonkey 4 only the GM.* promises; outside a manager (unit
 * tests, a plain page) we fall back to localStorage. Values are always stored as JSON strings so
 * the three behave the same.
 */

type ChangeListener = (key: string, newValue: string | undefined, remote: boolean) => void;

export interface StorageBackend {
  readonly kind: 'gm-sync' | 'gm-async' | 'local' | 'memory';
  /** Present when values can be read synchronously. */
  readSync?(key: string): string | undefined;
  read(key: string): Promise<string | undefined>;
  /**
   * Stores a value. A synchronous backend throws when it is refused (a quota, say); the GM.*
   * promise API returns the manager's promise, which rejects when it is refused: callers that must
   * know (an import) await it, the others let the store log a failure.
   */
  write(key: string, value: string): void | Promise<void>;
  remove(key: string): void | Promise<void>;
  list(): Promise<string[]>;
  /** Calls back when a key changes, in this tab (remote false) or another (remote true). */
  watch(key: string, listener: ChangeListener): () => void;
}

/* The manager injects these names into the script's scope; they may be missing. */
declare const GM_getValue: ((key: string, fallback?: unknown) => unknown) | undefined;
declare const GM_setValue: ((key: string, value: unknown) => void) | undefined;
declare const GM_deleteValue: ((key: string) => void) | undefined;
declare const GM_listValues: (() => string[]) | undefined;
declare const GM_addValueChangeListener:
  ((key: string, cb: (name: string, oldValue: unknown, newValue: unknown, remote: boolean) => void) => number) | undefined;
declare const GM_removeValueChangeListener: ((id: number) => void) | undefined;

interface GMPromiseApi {
  getValue(key: string, fallback?: unknown): Promise<unknown>;
  setValue(key: string, value: unknown): Promise<void>;
  deleteValue(key: string): Promise<void>;
  listValues(): Promise<string[]>;
  addValueChangeListener?(
    key: string,
    cb: (name: string, oldValue: unknown, newValue: unknown, remote: boolean) => void,
  ): Promise<number> | number;
}
declare const GM: GMPromiseApi | undefined;

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : v === undefined ? undefined : JSON.stringify(v));

function logAsyncFailure(what: string) {
  return (error: unknown) => console.warn(`[VoidVerified] storage ${what} failed`, error);
}

export function gmSyncBackend(): StorageBackend | null {
  if (typeof GM_getValue !== 'function' || typeof GM_setValue !== 'function') return null;
  const get = GM_getValue;
  const set = GM_setValue;
  return {
    kind: 'gm-sync',
    readSync: (key) => asString(get(key)),
    read: async (key) => asString(get(key)),
    write: (key, value) => set(key, value),
    remove: (key) => (typeof GM_deleteValue === 'function' ? GM_deleteValue(key) : set(key, undefined)),
    list: async () => (typeof GM_listValues === 'function' ? GM_listValues() : []),
    watch: (key, listener) => {
      if (typeof GM_addValueChangeListener !== 'function') return () => {};
      const id = GM_addValueChangeListener(key, (_name, _old, value, remote) => listener(key, asString(value), remote));
      return () => {
        if (typeof GM_removeValueChangeListener === 'function') GM_removeValueChangeListener(id);
      };
    },
  };
}

export function gmAsyncBackend(): StorageBackend | null {
  if (typeof GM !== 'object' || GM === null || typeof GM.getValue !== 'function') return null;
  const api = GM;
  return {
    kind: 'gm-async',
    read: async (key) => asString(await api.getValue(key)),
    write: (key, value) => api.setValue(key, value),
    remove: (key) => api.deleteValue(key),
    list: () => api.listValues(),
    watch: (key, listener) => {
      if (typeof api.addValueChangeListener !== 'function') return () => {};
      void Promise.resolve(api.addValueChangeListener(key, (_name, _old, value, remote) => listener(key, asString(value), remote))).catch(
        logAsyncFailure('watch'),
      );
      return () => {};
    },
  };
}

export function localStorageBackend(storage: Storage, prefix = 'voidverified:'): StorageBackend {
  return {
    kind: 'local',
    readSync: (key) => storage.getItem(prefix + key) ?? undefined,
    read: async (key) => storage.getItem(prefix + key) ?? undefined,
    write: (key, value) => storage.setItem(prefix + key, value),
    remove: (key) => storage.removeItem(prefix + key),
    list: async () => {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const k = storage.key(i);
        if (k?.startsWith(prefix)) keys.push(k.slice(prefix.length));
      }
      return keys;
    },
    watch: (key, listener) => {
      if (typeof window === 'undefined') return () => {};
      const onStorage = (e: StorageEvent) => {
        if (e.storageArea === storage && e.key === prefix + key) listener(key, e.newValue ?? undefined, true);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}

/** An in-memory backend for tests; `peers` lets several instances act like tabs. */
export function memoryBackend(shared: Map<string, string> = new Map()): StorageBackend & { data: Map<string, string> } {
  const listeners = new Map<string, Set<ChangeListener>>();
  return {
    kind: 'memory',
    data: shared,
    readSync: (key) => shared.get(key),
    read: async (key) => shared.get(key),
    write: (key, value) => {
      shared.set(key, value);
      listeners.get(key)?.forEach((l) => l(key, value, false));
    },
    remove: (key) => {
      shared.delete(key);
      listeners.get(key)?.forEach((l) => l(key, undefined, false));
    },
    list: async () => [...shared.keys()],
    watch: (key, listener) => {
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => set.delete(listener);
    },
  };
}

export function detectBackend(): StorageBackend {
  return gmSyncBackend() ?? gmAsyncBackend() ?? (typeof localStorage !== 'undefined' ? localStorageBackend(localStorage) : memoryBackend());
}
