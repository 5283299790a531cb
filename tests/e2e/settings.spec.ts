import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { projectUrl, type PackageFields } from '../../build/metadata';
import { clickPaletteRow, expect, type Host, OAUTH_TOKEN, test } from './fixtures';
import { choose } from './real-input';

/** Settings page, authorization, toasts, changelog and global CSS in the replica host. */

const DAY = 86_400_000;
/** The source link's address the build took from package.json ('' while the project has no public home). */
const PROJECT_URL = projectUrl(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as PackageFields);
const auth = (token: string, expires: number | null) => ({ 'void-verified-auth': JSON.stringify({ v: 1, data: { token, expires } }) });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': JSON.stringify({ v: 1, data: values }) });
const settings = (page: Page) => page.locator('[data-void-ui="settings"]');
const subTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name, exact: true });
const toasts = (page: Page) => page.locator('.vv-toast');
const stored = (host: Host, key: string) =>
  host.evalInScript((k) => {
    const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue(k);
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data;
  }, key);

const setStored = (host: Host, key: string, data: unknown) =>
  host.evalInScript(([k, raw]) => (window as unknown as { GM_setValue(k: string, v: string): void }).GM_setValue(k, raw), [
    key,
    JSON.stringify({ v: 1, data }),
  ] as const);

test.describe('settings page', () => {
  test('header, category tabs, filter and every option of the catalogue with its mark', { tag: '@worlds' }, async ({ page, host }) => {
    await host.goto('/settings/developer');
    await expect(settings(page).getByRole('heading', { name: /VoidVerified Palette v\d+\.\d+\.\d+/ })).toBeVisible();
    const source = settings(page).getByRole('link', { name: 'Authors and source' });
    if (PROJECT_URL) {
      await expect(source).toHaveAttribute('href', PROJECT_URL);
      await expect(source).toHaveAttribute('target', '_blank');
    } else await expect(source, 'no source link while package.json names no address').toHaveCount(0);
    const categories = settings(page).getByRole('tablist', { name: 'Setting categories' });
    for (const c of ['all', 'users', 'paste', 'activity', 'misc'])
      await expect(categories.getByRole('tab', { name: c, exact: true })).toBeVisible();
    const options = settings(page).locator('.vv-options [data-option]');
    expect(await options.count()).toBeGreaterThanOrEqual(40);
    for (const key of [
      'enabledForUsername',
      'highlightSize',
      'defaultHighlightColor',
      'pasteImageWidthValue',
      'pasteImageUnitIsPercentage',
      'markdownHotkeys',
      'replaceNotifications',
      'goalsEnabled',
      'globalCssEnabled',
      'changeLogEnabled',
      'quickStartEnabled',
    ]) {
      await expect(settings(page).locator(`[data-option="${key}"]`)).toHaveCount(1);
    }
    // Defaults from the spec: these are on, the rest off.
    await expect(settings(page).getByRole('checkbox', { name: /Use each verified user's own profile colour/ })).toBeChecked();
    await expect(settings(page).getByRole('checkbox', { name: /Enable custom global CSS/ })).not.toBeChecked();
    await expect(settings(page).locator('[data-option="pasteImageWidthValue"] input')).toHaveValue('420');
    await expect(settings(page).locator('[data-option="defaultSign"] input')).toHaveValue('✔');

    // Without a token the authorization options say why they do nothing.
    const goals = settings(page).locator('[data-option="goalsEnabled"]');
    await expect(goals.locator('.vv-auth-mark')).toBeVisible();
    await expect(goals).toContainText('Inert until you authorize');
    await expect(settings(page).locator('[data-option="globalCssEnabled"] .vv-auth-mark')).toHaveCount(0);

    await categories.getByRole('tab', { name: 'paste', exact: true }).click();
    await expect(options).toHaveCount(7);
    await categories.getByRole('tab', { name: 'all', exact: true }).click();
    await settings(page).getByRole('searchbox', { name: 'Filter settings' }).fill('highlight');
    await expect(options).toHaveCount(5);
    await settings(page).getByRole('searchbox', { name: 'Filter settings' }).fill('zzzz');
    await expect(settings(page)).toContainText('No setting matches.');
  });

  test('the authorization explanation goes away once authorized', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: auth(OAUTH_TOKEN, Date.now() + 300 * DAY) });
    const goals = settings(page).locator('[data-option="goalsEnabled"]');
    await expect(goals.locator('.vv-auth-mark')).toBeVisible();
    await expect(goals).not.toContainText('Inert until you authorize');
  });

  test('the open tab and the remapped hotkeys stored under the ids from before they were prefixed carry over', async ({ page, host }) => {
    const old = (data: unknown) => JSON.stringify({ v: 1, data });
    await host.goto('/settings/developer', {
      seed: { 'void-verified-settings-tab': old('tab.shortcuts'), 'void-verified-hotkeys': old({ 'links.terms': 'alt+t' }) },
    });
    await expect(subTab(page, 'shortcuts')).toHaveAttribute('aria-selected', 'true');
    await expect(settings(page).getByRole('textbox', { name: 'Hotkey for Terms', exact: true })).toHaveValue('Alt+T');
    expect(await stored(host, 'void-verified-settings-tab')).toBe('shortcuts.tab');
    expect(await stored(host, 'void-verified-hotkeys')).toEqual({ 'anilist-links.terms': 'alt+t' });
  });

  test('sub-tabs show only while their option is on, and a hidden active tab falls back', async ({ page, host }) => {
    await host.goto('/settings/developer');
    await expect(subTab(page, 'global CSS')).toHaveCount(0);
    await expect(subTab(page, 'users')).toHaveAttribute('aria-selected', 'true');
    await settings(page)
      .getByRole('checkbox', { name: /Enable custom global CSS/ })
      .check();
    await subTab(page, 'global CSS').click();
    await expect(settings(page).getByRole('tabpanel', { name: 'global CSS' })).toBeVisible();
    await settings(page)
      .getByRole('checkbox', { name: /Enable custom global CSS/ })
      .uncheck();
    await expect(subTab(page, 'global CSS')).toHaveCount(0);
    // Falls back to users.
    await expect(subTab(page, 'users')).toHaveAttribute('aria-selected', 'true');
    await expect(settings(page).getByRole('tabpanel', { name: 'users' })).toBeVisible();
  });

  test('is removed on other settings pages and restored on return; the nav link names us', { tag: '@worlds' }, async ({ page, host }) => {
    await host.goto('/settings/developer');
    await expect(settings(page)).toHaveCount(1);
    const suffix = await page.locator('.nav a[href="/settings/developer"]').evaluate((a) => getComputedStyle(a, '::after').content);
    expect(suffix).toContain('Void');
    await page.locator('.nav a[href="/settings/account"]').click();
    await expect(settings(page)).toHaveCount(0);
    await page.locator('.nav a[href="/settings/developer"]').click();
    await expect(settings(page)).toHaveCount(1);
  });
});

