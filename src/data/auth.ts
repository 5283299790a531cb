import { NOTHING_CHANGED } from './api-errors';
import { defineKey, type Store, fixedShape } from './storage';
import { ANILIST_MAX_EXPIRES_IN, expiryFromSeconds, isTokenShaped, returnedParams, type Returned } from './oauth';
import { s } from './schema';

/**
 * Who is signed in, and whether the product holds an API token. The host keeps a snapshot of the
 * signed-in viewer in its own `localStorage.auth`; our token is ours, stored through the adapter.
 * Page storage is the page's to write: the host's snapshot serves display and navigation only.
 * Whose data a write changes is the token's owner as AniList reports it (identity.ts).
 */

export const authKey = defineKey({
  name: 'void-verified-auth',
  cap: fixedShape,
  description: 'The AniList API token and when it expires.',
  schema: s.object({ token: s.nullable(s.string()), expires: s.nullable(s.number()) }),
  defaultValue: () => ({ token: null as string | null, expires: null as number | null }),
  // The token is a credential: it is not put into exported configuration files.
  exported: false,
  // Version 0 is the original VoidVerified's form, found when our script replaced it in the same
  // manager slot. It stays in that form until the user signs in or out here, so putting the
  // original back in place still finds it.
  migrations: { 1: migrateOriginalAuth },
  writeBackMigrated: false,
});

/**
 * The original VoidVerified's stored authorization (`{"token": "...", "expires": "<ISO date>"}`,
 * its `Date` as JSON writes it) in our form (`expires` in milliseconds). A token without a readable
 * expiry is refused (the original could not tell whether it was valid either); an expired one is
 * kept as it is and reads as no token (`validToken`).
 */
export function migrateOriginalAuth(old: unknown): unknown {
  if (typeof old !== 'object' || old === null || Array.isArray(old)) return old;
  const { token, expires } = old as { token?: unknown; expires?: unknown };
  if (typeof token !== 'string' || token.trim() === '') return { token: null, expires: null };
  const at = typeof expires === 'number' ? expires : typeof expires === 'string' ? Date.parse(expires) : NaN;
  if (!Number.isFinite(at)) throw new Error('the token has no readable expiry date');
  return { token: token.trim(), expires: at };
}

export interface HostViewer {
  id: number;
  name: string;
  avatar: string | null;
  donatorTier: number;
  profileColor: string | null;
  disabledListActivity: { type: string; disabled: boolean }[];
}

const hostAuthSchema = s.object(
  {
    id: s.number(),
    name: s.string({ min: 1 }),
  },
  { keepUnknown: true },
);

/** Parses the host's `localStorage.auth` snapshot; null when absent or unreadable. */
export function parseHostAuth(raw: string | null): HostViewer | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const r = hostAuthSchema.parse(value);
  if (!r.ok) return null;
  const v = r.value as Record<string, unknown> & { id: number; name: string };
  const avatar = (v.avatar as { large?: unknown } | undefined)?.large;
  const options = (v.options ?? {}) as { profileColor?: unknown; disabledListActivity?: unknown };
  return {
    id: v.id,
    name: v.name,
    avatar: typeof avatar === 'string' ? avatar : null,
    donatorTier: typeof v.donatorTier === 'number' ? v.donatorTier : 0,
    profileColor: typeof options.profileColor === 'string' ? options.profileColor : null,
    disabledListActivity: Array.isArray(options.disabledListActivity)
      ? options.disabledListActivity.filter(
          (e): e is { type: string; disabled: boolean } =>
            typeof e === 'object' && e !== null && typeof e.type === 'string' && typeof e.disabled === 'boolean',
        )
      : [],
  };
}

/** The stored token when it exists and has not expired. */
export function validToken(store: Store, now = Date.now()): string | null {
  const { token, expires } = store.get(authKey);
  if (!token) return null;
  if (expires !== null && expires <= now) return null;
  return token;
}

/**
 * Removes a token AniList refused; true when one was there. Requests sent together all come back
 * 400: only the first finds the token, so only its owner tells the user.
 */
export function forgetInvalidToken(store: Store): boolean {
  if (store.get(authKey).token === null) return false;
  store.set(authKey, { token: null, expires: null });
  return true;
}

/** The product's AniList API client id (for the OAuth authorize link). */
export const ANILIST_CLIENT_ID = 15519;
/**
 * AniList's authorize page, relative to the site: on anilist.co (the only site the script runs on)
 * it is https://anilist.co/api/v2/oauth/authorize; the offline sandbox serves a stand-in there.
 */
export const AUTHORIZE_URL = `/api/v2/oauth/authorize?client_id=${ANILIST_CLIENT_ID}&response_type=token`;
/** The marker the fragment AniList sends the user back with starts with (on /settings/developer). */
export const AUTH_HASH_MARKER = 'void_auth';
/** Warn about an expiring token when fewer days than this remain, at most once a day. */
export const EXPIRY_WARNING_DAYS = 14;
const DAY_MS = 86_400_000;

