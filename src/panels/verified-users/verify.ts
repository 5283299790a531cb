import type { CommandContext } from '../../commands/types';
import { attempt } from '../../data/api-errors';
import { addVerifiedUser, fetchNewUser, VERIFIED_USERS_TEXTS } from '../../data/verified-users';

/**
 * Verifies the user picked (the settings tab's box, the palette's 'Verify user…'): adds them and
 * fetches their profile data, saying so as the spec words it. A name already verified, in any
 * case, is only noted; a failed query keeps the user listed (the next refresh tries again).
 */
export async function verify(ctx: Pick<CommandContext, 'store' | 'client' | 'toasts' | 'settings'>, name: string): Promise<void> {
  const username = name.trim();
  if (!username) return;
  if (!addVerifiedUser(ctx.store, username)) {
    ctx.toasts.info(VERIFIED_USERS_TEXTS.alreadyVerified(username));
    return;
  }
  ctx.toasts.debug(VERIFIED_USERS_TEXTS.querying(username));
  await attempt(ctx.toasts, { toast: VERIFIED_USERS_TEXTS.queryNewFailed, log: 'verifying a user failed' }, () =>
    fetchNewUser(ctx, username),
  );
}