test.describe('authorization', () => {
  test(
    'round trip through the OAuth fragment: token stored, hash removed, expiry shown, revoke',
    { tag: '@worlds' },
    async ({ page, host }) => {
      await host.goto('/settings/developer');
      await subTab(page, 'authorization').click();
      const authorize = page.waitForRequest((r) => r.url().startsWith('https://anilist.co/api/v2/oauth/authorize'));
      await settings(page).getByRole('button', { name: 'Authenticate VoidVerified' }).click();
      // The flow carries a fresh random state, which the fixture echoes (as AniList's OAuth server does).
      expect((await authorize).url()).toMatch(
        /^https:\/\/anilist\.co\/api\/v2\/oauth\/authorize\?client_id=15519&response_type=token&state=[0-9a-f]{32}$/,
      );
      await expect(settings(page).getByRole('button', { name: 'Revoke authorization' })).toBeVisible();
      expect(await stored(host, 'void-verified-oauth-pending')).toEqual({ anilist: null, imgur: null });
      await expect(page).toHaveURL('https://anilist.co/settings/developer');
      expect(await page.evaluate(() => location.hash)).toBe('');
      const saved = (await stored(host, 'void-verified-auth')) as { token: string; expires: number };
      expect(saved.token).toBe(OAUTH_TOKEN);
      // expires_in=31536000 seconds from now.
      expect(Math.abs(saved.expires - (Date.now() + 31_536_000_000))).toBeLessThan(120_000);
      // In the default date format, mm/dd/yyyy.
      const d = new Date(saved.expires);
      const mmddyyyy = `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
      await expect(settings(page)).toContainText(`The token expires on ${mmddyyyy}.`);

      // Revoking asks first: Cancel keeps the token.
      const revoke = page.getByRole('alertdialog', { name: 'Warning' });
      await settings(page).getByRole('button', { name: 'Revoke authorization' }).click();
      await expect(revoke).toContainText('Revoke VoidVerified’s AniList authorization?');
      await revoke.getByRole('button', { name: 'Cancel' }).click();
      expect(((await stored(host, 'void-verified-auth')) as { token: string }).token).toBe(OAUTH_TOKEN);
      await settings(page).getByRole('button', { name: 'Revoke authorization' }).click();
      await revoke.getByRole('button', { name: 'Ok' }).click();
      await expect(settings(page).getByRole('button', { name: 'Authenticate VoidVerified' })).toBeVisible();
      expect(await stored(host, 'void-verified-auth')).toEqual({ token: null, expires: null });
    },
  );

  test(
    'a link carrying a token that this browser did not ask for is refused; the stored token stays',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      // Anyone can post such a link on AniList; the victim already has a token of their own.
      const mine = auth('sandbox-token', Date.now() + 300 * DAY);
      await host.goto('/settings/developer#void_auth&access_token=attacker-token&token_type=Bearer&expires_in=31536000', { seed: mine });
      await expect(toasts(page).filter({ hasText: 'Refused an AniList authorization this browser did not start' })).toBeVisible();
      expect(await page.evaluate(() => location.hash)).toBe('');
      expect(await stored(host, 'void-verified-auth')).toEqual({ token: 'sandbox-token', expires: expect.any(Number) });
      await expect(settings(page).getByRole('button', { name: 'Revoke authorization' })).toBeVisible();
      expect(api.requests.filter((r) => r.authorization?.includes('attacker-token'))).toEqual([]);
    },
  );

  test(
    'a return whose state is not the one this browser sent is refused, and the marker is used up',
    { tag: '@worlds' },
    async ({ page, host }) => {
      const pending = {
        'void-verified-oauth-pending': JSON.stringify({
          v: 1,
          data: { anilist: { state: 'a'.repeat(32), started: Date.now() }, imgur: null },
        }),
      };
      await host.goto(
        `/settings/developer#void_auth&access_token=${OAUTH_TOKEN}&token_type=Bearer&expires_in=31536000&state=${'b'.repeat(32)}`,
        { seed: pending },
      );
      await expect(toasts(page).filter({ hasText: 'did not start' })).toBeVisible();
      expect(await stored(host, 'void-verified-auth')).toBeUndefined();
      expect(await stored(host, 'void-verified-oauth-pending')).toEqual({ anilist: null, imgur: null });
    },
  );

  test('a pending authorization older than 10 minutes does not vouch for a return', async ({ page, host }) => {
    const pending = {
      'void-verified-oauth-pending': JSON.stringify({
        v: 1,
        data: { anilist: { state: 'a'.repeat(32), started: Date.now() - 11 * 60_000 }, imgur: null },
      }),
    };
    await host.goto(
      `/settings/developer#void_auth&access_token=${OAUTH_TOKEN}&token_type=Bearer&expires_in=31536000&state=${'a'.repeat(32)}`,
      { seed: pending },
    );
    await expect(toasts(page).filter({ hasText: 'started more than 10 minutes ago' })).toBeVisible();
    expect(await stored(host, 'void-verified-auth')).toBeUndefined();
  });

  test('replacing a token asks first: Cancel keeps it, Ok takes the new one', async ({ page, host }) => {
    test.slow(); // several round trips through the authorize page
    // A flow started here (the marker) comes back while a token is already stored (say, from another tab).
    const question = page
      .getByRole('alertdialog')
      .filter({ hasText: 'VoidVerified is already authorized on this browser. Replace its AniList token' });
    const returnWith = async (state: string) => {
      await host.goto('/home', { seed: auth('sandbox-token', Date.now() + 300 * DAY) });
      await host.scriptReady();
      await setStored(host, 'void-verified-oauth-pending', { anilist: { state, started: Date.now() }, imgur: null });
      await page.goto(
        `https://anilist.co/settings/developer#void_auth&access_token=${OAUTH_TOKEN}&token_type=Bearer&expires_in=31536000&state=${state}`,
      );
    };

    await returnWith('c'.repeat(32));
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
    expect(await stored(host, 'void-verified-auth')).toEqual({ token: 'sandbox-token', expires: expect.any(Number) });
    expect(await stored(host, 'void-verified-oauth-pending')).toEqual({ anilist: null, imgur: null });

    await returnWith('d'.repeat(32));
    await question.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => stored(host, 'void-verified-auth')).toEqual({ token: OAUTH_TOKEN, expires: expect.any(Number) });
  });

  test(
    'a token of another AniList user than the one signed in is refused, naming them',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      // The host is signed in as Akira (id 2); the fake approval hands out Viewer's (id 1) token.
      await host.goto('/settings/developer', { viewer: { id: 2, name: 'Akira' } });
      await subTab(page, 'authorization').click();
      await settings(page).getByRole('button', { name: 'Authenticate VoidVerified' }).click();
      await expect(toasts(page).filter({ hasText: "the token is Viewer's, but Akira is signed in to AniList here" })).toBeVisible({
        timeout: 15_000,
      });
      expect(await stored(host, 'void-verified-auth')).toBeUndefined();
      expect(await page.evaluate(() => location.hash)).toBe('');
      await expect(settings(page).getByRole('button', { name: 'Authenticate VoidVerified' })).toBeVisible();
      // Only the question of whose it is went out with it.
      expect(api.requests.filter((r) => r.authorization === `Bearer ${OAUTH_TOKEN}`).map((r) => r.operationName)).toEqual(['TokenViewer']);
    },
  );

  test('a returned token with characters outside the JWT alphabet, or an expiry past a year, is refused', async ({ page, host }) => {
    test.slow(); // several round trips through the authorize page
    for (const [fields, text] of [
      [{ access_token: 'a\nb' }, 'its token has characters a token cannot have'],
      [{ expires_in: '1e308' }, 'its expiry is not a number of seconds up to a year'],
    ] as const) {
      Object.assign(host.oauth.anilist, { access_token: OAUTH_TOKEN, expires_in: '31536000' }, fields);
      await host.goto('/settings/developer');
      await subTab(page, 'authorization').click();
      await settings(page).getByRole('button', { name: 'Authenticate VoidVerified' }).click();
      // The click leaves for the authorize page and comes back: the wait includes two page loads.
      await expect(toasts(page).filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
      expect(await stored(host, 'void-verified-auth')).toBeUndefined();
      expect(await page.evaluate(() => location.hash)).toBe('');
    }
    // The page still works: the next request is not broken by a stored bad token.
    Object.assign(host.oauth.anilist, { access_token: OAUTH_TOKEN, expires_in: '31536000' });
    await host.goto('/settings/developer');
    await subTab(page, 'authorization').click();
    await settings(page).getByRole('button', { name: 'Authenticate VoidVerified' }).click();
    await expect(settings(page).getByRole('button', { name: 'Revoke authorization' })).toBeVisible();
  });

  test("palette 'Authorize' and 'Revoke authorization' commands", async ({ page, host }) => {
    await host.goto('/home');
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Authorize');
    await expect(page.locator('[cmdk-item][data-command="authorization.revoke"]')).toHaveCount(0);
    await clickPaletteRow(page, 'authorization.authorize');
    await expect(page).toHaveURL('https://anilist.co/settings/developer');
    await expect(settings(page).getByRole('button', { name: 'Revoke authorization' })).toBeVisible();
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Revoke');
    await clickPaletteRow(page, 'authorization.revoke');
    // From the palette too, it asks first.
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Ok' }).click();
    await expect(settings(page).getByRole('button', { name: 'Authenticate VoidVerified' })).toBeVisible();
  });

  test('warns once a day when the token expires within 14 days', async ({ page, host }) => {
    await host.goto('/home', { seed: auth(OAUTH_TOKEN, Date.now() + 5 * DAY + 3_600_000) });
    await expect(toasts(page).filter({ hasText: 'expires in 5 days' })).toBeVisible();
    await page.reload();
    await host.scriptReady();
    await page.waitForTimeout(300);
    await expect(toasts(page).filter({ hasText: 'expires in' })).toHaveCount(0);
  });

  test('an expired token shows the authenticate link with the expiry date', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: auth(OAUTH_TOKEN, Date.now() - DAY) });
    await subTab(page, 'authorization').click();
    await expect(settings(page).getByRole('button', { name: 'Authenticate VoidVerified' })).toBeVisible();
    await expect(settings(page)).toContainText('Your token expired on');
  });

  test("a 400 'Invalid token' answer clears the token and says so", async ({ page, host, api }) => {
    await host.goto('/home', { seed: auth('revoked-token', Date.now() + 300 * DAY) });
    await page.keyboard.press('Control+Space');
    await page.keyboard.press('Control+Space'); // ActivitySearch mode, Following feed
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'the saved token is invalid' })).toBeVisible();
    expect(await stored(host, 'void-verified-auth')).toEqual({ token: null, expires: null });
    expect(api.requests.some((r) => r.status === 400)).toBe(true);
  });
});

