import { Command as Cmdk } from 'cmdk';
import { PickGroup } from './common/PickGroup';
import type { PalettePageProps } from '../commands/types';
import { sameUserName } from '../data/pages';
import { USER_SEARCH_MIN } from '../data/search';
import { removeUser, verifiedUsersKey, verifyUser } from '../data/verified-users';
import { useStored } from './hooks';
import { withQueryCache } from './query';
import { UserSearchFailed, useUserSearch } from './common/useUserSearch';

/** 'Verify user…': the palette input searches users (3 characters, 800 ms); picking one verifies them. */
export const AddUserPage = withQueryCache(AddUser);
function AddUser({ query, ctx, close }: PalettePageProps) {
  const { search, ready, users, error, loading } = useUserSearch(ctx, query);
  const verify = (name: string) => {
    close();
    void verifyUser(ctx, name);
  };
  if (!ready) return <div className="vv-note">Type at least {USER_SEARCH_MIN} characters of a user name.</div>;
  if (error) return <UserSearchFailed search={search} />;
  if (loading) return <Cmdk.Loading>Searching…</Cmdk.Loading>;
  const found = users ?? [];
  return (
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
        ctx.toasts.success(`Removed ${u.username} from verified users.`);
      }}
    >
      {(u) => <span className="vv-item-title">{u.username}</span>}
    </PickGroup>
  );
}
