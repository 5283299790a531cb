import type { UserSearchResult } from '../../data/documents';
import { safeUrl } from '../../data/guards';
import { findUsers, followedFirst, USER_SEARCH_MIN, SEARCH_TEXTS } from '../../data/lookups';
import { SearchCombo, type SearchComboProps } from './SearchCombo';
import { useFollowing } from './useFollowing';

/**
 * The one user search box: from 3 characters it asks AniList (with the debug toast 'Querying user
 * with search word …') and lists 10 users, avatar and name, the people you follow first; a failure
 * says 'Failed to query media with search word …' (the original's words). `suggestFollowed` lists
 * the people you follow while the field is empty. The activity search's pickers put it under their
 * chips (UserPicker); the verified users' add box also takes a name typed in full (`onText`).
 */
export function UserSearch({
  placeholder = 'Search users',
  suggestFollowed = false,
  ...props
}: Omit<SearchComboProps<UserSearchResult>, 'placeholder' | 'minLength' | 'search' | 'failure' | 'idle' | 'renderItem'> & {
  placeholder?: string;
  suggestFollowed?: boolean;
}) {
  const { ctx } = props;
  const followed = useFollowing(ctx);
  return (
    <SearchCombo<UserSearchResult>
      {...props}
      placeholder={placeholder}
      minLength={USER_SEARCH_MIN}
      search={async (search, signal) => {
        ctx.toasts.debug(SEARCH_TEXTS.querying(search));
        return followedFirst(await findUsers(ctx, search, signal), followed);
      }}
      failure={SEARCH_TEXTS.failed}
      idle={suggestFollowed ? followed : undefined}
      renderItem={(u) => (
        <>
          {safeUrl(u.avatar?.large, 'image') ? (
            <img className="vv-avatar" src={safeUrl(u.avatar?.large, 'image')} alt="" width={24} height={24} />
          ) : (
            <span className="vv-avatar vv-avatar-small-empty" />
          )}
          <span>{u.name}</span>
        </>
      )}
    />
  );
}
