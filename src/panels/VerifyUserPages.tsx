import { Command as Cmdk } from 'cmdk';
import type { PalettePageProps } from '../commands/types';
import { searchUsers } from '../data/documents';
import { sameUserName } from '../data/pages';
import { USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_MIN } from '../data/search';
import { useQuery } from '../data/swr';
import { removeUser, verifiedUsersKey, verifyUser } from '../data/verified-users';
import { useDebounced, useStored } from './hooks';

/** 'Verify user…': the palette input searches users (3 characters, 800 ms); picking one verifies them. */
export function AddUserPage({ query, ctx, close }: PalettePageProps) {
  const search = useDebounced(query.trim(), USER_SEARCH_DEBOUNCE_MS);
  const ready = search.length >= USER_SEARCH_MIN;
  const { data, error, isLoading } = useQuery(ctx, searchUsers, ready ? { search } : null);
  const verify = (name: string) => {
    close();
    void verifyUser(ctx, name);
  };
  if (!ready) return <div className="vv-note">Type at least {USER_SEARCH_MIN} characters of a user name.</div>;
  if (error)
    return (
      <div className="vv-error" role="alert">
        Failed to query media with search word {search}
      </div>
    );
  if (isLoading && !data) return <Cmdk.Loading>Searching…</Cmdk.Loading>;
  const found = data?.Page.users ?? [];
  return (
    <Cmdk.Group heading="Verify user">
      {found.map((u) => (
        <Cmdk.Item key={u.id} value={`verify/${u.id}`} className="vv-item" onSelect={() => verify(u.name)}>
          <span className="vv-item-title">{u.name}</span>
        </Cmdk.Item>
      ))}
      {!found.some((u) => sameUserName(u.name, search)) && (
        <Cmdk.Item value="verify/typed" className="vv-item" onSelect={() => verify(search)}>
          <span className="vv-item-title">Verify “{search}”</span>
        </Cmdk.Item>
      )}
    </Cmdk.Group>
  );
}

export function RemoveUserPage({ query, ctx }: PalettePageProps) {
  const users = useStored(verifiedUsersKey).filter((u) => u.username.toLowerCase().includes(query.trim().toLowerCase()));
  if (!users.length) return <Cmdk.Empty>No verified user matches.</Cmdk.Empty>;
  return (
    <Cmdk.Group heading="Remove verified user">
      {users.map((u) => (
        <Cmdk.Item
          key={u.username}
          value={`remove/${u.username}`}
          className="vv-item"
          onSelect={() => {
            ctx.store.update(verifiedUsersKey, (list) => removeUser(list, u.username));
            ctx.toasts.success(`Removed ${u.username} from verified users.`);
          }}
        >
          <span className="vv-item-title">{u.username}</span>
        </Cmdk.Item>
      ))}
    </Cmdk.Group>
  );
}
