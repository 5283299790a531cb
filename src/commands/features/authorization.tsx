import { isSettingsDeveloper } from '../../data/pages';
import {
  AUTHORIZE_URL,
  authKey,
  expiryWarningKey,
  parseAuthHash,
  shouldWarnExpiry,
  daysLeft,
  validToken,
  AUTH_TEXTS,
  AUTH_RETURN_TEXTS,
} from '../../data/auth';
import { settingsTabKey } from '../../data/config';
import { ApiError } from '../../data/graphql';
import { attempt } from '../../data/api-errors';
import { identityOf, NO_OWNER, noticeIdentity, tokenOwner, type Account } from '../../data/identity';
import { beginOAuth, takeOAuthPending, withState, type PendingCheck } from '../../data/oauth';
import { formatDate, timeConfigKey } from '../../data/dates';
import type { CommandContext, FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import { onAbort } from '../../inject/lifetime';

const Authorization = lazyComponent(() => import('../../panels/authorization/Authorization'), 'Authorization');

/**
 * Authorization with AniList (implicit OAuth grant, client 15519): the settings area, palette
 * commands, reading the token from the return fragment, and the expiry warning.
 */

const SECTION = 'VoidVerified Settings';
const AUTH_TAB = 'authorization.tab';

/** A date in the user's chosen date format. */
const dateIn = (ctx: CommandContext) => (ms: number) => formatDate(new Date(ms), ctx.store.get(timeConfigKey).dateFormat);

const REVOKE_QUESTION = 'Revoke VoidVerified’s AniList authorization? The features that need it stop until you authorize again.';

/** Why a return is refused when the pending marker does not vouch for it (null: it does). */
const pendingRefusal = (check: PendingCheck): string | null =>
  check === 'ok'
    ? null
    : check === 'stale'
      ? AUTH_RETURN_TEXTS.stale
      : check === 'missing'
        ? AUTH_RETURN_TEXTS.noState
        : AUTH_RETURN_TEXTS.notStarted;

/**
 * Whose the returned token must be: the account signed in to the site when the flow started (kept
 * in the marker, out of the page's reach) and the one signed in now; a token of anyone else is
 * refused. Null when it may be used; 'ask' when nobody was signed in either time (nothing to
 * compare with: the user is asked, naming the token's owner).
 */
function ownerRefusal(owner: Account, starter: Account | null, signedIn: Account | null): string | 'ask' | null {
  if (signedIn && signedIn.id !== owner.id) return AUTH_RETURN_TEXTS.otherUser(owner.name, signedIn.name);
  if (starter && starter.id !== owner.id) return AUTH_RETURN_TEXTS.otherStarter(owner.name, starter.name);
  return starter || signedIn ? null : 'ask';
}

/**
 * The OAuth return: taken only when this browser started the authorization (the pending marker
 * and its `state`, which the return must carry), the token is well formed, the user agrees to
 * replace a token they have, and AniList says the token is the account's that started the flow
 * and is signed in now (asked when nobody is). Any return uses the marker up.
 */
async function acceptReturn(ctx: CommandContext): Promise<void> {
  const parsed = parseAuthHash(location.hash);
  if (!parsed) return;
  // The token must not stay in the address bar (or in history), whatever becomes of it.
  ctx.route.replace(location.pathname + location.search);
  // Show where the user came back to: the authorization tab.
  ctx.store.set(settingsTabKey, AUTH_TAB);
  const pending = takeOAuthPending(ctx.store, 'anilist', parsed.state);
  const refusal = pendingRefusal(pending.check);
  if (refusal) return void ctx.toasts.error(refusal);
  if (!parsed.ok)
    return void ctx.toasts.error(parsed.error ? AUTH_RETURN_TEXTS.denied(parsed.error) : AUTH_RETURN_TEXTS.malformed(parsed.problem));

  const current = validToken(ctx.store);
  if (current && current !== parsed.token && !(await ctx.confirm(AUTH_RETURN_TEXTS.replace)))
    return void ctx.toasts.info(AUTH_RETURN_TEXTS.kept);

  // Whose token is it? Asked with the new token before it is stored, so no request goes out with
  // someone else's token.
  const asked = await attempt(
    ctx.toasts,
    {
      toast: (error) =>
        (error instanceof ApiError && error.status === 400) || (error instanceof Error && error.message === NO_OWNER)
          ? AUTH_RETURN_TEXTS.notAccepted
          : AUTH_RETURN_TEXTS.unchecked(error instanceof Error ? error.message : String(error)),
      detail: false,
      log: 'checking a returned token failed',
    },
    () => tokenOwner(ctx, { token: parsed.token, fresh: true }),
  );
  if (!asked.ok) return;
  const owner = asked.value;
  const check = ownerRefusal(owner, pending.account, ctx.auth.viewer());
  if (check === 'ask' && !(await ctx.confirm(AUTH_RETURN_TEXTS.unverified(owner.name))))
    return void ctx.toasts.info(AUTH_RETURN_TEXTS.notUsed);
  if (check !== null && check !== 'ask') return void ctx.toasts.error(check);

  ctx.store.set(authKey, { token: parsed.token, expires: parsed.expires });
  ctx.toasts.success(AUTH_RETURN_TEXTS.authorized(owner.name, parsed.expires ? dateIn(ctx)(parsed.expires) : null));
}

/**
 * Sends the user to AniList to approve, once the pending marker is stored (with the account signed
 * in to the site now: the returned token must be theirs).
 */
async function startAuthorization(ctx: CommandContext): Promise<void> {
  const state = await beginOAuth(ctx.store, 'anilist', { account: ctx.auth.viewer() });
  ctx.route.load(withState(AUTHORIZE_URL, state));
}

/**
 * Asks AniList whose the token is (once per token and hour: the read is cached) and compares it
 * with the account signed in to the site: a mismatch is said once and locks the features that act
 * as "you"; the registry is told when the verdict changed, so commands, hotkeys and injections
 * follow at once.
 */
async function checkIdentity(ctx: CommandContext): Promise<void> {
  if (!ctx.auth.token()) return;
  const before = ctx.context(null).identity;
  let owner: Account;
  try {
    owner = await tokenOwner(ctx);
  } catch (error) {
    console.warn('[VoidVerified] could not ask AniList whose the token is', error);
    return;
  }
  const now = identityOf(owner, ctx.auth.viewer());
  const notice = noticeIdentity(ctx.store, now);
  if (notice) ctx.toasts.warning(notice);
  if (before.owner?.id !== owner.id || before.mismatch !== now.mismatch) ctx.registry.changed();
}

export const authorization: FeatureDef = {
  id: 'authorization',
  title: 'Authorization',
  category: 'misc',
  description: 'Authorize VoidVerified with AniList so features can use the API on your behalf.',
  commands: [
    {
      id: 'authorization.authorize',
      title: 'Authorize',
      section: SECTION,
      keywords: ['login', 'token', 'oauth', 'authenticate', 'api'],
      // Also offered while the token is another account's than the one signed in to the site.
      when: (ctx) => !ctx.authorized || ctx.identity.mismatch,
      run: startAuthorization,
    },
    {
      id: 'authorization.revoke',
      title: 'Revoke authorization',
      section: SECTION,
      keywords: ['logout', 'token', 'sign out', 'deauthorize'],
      when: (ctx) => ctx.authorized,
      effect: 'credential',
      // Asked here, so the settings button, the palette and any hotkey all ask.
      run: async (ctx) => {
        if (!(await ctx.confirm(REVOKE_QUESTION))) return;
        ctx.store.set(authKey, { token: null, expires: null });
        ctx.toasts.success(AUTH_TEXTS.revoked);
      },
    },
  ],
  panels: [
    {
      kind: 'settings-tab',
      id: AUTH_TAB,
      title: 'authorization',
      component: ({ ctx }) => <Authorization ctx={ctx} formatDate={dateIn(ctx)} />,
    },
  ],
  page: [
    {
      // AniList sends the user back to /settings/developer#void_auth&access_token=…
      id: 'auth-return',
      route: isSettingsDeveloper,
      run: (ctx) => {
        void acceptReturn(ctx);
      },
    },
    {
      // Whose the token is, against who is signed in to the site: checked on every page (the site's
      // account lives in page storage, which can change under us) and whenever the token changes.
      id: 'identity-check',
      when: (ctx) => ctx.authorized,
      key: (path) => path,
      run: (ctx) => {
        void checkIdentity(ctx);
        onAbort(
          ctx,
          ctx.store.subscribe(authKey, () => void checkIdentity(ctx.context(null))),
        );
      },
    },
    {
      id: 'auth-expiry-warning',
      when: (ctx) => ctx.authorized,
      run: (ctx) => {
        if (!shouldWarnExpiry(ctx.store)) return;
        ctx.store.set(expiryWarningKey, Date.now());
        const left = daysLeft(ctx.store) ?? 0;
        const when = left === 0 ? 'today' : left === 1 ? 'in 1 day' : `in ${left} days`;
        ctx.toasts.warning(AUTH_TEXTS.expiresSoon(when));
      },
    },
  ],
};
