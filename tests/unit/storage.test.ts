import { describe, expect, it, vi } from 'vitest';
import { localStorageBackend, memoryBackend } from '../../src/data/backend';
import { settingsKey } from '../../src/data/config';
import { s } from '../../src/data/schema';
import { decodeStored, defineKey, encodeStored, Store } from '../../src/data/storage';

const demo = defineKey({
  name: 'test-demo',
  version: 2,
  description: 'demo',
  schema: s.object({ size: s.number({ min: 1 }), label: s.string() }),
  defaultValue: () => ({ size: 5, label: 'default' }),
  migrations: { 2: (old) => ({ size: (old as { width: number }).width, label: 'migrated' }) },
});

describe('decodeStored', () => {
  it('returns the default when nothing is stored', () => {
    expect(decodeStored(demo, undefined)).toEqual({ value: { size: 5, label: 'default' }, migrated: false });
  });

  it('round-trips an envelope', () => {
    expect(decodeStored(demo, encodeStored(demo, { size: 9, label: 'x' })).value).toEqual({ size: 9, label: 'x' });
  });

  it('migrates from older versions, including values stored without an envelope', () => {
    const r = decodeStored(demo, JSON.stringify({ v: 1, data: { width: 7 } }));
    expect(r).toMatchObject({ value: { size: 7, label: 'migrated' }, migrated: true });
  });

  it.each([
    ['not JSON', '{oops'],
    ['wrong type', JSON.stringify({ v: 2, data: { size: 'big', label: 1 } })],
    ['out of range', JSON.stringify({ v: 2, data: { size: 0, label: 'a' } })],
    ['from the future', JSON.stringify({ v: 9, data: { size: 3, label: 'a' } })],
    ['a prototype key', '{"v":2,"data":{"size":3,"label":"a","__proto__":{"polluted":true}}}'],
    ['a failing migration', JSON.stringify({ v: 1, data: null })],
  ])('falls back to the default for %s', (_why, raw) => {
    const r = decodeStored(demo, raw);
    expect(r.value).toEqual({ size: 5, label: 'default' });
    expect(r.problem).toBeTruthy();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads the original VoidVerified's settings shape ({key: {value}} or a bare value)", () => {
    const raw = JSON.stringify({ copyColorFromProfile: { value: false }, quickStartEnabled: true, highlightSize: { value: '3px' } });
    expect(decodeStored(settingsKey, raw).value).toEqual({ copyColorFromProfile: false, quickStartEnabled: true, highlightSize: '3px' });
  });
});

describe('Store', () => {
  it('warns instead of crashing on corrupt data, and keeps working', () => {
    const backend = memoryBackend(new Map([['test-demo', '{"v":2,"data":[]}']]));
    const warn = vi.fn();
    const store = new Store(backend, warn);
    expect(store.get(demo)).toEqual({ size: 5, label: 'default' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('test-demo is unusable'));
    store.set(demo, { size: 2, label: 'ok' });
    expect(JSON.parse(backend.data.get('test-demo')!)).toEqual({ v: 2, data: { size: 2, label: 'ok' } });
  });

  it('writes migrated values back in the new form', () => {
    const backend = memoryBackend(new Map([['test-demo', JSON.stringify({ width: 4 })]]));
    new Store(backend, () => {}).get(demo);
    expect(JSON.parse(backend.data.get('test-demo')!)).toEqual({ v: 2, data: { size: 4, label: 'migrated' } });
  });

  it('refuses to store an invalid value of our own making', () => {
    const store = new Store(memoryBackend(), () => {});
    expect(() => store.set(demo, { size: -1, label: 'x' })).toThrow(/invalid/);
  });

  it('notifies subscribers, and hears other tabs through the backend', () => {
    const shared = new Map<string, string>();
    const tabA = localLike(shared);
    const store = new Store(tabA, () => {});
    const seen: unknown[] = [];
    store.subscribe(demo, (v, remote) => seen.push([v, remote]));
    store.set(demo, { size: 3, label: 'here' });
    tabA.simulateRemote('test-demo', encodeStored(demo, { size: 8, label: 'there' }));
    expect(seen).toEqual([
      [{ size: 3, label: 'here' }, false],
      [{ size: 8, label: 'there' }, true],
    ]);
    expect(store.get(demo)).toEqual({ size: 8, label: 'there' });
  });

  it('works over localStorage when there is no userscript manager', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
      key: (i: number) => [...storage.keys()][i] ?? null,
      get length() {
        return storage.size;
      },
      clear: () => storage.clear(),
    } as Storage;
    const store = new Store(localStorageBackend(fake), () => {});
    store.set(demo, { size: 6, label: 'ls' });
    expect(storage.get('voidverified:test-demo')).toBe(encodeStored(demo, { size: 6, label: 'ls' }));
    expect(new Store(localStorageBackend(fake), () => {}).get(demo)).toEqual({ size: 6, label: 'ls' });
  });
});

function localLike(shared: Map<string, string>) {
  const backend = memoryBackend(shared);
  const watchers = new Map<string, ((k: string, v: string | undefined, remote: boolean) => void)[]>();
  return {
    ...backend,
    watch: (key: string, l: (k: string, v: string | undefined, remote: boolean) => void) => {
      watchers.set(key, [...(watchers.get(key) ?? []), l]);
      return () => {};
    },
    simulateRemote(key: string, value: string) {
      shared.set(key, value);
      watchers.get(key)?.forEach((l) => l(key, value, true));
    },
  };
}

