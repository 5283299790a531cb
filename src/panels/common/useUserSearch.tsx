import type { CommandContext } from '../../commands/types';
import { searchUsers } from '../../data/documents';
import { USER_SEARCH_MIN } from '../../data/lookups';
import { useSearch } from './useSearch';

/** The palette's user search (useSearch, from three characters); `users` is undefined until an answer came. */
export function useUserSearch(ctx: CommandContext, query: string) {
  const { data, ...search } = useSearch(ctx, searchUsers, query, USER_SEARCH_MIN);
  return { ...search, users: data?.Page.users };
}

/** A failed user search, in the original's words. */
export function UserSearchFailed({ search }: { search: string }) {
  return (
    <div className="vv-error" role="alert">
      Failed to query media with search word {search}
    </div>
  );
}