export interface AuthReturn {
  token: string;
  tokenType: string | null;
  /** Milliseconds since the epoch; null when the fragment names no expiry. */
  expires: number | null;
}

/**
 * Reads the OAuth return fragment `#void_auth&access_token=…&token_type=Bearer&expires_in=…` by
 * key (never by position). Null when the fragment is not ours; not ok when it carries AniList's
 * error (the user cancelled) or no token, when the token has characters outside the JWT alphabet
 * (one such character in an HTTP header breaks every later request) or the expiry is not a number
 * of seconds up to a year. Every outcome carries the `state` it came back with.
 */
export function parseAuthHash(hash: string, now = Date.now()): Returned<AuthReturn> | null {
  const returned = returnedParams(hash, AUTH_HASH_MARKER);
  if (!returned || !('params' in returned)) return returned;
  const { params, token, state } = returned;
  if (!isTokenShaped(token)) return { ok: false, state, problem: 'its token has characters a token cannot have' };
  const expires = expiryFromSeconds(params.get('expires_in'), now, ANILIST_MAX_EXPIRES_IN);
  if (expires === undefined) return { ok: false, state, problem: 'its expiry is not a number of seconds up to a year' };
  return { ok: true, token, tokenType: params.get('token_type'), expires, state };
}

/** Days left before the stored token expires (rounded down), or null without a token or expiry. */
export function daysLeft(store: Store, now = Date.now()): number | null {
  const { token, expires } = store.get(authKey);
  if (!token || expires === null) return null;
  return Math.floor((expires - now) / DAY_MS);
}

/** When the expiry warning was last shown (per device). */
export const expiryWarningKey = defineKey({
  name: 'void-verified-auth-expiry-warning',
  cap: fixedShape,
  description: 'When the token expiry warning was last shown.',
  schema: s.number({ min: 0 }),
  defaultValue: () => 0,
  exported: false,
});

/** Whether to warn now: a valid token expiring within 14 days, and no warning in the last day. */
export function shouldWarnExpiry(store: Store, now = Date.now()): boolean {
  const left = daysLeft(store, now);
  if (left === null || left < 0 || left >= EXPIRY_WARNING_DAYS) return false;
  return now - store.get(expiryWarningKey) >= DAY_MS;
}

export const AUTH_TEXTS = {
  revoked: 'Authorization revoked.',
  expiresSoon: (when: string) =>
    `Your VoidVerified authorization expires ${when}. Authorize again in the settings to keep using the features that need it.`,
};

export const AUTH_RETURN_TEXTS = {
  notStarted: `Refused an AniList authorization this browser did not start: a link can carry someone else's token. ${NOTHING_CHANGED} To authorize, use 'Authenticate VoidVerified' in the settings.`,
  stale: `Refused an AniList authorization started more than 10 minutes ago. ${NOTHING_CHANGED} Authorize again from the settings.`,
  noState: `Refused an AniList authorization that came back without the check value this browser sent with it: a link can carry someone else's token. ${NOTHING_CHANGED} Authorize again from the settings.`,
  denied: (error: string) => `AniList did not authorize VoidVerified (${error}). ${NOTHING_CHANGED}`,
  malformed: (problem: string) => `Refused the AniList authorization: ${problem}. ${NOTHING_CHANGED}`,
  replace: 'VoidVerified is already authorized on this browser. Replace its AniList token with the one AniList just returned?',
  kept: 'Kept the existing authorization.',
  otherUser: (owner: string, signedIn: string) =>
    `Refused the AniList authorization: the token is ${owner}'s, but ${signedIn} is signed in to AniList here. ${NOTHING_CHANGED}`,
  otherStarter: (owner: string, starter: string) =>
    `Refused the AniList authorization: the token is ${owner}'s, but ${starter} was signed in to AniList when it started. ${NOTHING_CHANGED}`,
  unverified: (owner: string) =>
    `AniList returned a token for ${owner}. Nobody is signed in to AniList on this page, so VoidVerified cannot check that this is your account. Use the token for ${owner}?`,
  notUsed: `Did not use the returned token. ${NOTHING_CHANGED}`,
  notAccepted: `Refused the AniList authorization: AniList did not accept the returned token. ${NOTHING_CHANGED}`,
  unchecked: (why: string) =>
    `Could not ask AniList whose the returned token is (${why}), so it was not stored. Authorize again from the settings.`,
  authorized: (owner: string, until: string | null) =>
    until ? `Authorized VoidVerified for ${owner} until ${until}.` : `Authorized VoidVerified for ${owner}.`,
};
