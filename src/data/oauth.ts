import { IMGUR_HASH_MARKER } from './image-hosts';
import { s } from './schema';
import { defineKey, type Store, fixedShape } from './storage';

/**
 * The OAuth returns (AniList's `#void_auth…`, imgur's `#void_imgur…`) are accepted only when this
 * browser started that authorization a short while ago. Anyone can post a link carrying such a
 * fragment; followed, it would otherwise make the victim's messages, replies and uploads go out
 * from the link author's accounts.
 *
 * Before sending the user to the provider we store a pending marker (a random value and when);
 * on return it is checked and cleared, whatever the outcome. The value also travels as OAuth's
 * `state`: a return that carries a `state` must carry ours.
 */

export type OAuthFlow = 'anilist' | 'imgur';

/** How long after starting an authorization its return is accepted. */
export const OAUTH_PENDING_MS = 10 * 60_000;

/** The token alphabet: a JWT's (base64url and dots), which also covers imgur's hex tokens. */
const TOKEN_CHARS = /^[A-Za-z0-9_.-]+$/;
/** Far above AniList's JWTs (about 1,000 characters) and imgur's 40. */
export const MAX_TOKEN_LENGTH = 8192;
/** AniList's tokens last a year (expires_in 31536000); a leap day more is tolerated. */
export const ANILIST_MAX_EXPIRES_IN = 366 * 86_400;
/** imgur answers expires_in 315360000 (ten years) for its account tokens. */
export const IMGUR_MAX_EXPIRES_IN = 10 * 366 * 86_400;

const pendingSchema = s.nullable(s.object({ state: s.string({ min: 16, max: 128 }), started: s.number({ min: 0 }) }));

export const oauthPendingKey = defineKey({
  name: 'void-verified-oauth-pending',
  cap: fixedShape,
  description: 'Authorizations this browser started and has not seen come back (AniList, imgur).',
  schema: s.object({ anilist: pendingSchema, imgur: pendingSchema }),
  defaultValue: () => ({
    anilist: null as { state: string; started: number } | null,
    imgur: null as { state: string; started: number } | null,
  }),
  // Per-device state of one sign-in round trip.
  exported: false,
});

/** A fresh random value for `state` (128 bits, hex). */
export function newOAuthState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Records that this browser starts an authorization of `flow` and resolves with its `state` once
 * the manager has the marker (the next step leaves the page, which must not lose the write).
 */
export async function beginOAuth(store: Store, flow: OAuthFlow, now = Date.now(), state = newOAuthState()): Promise<string> {
  store.update(oauthPendingKey, (p) => ({ ...p, [flow]: { state, started: now } }));
  // Reading the key back waits for the manager to have the write (GM.* queues them in order).
  await store.backend.read(oauthPendingKey.name).catch(() => undefined);
  return state;
}

/** The authorize address with our `state`. */
export const withState = (authorizeUrl: string, state: string): string => `${authorizeUrl}&state=${encodeURIComponent(state)}`;

export type PendingCheck = 'ok' | 'none' | 'stale' | 'mismatch';

/**
 * Checks a return of `flow` against the pending marker and clears the marker (one marker, one
 * return). `returned` is the `state` the fragment carries, or null when it carries none.
 */
export function takeOAuthPending(store: Store, flow: OAuthFlow, returned: string | null, now = Date.now()): PendingCheck {
  const pending = store.get(oauthPendingKey)[flow];
  if (pending) store.update(oauthPendingKey, (p) => ({ ...p, [flow]: null }));
  if (!pending) return 'none';
  if (now < pending.started || now - pending.started > OAUTH_PENDING_MS) return 'stale';
  if (returned !== null && returned !== pending.state) return 'mismatch';
  return 'ok';
}

/** Whether `value` can be a token: the JWT alphabet only, not empty, not absurdly long. */
export const isTokenShaped = (value: string): boolean => value.length <= MAX_TOKEN_LENGTH && TOKEN_CHARS.test(value);

/**
 * `expires_in` (whole seconds) as an expiry date in milliseconds: null when absent, undefined when
 * it is not a positive whole number of seconds up to `maxSeconds`.
 */
export function expiryFromSeconds(raw: string | null, now: number, maxSeconds: number): number | null | undefined {
  if (raw === null) return null;
  if (!/^\d{1,12}$/.test(raw)) return undefined;
  const seconds = Number(raw);
  if (seconds <= 0 || seconds > maxSeconds) return undefined;
  return now + seconds * 1000;
}

/** The key–value pairs after a fragment's marker (`#marker&a=1&b=2`), or null for another marker. */
export function fragmentParams(hash: string, marker: string): URLSearchParams | null {
  const parts = hash.replace(/^#/, '').split('&');
  if (parts[0] !== marker) return null;
  return new URLSearchParams(parts.slice(1).join('&'));
}

/** A returned fragment: what it carries, or why it cannot be used. */
export type Returned<T> = ({ ok: true } & T) | { ok: false; problem: string };

export interface ImgurReturn {
  authToken: string;
  expires: number | null;
  refreshToken: string | null;
  /** The account imgur says the token is for, when it names a plausible one. */
  account: string | null;
  state: string | null;
}

/**
 * The imgur OAuth return `#void_imgur&access_token=…&expires_in=…&token_type=…&refresh_token=…
 * &account_username=…&state=…`, read by key. Null when the fragment is not imgur's or has no token.
 */
export function parseImgurReturn(hash: string, now: number): Returned<ImgurReturn> | null {
  const params = fragmentParams(hash, IMGUR_HASH_MARKER);
  const token = params?.get('access_token');
  if (!params || !token) return null;
  const refresh = params.get('refresh_token') || null;
  if (!isTokenShaped(token) || (refresh !== null && !isTokenShaped(refresh)))
    return { ok: false, problem: 'its token has characters a token cannot have' };
  const expires = expiryFromSeconds(params.get('expires_in'), now, IMGUR_MAX_EXPIRES_IN);
  if (expires === undefined) return { ok: false, problem: 'its expiry is not a number of seconds up to ten years' };
  const account = params.get('account_username');
  return {
    ok: true,
    authToken: token,
    expires,
    refreshToken: refresh,
    account: account && /^[A-Za-z0-9_-]{1,64}$/.test(account) ? account : null,
    state: params.get('state'),
  };
}
