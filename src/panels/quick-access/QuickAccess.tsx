import { useSyncExternalStore } from 'react';
import type { CommandContext } from '../../commands/types';
import { settingsKey } from '../../data/config';
import { safeUrl } from '../../data/guards';
import type { RefreshClock } from '../../data/quick-access-refresh-clock';
import { quickAccessFetchKey, quickAccessUsers, timeUntil, userHas, verifiedUsersKey } from '../../data/verified-users';
import { useStored } from '../hooks';
import { userPath } from '../../data/paths';
import { InAppLink } from '../common/InAppLink';
import { SmallButton } from '../common/SmallButton';

/**
 * The Quick Access strip on /home: chosen users with 60 px avatars, a badge on changed ones, the
 * refresh timer. The feature's clock (one timer) re-renders it when the countdown's text changes.
 */
export function QuickAccess({ ctx, clock, refresh }: { ctx: CommandContext; clock: RefreshClock; refresh(): void }) {
  const users = quickAccessUsers(useStored(verifiedUsersKey), ctx.settings);
  useStored(quickAccessFetchKey);
  useStored(settingsKey);
  useSyncExternalStore(clock.subscribe, clock.snapshot);
  const showTimer = ctx.settings.get('quickAccessTimer') === true;
  const left = clock.left();
  return (
    <section className="vv-quick-access" aria-label="Quick Access">
      <div className="vv-quick-access-head">
        <strong>Quick Access</strong>
        <span>
          {showTimer && <span className="vv-quick-access-timer">Next update in {timeUntil(left)} </span>}
          <SmallButton onClick={refresh}>Refresh</SmallButton>
        </span>
      </div>
      {!users.length && <span className="vv-note">No verified users yet: add one in settings, or switch “Quick access” on for one.</span>}
      {users.map((u) => {
        const badge = u.quickAccessBadgeDisplay && userHas(u, 'quickAccessBadge', ctx.settings);
        return (
          <InAppLink key={u.username} ctx={ctx} className="vv-quick-user" path={userPath(u.username)}>
            {safeUrl(u.avatar, 'image') ? (
              <img src={safeUrl(u.avatar, 'image')} alt="" width={60} height={60} />
            ) : (
              <span className="vv-avatar-empty" />
            )}
            {badge && <span className="vv-badge-dot" aria-label="changed since your last visit" />}
            <span>{u.username}</span>
          </InAppLink>
        );
      })}
    </section>
  );
}
