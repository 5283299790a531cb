import { afterEach, describe, expect, it, vi } from 'vitest';
import { attempt } from '../../src/data/api-errors';
import { WrappedApiError } from '../../src/data/api-errors';
import { memoryBackend } from '../../src/data/backend';
import { FRESH, MINUTE, mutation, query, type GqlDocument } from '../../src/data/graphql';
import { queryCache, queryCacheKey, read, readsFor, write } from '../../src/data/swr';
import { Store } from '../../src/data/storage';

/** Reads share one cache: within a document's lifetime an identical read is never sent twice. */

const userQuery = query<{ User: { id: number; about: string } }, { name: string }>(
  'query ReadsUser($name: String) { User(name: $name) { id about } }',
  {
    lifetime: 5 * MINUTE,
  },
);
const freshQuery = query<{ User: { id: number } }, { name: string }>('query ReadsFresh($name: String) { User(name: $name) { id } }', {
  lifetime: FRESH,
});
const saveAbout = mutation<{ UpdateUser: { id: number } }, { about: string }>(
  'mutation ReadsSave($about: String) { UpdateUser(about: $about) { id } }',
);

function fakeClient() {
  let token: string | null = 'token-a';
  const calls: { name: string; variables: unknown }[] = [];
  let about = 'first';
  const client = {
    identity: () => (token ? `id-${token}` : 'anon'),
    setToken(next: string | null) {
      token = next;
    },
    calls,
    setAbout(next: string) {
      about = next;
    },
    async request<D, V>(doc: GqlDocument<D, V>, variables: V, init: { signal?: AbortSignal } = {}): Promise<D> {
      calls.push({ name: doc.name, variables });
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, 5);
        init.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
      if (doc.name === 'ReadsSave') about = String((variables as { about: string }).about);
      return { User: { id: 1, about }, UpdateUser: { id: 1 } } as D;
    },
  };
  return client;
}

const ctxOf = () => ({ client: fakeClient(), store: new Store(memoryBackend(), () => {}) });

afterEach(() => vi.useRealTimers());

describe('read', () => {
  it('answers an identical read within its lifetime from the cache, and shares one in flight', async () => {
    const ctx = ctxOf();
    const [a, b] = await Promise.all([read(ctx, userQuery, { name: 'x' }), read(ctx, userQuery, { name: 'x' })]);
    expect(a).toEqual(b);
    await read(ctx, userQuery, { name: 'x' });
    expect(ctx.client.calls).toHaveLength(1);
    await read(ctx, userQuery, { name: 'y' });
    expect(ctx.client.calls).toHaveLength(2);
  });

  it('asks again after the lifetime, for a fresh read, and for FRESH documents', async () => {
    const ctx = ctxOf();
    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now);
    await read(ctx, userQuery, { name: 'x' });
    await read(ctx, userQuery, { name: 'x' }, { fresh: true });
    expect(ctx.client.calls).toHaveLength(2);
    spy.mockReturnValue(now + 5 * MINUTE + 1);
    await read(ctx, userQuery, { name: 'x' });
    expect(ctx.client.calls).toHaveLength(3);
    await read(ctx, freshQuery, { name: 'x' });
    await read(ctx, freshQuery, { name: 'x' });
    expect(ctx.client.calls).toHaveLength(5);
    spy.mockRestore();
  });

  it('keys by the token: a sign-out or another account does not see cached answers', async () => {
    const ctx = ctxOf();
    await read(ctx, userQuery, { name: 'x' });
    ctx.client.setToken(null);
    await read(ctx, userQuery, { name: 'x' });
    ctx.client.setToken('token-b');
    await read(ctx, userQuery, { name: 'x' });
    expect(ctx.client.calls).toHaveLength(3);
    expect([...readsFor(ctx).cache.keys()]).toHaveLength(3);
  });

  it('an aborted caller leaves; the request goes on for the others and is aborted when nobody waits', async () => {
    const ctx = ctxOf();
    const one = new AbortController();
    const first = read(ctx, userQuery, { name: 'x' }, { signal: one.signal });
    const second = read(ctx, userQuery, { name: 'x' });
    one.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).resolves.toMatchObject({ User: { id: 1 } });
    const alone = new AbortController();
    const third = read(ctx, userQuery, { name: 'z' }, { signal: alone.signal });
    alone.abort();
    await expect(third).rejects.toMatchObject({ name: 'AbortError' });
    await expect(read(ctx, userQuery, { name: 'z' })).resolves.toMatchObject({ User: { id: 1 } });
  });

  it('keeps answers with a lifetime in storage', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const ctx = ctxOf();
    const pending = read(ctx, userQuery, { name: 'x' });
    await vi.advanceTimersByTimeAsync(10);
    await pending;
    await vi.advanceTimersByTimeAsync(600);
    expect(Object.keys(ctx.store.get(queryCacheKey))).toEqual([expect.stringMatching(/^ReadsUser@id-token-a:/)]);
  });
});

