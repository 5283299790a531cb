import type { CommandContext } from '../../commands/types';
import { searchUsers, type UserSearchResult } from '../../data/documents';
import { USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_MIN } from '../../data/search';
import { useQuery } from '../query';
import { useDebounced } from '../hooks';

/**
 * The palette's user search: asked 800 ms after typing stops, once at least three characters are
 * typed (`ready`). `users` is undefined until an answer came. The page using it is wrapped in
 * `withQueryCache`.
 */
export function useUserSearch(ctx: CommandContext, query: string) {
  const search = useDebounced(query.trim(), USER_SEARCH_DEBOUNCE_MS);
  const ready = search.length >= USER_SEARCH_MIN;
  const { data, error, isLoading } = useQuery(ctx, searchUsers, ready ? { search } : null);
  const users: readonly UserSearchResult[] | undefined = data?.Page.users;
  return { search, ready, users, error: error as unknown, loading: isLoading && !data };
}

/** A failed user search, in the original's words. */
export function UserSearchFailed({ search }: { search: string }) {
  return (
    <div className="vv-error" role="alert">
      Failed to query media with search word {search}
    </div>
  );
}
