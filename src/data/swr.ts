import type { Cache } from 'swr';
import type { GraphQLClient, GqlDocument, MutationDocument, QueryDocument } from './graphql';
import { s } from './schema';
import { definePrunedRecord, type Store } from './storage';

/**
 * Every GraphQL read and write goes through here. Reads are cached by document, variables and the
 * token's identity: an identical read within its document's lifetime is answered from the cache,
 * and identical reads in flight together share one request, whether they come from a component
 * (`useQuery`) or from an injection or command (`read`). Answers with a lifetime are also kept in
 * storage, so a reload within that lifetime makes no request at all. Writes (`write`) then update
 * or invalidate the cached reads they change.
 */

/** Persisted answers kept at most (the rest are dropped at the next save, the soonest to expire first). */
const MAX_PERSISTED = 300;

export const queryCacheKey = definePrunedRecord({
  name: 'void-verified-query-cache',
  description: 'Cached API answers with their expiry.',
  max: MAX_PERSISTED,
  pruned: 'expired and the soonest to expire',
  readMax: 2000,
  entry: s.object({ data: s.unknown(), expires: s.number() }),
  age: (entry) => entry.expires,
});

const SAVE_DELAY_MS = 500;

type Entry = Parameters<Cache['set']>[1];

/**
 * SWR's cache: every entry in memory; an answer fetched with a lifetime also in storage until it
 * expires. Only a request that reached the API starts a lifetime (`stamp`); SWR writing the same
 * answer again does not extend it.
 */
export class PersistentCache implements Cache {
  private readonly memory = new Map<string, Entry>();
  private readonly expiries = new Map<string, number>();
  private persisted: Record<string, { data: unknown; expires: number }>;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = () => Date.now(),
  ) {
    const t = now();
    this.persisted = Object.fromEntries(Object.entries(store.get(queryCacheKey)).filter(([, e]) => e.expires > t));
    for (const [key, entry] of Object.entries(this.persisted)) {
      this.memory.set(key, { data: entry.data } as Entry);
      this.expiries.set(key, entry.expires);
    }
    // Answers another tab fetched count here too: without them each tab asked again when its own
    // copy expired, though another had just asked (the day bench's repeated TokenViewer).
    store.subscribe(queryCacheKey, (entries, remote) => {
      if (remote) this.adopt(entries);
    });
  }

  /** Takes the entries another tab stored that outlive what this tab has for the same key. */
  private adopt(entries: Record<string, { data: unknown; expires: number }>): void {
    const t = this.now();
    for (const [key, entry] of Object.entries(entries)) {
      if (entry.expires <= t || entry.expires <= (this.expiries.get(key) ?? 0)) continue;
      this.memory.set(key, { data: entry.data } as Entry);
      this.expiries.set(key, entry.expires);
      this.persisted[key] = entry;
    }
  }

  /** An answer for `key` just came from the API: it stays good for `lifetimeMs`. */
  stamp(key: string, lifetimeMs: number): void {
    if (lifetimeMs > 0) this.expiries.set(key, this.now() + lifetimeMs);
    else this.expire(key);
  }

  /** The answer for `key` is no longer good (it stays shown until a new one arrives). */
  expire(key: string): void {
    this.expiries.delete(key);
    if (key in this.persisted) {
      delete this.persisted[key];
      this.scheduleSave();
    }
  }

  /** True while the answer for `key` is younger than its lifetime. */
  isFresh(key: string): boolean {
    const expires = this.expiries.get(key);
    return expires !== undefined && expires > this.now() && this.data(key) !== undefined;
  }

  data(key: string): unknown {
    return (this.memory.get(key) as { data?: unknown } | undefined)?.data;
  }

  get(key: string): Entry | undefined {
    return this.memory.get(key);
  }

  set(key: string, value: Entry): void {
    this.memory.set(key, value);
    const expires = this.expiries.get(key);
    const data = (value as { data?: unknown } | undefined)?.data;
    if (expires !== undefined && expires > this.now() && data !== undefined && this.persisted[key]?.data !== data) {
      this.persisted[key] = { data, expires };
      this.scheduleSave();
    }
  }

  delete(key: string): void {
    this.memory.delete(key);
    this.expire(key);
  }

  keys(): IterableIterator<string> {
    return this.memory.keys();
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      const t = this.now();
      const live = Object.fromEntries(Object.entries(this.persisted).filter(([, e]) => e.expires > t));
      // The store keeps the MAX_PERSISTED that expire last; ours is a copy, changed in place.
      this.persisted = { ...this.store.update(queryCacheKey, () => live) };
    }, SAVE_DELAY_MS);
  }
}

const caches = new WeakMap<Store, PersistentCache>();

