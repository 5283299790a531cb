import { isSettingsDeveloper } from '../../data/pages';
import { AUTHORIZE_URL, authKey, expiryWarningKey, parseAuthHash, shouldWarnExpiry, daysLeft, validToken } from '../../data/auth';
import { settingsTabKey } from '../../data/config';
import { tokenViewer } from '../../data/documents';
import { ApiError } from '../../data/graphql';
import { read } from '../../data/swr';
import { attempt } from '../../data/api-errors';
import { beginOAuth, takeOAuthPending, withState, type PendingCheck } from '../../data/oauth';
import { formatDate, timeConfigKey } from '../../data/time';
import type { CommandContext, FeatureDef } from '../types';
import { lazyComponent } from '../lazy';

const Authorization = lazyComponent(() => import('../../panels/Authorization'), 'Authorization');

/**
 * Authorization with AniList (implicit OAuth grant, client 15519): the settings area, palette
 * commands, reading the token from the return fragment, and the expiry warning.
 */

const SECTION = 'VoidVerified Settings';
const AUTH_TAB = 'tab.authorization';

/** A date in the user's chosen date format. */
const dateIn = (ctx: CommandContext) => (ms: number) => formatDate(new Date(ms), ctx.store.get(timeConfigKey).dateFormat);

const NOTHING_CHANGED = 'Nothing was changed.';
export const AUTH_RETURN_TEXTS = {
  notStarted: `Refused an AniList authorization this browser did not start: a link can carry someone else's token. ${NOTHING_CHANGED} To authorize, use 'Authenticate VoidVerified' in the settings.`,
  stale: `Refused an AniList authorization started more than 10 minutes ago. ${NOTHING_CHANGED} Authorize again from the settings.`,
  malformed: (problem: string) => `Refused the AniList authorization: ${problem}. ${NOTHING_CHANGED}`,
  replace: 'VoidVerified is already authorized on this browser. Replace its AniList token with the one AniList just returned?',
  kept: 'Kept the existing authorization.',
  otherUser: (owner: string, signedIn: string) =>
    `Refused the AniList authorization: the token is ${owner}'s, but ${signedIn} is signed in to AniList here. ${NOTHING_CHANGED}`,
  notAccepted: `Refused the AniList authorization: AniList did not accept the returned token. ${NOTHING_CHANGED}`,
  unchecked: (why: string) =>
    `Could not ask AniList whose the returned token is (${why}), so it was not stored. Authorize again from the settings.`,
};

export const REVOKE_QUESTION = 'Revoke VoidVerified’s AniList authorization? The features that need it stop until you authorize again.';

/** Why a return is refused when the pending marker does not vouch for it (null: it does). */
export const pendingRefusal = (check: PendingCheck): string | null =>
  check === 'ok' ? null : check === 'stale' ? AUTH_RETURN_TEXTS.stale : AUTH_RETURN_TEXTS.notStarted;

/**
 * The OAuth return: taken only when this browser started the authorization (the pending marker,
 * and its `state` when AniList echoes one), the token is well formed, the user agrees to replace a
 * token they have, and AniList says the token is the signed-in user's.
 */
async function acceptReturn(ctx: CommandContext): Promise<void> {
  const parsed = parseAuthHash(location.hash);
  if (!parsed) return;
  // The token must not stay in the address bar (or in history), whatever becomes of it.
  ctx.route.replace(location.pathname + location.search);
  // Show where the user came back to: the authorization tab.
  ctx.store.set(settingsTabKey, AUTH_TAB);
  const refusal = pendingRefusal(takeOAuthPending(ctx.store, 'anilist', parsed.ok ? parsed.state : null));
  if (refusal) return void ctx.toasts.error(refusal);
  if (!parsed.ok) return void ctx.toasts.error(AUTH_RETURN_TEXTS.malformed(parsed.problem));

  const current = validToken(ctx.store);
  if (current && current !== parsed.token && !(await ctx.confirm(AUTH_RETURN_TEXTS.replace)))
    return void ctx.toasts.info(AUTH_RETURN_TEXTS.kept);

  // Whose token is it? Asked with the new token before it is stored, so no request goes out with
  // someone else's token.
  const asked = await attempt(
    ctx.toasts,
    {
      toast: (error) =>
        error instanceof ApiError && error.status === 400
          ? AUTH_RETURN_TEXTS.notAccepted
          : AUTH_RETURN_TEXTS.unchecked(error instanceof Error ? error.message : String(error)),
      detail: false,
      log: 'checking a returned token failed',
    },
    () => read(ctx, tokenViewer, {}, { token: parsed.token }),
  );
  if (!asked.ok) return;
  const owner = asked.value.Viewer;
  if (!owner) return void ctx.toasts.error(AUTH_RETURN_TEXTS.notAccepted);
  const signedIn = ctx.auth.viewer();
  if (signedIn && signedIn.id !== owner.id) return void ctx.toasts.error(AUTH_RETURN_TEXTS.otherUser(owner.name, signedIn.name));

  ctx.store.set(authKey, { token: parsed.token, expires: parsed.expires });
  ctx.toasts.success(
    parsed.expires
      ? `Authorized VoidVerified for ${owner.name} until ${dateIn(ctx)(parsed.expires)}.`
      : `Authorized VoidVerified for ${owner.name}.`,
  );
}

/** Sends the user to AniList to approve, once the pending marker is stored. */
export async function startAuthorization(ctx: CommandContext): Promise<void> {
  const state = await beginOAuth(ctx.store, 'anilist');
  ctx.route.load(withState(AUTHORIZE_URL, state));
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
      when: (ctx) => !ctx.authorized,
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
        ctx.toasts.success('Authorization revoked.');
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
  injections: [
    {
      // AniList sends the user back to /settings/developer#void_auth&access_token=…
      id: 'auth-return',
      route: isSettingsDeveloper,
      selector: 'body',
      single: true,
      mount: (_body, ctx) => void acceptReturn(ctx),
    },
    {
      id: 'auth-expiry-warning',
      selector: 'body',
      single: true,
      when: (ctx) => ctx.authorized,
      mount: (_body, ctx) => {
        if (!shouldWarnExpiry(ctx.store)) return;
        ctx.store.set(expiryWarningKey, Date.now());
        const left = daysLeft(ctx.store) ?? 0;
        const when = left === 0 ? 'today' : left === 1 ? 'in 1 day' : `in ${left} days`;
        ctx.toasts.warning(
          `Your VoidVerified authorization expires ${when}. Authorize again in the settings to keep using the features that need it.`,
        );
      },
    },
  ],
};
