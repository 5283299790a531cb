import type { CommandContext } from '../../commands/types';
import { searchUsers, type UserSearchResult } from '../../data/documents';
import { USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_MIN } from '../../data/search';
import { useQuery } from '../query';
import { useDebounced } from '../hooks';

/**
 * The palette's user search: asked 800 ms after typing stops, once at least three characters are
 * typed (`ready`). `users` is undefined until an answer came. `pending` while what is shown is not
 * yet the answer for what is typed (the debounce or the request still running). The page using it
 * is wrapped in `withQueryCache`.
 */
export function useUserSearch(ctx: CommandContext, query: string) {
  const typed = query.trim();
  const search = useDebounced(typed, USER_SEARCH_DEBOUNCE_MS);
  const ready = search.length >= USER_SEARCH_MIN;
  const { data, error, isLoading } = useQuery(ctx, searchUsers, ready ? { search } : null);
  const users: readonly UserSearchResult[] | undefined = data?.Page.users;
  const loading = isLoading && !data;
  // isLoading, not `loading`: the previous answer stays on screen (keepPreviousData) while this one comes.
  const pending = (typed.length >= USER_SEARCH_MIN && typed !== search) || isLoading;
  return { search, ready, users, error: error as unknown, loading, pending };
}

/** A failed user search, in the original's words. */
export function UserSearchFailed({ search }: { search: string }) {
  return (
    <div className="vv-error" role="alert">
      Failed to query media with search word {search}
    </div>
  );
}