/** The one cache of a store: the panels' read hooks (`useQuery`) and `read` share it. */
export function queryCache(store: Store): PersistentCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new PersistentCache(store)));
  return cache;
}

type AnyDocument = GqlDocument<unknown, never>;

/** The cache key of a read: document, the token's identity, variables. */
export function queryKey(doc: Pick<AnyDocument, 'name'>, variables: unknown, identity = 'anon'): string {
  return `${doc.name}@${identity}:${JSON.stringify(variables)}`;
}

/**
 * SWR's mutate for a cache: it writes the cache and re-renders the hooks showing the key. SWR is
 * evaluated with the first component that reads through it (`useQuery`, which connects it here);
 * until then no hook exists, and reads and writes go to the cache alone, as SWR would write it.
 */
export type SwrMutate = (key: string, data?: unknown, options?: { revalidate: boolean }) => Promise<unknown>;
let mutateOf: ((cache: Cache) => SwrMutate) | null = null;

/** Called once SWR is loaded (by the hooks' module). */
export function connectSwr(mutate: (cache: Cache) => SwrMutate): void {
  mutateOf = mutate;
}

/** What reads and writes need: the client (its identity keys the cache) and the store the cache lives in. */
export interface ReadContext {
  client: Pick<GraphQLClient, 'request'> & Partial<Pick<GraphQLClient, 'identity'>>;
  store: Store;
}

export interface ReadOptions {
  fresh?: boolean;
  signal?: AbortSignal;
  token?: string;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting; when the last one aborts, the request is aborted. */
  waiting: number;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Reads and writes through one client and one cache (one instance per client, see `readsFor`). */
export class Reads {
  private readonly flights = new Map<string, Flight>();
  private readonly runs = new Map<string, Promise<unknown>>();
  private readonly turns = new Map<string, Promise<unknown>>();
  private readonly keeps = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: ReadContext['client'],
    readonly cache: PersistentCache,
  ) {}

  key<TData, TVars>(doc: QueryDocument<TData, TVars>, variables: TVars, token?: string): string {
    return queryKey(doc, variables, this.client.identity?.(token) ?? 'anon');
  }

  /**
   * Shows `data` as the answer for `key`: through SWR's mutate bound to our cache (looked up each
   * time: a provider that unmounts drops SWR's state for it) once SWR is loaded, else straight
   * into the cache, the entry SWR's mutate writes.
   */
  private show(key: string, data: unknown): void {
    if (mutateOf) void mutateOf(this.cache)(key, data, { revalidate: false });
    else this.cache.set(key, { ...this.cache.get(key), data, error: undefined, _c: undefined } as Entry);
  }

  /**
   * `doc` with `variables`: from the cache within the document's lifetime, else from the API (a
   * request already in flight for the same key is shared). `fresh` skips the cache: for a read that
   * a write is about to build on. `token` sends that token instead of the stored one (and keys the
   * cache by it): checking whose a newly returned token is before storing it.
   */
  async read<TData, TVars>(doc: QueryDocument<TData, TVars>, variables: TVars, options: ReadOptions = {}): Promise<TData> {
    options.signal?.throwIfAborted();
    const key = this.key(doc, variables, options.token);
    if (!options.fresh && this.cache.isFresh(key)) return this.cache.data(key) as TData;
    let flight = this.flights.get(key);
    if (!flight) {
      const controller = new AbortController();
      const promise = this.client
        .request(doc, variables, { signal: controller.signal, ...(options.token !== undefined ? { token: options.token } : {}) })
        .then((data) => {
          this.cache.stamp(key, doc.lifetime);
          // Shown by every mounted hook on this key; no second request.
          this.show(key, data);
          return data;
        });
      const created: Flight = { promise, controller, waiting: 0 };
      flight = created;
      this.flights.set(key, created);
      const clear = () => {
        if (this.flights.get(key) === created) this.flights.delete(key);
      };
      promise.then(clear, clear);
    }
    return this.join(flight, options.signal) as Promise<TData>;
  }

