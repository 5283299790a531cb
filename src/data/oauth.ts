import { queryValues } from './builtins';
import type { Account } from './identity';
import { IMGUR_HASH_MARKER } from './image-hosts';
import { s } from './schema';
import { defineKey, type Store, fixedShape } from './storage';

/**
 * The OAuth returns (AniList's `#void_auth…`, imgur's `#void_imgur…`) are accepted only when this
 * browser started that authorization a short while ago. Anyone can post a link carrying such a
 * fragment; followed, it would otherwise make the victim's messages, replies and uploads go out
 * from the link author's accounts.
 *
 * Before sending the user to the provider we store a pending marker (a random value, when, and
 * which account was signed in to the site then); on return it is checked and cleared, whatever the
 * outcome: a token, an error (the user cancelled), a missing or a wrong `state`. The value also
 * travels as OAuth's `state`, and while a marker is pending a return must carry it: one without
 * `state` is refused like one with another.
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

const accountSchema = s.nullable(s.object({ id: s.number(), name: s.string({ min: 1, max: 64 }) }));
const pendingSchema = s.nullable(
  s.object(
    { state: s.string({ min: 16, max: 128 }), started: s.number({ min: 0 }), account: accountSchema },
    // Markers stored before the account was recorded name none.
    { defaults: { account: null } },
  ),
);

/** A pending authorization: its `state`, when it started, and the site's signed-in account then (null: nobody). */
export interface Pending {
  state: string;
  started: number;
  account: Account | null;
}

export const oauthPendingKey = defineKey({
  name: 'void-verified-oauth-pending',
  cap: fixedShape,
  description: 'Authorizations this browser started and has not seen come back (AniList, imgur).',
  schema: s.object({ anilist: pendingSchema, imgur: pendingSchema }),
  defaultValue: () => ({ anilist: null as Pending | null, imgur: null as Pending | null }),
  // Per-device state of one sign-in round trip.
  exported: false,
});

/** A fresh random value for `state` (128 bits, hex). */
export function newOAuthState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface BeginOptions {
  now?: number;
  state?: string;
  /** The account signed in to the site as the flow starts (the AniList flow compares the returned token's owner with it). */
  account?: Account | null;
}

/**
 * Records that this browser starts an authorization of `flow` and resolves with its `state` once
 * the manager has the marker (the next step leaves the page, which must not lose the write).
 */
export async function beginOAuth(store: Store, flow: OAuthFlow, options: BeginOptions = {}): Promise<string> {
  const state = options.state ?? newOAuthState();
  const account = options.account ? { id: options.account.id, name: options.account.name } : null;
  const pending: Pending = { state, started: options.now ?? Date.now(), account };
  store.update(oauthPendingKey, (p) => ({ ...p, [flow]: pending }));
  // Reading the key back waits for the manager to have the write (GM.* queues them in order).
  await store.backend.read(oauthPendingKey.name).catch(() => undefined);
  return state;
}

/** The authorize address with our `state`. */
export const withState = (authorizeUrl: string, state: string): string => `${authorizeUrl}&state=${encodeURIComponent(state)}`;

/** 'missing': the return carries no `state` while one is pending. */
export type PendingCheck = 'ok' | 'none' | 'stale' | 'missing' | 'mismatch';

/**
 * Checks a return of `flow` against the pending marker and clears the marker (one marker, one
 * return, whatever it brings). `returned` is the `state` the fragment carries, or null when it
 * carries none: refused while a marker is pending. `account` is who was signed in when it started.
 */
export function takeOAuthPending(
  store: Store,
  flow: OAuthFlow,
  returned: string | null,
  now = Date.now(),
): { check: PendingCheck; account: Account | null } {
  const pending = store.get(oauthPendingKey)[flow];
  if (pending) store.update(oauthPendingKey, (p) => ({ ...p, [flow]: null }));
  const account = pending?.account ?? null;
  if (!pending) return { check: 'none', account };
  if (now < pending.started || now - pending.started > OAUTH_PENDING_MS) return { check: 'stale', account };
  if (returned === null) return { check: 'missing', account };
  if (returned !== pending.state) return { check: 'mismatch', account };
  return { check: 'ok', account };
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

/** Named values of a returned fragment. */
export type FragmentValues = ReturnType<typeof queryValues>;

/**
 * The key–value pairs after a fragment's marker, or null for another marker. A token comes back as
 * `#marker&a=1&b=2` (the server appends to the redirect's fragment); an error may come back as
 * `#marker#error=…&state=…` (a server that adds a fragment of its own), read the same way.
 */
export function fragmentParams(hash: string, marker: string): FragmentValues | null {
  const text = hash.replace(/^#/, '');
  if (!text.startsWith(marker)) return null;
  const rest = text.slice(marker.length);
  if (rest !== '' && rest[0] !== '&' && rest[0] !== '#') return null;
  // Read through URLSearchParams as it was at start-up: the fragment carries the token.
  return queryValues(rest.slice(1).replace(/#/g, '&'));
}

/**
 * A returned fragment: what it carries, or why it cannot be used. Every return carries the
 * `state` it came back with (null when none), so that any return, also a failed one, is checked
 * against the pending marker and uses it up. `error`: the provider's error code (the user
 * cancelled, say), when it sent one.
 */
export type Returned<T> = ({ ok: true; state: string | null } & T) | { ok: false; problem: string; state: string | null; error?: string };

/** An OAuth error code as the provider sends it (`access_denied`), or a stand-in for anything else. */
const errorCode = (raw: string): string => (/^[A-Za-z0-9_.-]{1,64}$/.test(raw) ? raw : 'an unreadable error');

/**
 * What every return fragment of `marker` carries before its token is read: null when the fragment
 * is not this marker's; a failure when it brings the provider's error or no token at all.
 */
export function returnedParams(
  hash: string,
  marker: string,
): { params: FragmentValues; token: string; state: string | null } | Extract<Returned<object>, { ok: false }> | null {
  const params = fragmentParams(hash, marker);
  if (!params) return null;
  const state = params.get('state');
  const error = params.get('error');
  if (error !== null) return { ok: false, state, error: errorCode(error), problem: `the provider answered ${errorCode(error)}` };
  const token = params.get('access_token');
  if (!token) return { ok: false, state, problem: 'it carries no token' };
  return { params, token, state };
}

export interface ImgurReturn {
  authToken: string;
  expires: number | null;
  refreshToken: string | null;
}

/**
 * The imgur OAuth return `#void_imgur&access_token=…&expires_in=…&token_type=…&refresh_token=…
 * &account_username=…&state=…`, read by key. Null when the fragment is not imgur's. The
 * `account_username` it carries is not read: anyone can write it into a link; whose the token is
 * is asked of imgur with the token itself.
 */
export function parseImgurReturn(hash: string, now: number): Returned<ImgurReturn> | null {
  const returned = returnedParams(hash, IMGUR_HASH_MARKER);
  if (!returned || !('params' in returned)) return returned;
  const { params, token, state } = returned;
  const refresh = params.get('refresh_token') || null;
  if (!isTokenShaped(token) || (refresh !== null && !isTokenShaped(refresh)))
    return { ok: false, state, problem: 'its token has characters a token cannot have' };
  const expires = expiryFromSeconds(params.get('expires_in'), now, IMGUR_MAX_EXPIRES_IN);
  if (expires === undefined) return { ok: false, state, problem: 'its expiry is not a number of seconds up to ten years' };
  return { ok: true, authToken: token, expires, refreshToken: refresh, state };
}