describe('together', () => {
  it('shares a refresh of several reads between the callers while it runs, and runs it again after', async () => {
    const reads = readsFor(ctxOf());
    let runs = 0;
    const refresh = () =>
      reads.together('refresh', async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return runs;
      });
    const [a, b] = [refresh(), refresh()];
    expect(reads.running('refresh')).toBe(true);
    expect(await Promise.all([a, b])).toEqual([1, 1]);
    expect(reads.running('refresh')).toBe(false);
    expect(await refresh()).toBe(2);
  });
});

describe('inTurn', () => {
  it('runs work under one key one after another, the next once the one before settled, failed or not', async () => {
    const reads = readsFor(ctxOf());
    const log: string[] = [];
    const work = (name: string, fail = false) =>
      reads.inTurn('refresh', async () => {
        log.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`${name} ends`);
        if (fail) throw new Error(name);
        return name;
      });
    const runs = [work('a', true), work('b'), work('c')];
    expect(await Promise.allSettled(runs)).toEqual([
      { status: 'rejected', reason: new Error('a') },
      { status: 'fulfilled', value: 'b' },
      { status: 'fulfilled', value: 'c' },
    ]);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    expect(await work('d')).toBe('d');
  });
});

describe('keep', () => {
  it('shares a run and then its answer until dropped; a failure is not kept', async () => {
    const reads = readsFor(ctxOf());
    let runs = 0;
    const load = (key: string, fail = false) =>
      reads.keep(key, async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fail) throw new Error('down');
        return runs;
      });
    expect(await Promise.all([load('visit:a'), load('visit:a')])).toEqual([1, 1]);
    expect(await load('visit:a')).toBe(1);
    expect(reads.kept('visit:a')).toBe(true);
    await expect(load('visit:b', true)).rejects.toThrow('down');
    expect(reads.kept('visit:b')).toBe(false);
    expect(await load('visit:b')).toBe(3);
    reads.drop('visit:');
    expect(reads.kept('visit:a')).toBe(false);
    expect(await load('visit:a')).toBe(4);
  });
});

describe('write', () => {
  it('sends the mutation, then invalidates the reads it changed', async () => {
    const ctx = ctxOf();
    expect((await read(ctx, userQuery, { name: 'x' })).User.about).toBe('first');
    await write(ctx, saveAbout, { about: 'second' }, { invalidates: [userQuery] });
    expect((await read(ctx, userQuery, { name: 'x' })).User.about).toBe('second');
    expect(ctx.client.calls.map((c) => c.name)).toEqual(['ReadsUser', 'ReadsSave', 'ReadsUser']);
  });

  it('or updates cached answers in place', async () => {
    const ctx = ctxOf();
    await read(ctx, userQuery, { name: 'x' });
    await write(
      ctx,
      saveAbout,
      { about: 'third' },
      {
        update: (_result, reads) => reads.set(userQuery, { name: 'x' }, (prev) => prev && { User: { ...prev.User, about: 'third' } }),
      },
    );
    expect((await read(ctx, userQuery, { name: 'x' })).User.about).toBe('third');
    expect(ctx.client.calls.map((c) => c.name)).toEqual(['ReadsUser', 'ReadsSave']);
  });
});