  private join(flight: Flight, signal?: AbortSignal): Promise<unknown> {
    flight.waiting += 1;
    if (!signal) return flight.promise;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        flight.waiting -= 1;
        if (flight.waiting === 0) flight.controller.abort(signal.reason);
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** Whether the refresh `key` (see `together`) is running. */
  running(key: string): boolean {
    return this.runs.has(key);
  }

  /**
   * A refresh made of several reads and what is stored from them (quick access's users), or a
   * list read page after page (the followed users): callers while it runs share that run, as
   * identical reads share one request. The one in-flight guard for such work, here beside the
   * reads' own.
   */
  together<T>(key: string, run: () => Promise<T>): Promise<T> {
    let shared = this.runs.get(key) as Promise<T> | undefined;
    if (!shared) {
      const started = run().finally(() => {
        if (this.runs.get(key) === started) this.runs.delete(key);
      });
      shared = started;
      this.runs.set(key, started);
    }
    return shared;
  }

  /**
   * Work of several reads that writes what it read (verified users' refresh): runs under one key
   * take turns, each starting once the one before it settled, failed or not, so a later run sees
   * what the earlier one stored. The one queue for such work, beside the reads' in-flight guards.
   */
  inTurn<T>(key: string, run: () => Promise<T>): Promise<T> {
    const before = this.turns.get(key);
    const mine = before
      ? before.then(
          () => run(),
          () => run(),
        )
      : run();
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(key, settled);
    void settled.then(() => {
      if (this.turns.get(key) === settled) this.turns.delete(key);
    });
    return mine;
  }

  /**
   * Work of several reads whose answer is good for a span that is not a time (a profile's goals
   * while you stay on that user's pages): callers under one key share the run and then its answer,
   * until `drop` forgets it. A failure is not kept: the next caller runs it again. Kept in memory
   * only, so a reload starts afresh.
   */
  keep<T>(key: string, run: () => Promise<T>): Promise<T> {
    let kept = this.keeps.get(key) as Promise<T> | undefined;
    if (!kept) {
      const started = run();
      started.catch(() => {
        if (this.keeps.get(key) === started) this.keeps.delete(key);
      });
      kept = started;
      this.keeps.set(key, started);
    }
    return kept;
  }

  /** Whether a run is kept under `key` (see `keep`). */
  kept(key: string): boolean {
    return this.keeps.has(key);
  }

  /** Forgets every kept run whose key starts with `prefix` (its span ended). */
  drop(prefix: string): void {
    for (const key of [...this.keeps.keys()]) if (key.startsWith(prefix)) this.keeps.delete(key);
  }

  /** Replaces the cached answer of one read (an optimistic or confirmed change); mounted hooks show it. */
  set<TData, TVars>(doc: QueryDocument<TData, TVars>, variables: TVars, update: (current: TData | undefined) => TData | undefined): void {
    const key = this.key(doc, variables);
    const next = update(this.cache.data(key) as TData | undefined);
    if (next === undefined) return;
    this.show(key, next);
  }

  /**
   * Every cached answer of `doc` (all variables, all identities) is no longer good: the next read
   * asks the API, and mounted hooks on it ask now.
   */
  invalidate(doc: Pick<AnyDocument, 'name'>): void {
    const prefix = `${doc.name}@`;
    for (const key of [...this.cache.keys()]) {
      if (!key.startsWith(prefix)) continue;
      this.cache.expire(key);
      // Mounted hooks on it ask again (none before SWR is loaded).
      if (mutateOf) void mutateOf(this.cache)(key);
    }
  }
}

const readers = new WeakMap<object, Reads>();

/** The reads of a context: one per client, over the store's cache. */
export function readsFor(ctx: ReadContext): Reads {
  let reads = readers.get(ctx.client);
  if (!reads) readers.set(ctx.client, (reads = new Reads(ctx.client, queryCache(ctx.store))));
  return reads;
}

/**
 * The non-React read: `doc` with `variables`, from the cache within the document's lifetime,
 * else from the API. For injections, commands and data functions; shares cache, keys and
 * in-flight requests with `useQuery`.
 */
export function read<TData, TVars>(
  ctx: ReadContext,
  doc: QueryDocument<TData, TVars>,
  variables: TVars,
  options?: ReadOptions,
): Promise<TData> {
  return readsFor(ctx).read(doc, variables, options);
}

/** What a write changes in the cache: reads to ask again, and answers to change in place. */
export interface WriteEffects<TData> {
  /** Reads whose every cached answer the write makes stale. */
  invalidates?: readonly Pick<AnyDocument, 'name'>[];
  /** Changes cached answers from the write's result (`reads.set(doc, vars, update)`). */
  update?(result: TData, reads: Pick<Reads, 'set'>): void;
}

/**
 * Sends a mutation; when it succeeded, updates or invalidates the cached reads it changed. A
 * failure rejects and leaves the cache as it was.
 */
export async function write<TData, TVars>(
  ctx: ReadContext,
  doc: MutationDocument<TData, TVars>,
  variables: TVars,
  effects: WriteEffects<TData> = {},
): Promise<TData> {
  const result = await ctx.client.request(doc, variables);
  const reads = readsFor(ctx);
  effects.update?.(result, reads);
  for (const stale of effects.invalidates ?? []) reads.invalidate(stale);
  return result;
}
