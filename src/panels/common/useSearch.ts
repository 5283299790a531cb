import type { CommandContext } from '../../commands/types';
import { SEARCH_DEBOUNCE_MS } from '../../data/lookups';
import { useDebounced } from '../hooks';
import { useQuery, type QueryDocument } from '../query';

/**
 * A palette page's search for what is typed: asked 800 ms after typing stops, once at least `min`
 * characters are typed (`ready`). `loading` until a first answer is on screen; `pending` while what
 * is shown is not yet the answer for what is typed (the debounce, or the request, still running:
 * the previous answer stays on screen meanwhile).
 */
export function useSearch<TData>(ctx: CommandContext, doc: QueryDocument<TData, { search: string }>, query: string, min: number) {
  const typed = query.trim();
  const search = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const ready = search.length >= min;
  const { data, error, isLoading } = useQuery(ctx, doc, ready ? { search } : null);
  return {
    search,
    ready,
    data,
    error: error as unknown,
    loading: isLoading && !data,
    pending: (typed.length >= min && typed !== search) || isLoading,
  };
}
