import { describe, expect, it } from 'vitest';
import { authKey, AUTHORIZE_URL, forgetInvalidToken, parseAuthHash } from '../../src/data/auth';
import { memoryBackend } from '../../src/data/backend';
import { tokenOwnerQuery } from '../../src/data/identity';
import { GraphQLClient } from '../../src/data/graphql';
import {
  beginOAuth,
  expiryFromSeconds,
  isTokenShaped,
  OAUTH_PENDING_MS,
  oauthPendingKey,
  parseImgurReturn,
  takeOAuthPending,
  withState,
} from '../../src/data/oauth';
import { Store } from '../../src/data/storage';

const NOW = 1_800_000_000_000;
const store = () => new Store(memoryBackend(), () => {});

describe('returned tokens', () => {
  it('are refused with characters outside the JWT alphabet (a newline would break every later request)', () => {
    expect(isTokenShaped('eyJ0eXAi.eyJhdWQi-_x.Sig_-09')).toBe(true);
    for (const t of ['a\nb', 'a b', 'a%b', 'a+b', 'a/b', 'a=b', 'ä', '', 'x'.repeat(8193)])
      expect(isTokenShaped(t), JSON.stringify(t)).toBe(false);
    expect(parseAuthHash('#void_auth&access_token=a%0Ab&expires_in=60', NOW)).toEqual({
      ok: false,
      state: null,
      problem: 'its token has characters a token cannot have',
    });
    expect(parseAuthHash('#void_auth&access_token=a%20b', NOW)).toMatchObject({ ok: false });
  });

  it('are refused with an expiry the store could not keep or beyond a year', () => {
    // The old reading gave 1e308 seconds, an infinite date that made storing throw.
    expect(parseAuthHash('#void_auth&access_token=t&expires_in=1e308', NOW)).toMatchObject({ ok: false });
    expect(parseAuthHash('#void_auth&access_token=t&expires_in=63072000', NOW)).toMatchObject({ ok: false });
    const year = parseAuthHash('#void_auth&access_token=t&expires_in=31536000', NOW);
    expect(year).toMatchObject({ ok: true, expires: NOW + 31_536_000_000 });
    const s = store();
    if (year?.ok) s.set(authKey, { token: year.token, expires: year.expires });
    expect(s.get(authKey)).toEqual({ token: 't', expires: NOW + 31_536_000_000 });
  });

  it('expiryFromSeconds: absent is null, anything but whole seconds within the cap is undefined', () => {
    expect(expiryFromSeconds(null, NOW, 100)).toBeNull();
    expect(expiryFromSeconds('100', NOW, 100)).toBe(NOW + 100_000);
    for (const raw of ['101', '0', '-1', '1.5', '1e3', 'Infinity', 'NaN', ''])
      expect(expiryFromSeconds(raw, NOW, 100), raw).toBeUndefined();
  });
});

