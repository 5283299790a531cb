import useSWR, { type Cache, type SWRResponse } from 'swr';
import type { GraphQLClient, GqlDocument } from './graphql';
import { s } from './schema';
import { defineKey, type Store } from './storage';

/**
 * GraphQL reads through SWR: identical requests are deduplicated, results are cached in memory
 * and, for queries that say how long their answer stays good, persisted through the storage
 * adapter so a reload within that lifetime makes no request at all.
 */

export const queryCacheKey = defineKey({
  name: 'void-verified-query-cache',
  description: 'Cached API answers with their expiry.',
  schema: s.record(s.object({ data: s.unknown(), expires: s.number() }), { maxKeys: 2000 }),
  defaultValue: () => ({}) as Record<string, { data: unknown; expires: number }>,
  exported: false,
});

const MAX_PERSISTED = 300;
const SAVE_DELAY_MS = 500;

type Entry = Parameters<Cache['set']>[1];

export class PersistentCache implements Cache {
  private readonly memory = new Map<string, Entry>();
  private readonly lifetimes = new Map<string, number>();
  private persisted: Record<string, { data: unknown; expires: number }>;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = () => Date.now(),
  ) {
    const t = now();
    this.persisted = Object.fromEntries(Object.entries(store.get(queryCacheKey)).filter(([, e]) => e.expires > t));
    for (const [key, entry] of Object.entries(this.persisted)) this.memory.set(key, { data: entry.data } as Entry);
  }

  setLifetime(key: string, ms: number): void {
    this.lifetimes.set(key, ms);
  }

  /** True while a persisted or fetched answer is younger than its lifetime. */
  isFresh(key: string): boolean {
    const entry = this.persisted[key];
    return !!entry && entry.expires > this.now();
  }

  get(key: string): Entry | undefined {
    return this.memory.get(key);
  }

  set(key: string, value: Entry): void {
    this.memory.set(key, value);
    const lifetime = this.lifetimes.get(key);
    if (lifetime && value && (value as { data?: unknown }).data !== undefined) {
      this.persisted[key] = { data: (value as { data: unknown }).data, expires: this.now() + lifetime };
      this.scheduleSave();
    }
  }

  delete(key: string): void {
    this.memory.delete(key);
    if (key in this.persisted) {
      delete this.persisted[key];
      this.scheduleSave();
    }
  }

  keys(): IterableIterator<string> {
    return this.memory.keys();
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      const t = this.now();
      const live = Object.entries(this.persisted)
        .filter(([, e]) => e.expires > t)
        .sort((a, b) => b[1].expires - a[1].expires)
        .slice(0, MAX_PERSISTED);
      this.persisted = Object.fromEntries(live);
      this.store.set(queryCacheKey, this.persisted);
    }, SAVE_DELAY_MS);
  }
}

let shared: PersistentCache | null = null;

export function queryCache(store: Store): PersistentCache {
  if (!shared) shared = new PersistentCache(store);
  return shared;
}

export function queryKey(doc: GqlDocument<unknown, unknown>, variables: unknown): string {
  return `${doc.name}:${JSON.stringify(variables)}`;
}

/**
 * Reads `doc` with `variables` (null: don't ask yet). `lifetimeMs` is how long an answer stays
 * good; within it neither a remount nor a reload sends the request again.
 */
export function useQuery<TData, TVars>(
  client: GraphQLClient,
  cache: PersistentCache,
  doc: GqlDocument<TData, TVars>,
  variables: TVars | null,
  lifetimeMs: number,
): SWRResponse<TData, Error> {
  const key = variables === null ? null : queryKey(doc as GqlDocument<unknown, unknown>, variables);
  if (key) cache.setLifetime(key, lifetimeMs);
  const fresh = key ? cache.isFresh(key) : false;
  return useSWR<TData, Error>(key, () => client.request(doc, variables as TVars), {
    dedupingInterval: lifetimeMs,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: !fresh,
    revalidateOnMount: fresh ? false : undefined,
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
}