test.describe('toasts', () => {
  test("'Test Toasts' honours level, location and duration", async ({ page, host }) => {
    await host.goto('/settings/developer');
    await subTab(page, 'toasts').click();
    const panel = settings(page).getByRole('tabpanel', { name: 'toasts' });
    await expect(panel.getByRole('heading', { name: 'Configure Toasts' })).toBeVisible();
    // Default level warning: warning and error only, bottom-left.
    await panel.getByRole('button', { name: 'Test Toasts' }).click();
    await expect(toasts(page)).toHaveCount(2);
    await expect(page.locator('.vv-toasts')).toHaveAttribute('data-location', 'bottom-left');
    await expect(page.getByRole('status').filter({ hasText: 'Warning toast.' })).toHaveCount(1);
    await expect(page.getByRole('alert').filter({ hasText: 'Error toast.' })).toHaveCount(1);
    // Toasts never take focus.
    await expect(panel.getByRole('button', { name: 'Test Toasts' })).toBeFocused();
    await page.locator('.vv-toast').first().click();
    await page.locator('.vv-toast').first().click();
    await expect(toasts(page)).toHaveCount(0);

    await choose(panel.getByLabel('Toast level'), { label: 'Info (everything)' });
    await choose(panel.getByLabel('Toast location'), 'top-right');
    // Measured while they last 10 s: on a loaded machine a second can pass between two looks.
    await choose(panel.getByLabel('Toast duration'), '10');
    await panel.getByRole('button', { name: 'Test Toasts' }).click();
    await expect(toasts(page)).toHaveCount(4);
    await expect(page.locator('.vv-toasts')).toHaveAttribute('data-location', 'top-right');
    const box = await page.locator('.vv-toast').first().boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.y).toBeLessThan(viewport.height / 2);
    expect(box!.x).toBeGreaterThan(viewport.width / 2);
    expect(box!.width).toBeGreaterThanOrEqual(150);
    expect(box!.width).toBeLessThanOrEqual(300);
    for (let shown = 4; shown > 0; shown--) await page.locator('.vv-toast').first().click();
    await expect(toasts(page)).toHaveCount(0);

    // One second: said (every toast is also written to the console, where toasts that came and
    // went between two looks are counted), then gone.
    const said: string[] = [];
    page.on('console', (m) => said.push(m.text()));
    await choose(panel.getByLabel('Toast duration'), '1');
    await panel.getByRole('button', { name: 'Test Toasts' }).click();
    await expect.poll(() => said.filter((text) => / toast\.$/.test(text)).length).toBe(4);
    await expect(toasts(page)).toHaveCount(0, { timeout: 3000 });

    await choose(panel.getByLabel('Toast level'), { label: 'Error' });
    await panel.getByRole('button', { name: 'Test Toasts' }).click();
    await expect(toasts(page)).toHaveCount(1);
    await page.reload();
    await subTab(page, 'toasts').click();
    await expect(settings(page).getByLabel('Toast location')).toHaveValue('top-right');
  });

  test('each of the four corners', async ({ page, host }) => {
    await host.goto('/settings/developer');
    await subTab(page, 'toasts').click();
    const panel = settings(page).getByRole('tabpanel', { name: 'toasts' });
    const viewport = page.viewportSize()!;
    for (const location of ['top-left', 'top-right', 'bottom-left', 'bottom-right']) {
      await choose(panel.getByLabel('Toast location'), location);
      await panel.getByRole('button', { name: 'Test Toasts' }).click();
      const box = (await page.locator('.vv-toast').first().boundingBox())!;
      expect(box.y < viewport.height / 2, location).toBe(location.startsWith('top'));
      expect(box.x < viewport.width / 2, location).toBe(location.endsWith('left'));
      while (await page.locator('.vv-toast').count()) await page.locator('.vv-toast').first().click();
    }
  });

  test('switched off, only critical toasts show', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: settingsSeed({ toasterEnabled: false, globalCssEnabled: true }) });
    await expect(subTab(page, 'toasts')).toHaveCount(0);
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Configure Toasts');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Test Toasts' }).click();
    await page.waitForTimeout(200);
    await expect(toasts(page)).toHaveCount(0);
  });
});