describe('the pending marker', () => {
  it('is stored before leaving, with a fresh random state that goes into the authorize address', async () => {
    const s = store();
    const a = await beginOAuth(s, 'anilist', { now: NOW, account: { id: 2, name: 'Akira' } });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    // With the account signed in to the site as the flow starts: the returned token must be theirs.
    expect(s.get(oauthPendingKey)).toEqual({ anilist: { state: a, started: NOW, account: { id: 2, name: 'Akira' } }, imgur: null });
    const b = await beginOAuth(s, 'imgur', { now: NOW });
    expect(b).not.toBe(a);
    expect(s.get(oauthPendingKey).anilist?.state).toBe(a);
    expect(withState(AUTHORIZE_URL, a)).toBe(`/api/v2/oauth/authorize?client_id=15519&response_type=token&state=${a}`);
    expect(oauthPendingKey.exported).toBe(false);
  });

  const check = (s: Store, flow: 'anilist' | 'imgur', state: string | null, now: number) => takeOAuthPending(s, flow, state, now).check;

  it('vouches for one return within 10 minutes, with our state, and is cleared by any return', async () => {
    const s = store();
    expect(check(s, 'anilist', null, NOW)).toBe('none');

    const state = await beginOAuth(s, 'anilist', { now: NOW });
    expect(check(s, 'anilist', state, NOW + 1000)).toBe('ok');
    // Used once: the same return again is not vouched for.
    expect(check(s, 'anilist', state, NOW + 2000)).toBe('none');

    const late = await beginOAuth(s, 'anilist', { now: NOW });
    expect(check(s, 'anilist', late, NOW + OAUTH_PENDING_MS)).toBe('ok');

    await beginOAuth(s, 'anilist', { now: NOW });
    expect(check(s, 'anilist', 'someone-elses-state', NOW + 1000)).toBe('mismatch');
    expect(s.get(oauthPendingKey).anilist).toBeNull();

    const stale = await beginOAuth(s, 'anilist', { now: NOW });
    expect(check(s, 'anilist', stale, NOW + OAUTH_PENDING_MS + 1)).toBe('stale');
    expect(s.get(oauthPendingKey).anilist).toBeNull();
    const early = await beginOAuth(s, 'anilist', { now: NOW });
    expect(check(s, 'anilist', early, NOW - 60_000)).toBe('stale');
  });

  it('refuses a return without state while it is pending, and is used up by it', async () => {
    // A link can carry a token without any state: while this browser waits for its own return, a
    // return that does not bring the state back is not the one it started.
    for (const flow of ['anilist', 'imgur'] as const) {
      const s = store();
      await beginOAuth(s, flow, { now: NOW });
      expect(check(s, flow, null, NOW + 1000)).toBe('missing');
      expect(s.get(oauthPendingKey)[flow]).toBeNull();
    }
  });

  it('hands back the account that was signed in when the flow started', async () => {
    const s = store();
    const state = await beginOAuth(s, 'anilist', { now: NOW, account: { id: 1, name: 'Viewer' } });
    expect(takeOAuthPending(s, 'anilist', state, NOW)).toEqual({ check: 'ok', account: { id: 1, name: 'Viewer' } });
    // A marker stored before the account was recorded reads as started by nobody.
    const stored = { v: 1, data: { anilist: { state: 'a'.repeat(32), started: NOW }, imgur: null } };
    const old = new Store(memoryBackend(new Map([[oauthPendingKey.name, JSON.stringify(stored)]])), () => {});
    expect(takeOAuthPending(old, 'anilist', 'a'.repeat(32), NOW)).toEqual({ check: 'ok', account: null });
  });

  it('is per flow: an imgur start does not vouch for an AniList return', async () => {
    const s = store();
    const state = await beginOAuth(s, 'imgur', { now: NOW });
    expect(check(s, 'anilist', state, NOW)).toBe('none');
    expect(check(s, 'imgur', state, NOW)).toBe('ok');
  });

  it('reaches every tab (it is in the manager storage, not the page)', async () => {
    const shared = new Map<string, string>();
    const one = new Store(memoryBackend(shared), () => {});
    const two = new Store(memoryBackend(shared), () => {});
    const state = await beginOAuth(one, 'anilist', { now: NOW });
    expect(check(two, 'anilist', state, NOW)).toBe('ok');
  });
});

describe('an error return', () => {
  it('is read with its state, so that it is checked against the marker and uses it up', () => {
    // AniList (Laravel Passport) appends its own fragment to the redirect's; a server that appends
    // to ours sends `&error=`. Both are ours.
    for (const hash of ['#void_auth#error=access_denied&state=st', '#void_auth&error=access_denied&state=st'])
      expect(parseAuthHash(hash, NOW), hash).toEqual({
        ok: false,
        state: 'st',
        error: 'access_denied',
        problem: 'the provider answered access_denied',
      });
    expect(parseImgurReturn('#void_imgur&error=access_denied&state=st', NOW)).toMatchObject({
      ok: false,
      state: 'st',
      error: 'access_denied',
    });
    // The link's own text is not repeated.
    expect(parseAuthHash('#void_auth&error=%3Cb%3Eclick%20here', NOW)).toMatchObject({ ok: false, error: 'an unreadable error' });
    // A return with neither token nor error is a return too.
    expect(parseAuthHash('#void_auth&state=st', NOW)).toEqual({ ok: false, state: 'st', problem: 'it carries no token' });
    expect(parseAuthHash('#void_authx&access_token=t', NOW)).toBeNull();
    expect(parseAuthHash('#other&access_token=t', NOW)).toBeNull();
  });
});

