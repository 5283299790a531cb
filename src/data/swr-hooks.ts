import useSWR, { type SWRResponse } from 'swr';
import { initCache } from 'swr/_internal';
import type { QueryDocument } from './graphql';
import { connectSwr, readsFor, type ReadContext, type SwrMutate } from './swr';

/** What useQuery reads: panels name documents through this module, not the client's. */
export type { QueryDocument };

/**
 * SWR itself, evaluated with the first component that reads through it (the palette's search
 * pages), not at start-up: from then on reads and writes show their answers through SWR's mutate,
 * so mounted hooks re-render.
 */
connectSwr((cache) => initCache(cache)![1] as SwrMutate);

/**
 * The React read: `doc` with `variables` (null: don't ask yet). Within the document's lifetime
 * neither a remount nor a reload sends the request again. Components using it are wrapped in
 * `withQueryCache` (the panels' SWR provider over the same cache as `read`).
 */
export function useQuery<TData, TVars>(
  ctx: ReadContext,
  doc: QueryDocument<TData, TVars>,
  variables: TVars | null,
): SWRResponse<TData, Error> {
  const reads = readsFor(ctx);
  const key = variables === null ? null : reads.key(doc, variables);
  const fresh = key ? reads.cache.isFresh(key) : false;
  return useSWR<TData, Error>(key, () => reads.read(doc, variables as TVars), {
    dedupingInterval: doc.lifetime,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: !fresh,
    revalidateOnMount: fresh ? false : undefined,
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
}