test.describe('changelog', () => {
  test('opens on a fresh install, lists 1.7 to 1.21, switches options, and stays closed after', async ({ page, host }) => {
    await host.goto('/home', { changelog: true });
    const dialog = page.getByRole('dialog', { name: 'VoidVerified Changelog' });
    await expect(dialog).toBeVisible();
    for (const v of ['2.0.0', '1.21', '1.20', '1.13', '1.7'])
      await expect(dialog.getByRole('heading', { name: `Version ${v}`, exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: /^Version / })).toHaveCount(16);
    const goals = dialog.getByRole('checkbox', { name: /Anime and manga goals/ });
    await expect(goals).not.toBeChecked();
    await goals.check();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await stored(host, 'void-verified-settings')).toMatchObject({ goalsEnabled: true });
    expect(await stored(host, 'void-verified-changelog-seen')).toBe('2.0.0');
    await page.reload();
    await host.scriptReady();
    await page.waitForTimeout(300);
    await expect(dialog).toHaveCount(0);
  });

  test('shows when the last seen version is older, not when disabled; View Changelog forces it', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: { 'void-verified-changelog-seen': JSON.stringify({ v: 1, data: '1.21' }) } });
    const dialog = page.getByRole('dialog', { name: 'VoidVerified Changelog' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await host.goto('/settings/developer', { changelog: true, seed: settingsSeed({ changeLogEnabled: false }) });
    await host.scriptReady();
    await page.waitForTimeout(300);
    await expect(dialog).toHaveCount(0);
    await settings(page).getByRole('button', { name: 'View Changelog' }).click();
    await expect(dialog).toBeVisible();
  });
});