describe('attempt', () => {
  const toasts = () => {
    const seen: [string, string, string | undefined][] = [];
    return {
      seen,
      error: (m: string, d?: string) => seen.push(['error', m, d]),
      warning: (m: string, d?: string) => seen.push(['warning', m, d]),
      debug: (m: string, d?: string) => seen.push(['debug', m, d]),
    };
  };

  it('passes a value through', async () => {
    const t = toasts();
    expect(await attempt(t, { toast: 'x', log: 'y' }, async () => 3)).toEqual({ ok: true, value: 3 });
    expect(t.seen).toEqual([]);
  });

  it('logs a failure with its context and toasts the text with the wrapped error as detail', async () => {
    const t = toasts();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = await attempt(t, { toast: 'Failed to save goals.', log: 'saving goals failed' }, () =>
      Promise.reject(new WrappedApiError('failed to save user about.', new Error('HTTP 500'))),
    );
    expect(failed).toMatchObject({ ok: false, aborted: false });
    expect(t.seen).toEqual([['error', 'Failed to save goals.', 'failed to save user about.']]);
    expect(log).toHaveBeenCalledWith('[VoidVerified] saving goals failed', expect.any(WrappedApiError));
    await attempt(t, { toast: (e) => `No: ${(e as Error).message}`, log: 'z', detail: false, level: 'warning' }, () =>
      Promise.reject(new WrappedApiError('inner', null)),
    );
    expect(t.seen[1]).toEqual(['warning', 'No: inner', undefined]);
    // A failed like is only a debug toast.
    await attempt(t, { toast: 'Failed to like activity or reply.', log: 'liking failed', detail: false, level: 'debug' }, () =>
      Promise.reject(new Error('HTTP 500')),
    );
    expect(t.seen[2]).toEqual(['debug', 'Failed to like activity or reply.', undefined]);
    log.mockRestore();
  });

  it('says nothing of an abort', async () => {
    const t = toasts();
    const result = await attempt(t, { toast: 'x', log: 'y' }, () => Promise.reject(new DOMException('gone', 'AbortError')));
    expect(result).toMatchObject({ ok: false, aborted: true });
    expect(t.seen).toEqual([]);
  });
});

describe('reads across tabs', () => {
  /** Two tabs' backends over one storage: a write in one is heard in the other as remote. */
  function twoTabs() {
    const shared = new Map<string, string>();
    const tabs = [memoryBackend(shared), memoryBackend(shared)];
    const heard = tabs.map(() => new Map<string, Set<(k: string, v: string | undefined, remote: boolean) => void>>());
    return tabs.map((backend, i) => ({
      ...backend,
      write: (key: string, value: string) => {
        backend.write(key, value);
        heard[1 - i]!.get(key)?.forEach((l) => l(key, value, true));
      },
      watch: (key: string, listener: (k: string, v: string | undefined, remote: boolean) => void) => {
        const set = heard[i]!.get(key) ?? new Set();
        set.add(listener);
        heard[i]!.set(key, set);
        return backend.watch(key, listener);
      },
    }));
  }

  it('an answer another tab fetched is used here within its lifetime, not asked again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const [a, b] = twoTabs();
    const tabA = { client: fakeClient(), store: new Store(a!, () => {}) };
    const tabB = { client: fakeClient(), store: new Store(b!, () => {}) };
    // Both tabs are open (B's cache already read the storage, empty) when A asks.
    queryCache(tabB.store);
    const first = read(tabA, userQuery, { name: 'x' });
    await vi.advanceTimersByTimeAsync(10);
    await first;
    await vi.advanceTimersByTimeAsync(1000); // A stores its answers
    expect(tabA.client.calls).toHaveLength(1);
    await read(tabB, userQuery, { name: 'x' });
    expect(tabB.client.calls).toHaveLength(0);
  });
});
