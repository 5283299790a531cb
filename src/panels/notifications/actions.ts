import { attempt, type Attempt } from '../../data/api-errors';
import { resetCount } from '../../data/notifications/loading';
import { NOTIFICATIONS_TEXTS } from '../../data/notifications/texts';
import type { ReadContext } from '../../data/swr';

/**
 * What the notifications feature says about its requests: the data functions throw, and these,
 * called by the owner of each action (the feed's and the home panel's buttons, the palette's
 * commands, the unread count's mount), report through attempt().
 */

/**
 * Resets AniList's own unread count, saying how it went. Shared by the feed's Mark all as read,
 * the home panel and the palette command.
 */
export async function resetHostCount(
  ctx: ReadContext & { toasts: Parameters<typeof attempt>[0] & { success(message: string): void } },
): Promise<boolean> {
  const reset = await attempt(ctx.toasts, { toast: NOTIFICATIONS_TEXTS.resetFailed, log: 'reset notification count' }, () =>
    resetCount(ctx),
  );
  if (reset.ok) ctx.toasts.success(NOTIFICATIONS_TEXTS.countReset);
  return reset.ok;
}

/**
 * How the unread count's asks are reported (its owner hands this to the counter): a failure is
 * said once per run of failures (`repeat`: the ask before failed too), and logged every time.
 */
export function unreadCountGuard(toasts: Parameters<typeof attempt>[0]) {
  return <T>(ask: () => Promise<T>, repeat: boolean): Promise<Attempt<T>> =>
    attempt(toasts, { log: 'Failed to query notifications.', toast: NOTIFICATIONS_TEXTS.unreadFailed, detail: false, quiet: repeat }, ask);
}