describe('the imgur return', () => {
  const hash =
    '#void_imgur&access_token=0123abcd&expires_in=315360000&token_type=bearer&refresh_token=ref9&account_username=Viewer&account_id=1';

  it('is read by key, with its state; the account name the link carries is not taken', () => {
    expect(parseImgurReturn(`${hash}&state=st`, NOW)).toEqual({
      ok: true,
      authToken: '0123abcd',
      expires: NOW + 315_360_000_000,
      refreshToken: 'ref9',
      state: 'st',
    });
    expect(parseImgurReturn('#void_imgur&access_token=t', NOW)).toEqual({
      ok: true,
      authToken: 't',
      expires: null,
      refreshToken: null,
      state: null,
    });
    // Any order of the fields.
    expect(parseImgurReturn('#void_imgur&refresh_token=r&token_type=bearer&expires_in=60&access_token=t', NOW)).toMatchObject({
      ok: true,
      authToken: 't',
      expires: NOW + 60_000,
      refreshToken: 'r',
    });
    for (const other of ['', '#void_auth&access_token=t', '#void_imgurx&access_token=t'])
      expect(parseImgurReturn(other, NOW), other).toBeNull();
    for (const tokenless of ['#void_imgur&expires_in=60', '#void_imgur&access_token='])
      expect(parseImgurReturn(tokenless, NOW), tokenless).toEqual({ ok: false, state: null, problem: 'it carries no token' });
  });

  it('refuses bad token characters (access or refresh) and absurd expiries', () => {
    expect(parseImgurReturn('#void_imgur&access_token=a%0Ab', NOW)).toMatchObject({ ok: false });
    expect(parseImgurReturn('#void_imgur&access_token=ab&refresh_token=r%22', NOW)).toMatchObject({ ok: false });
    expect(parseImgurReturn('#void_imgur&access_token=ab&expires_in=1e308', NOW)).toMatchObject({ ok: false });
    expect(parseImgurReturn('#void_imgur&access_token=ab&expires_in=999999999999', NOW)).toMatchObject({ ok: false });
  });
});

describe('asking whose a returned token is', () => {
  it('sends the given token, not the stored one, and an "Invalid token" answer leaves the stored token alone', async () => {
    const sent: (string | undefined)[] = [];
    let invalid = 0;
    const answers = [{ data: { Viewer: { id: 7, name: 'Other' } } }, { data: null, errors: [{ message: 'Invalid token', status: 400 }] }];
    const client = new GraphQLClient({
      fetch: async (_url, init) => {
        sent.push((init?.headers as Record<string, string>).Authorization);
        const body = answers.shift()!;
        return new Response(JSON.stringify(body), { status: body.data ? 200 : 400, headers: { 'Content-Type': 'application/json' } });
      },
      store: store(),
      getToken: () => 'stored',
      onInvalidToken: () => invalid++,
    });
    await expect(client.request(tokenOwnerQuery, {}, { token: 'returned' })).resolves.toEqual({ Viewer: { id: 7, name: 'Other' } });
    await expect(client.request(tokenOwnerQuery, {}, { token: 'returned' })).rejects.toThrow('Invalid token');
    expect(sent).toEqual(['Bearer returned', 'Bearer returned']);
    expect(invalid).toBe(0);
  });
});

describe('a token AniList refuses', () => {
  it('is removed by the first of the requests that come back 400 together; the others find nothing to say', () => {
    const s = store();
    s.set(authKey, { token: 'revoked', expires: null });
    expect([forgetInvalidToken(s), forgetInvalidToken(s), forgetInvalidToken(s)]).toEqual([true, false, false]);
    expect(s.get(authKey)).toEqual({ token: null, expires: null });
  });
});
