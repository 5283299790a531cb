import { quickStartConfigKey, settingsKey } from '../../data/config';
import { isHome } from '../../data/pages';
import { RefreshClock } from '../../data/quick-access-refresh-clock';
import {
  quickAccessFetchKey,
  quickAccessUsers,
  refreshUsers,
  REFRESH_MS,
  staleUsers,
  userHas,
  verifiedUsersKey,
} from '../../data/verified-users';
import { readsFor } from '../../data/swr';
import { attempt } from '../../data/api-errors';
import { mountUi } from '../../panels/mount';
import type { CommandContext, FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import { onAbort } from '../../inject/lifetime';
import styles from '../../panels/quick-access/quick-access.css';
import { userPath } from '../../data/paths';
import { QUICK_ACCESS_TEXTS } from '../../data/quick-access';

const QuickAccess = lazyComponent(() => import('../../panels/quick-access/QuickAccess'), 'QuickAccess');

/**
 * Quick access users: a strip of chosen verified users at the top of /home (and in the palette's
 * Dashboard), refreshed when the last refresh is missing or 15 minutes old, or on demand. While the
 * home page stays open it refreshes every 15 minutes (one timer, see RefreshClock); a hidden tab
 * waits and catches up when it is shown again.
 */

/** Quick access users, as the original picks them: every verified user while the global switch is on, else the ones flagged. */
const quickUsers = (ctx: Pick<CommandContext, 'store' | 'settings'>) => quickAccessUsers(ctx.store.get(verifiedUsersKey), ctx.settings);

/** The strip (and its refresh) is there while the global switch is on or a user is flagged, as the original's. */
const stripShown = (ctx: Pick<CommandContext, 'store' | 'settings'>) =>
  ctx.settings.get('quickAccessEnabled') === true || quickUsers(ctx).length > 0;

/** The quick access refresh, as the read layer shares it while it runs. */
const REFRESH = 'quick-access refresh';

/**
 * Refreshes quick access users; the last fetch time is stored even when it fails. On demand every
 * chosen user is asked again. When the strip's clock finds a refresh due, only users whose profile
 * data is older than the refresh interval are asked: the verified-users feature refreshes the same
 * data on navigation (in any tab), so the data's own fetch time is the one lifetime both keep. When
 * every chosen user is still fresh, nothing is asked and the strip's clock starts again from the
 * oldest of their fetch times.
 */
function refreshQuickAccess(ctx: CommandContext, due = false): Promise<void> {
  // One refresh at a time: a second caller while one runs shares it.
  const reads = readsFor(ctx);
  if (due && !reads.running(REFRESH)) {
    const users = quickUsers(ctx);
    if (users.length && !staleUsers(users, Date.now()).length) {
      ctx.store.set(quickAccessFetchKey, Math.min(...users.map((u) => u.lastFetch ?? 0)));
      return Promise.resolve();
    }
  }
  return reads.together(REFRESH, async () => {
    const refreshed = await attempt(
      ctx.toasts,
      { toast: QUICK_ACCESS_TEXTS.failed, detail: false, log: 'refreshing verified users failed' },
      () => refreshUsers(ctx, due ? staleUsers(quickUsers(ctx), Date.now()) : quickUsers(ctx)),
    );
    // Stored whatever happened: the strip's clock plans the next refresh from it.
    ctx.store.set(quickAccessFetchKey, Date.now());
    if (refreshed.ok) ctx.toasts.success(QUICK_ACCESS_TEXTS.updated);
  });
}

export const quickAccess: FeatureDef = {
  id: 'quick-access',
  styles,
  title: 'Quick access users',
  category: 'users',
  description: 'A strip of chosen users at the top of the home page, with a badge when their profile changed.',
  options: [
    {
      key: 'quickAccessEnabled',
      description: 'Show quick access to users on the home page.',
      default: false,
    },
    {
      key: 'quickAccessBadge',
      title: 'Quick access badge',
      description: 'Badge a quick access user whose avatar, banner, colour or name changed.',
      default: false,
    },
    {
      key: 'quickAccessTimer',
      title: 'Quick access timer',
      description: 'Show the time until quick access refreshes.',
      default: true,
    },
  ],
  // No toggle of its own: a user flagged for quick access shows while the global switch is off.
  commands: [
    {
      id: 'quick-access.refresh',
      title: 'Refresh Quick Access',
      section: 'Quick Access',
      keywords: ['users', 'update'],
      when: stripShown,
      reads: [verifiedUsersKey],
      run: (ctx) => refreshQuickAccess(ctx),
    },
  ],
  // The Dashboard's quick-access users (QuickStart config 'usersEnabled').
  reads: [quickStartConfigKey, verifiedUsersKey],
  provideCommands: (ctx) =>
    ctx.store.get(quickStartConfigKey).usersEnabled
      ? quickUsers(ctx).map((u) => ({
          id: `quick-access.user.${u.username.toLowerCase()}`,
          title: u.username,
          section: 'Quick Access',
          keywords: ['user', 'profile', 'quick access'],
          dashboard: true,
          hint: (c: CommandContext) => (u.quickAccessBadgeDisplay && userHas(u, 'quickAccessBadge', c.settings) ? 'changed' : undefined),
          run: (c: CommandContext) => c.route.navigate(userPath(u.username)),
        }))
      : [],
  injections: [
    {
      id: 'quick-access-strip',
      route: isHome,
      selector: '.container > .home > div:nth-child(2)',
      single: true,
      when: stripShown,
      reads: [verifiedUsersKey],
      mount: (column, ctx) => {
        const doc = column.ownerDocument;
        const clock = new RefreshClock({
          interval: REFRESH_MS,
          lastFetch: () => ctx.store.get(quickAccessFetchKey),
          showTimer: () => ctx.settings.get('quickAccessTimer') === true,
          visible: () => doc.visibilityState !== 'hidden',
          refresh: () => {
            if (quickUsers(ctx).length) void refreshQuickAccess(ctx, true);
          },
        });
        const wake = () => clock.wake();
        // A new fetch time (from here or another tab), the timer option, the chosen users, or the tab shown again.
        onAbort(ctx, () => clock.stop());
        onAbort(ctx, ctx.store.subscribe(quickAccessFetchKey, wake));
        onAbort(ctx, ctx.store.subscribe(settingsKey, wake));
        onAbort(ctx, ctx.store.subscribe(verifiedUsersKey, wake));
        doc.addEventListener('visibilitychange', wake, { signal: ctx.signal });
        clock.wake();
        mountUi(
          ctx,
          'quick-access',
          (host) => column.prepend(host),
          <QuickAccess ctx={ctx} clock={clock} refresh={() => void ctx.run('quick-access.refresh')} />,
        );
      },
    },
  ],
};
