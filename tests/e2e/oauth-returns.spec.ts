import type { Page } from '@playwright/test';
import { expect, type Host, OAUTH_TOKEN, test } from './fixtures';
import { envelope, LOUD, settings, snapshotOf, stored, subTab, toasts } from './stored';

/**
 * OAuth returns (AniList's and imgur's): taken only with the state this browser sent, any return
 * (a token, an error, a missing or wrong state) uses the pending marker up, and whose the token is
 * comes from the provider's API asked with that token, never from the link or page storage alone.
 */

test.describe('OAuth returns', () => {
  const AUTHENTICATE = 'Authenticate VoidVerified';
  async function authorize(page: Page, host: Host, opts: Parameters<Host['goto']>[1] = {}) {
    await host.goto('/settings/developer', { ...opts, seed: { ...LOUD, ...opts.seed } });
    await subTab(page, 'authorization').click();
    await settings(page).getByRole('button', { name: AUTHENTICATE }).click();
  }

  test('a return without state while a marker is pending is refused, and uses the marker up', async ({ page, host }) => {
    // The flow was started here, but what comes back carries no state: not the return it started.
    host.oauth.echoState = false;
    await authorize(page, host);
    await expect(toasts(page).filter({ hasText: 'came back without the check value this browser sent' })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => location.hash)).toBe('');
    expect(await stored(host, 'void-verified-auth')).toBeUndefined();
    expect(await stored(host, 'void-verified-oauth-pending')).toEqual({ anilist: null, imgur: null });
  });

  test('an error return (the user cancelled) says so and uses the marker up', { tag: '@worlds' }, async ({ page, host }) => {
    const state = 'c'.repeat(32);
    await host.goto('/home', { seed: LOUD });
    await host.scriptReady();
    await host.evalInScript(
      (value) => (window as unknown as { GM_setValue(k: string, v: string): void }).GM_setValue('void-verified-oauth-pending', value),
      envelope({ anilist: { state, started: Date.now(), account: { id: 1, name: 'Viewer' } }, imgur: null }),
    );
    // As AniList's OAuth server sends a denial: its own fragment after the redirect's.
    await page.goto(`https://anilist.co/settings/developer#void_auth#error=access_denied&state=${state}`);
    await expect(toasts(page).filter({ hasText: 'AniList did not authorize VoidVerified (access_denied).' })).toBeVisible();
    expect(await page.evaluate(() => location.hash)).toBe('');
    expect(await stored(host, 'void-verified-oauth-pending')).toEqual({ anilist: null, imgur: null });
    // The marker is gone: a later return with that state is not vouched for.
    await page.goto('https://anilist.co/home');
    await page.goto(`https://anilist.co/settings/developer#void_auth&access_token=${OAUTH_TOKEN}&expires_in=31536000&state=${state}`);
    await expect(toasts(page).filter({ hasText: 'Refused an AniList authorization this browser did not start' })).toBeVisible();
    expect(await stored(host, 'void-verified-auth')).toBeUndefined();
  });

  test(
    'with nobody signed in to the site, the returned token’s owner is named and asked about',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      const question = page
        .getByRole('alertdialog')
        .filter({ hasText: 'AniList returned a token for Viewer. Nobody is signed in to AniList' });
      await authorize(page, host, { viewer: null });
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(toasts(page).filter({ hasText: 'Did not use the returned token.' })).toBeVisible();
      expect(await stored(host, 'void-verified-auth')).toBeUndefined();
      // Whose it is was asked of AniList with that token.
      expect(api.requests.filter((r) => r.authorization === `Bearer ${OAUTH_TOKEN}`).map((r) => r.operationName)).toEqual(['TokenViewer']);

      await authorize(page, host, { viewer: null });
      await question.getByRole('button', { name: 'Ok' }).click();
      await expect(toasts(page).filter({ hasText: 'Authorized VoidVerified for Viewer' })).toBeVisible();
      expect(await stored(host, 'void-verified-auth')).toEqual({ token: OAUTH_TOKEN, expires: expect.any(Number) });
    },
  );

  test('the token must be the account’s that started the flow, whatever the page storage says on return', async ({ page, host }) => {
    // Signed in as Akira when the flow starts; on the return page a script claims Viewer (the
    // token's owner) is signed in.
    const claimViewer = `<script>if (location.hash.indexOf('void_auth') === 1) localStorage.setItem('auth', ${JSON.stringify(
      JSON.stringify(snapshotOf(1, 'Viewer')),
    )});</script>`;
    await authorize(page, host, { viewer: { id: 2, name: 'Akira' }, bodyEnd: claimViewer });
    await expect(toasts(page).filter({ hasText: "the token is Viewer's, but Akira was signed in to AniList when it started" })).toBeVisible(
      {
        timeout: 15_000,
      },
    );
    expect(await stored(host, 'void-verified-auth')).toBeUndefined();
  });

  const UPLOADS = { 'void-verified-settings': envelope({ pasteImagesToHostService: true }) };

  test(
    'imgur: the account named is the one imgur’s API gives for the token, not the link’s',
    { tag: '@worlds' },
    async ({ page, host }) => {
      host.oauth.imgur.account_username = 'Mallory';
      host.oauth.imgurAccounts['imgur-token'] = 'ImgurViewer';
      const imgur = { clientId: 'cid', clientSecret: 'secret', expires: null, refreshToken: null, authToken: null };
      const config = { selectedHost: 'imgur', configurations: { imgbb: { apiKey: '' }, imgur, catbox: { userHash: '' } } };
      await host.goto('/settings/developer', { seed: { ...LOUD, ...UPLOADS, 'void-verified-image-host-config': envelope(config) } });
      await subTab(page, 'image host').click();
      await settings(page).getByRole('button', { name: 'Authorize' }).click();
      await expect(toasts(page).filter({ hasText: 'Authorized imgur as ImgurViewer: uploads go to your account.' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(toasts(page).filter({ hasText: 'Mallory' })).toHaveCount(0);
      const asked = host.imageRequests.find((r) => r.url === 'https://api.imgur.com/3/account/me');
      expect(asked).toMatchObject({ method: 'GET' });
      expect(asked!.headers.authorization).toBe('Bearer imgur-token');
    },
  );

  test('imgur: a token imgur does not accept is refused, and an error return uses the marker up', async ({ page, host }) => {
    host.oauth.imgurAccounts = {};
    const imgur = { clientId: 'cid', clientSecret: 'secret', expires: null, refreshToken: null, authToken: null };
    const config = { selectedHost: 'imgur', configurations: { imgbb: { apiKey: '' }, imgur, catbox: { userHash: '' } } };
    await host.goto('/settings/developer', { seed: { ...LOUD, ...UPLOADS, 'void-verified-image-host-config': envelope(config) } });
    await subTab(page, 'image host').click();
    await settings(page).getByRole('button', { name: 'Authorize' }).click();
    await expect(toasts(page).filter({ hasText: 'imgur did not accept the returned token' })).toBeVisible({ timeout: 15_000 });
    const kept = (await stored(host, 'void-verified-image-host-config')) as { configurations: { imgur: { authToken: string | null } } };
    expect(kept.configurations.imgur.authToken).toBeNull();

    await host.evalInScript(
      (value) => (window as unknown as { GM_setValue(k: string, v: string): void }).GM_setValue('void-verified-oauth-pending', value),
      envelope({ anilist: null, imgur: { state: 'd'.repeat(32), started: Date.now(), account: null } }),
    );
    await page.goto('https://anilist.co/home');
    await page.goto(`https://anilist.co/settings/developer#void_imgur&error=access_denied&state=${'d'.repeat(32)}`);
    await expect(toasts(page).filter({ hasText: 'imgur did not authorize VoidVerified (access_denied).' })).toBeVisible();
    expect(await stored(host, 'void-verified-oauth-pending')).toEqual({ anilist: null, imgur: null });
  });
});