test.describe('global CSS', () => {
  test(
    'edited in CodeMirror, applied to the page, removed when off and back when on; never on /settings/developer',
    { tag: '@worlds' },
    async ({ page, host }) => {
      test.slow(); // many steps, each through a host move
      await host.goto('/home', { seed: settingsSeed({ globalCssEnabled: true }) });
      await page.keyboard.press('Control+Space');
      await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Edit global CSS');
      await page.keyboard.press('Enter');
      const editor = page.locator('[data-void-ui="overlay"] .cm-content');
      await editor.click();
      // Typed only once the editor has focus: a key pressed before goes elsewhere, and the rule
      // then starts 'ody {' and styles nothing (the 4-worker run of 2026-11-27 saw 3px, the default).
      await expect(editor).toBeFocused();
      await page.keyboard.type('body { outline: 7px solid rgb(1, 2, 3); }');
      const style = page.locator('head style#void-verified-style-global-css');
      await expect(style).toHaveCount(1);
      await expect.poll(() => style.textContent()).toContain('body { outline: 7px solid rgb(1, 2, 3); }');
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).outlineWidth)).toBe('7px');
      await page.keyboard.press('Escape');
      // Stored, and there after a reload.
      await page.reload();
      await expect(page.locator('head style#void-verified-style-global-css')).toHaveCount(1);
      expect(await stored(host, 'void-verified-global-css')).toContain('outline: 7px');

      // The escape hatch: the settings page that edits it is never styled by it (a host move there too).
      const push = (path: string) =>
        page.evaluate(
          (p) =>
            (document.querySelector('#app') as unknown as { __vue__: { $router: { push(p: string): unknown } } }).__vue__.$router.push(p),
          path,
        );
      await push('/settings/developer');
      await expect(style).toHaveCount(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).outlineWidth)).not.toBe('7px');
      await subTab(page, 'global CSS').click();
      await expect(settings(page).locator('.cm-content')).toContainText('outline: 7px');

      await settings(page)
        .getByRole('checkbox', { name: /Enable custom global CSS/ })
        .uncheck();
      await push('/home');
      await expect(page.locator('.activity-feed')).toBeVisible();
      await expect(style).toHaveCount(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).outlineWidth)).not.toBe('7px');
      await push('/settings/developer');
      await settings(page)
        .getByRole('checkbox', { name: /Enable custom global CSS/ })
        .check();
      await expect(style).toHaveCount(0);
      await push('/home');
      await expect(style).toHaveCount(1);
    },
  );

  test('a new text from outside replaces the editor’s (Clear), and typing goes on from it', async ({ page, host }) => {
    await host.goto('/settings/developer', {
      seed: {
        ...settingsSeed({ globalCssEnabled: true }),
        'void-verified-global-css': JSON.stringify({ v: 1, data: 'a { color: red; }' }),
      },
    });
    await subTab(page, 'global CSS').click();
    const editor = settings(page).locator('.cm-content');
    await expect(editor).toHaveText('a { color: red; }');
    await settings(page).getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Ok' }).click();
    await expect(editor).toHaveText('');
    await expect.poll(() => stored(host, 'void-verified-global-css')).toBe('');
    await editor.click();
    await page.keyboard.type('b {}');
    await expect(editor).toHaveText('b {}');
    await expect.poll(() => stored(host, 'void-verified-global-css')).toBe('b {}');
  });

  test('CSS is set as text: markup in it never becomes elements', { tag: '@worlds' }, async ({ page, host }) => {
    const css = '</style><img src=x onerror="window.__pwned=1"><style>';
    await host.goto('/home', {
      seed: { ...settingsSeed({ globalCssEnabled: true }), 'void-verified-global-css': JSON.stringify({ v: 1, data: css }) },
    });
    const style = page.locator('head style#void-verified-style-global-css');
    await expect(style).toHaveCount(1);
    expect(await style.textContent()).toBe(css);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});