/**
 * A memory backend whose writes of `failing` keys are refused: thrown at once like GM_setValue
 * over its quota ('throw'), or rejected like GM.setValue ('reject'). `times` counts refusals left.
 */
function refusing(mode: 'throw' | 'reject', failing: Record<string, number>, seed: Record<string, string> = {}) {
  const base = memoryBackend(new Map(Object.entries(seed)));
  const left = { ...failing };
  return {
    ...base,
    write(key: string, value: string): void | Promise<void> {
      if ((left[key] ?? 0) > 0) {
        left[key]! -= 1;
        const error = new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
        if (mode === 'throw') throw error;
        return Promise.reject(error);
      }
      base.write(key, value);
      return mode === 'reject' ? Promise.resolve() : undefined;
    },
  };
}

const other = defineKey({ name: 'test-other', description: 'other', schema: s.string(), defaultValue: () => '' });

describe('Store.setAll: confirmed writes as one change', () => {
  it.each(['throw', 'reject'] as const)('a refused second write (%s) puts the first back, rejects and tells no listener', async (mode) => {
    const backend = refusing(mode, { 'test-other': 1 }, { 'test-demo': encodeStored(demo, { size: 1, label: 'before' }) });
    const store = new Store(backend, () => {});
    const heard = vi.fn();
    store.subscribe(demo, heard);
    const before = new Map(backend.data);
    await expect(
      store.setAll([
        [demo, { size: 2, label: 'new' }],
        [other, 'new'],
      ]),
    ).rejects.toMatchObject({ name: 'WriteFailure', key: 'test-other', unrestored: [] });
    expect(new Map(backend.data)).toEqual(before);
    expect(store.get(demo)).toEqual({ size: 1, label: 'before' });
    expect(store.get(other)).toBe('');
    expect(heard).not.toHaveBeenCalled();
  });

  it('a key that was absent is removed again, not written with its default', async () => {
    const backend = refusing('reject', { 'test-other': 1 });
    const store = new Store(backend, () => {});
    await expect(
      store.setAll([
        [demo, { size: 2, label: 'new' }],
        [other, 'new'],
      ]),
    ).rejects.toThrow(/test-other could not be saved \(Setting the value of 'test-other' exceeded the quota\.\)/);
    expect(backend.data.size).toBe(0);
  });

  it('names the keys it could not put back', async () => {
    // The first key's write succeeds, its restoring write is refused; the second key is refused.
    const base = refusing('throw', { 'test-other': 1 }, { 'test-demo': encodeStored(demo, { size: 1, label: 'before' }) });
    let demoWrites = 0;
    const backend = {
      ...base,
      write: (key: string, value: string) =>
        key === 'test-demo' && ++demoWrites === 2 ? Promise.reject(new Error('manager error')) : base.write(key, value),
    };
    const store = new Store(backend, () => {});
    await expect(
      store.setAll([
        [demo, { size: 2, label: 'new' }],
        [other, 'new'],
      ]),
    ).rejects.toMatchObject({ unrestored: ['test-demo'] });
    // What the manager holds now is what the store reads.
    expect(store.get(demo)).toEqual({ size: 2, label: 'new' });
  });

  it('resolves only once the manager confirmed every write, then tells listeners', async () => {
    const base = memoryBackend();
    const pending: (() => void)[] = [];
    const backend = {
      ...base,
      write: (key: string, value: string) => new Promise<void>((resolve) => pending.push(() => (base.write(key, value), resolve()))),
    };
    const store = new Store(backend, () => {});
    const heard = vi.fn();
    store.subscribe(other, heard);
    let done = false;
    const all = store
      .setAll([
        [demo, { size: 2, label: 'new' }],
        [other, 'new'],
      ])
      .then(() => (done = true));
    for (let i = 0; i < 2; i++) {
      await vi.waitFor(() => expect(pending.length).toBe(1));
      expect(done).toBe(false);
      expect(heard).not.toHaveBeenCalled();
      pending.shift()!();
    }
    await all;
    expect(heard).toHaveBeenCalledWith('new', false);
    expect(store.get(demo)).toEqual({ size: 2, label: 'new' });
  });

  it('a value that does not read back as written is a failure', async () => {
    const base = memoryBackend();
    const backend = { ...base, write: (key: string, value: string) => base.write(key, key === 'test-other' ? '"truncated' : value) };
    const store = new Store(backend, () => {});
    await expect(
      store.setAll([
        [demo, { size: 2, label: 'new' }],
        [other, 'new'],
      ]),
    ).rejects.toThrow(/reads back differently/);
    expect(base.data.size).toBe(0);
  });

  it('set() logs a rejected manager write instead of leaving it unhandled', async () => {
    const warn = vi.fn();
    const store = new Store(refusing('reject', { 'test-other': 1 }), warn);
    store.set(other, 'x');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('could not write test-other', expect.any(DOMException)));
  });
});

describe('Store.subscribe lets go', () => {
  it('a listener that unsubscribed is collected: the watcher of another tab’s writes does not keep it', async () => {
    // The heap bench found each key's first listener (and what it held) kept for the page's life.
    const v8 = await import('node:v8');
    const vm = await import('node:vm');
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const store = new Store(memoryBackend());
    const subscribeAndLetGo = () => {
      const held = new Array(1000).fill('held');
      const listener = () => void held.length;
      const stop = store.subscribe(demo, listener);
      stop();
      return new WeakRef(listener);
    };
    const ref = subscribeAndLetGo();
    for (let i = 0; i < 5 && ref.deref(); i++) {
      await new Promise((r) => setTimeout(r, 0));
      gc();
    }
    expect(ref.deref()).toBeUndefined();
  });
});
