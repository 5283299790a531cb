import { Command as Cmdk } from 'cmdk';
import type { ReactNode } from 'react';
import { PickGroup } from '../common/PickGroup';
import { Results } from '../common/Results';
import type { PalettePageProps } from '../../commands/types';
import { API_ERROR_TEXTS } from '../../data/api-errors';
import { searchMedia, type UserSearchResult } from '../../data/documents';
import { safeUrl } from '../../data/guards';
import { followedFirst, followedMatching, USER_SEARCH_MIN } from '../../data/lookups';
import { useFollowing } from '../common/useFollowing';
import { useSearch } from '../common/useSearch';
import { UserSearchFailed, useUserSearch } from '../common/useUserSearch';
import { mediaPath, userPath } from '../../data/paths';

/** The search feature's user page: users from 3 characters, 800 ms after typing (MediaSearchPage below: anime or manga). */
export function UserSearchPage({ query, ctx, close }: PalettePageProps) {
  const { search, ready, users: found, error, loading, pending } = useUserSearch(ctx, query);
  const followed = useFollowing(ctx);
  let results: ReactNode;
  if (!ready) {
    // The people you follow, before (and while) the search has enough to go on.
    const suggested = followedMatching(followed, query);
    results = (
      <>
        <div className="vv-note">Type at least {USER_SEARCH_MIN} characters of a user name.</div>
        {suggested.length > 0 && <UserGroup heading="People you follow" users={suggested} ctx={ctx} close={close} />}
      </>
    );
  } else if (error) results = <UserSearchFailed search={search} />;
  else if (loading) results = <Cmdk.Loading>Searching…</Cmdk.Loading>;
  else {
    const users = followedFirst(found ?? [], followed);
    results = users.length ? (
      <UserGroup heading="Users" users={users} ctx={ctx} close={close} />
    ) : (
      <Cmdk.Empty>No user matches “{search}”.</Cmdk.Empty>
    );
  }
  return <Results pending={pending}>{results}</Results>;
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
        ctx.route.navigate(userPath(u.name));
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

export function MediaSearchPage({ query, ctx, close }: PalettePageProps) {
  const { search, ready, data, error, loading, pending } = useSearch(ctx, searchMedia, query, 1);
  const media = data?.Page.media ?? [];
  let results: ReactNode;
  if (!ready) results = <div className="vv-note">Type a title.</div>;
  else if (error)
    results = (
      <div className="vv-error" role="alert">
        Failed to query media with search word {search}
        <span className="vv-error-detail">{API_ERROR_TEXTS.media(search)}</span>
      </div>
    );
  else if (loading) results = <Cmdk.Loading>Searching…</Cmdk.Loading>;
  else if (!media.length) results = <Cmdk.Empty>No anime or manga matches “{search}”.</Cmdk.Empty>;
  else
    results = (
      <PickGroup
        heading="Anime and manga"
        items={media}
        valueOf={(m) => `media/${m.id}`}
        onPick={(m) => {
          close();
          ctx.route.navigate(mediaPath(m));
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
  return <Results pending={pending}>{results}</Results>;
}