test.describe('time format and colour options', () => {
  test('the chosen date format shows in the settings (token expiry) and survives reload', async ({ page, host }) => {
    const expires = new Date(2031, 2, 9, 15, 4).getTime();
    await host.goto('/settings/developer', { seed: auth(OAUTH_TOKEN, expires) });
    await subTab(page, 'authorization').click();
    await expect(settings(page)).toContainText('The token expires on 03/09/2031.');
    await subTab(page, 'time').click();
    const panel = settings(page).getByRole('tabpanel', { name: 'time' });
    await expect(panel.getByRole('heading', { name: 'Time Format Configuration' })).toBeVisible();
    await choose(panel.getByLabel('Date format', { exact: true }), 'dd.mm.yyyy');
    await panel.getByRole('checkbox', { name: '12-hour' }).uncheck();
    await subTab(page, 'authorization').click();
    await expect(settings(page)).toContainText('The token expires on 09.03.2031.');
    await page.reload();
    await subTab(page, 'time').click();
    await expect(settings(page).getByLabel('Date format', { exact: true })).toHaveValue('dd.mm.yyyy');
    await expect(settings(page).getByRole('checkbox', { name: '12-hour' })).not.toBeChecked();
  });

  test('a colour option takes a hex colour and refuses anything else', async ({ page, host }) => {
    await host.goto('/settings/developer');
    const field = settings(page).locator('[data-option="defaultHighlightColor"] input[type="text"]');
    await expect(field).toHaveValue('#FFFFFF');
    await field.fill('#12AB3');
    await field.press('Enter');
    await expect(settings(page).locator('[data-option="defaultHighlightColor"]').getByRole('alert')).toBeVisible();
    expect(((await stored(host, 'void-verified-settings')) as Record<string, unknown> | undefined)?.defaultHighlightColor).toBeUndefined();
    await field.fill('#12ab3c');
    await expect
      .poll(async () => ((await stored(host, 'void-verified-settings')) as Record<string, unknown>).defaultHighlightColor)
      .toBe('#12ab3c');
    await field.fill('');
    await expect(field).toHaveAttribute('placeholder', '#');
  });
});
