import { useEffect, useMemo, useState } from 'react';
import useSWR, { type Cache, type SWRConfiguration, type SWRResponse } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import { INFINITE_PREFIX, initCache, noop, type State } from 'swr/_internal';
import { isAbort } from './api-errors';
import type { QueryDocument } from './graphql';
import { connectSwr, readsFor, type ReadContext, type SwrMutate } from './swr';

/** What useQuery reads: panels name documents through this module, not the client's. */
export type { QueryDocument };

/**
 * Readies `cache` for SWR's hooks, once and for good (no provider component mounts and unmounts
 * it), with no focus or reconnect listeners: those revalidations are off, and page events drive
 * nothing. Returns the cache's mutate.
 */
function swrReady(cache: Cache): SwrMutate {
  return initCache(cache, { initFocus: () => noop, initReconnect: () => noop })![1] as SwrMutate;
}

/**
 * SWR itself, evaluated with the first component that reads through it (the palette's search
 * pages), not at start-up: from then on reads and writes show their answers through SWR's mutate,
 * so mounted hooks re-render.
 */
connectSwr(swrReady);

/**
 * SWR's own timers, off. Our reads already share a request in flight and keep an answer for its
 * document's lifetime, and nothing listens for a slow load. Each timer SWR starts holds the render
 * that started it, and through it the panel's whole tree after the panel closed: the dedupe timer
 * for the document's lifetime (an hour for some), the slow-load timer for 3 s.
 */
const NO_SWR_TIMERS = { dedupingInterval: 0, loadingTimeout: 0 } as const;

/**
 * The React read: `doc` with `variables` (null: don't ask yet). Within the document's lifetime
 * neither a remount nor a reload sends the request again. It reads through the same cache as
 * `read`, named in the hook's options, so a component needs no provider around it.
 */
export function useQuery<TData, TVars>(
  ctx: ReadContext,
  doc: QueryDocument<TData, TVars>,
  variables: TVars | null,
): SWRResponse<TData, Error> {
  const reads = readsFor(ctx);
  const key = variables === null ? null : reads.key(doc, variables);
  const fresh = key ? reads.cache.isFresh(key) : false;
  swrReady(reads.cache);
  return useSWR<TData, Error>(key, () => reads.read(doc, variables as TVars), {
    cache: reads.cache,
    ...NO_SWR_TIMERS,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: !fresh,
    revalidateOnMount: fresh ? false : undefined,
    shouldRetryOnError: false,
    keepPreviousData: true,
  } as SWRConfiguration<TData, Error>);
}

export interface PagedReadOptions<P> {
  /**
   * Asks for page `n` (from 1); `signal` aborts when the list it belongs to is no longer shown. A
   * failure is thrown: the panel's usePagedRead (src/panels/query.ts) reports it.
   */
  page(n: number, signal: AbortSignal): Promise<P>;
  /** Whether a page says there is one after it. */
  hasNext(page: P): boolean;
  /** Page 1 as the caller already has it (the replies an activity came with): shown, not asked. */
  initial?: P;
  /**
   * Keeps the list beyond the component, under this name: a later mount with the same name and key
   * shows its pages (and Load More goes on) without asking again, as the palette's activity search
   * shows its results again when the palette is reopened. Without it, pages live as long as the component.
   */
  keep?: string;
}

export interface PagedRead<P> {
  /** The pages of the list shown, in order: [] until page 1 came, and again once `key` changed. */
  pages: P[];
  /** A page is being asked for. */
  busy: boolean;
  /** Page 1 of this list came or failed. */
  settled: boolean;
  /** The last page asked for failed. */
  failed: boolean;
  /** The last page says there is another. */
  hasNext: boolean;
  /** Asks for the page after the last one (or the failed one again). */
  loadMore(): void;
  /** Starts the list again from page 1; the pages stay shown until it came, then it replaces them. */
  reload(): void;
  /** Changes the pages shown (an entry removed or added) without asking anything. */
  edit(change: (pages: P[]) => P[]): void;
}

/** SWR's cache of one paged list's pages: the mount's own, so a list is never shown from an earlier mount. */
function pagesCache(): Map<string, State> {
  const map = new Map<string, State>();
  swrReady(map);
  return map;
}

/** Which list a paged read shows: its key, its number (a reload is a new one), the pages shown while page 1 comes again. */
interface ListState<P> {
  asked: string | null;
  n: number;
  kept?: P[];
}

/**
 * A list kept beyond its component (`keep`): its pages' cache, holding the current list's only,
 * which list it is, and what aborts the current list's requests.
 */
interface KeptList {
  cache: Map<string, State>;
  list: ListState<unknown>;
  asking?: { base: string; controller: AbortController };
}
const keptLists = new Map<string, KeptList>();

function keptList(name: string): KeptList {
  let kept = keptLists.get(name);
  if (!kept) keptLists.set(name, (kept = { cache: pagesCache(), list: { asked: null, n: 0 } }));
  return kept;
}

function remember(kept: KeptList, list: ListState<unknown>): void {
  kept.list = list;
}

/** What aborts the requests of kept list `base` (null: none shown); those of the list it replaces are aborted. */
function keptController(kept: KeptList, base: string | null): AbortController | null {
  if (kept.asking?.base === base) return kept.asking.controller;
  kept.asking?.controller.abort();
  kept.asking = base === null ? undefined : { base, controller: new AbortController() };
  return kept.asking?.controller ?? null;
}

