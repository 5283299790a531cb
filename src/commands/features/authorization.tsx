import { AUTH_RETURN_PATH, AUTHORIZE_URL, authKey, expiryWarningKey, parseAuthHash, shouldWarnExpiry, daysLeft } from '../../data/auth';
import { settingsTabKey } from '../../data/config';
import { formatDate, timeConfigKey } from '../../data/time';
import { Authorization } from '../../panels/Authorization';
import type { CommandContext, FeatureDef } from '../types';

/**
 * Authorization with AniList (implicit OAuth grant, client 15519): the settings area, palette
 * commands, reading the token from the return fragment, and the expiry warning.
 */

const SECTION = 'VoidVerified Settings';
const AUTH_TAB = 'tab.authorization';

/** A date in the user's chosen format (document 1: time format configuration). */
const dateIn = (ctx: CommandContext) => (ms: number) => formatDate(new Date(ms), ctx.store.get(timeConfigKey).dateFormat);

function acceptReturn(ctx: CommandContext): void {
  const parsed = parseAuthHash(location.hash);
  if (!parsed) return;
  ctx.store.set(authKey, { token: parsed.token, expires: parsed.expires });
  // Show where the user came back to: the authorization tab, with the new expiry date.
  ctx.store.set(settingsTabKey, AUTH_TAB);
  // The token must not stay in the address bar (or in history).
  ctx.route.replace(location.pathname + location.search);
  ctx.toasts.success(parsed.expires ? `Authorized VoidVerified until ${dateIn(ctx)(parsed.expires)}.` : 'Authorized VoidVerified.');
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
      run: (ctx) => ctx.route.load(AUTHORIZE_URL),
    },
    {
      id: 'authorization.revoke',
      title: 'Revoke authorization',
      section: SECTION,
      keywords: ['logout', 'token', 'sign out', 'deauthorize'],
      when: (ctx) => ctx.authorized,
      run: (ctx) => {
        ctx.store.set(authKey, { token: null, expires: null });
        ctx.toasts.success('Authorization revoked.');
      },
    },
  ],
  panels: [{ kind: 'settings-tab', id: AUTH_TAB, title: 'authorization', component: ({ ctx }) => <Authorization ctx={ctx} formatDate={dateIn(ctx)} /> }],
  injections: [
    {
      // AniList sends the user back to /settings/developer#void_auth&access_token=…
      id: 'auth-return',
      route: (path) => path.replace(/\/$/, '').toLowerCase() === AUTH_RETURN_PATH,
      selector: 'body',
      single: true,
      mount: (_body, ctx) => acceptReturn(ctx),
    },
    {
      id: 'auth-expiry-warning',
      route: () => true,
      selector: 'body',
      single: true,
      when: (ctx) => ctx.authorized,
      mount: (_body, ctx) => {
        if (!shouldWarnExpiry(ctx.store)) return;
        ctx.store.set(expiryWarningKey, Date.now());
        const left = daysLeft(ctx.store) ?? 0;
        const when = left === 0 ? 'today' : left === 1 ? 'in 1 day' : `in ${left} days`;
        ctx.toasts.warning(`Your VoidVerified authorization expires ${when}. Authorize again in the settings to keep using the features that need it.`);
      },
    },
  ],
};
