import type { CommandContext } from '../commands/types';
import { settingsKey } from '../data/config';
import { rgbTriple, safeUrl } from '../data/guards';
import {
  DEFAULT_COLOR,
  removeUser,
  resolveColor,
  resolveSign,
  setUserField,
  USER_FLAG_LABELS,
  USER_FLAGS,
  verifiedUsersKey,
  verifyUser,
  type VerifiedUser,
} from '../data/verified-users';
import { ColorInput } from './common/ColorInput';
import { UserSearchBox } from './common/UserSearchBox';
import { useStored } from './hooks';

/** The users tab: every verified user with their options, an add box with user search, remove. */
export function VerifiedUsers({ ctx }: { ctx: CommandContext }) {
  const users = useStored(verifiedUsersKey);
  useStored(settingsKey);
  return (
    <div className="vv-verified">
      <h3 className="vv-heading">Verified users</h3>
      <UserSearchBox
        ctx={ctx}
        label="Add verified user"
        placeholder="Add a user: type a name"
        onPick={(name) => void verifyUser(ctx, name)}
      />
      {!users.length && <p className="vv-note">No verified users yet. Search for a user above, or run “Verify user…” from the palette.</p>}
      <ul className="vv-user-list">
        {users.map((user) => (
          <UserRow key={user.username} user={user} ctx={ctx} />
        ))}
      </ul>
    </div>
  );
}

function UserRow({ user, ctx }: { user: VerifiedUser; ctx: CommandContext }) {
  const set = <K extends keyof VerifiedUser>(key: K, value: VerifiedUser[K]) =>
    ctx.store.update(verifiedUsersKey, (list) => setUserField(list, user.username, key, value));
  const color = rgbTriple(resolveColor(user, ctx.settings)) ?? DEFAULT_COLOR;
  return (
    <li className="vv-user" data-user={user.username}>
      <div className="vv-user-head">
        {safeUrl(user.avatar, 'image') ? (
          <img className="vv-avatar" src={safeUrl(user.avatar, 'image')} alt="" width={60} height={60} />
        ) : (
          <span className="vv-avatar vv-avatar-empty" />
        )}
        <a
          className="vv-link vv-user-name"
          href={`/user/${encodeURIComponent(user.username)}/`}
          style={{ borderBottom: `3px solid rgb(${color})` }}
          onClick={(e) => {
            e.preventDefault();
            ctx.route.navigate(`/user/${encodeURIComponent(user.username)}/`);
          }}
        >
          {user.username}
        </a>
        <span className="vv-subtle" aria-label="Sign">
          {resolveSign(user, ctx.settings)}
        </span>
        <button
          type="button"
          className="vv-button vv-button-small"
          aria-label={`Remove ${user.username}`}
          onClick={() => ctx.store.update(verifiedUsersKey, (list) => removeUser(list, user.username))}
        >
          Remove
        </button>
      </div>
      <div className="vv-user-options">
        <label>
          Sign{' '}
          <input
            type="text"
            className="vv-sign-input"
            maxLength={32}
            placeholder={String(ctx.settings.get('defaultSign') || '✔')}
            value={user.sign}
            onChange={(e) => set('sign', e.target.value)}
            aria-label={`Sign for ${user.username}`}
          />
        </label>
        <ColorInput
          label={`Colour for ${user.username}`}
          value={user.colorOverride.toLowerCase()}
          onChange={(value) => set('colorOverride', value)}
        />
        {USER_FLAGS.map((flag) => (
          <label key={flag} className="vv-user-flag">
            <input type="checkbox" checked={user[flag]} onChange={(e) => set(flag, e.target.checked)} /> {USER_FLAG_LABELS[flag]}
          </label>
        ))}
      </div>
    </li>
  );
}
