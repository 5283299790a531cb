import { memo, useId, useState } from 'react';
import type { CommandContext, PalettePageProps } from '../../commands/types';
import { settingsKey } from '../../data/config';
import { rgbTriple, safeUrl } from '../../data/guards';
import { userPath } from '../../data/paths';
import {
  DEFAULT_COLOR,
  findUser,
  removeUser,
  resolveColor,
  resolveSign,
  setUserField,
  USER_FLAG_LABELS,
  USER_FLAGS,
  verifiedUsersKey,
  type VerifiedUser,
} from '../../data/verified-users';
import { verify } from './verify';
import { ColorInput } from '../common/ColorInput';
import { UserSearch } from '../common/UserSearch';
import { useStored } from '../hooks';
import { InAppLink } from '../common/InAppLink';
import { SmallButton } from '../common/SmallButton';
import { Section } from '../common/Section';

/**
 * Above this many users the list is long: a filter box finds users by name, and each row shows
 * only the user (avatar, name, sign, remove) until its options are opened with its "Options"
 * button. 500 rows of full controls (a sign, a colour and eight switches each) are too many
 * elements to render at once; a short list keeps every row open.
 */
export const LONG_LIST = 20;

/** The users tab: every verified user with their options, an add box with user search, remove. */
export function VerifiedUsers({ ctx }: { ctx: CommandContext }) {
  const users = useStored(verifiedUsersKey);
  const settings = useStored(settingsKey);
  const [filter, setFilter] = useState('');
  const long = users.length > LONG_LIST;
  const needle = long ? filter.trim().toLowerCase() : '';
  const shown = needle ? users.filter((u) => u.username.toLowerCase().includes(needle)) : users;
  // Few enough rows to show every control: the whole short list, or a filter's few matches.
  const compact = shown.length > LONG_LIST;
  return (
    <Section className="vv-verified" title="Verified users">
      <UserSearch
        ctx={ctx}
        label="Add verified user"
        placeholder="Add a user: type a name"
        floating
        onPick={(user) => void verify(ctx, user.name)}
        onText={(name) => void verify(ctx, name)}
      />
      {!users.length && <p className="vv-note">No verified users yet. Search for a user above, or run “Verify user…” from the palette.</p>}
      {long && (
        <input
          type="search"
          className="vv-input vv-user-filter"
          aria-label="Filter verified users"
          placeholder={`Filter ${users.length} verified users`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {long && needle && !shown.length && <p className="vv-note">No verified user matches.</p>}
      <ul className={compact ? 'vv-user-list vv-user-list-compact' : 'vv-user-list'}>
        {shown.map((user) => (
          <UserRow key={user.username} user={user} ctx={ctx} settings={settings} compact={compact} />
        ))}
      </ul>
    </Section>
  );
}

/** 'Verified user options: NAME': that user's row of the users tab, open, as a palette form. */
export function UserOptionsPage({ ctx, arg }: PalettePageProps) {
  const user = findUser(useStored(verifiedUsersKey), arg ?? '');
  const settings = useStored(settingsKey);
  if (!user) return <p className="vv-note">{arg} is no longer verified.</p>;
  return (
    <ul className="vv-user-list">
      <UserRow user={user} ctx={ctx} settings={settings} compact={false} />
    </ul>
  );
}

interface RowProps {
  user: VerifiedUser;
  ctx: CommandContext;
  /** The stored settings: a new value re-renders the rows (sign and colour fall back to them). */
  settings: unknown;
  /** Options hidden behind the row's "Options" button (a long list). */
  compact: boolean;
}

/** Re-rendered only when its user, the settings or the compact mode change: editing one row leaves the other 499 alone. */
const UserRow = memo(function UserRow({ user, ctx, compact }: RowProps) {
  const [opened, setOpened] = useState(false);
  const optionsId = useId();
  const open = !compact || opened;
  const set = <K extends keyof VerifiedUser>(key: K, value: VerifiedUser[K]) =>
    ctx.store.update(verifiedUsersKey, (list) => setUserField(list, user.username, key, value));
  const color = rgbTriple(resolveColor(user, ctx.settings)) ?? DEFAULT_COLOR;
  return (
    <li className="vv-user" data-user={user.username}>
      <div className="vv-user-head">
        {safeUrl(user.avatar, 'image') ? (
          // `loading` before `src`: attributes are set in this order, and a src set first starts loading at once.
          <img className="vv-avatar" loading="lazy" decoding="async" src={safeUrl(user.avatar, 'image')} alt="" width={60} height={60} />
        ) : (
          <span className="vv-avatar vv-avatar-empty" />
        )}
        <InAppLink
          ctx={ctx}
          className="vv-link vv-user-name"
          path={userPath(user.username)}
          style={{ borderBottom: `3px solid rgb(${color})` }}
        >
          {user.username}
        </InAppLink>
        <span className="vv-subtle" aria-label="Sign">
          {resolveSign(user, ctx.settings)}
        </span>
        {compact && (
          <SmallButton
            aria-expanded={opened}
            aria-controls={opened ? optionsId : undefined}
            aria-label={`Options for ${user.username}`}
            onClick={() => setOpened((o) => !o)}
          >
            Options
          </SmallButton>
        )}
        <SmallButton
          aria-label={`Remove ${user.username}`}
          onClick={() => ctx.store.update(verifiedUsersKey, (list) => removeUser(list, user.username))}
        >
          Remove
        </SmallButton>
      </div>
      {open && (
        <div className="vv-user-options" id={optionsId}>
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
      )}
    </li>
  );
});