/**
 * The signal of list `base`'s requests, aborted once the list is no longer shown: when the key
 * changes or the component unmounts; for a kept list, only when another list replaces it (a page
 * asked for still comes while its component is away, and shows when it is back).
 */
function useListSignal(base: string | null, kept: KeptList | null): AbortSignal | null {
  const controller = useMemo(() => (kept ? keptController(kept, base) : base === null ? null : new AbortController()), [base, kept]);
  useEffect(() => () => void (!kept && controller?.abort()), [controller, kept]);
  return controller?.signal ?? null;
}

/** Forgets the pages of the kept lists before `base` (every list but the one shown). */
function forgetOthers(cache: Map<string, State>, base: string | null): void {
  for (const key of [...cache.keys()]) {
    if (base === null || !key.replace(INFINITE_PREFIX, '').startsWith(`${base}#`)) cache.delete(key);
  }
}

/**
 * The paged read, for Load More lists: `useSWRInfinite` over `options.page`. A list is what `key`
 * names (null: ask nothing yet); a new key starts an empty list from page 1 and aborts what the
 * previous one asked, so no answer for another list is ever shown. Pages live as long as the
 * component (or, with `keep`, until another list replaces them): the reads under `page` keep their
 * own lifetimes (`read`), this only pages them. A failed page is `failed` here; reporting it is
 * the panel's (src/panels/query.ts).
 */
export function usePagedRead<P>(key: unknown, options: PagedReadOptions<P>): PagedRead<P> {
  const asked = key === null ? null : JSON.stringify(key);
  const kept = options.keep === undefined ? null : keptList(options.keep);
  // Each list (a key, or a reload of it) gets a number of its own: SWR's keys are `${n}:${asked}#${page}`.
  const [list, setShownList] = useState<ListState<P>>(() => (kept?.list as ListState<P> | undefined) ?? { asked, n: 0 });
  const setList = (next: ListState<P>) => {
    if (kept) remember(kept, next);
    setShownList(next);
  };
  const current = list.asked === asked ? list : { asked, n: list.n + 1 };
  if (current !== list) setList(current);
  const base = asked === null ? null : `${current.n}:${asked}`;
  useEffect(() => void (kept && forgetOthers(kept.cache, base)), [kept, base]);
  const [cache] = useState(() => {
    const map = kept?.cache ?? pagesCache();
    if (options.initial !== undefined && base !== null) {
      map.set(`${base}#1`, { data: options.initial });
      map.set(`${INFINITE_PREFIX}${base}#1`, { data: [options.initial] });
    }
    return map;
  });
  const signal = useListSignal(base, kept);
  const swr = useSWRInfinite<P, Error>(
    (i, previous: P | null) => (base === null || (previous && !options.hasNext(previous)) ? null : `${base}#${i + 1}`),
    (pageKey: string) => options.page(Number(pageKey.slice(pageKey.lastIndexOf('#') + 1)), signal!),
    {
      cache,
      revalidateFirstPage: false,
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
      ...NO_SWR_TIMERS,
    } as SWRInfiniteConfiguration<P, Error>,
  );
  const pages = swr.data ?? current.kept ?? [];
  const last = pages[pages.length - 1];
  return {
    pages,
    busy: swr.isValidating,
    settled: swr.data !== undefined || swr.error !== undefined,
    failed: swr.error !== undefined && !isAbort(swr.error),
    hasNext: last !== undefined && options.hasNext(last),
    loadMore: () => void swr.setSize(pages.length + 1),
    reload: () => setList({ asked, n: current.n + 1, kept: pages }),
    edit(change) {
      if (base === null || !swr.data) return;
      const next = change(swr.data);
      // The pages' own entries too: Load More builds the list from them.
      next.forEach((page, i) => cache.set(`${base}#${i + 1}`, { ...cache.get(`${base}#${i + 1}`), data: page }));
      void swr.mutate(next, { revalidate: false });
    },
  };
}

/** One read of ours (a data function, not one document: that is `useQuery`), as a panel shows it. */
export interface OneReadOptions<T> {
  /** Asks; `signal` aborts when what it was asked for is no longer shown. A failure is thrown (see usePagedRead). */
  read(signal: AbortSignal): Promise<T>;
}

export interface OneRead<T> {
  /** The answer for `key`: undefined until it came, and again once `key` changed. */
  data: T | undefined;
  /** Asking. */
  busy: boolean;
  /** The answer for `key` came or failed. */
  settled: boolean;
  /** Asking failed (an abort is no failure). */
  failed: boolean;
}

/**
 * A single read of a data function: the paged read with one page, so it keeps the same rules (a
 * new `key` aborts what the previous one asked and never shows its answer; null asks nothing; a
 * failure is `failed`). The function's own reads keep their lifetimes.
 */
export function useRead<T>(key: unknown, options: OneReadOptions<T>): OneRead<T> {
  const one = usePagedRead<T>(key, { page: (_n, signal) => options.read(signal), hasNext: () => false });
  return { data: one.pages[0], busy: one.busy, settled: one.settled, failed: one.failed };
}
