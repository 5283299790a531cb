import { Command as Cmdk } from 'cmdk';
import { PickGroup } from './common/PickGroup';
import type { PalettePageProps } from '../commands/types';
import { API_ERROR_TEXTS } from '../data/api-errors';
import { searchMedia, type UserSearchResult } from '../data/documents';
import { safeUrl } from '../data/guards';
import { followedFirst, followedMatching, USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_MIN } from '../data/search';
import { useFollowing } from './common/useFollowing';
import { UserSearchFailed, useUserSearch } from './common/useUserSearch';
import { useDebounced } from './hooks';
import { useQuery, withQueryCache } from './query';

/** The search feature's palette pages: users (from 3 characters) and anime or manga, 800 ms after typing. */
export const UserSearchPage = withQueryCache(UserSearch);
export const MediaSearchPage = withQueryCache(MediaSearch);

function UserSearch({ query, ctx, close }: PalettePageProps) {
  const { search, ready, users: found, error, loading } = useUserSearch(ctx, query);
  const followed = useFollowing(ctx);
  if (!ready) {
    // The people you follow, before (and while) the search has enough to go on.
    const suggested = followedMatching(followed, query);
    return (
      <>
        <div className="vv-note">Type at least {USER_SEARCH_MIN} characters of a user name.</div>
        {suggested.length > 0 && <UserGroup heading="People you follow" users={suggested} ctx={ctx} close={close} />}
      </>
    );
  }
  if (error) return <UserSearchFailed search={search} />;
  if (loading) return <Cmdk.Loading>Searching…</Cmdk.Loading>;
  const users = followedFirst(found ?? [], followed);
  if (!users.length) return <Cmdk.Empty>No user matches “{search}”.</Cmdk.Empty>;
  return <UserGroup heading="Users" users={users} ctx={ctx} close={close} />;
}

function UserGroup({
  heading,
  users,
  ctx,
  close,
}: {
  heading: string;
  users: readonly UserSearchResult[];
  ctx: PalettePageProps['ctx'];
  close(): void;
}) {
  return (
    <PickGroup
      heading={heading}
      items={users}
      valueOf={(u) => `user/${u.id}`}
      onPick={(u) => {
        close();
        ctx.route.navigate(`/user/${encodeURIComponent(u.name)}/`);
      }}
    >
      {(u) => (
        <>
          {safeUrl(u.avatar?.large, 'image') && (
            <img className="vv-avatar" src={safeUrl(u.avatar?.large, 'image')} alt="" width={24} height={24} />
          )}
          <span className="vv-item-title">{u.name}</span>
        </>
      )}
    </PickGroup>
  );
}

function MediaSearch({ query, ctx, close }: PalettePageProps) {
  const search = useDebounced(query.trim(), USER_SEARCH_DEBOUNCE_MS);
  const ready = search.length > 0;
  const { data, error, isLoading } = useQuery(ctx, searchMedia, ready ? { search } : null);
  if (!ready) return <div className="vv-note">Type a title.</div>;
  if (error)
    return (
      <div className="vv-error" role="alert">
        Failed to query media with search word {search}
        <span className="vv-error-detail">{API_ERROR_TEXTS.media(search)}</span>
      </div>
    );
  if (isLoading && !data) return <Cmdk.Loading>Searching…</Cmdk.Loading>;
  const media = data?.Page.media ?? [];
  if (!media.length) return <Cmdk.Empty>No anime or manga matches “{search}”.</Cmdk.Empty>;
  return (
    <PickGroup
      heading="Anime and manga"
      items={media}
      valueOf={(m) => `media/${m.id}`}
      onPick={(m) => {
        close();
        ctx.route.navigate(`/${m.type === 'MANGA' ? 'manga' : 'anime'}/${m.id}/`);
      }}
    >
      {(m) => (
        <>
          {safeUrl(m.coverImage?.large, 'image') && (
            <img className="vv-cover" src={safeUrl(m.coverImage?.large, 'image')} alt="" width={24} height={34} />
          )}
          <span className="vv-item-title">{m.title?.userPreferred ?? `#${m.id}`}</span>
          <span className="vv-item-hint">
            {m.type === 'MANGA' ? 'Manga' : 'Anime'} {m.startDate?.year ?? 'unreleased'}
          </span>
        </>
      )}
    </PickGroup>
  );
}
