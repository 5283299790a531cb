import { Command as Cmdk } from 'cmdk';
import type { ReactNode } from 'react';
import { PickGroup } from '../common/PickGroup';
import { Results } from '../common/Results';
import type { PalettePageProps } from '../../commands/types';
import { sameUserName } from '../../data/pages';
import { USER_SEARCH_MIN } from '../../data/lookups';
import { removeUser, VERIFIED_USERS_TEXTS, verifiedUsersKey } from '../../data/verified-users';
import { useStored } from '../hooks';
import { UserSearchFailed, useUserSearch } from '../common/useUserSearch';
import { verify as verifyUser } from './verify';

/** 'Verify user…': the palette input searches users (3 characters, 800 ms); picking one verifies them. */
export function AddUserPage({ query, ctx, close }: PalettePageProps) {
  const { search, ready, users, error, loading, pending } = useUserSearch(ctx, query);
  const verify = (name: string) => {
    close();
    void verifyUser(ctx, name);
  };
  const found = users ?? [];
  let results: ReactNode;
  if (!ready) results = <div className="vv-note">Type at least {USER_SEARCH_MIN} characters of a user name.</div>;
  else if (error) results = <UserSearchFailed search={search} />;
  else if (loading) results = <Cmdk.Loading>Searching…</Cmdk.Loading>;
  else
    results = (
      <PickGroup
        heading="Verify user"
        items={found}
        valueOf={(u) => `verify/${u.id}`}
        onPick={(u) => verify(u.name)}
        after={
          !found.some((u) => sameUserName(u.name, search)) && (
            <Cmdk.Item value="verify/typed" className="vv-item" onSelect={() => verify(search)}>
              <span className="vv-item-title">Verify “{search}”</span>
            </Cmdk.Item>
          )
        }
      >
        {(u) => <span className="vv-item-title">{u.name}</span>}
      </PickGroup>
    );
  return <Results pending={pending}>{results}</Results>;
}

export function RemoveUserPage({ query, ctx }: PalettePageProps) {
  const users = useStored(verifiedUsersKey).filter((u) => u.username.toLowerCase().includes(query.trim().toLowerCase()));
  if (!users.length) return <Cmdk.Empty>No verified user matches.</Cmdk.Empty>;
  return (
    <PickGroup
      heading="Remove verified user"
      items={users}
      valueOf={(u) => `remove/${u.username}`}
      onPick={(u) => {
        ctx.store.update(verifiedUsersKey, (list) => removeUser(list, u.username));
        ctx.toasts.success(VERIFIED_USERS_TEXTS.removed(u.username));
      }}
    >
      {(u) => <span className="vv-item-title">{u.username}</span>}
    </PickGroup>
  );
}
