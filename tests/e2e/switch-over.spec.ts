import type { Page } from '@playwright/test';
import { expect, OAUTH_TOKEN, scriptStarted, test } from './fixtures';

/**
 * Switching over from the original VoidVerified 2.0.3 (issue 14), both ways a user does it: in
 * place (our script in the original's manager slot, so its manager storage is ours) and beside it
 * (a separate install: only the page's localStorage is shared). The browser is seeded exactly as
 * the original leaves it: its localStorage keys, and in place its manager keys, in its own forms.
 */

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** What the original writes in page localStorage (its formats at v2.0.3). */
function originalLocalStorage(): Record<string, string> {
  return {
    // The first option ever saved is bare, the rest `{value}`.
    'void-verified-settings': JSON.stringify({
      quickStartEnabled: true,
      globalCssEnabled: { value: true },
      gifKeyboardEnabled: { value: true },
      layoutDesignerEnabled: { value: true },
      defaultSign: { value: '★' },
    }),
    // lastFetch is a Date (an ISO string in JSON), two days old: the profile is refreshed on load.
    'void-verified-users': JSON.stringify([
      {
        username: 'Akira',
        id: 2,
        avatar: null,
        banner: null,
        color: '192, 99, 255',
        lastFetch: iso(Date.now() - 2 * DAY),
        sign: '★',
        colorOverride: null,
        highlightEnabled: true,
        enabledForUsername: true,
        copyColorFromProfile: true,
      },
    ]),
    // BaseConfig.save: the whole object, its own storage key included; the keybind as hotkeys-js' key capture writes it.
    'void-verified-quick-start-config': JSON.stringify({
      configInLocalStorage: 'void-verified-quick-start-config',
      openQuickStartKeybind: '⌥+J',
      addNavigationButtons: true,
      usersEnabled: true,
      notificationsEnabled: true,
      onlyIncludeUnreadNotifications: false,
      displayAllResultsOnEmpty: true,
      anilistLinksEnabled: true,
      voidSettingsEnabled: true,
      preserveActivitySearch: true,
    }),
    'void-verified-global-css': 'body { --vv-switched-over: yes; }',
    'void-verified-layouts': JSON.stringify({
      selectedLayout: 0,
      preview: false,
      disableCss: false,
      layoutsList: [
        { avatar: 'https://s4.anilist.co/file/a.png', banner: '', bio: 'Winter bio', color: 'green', donatorBadge: '', name: 'Winter' },
      ],
    }),
    'void-verified-gif-keyboard': JSON.stringify({
      gifs: ['https://media.example.org/wave.gif'],
      images: [],
      gifSize: '300',
      lastSyncTime: iso(Date.now() - DAY),
    }),
    'void-verified-time-config': JSON.stringify({
      configInLocalStorage: 'void-verified-time-config',
      dateFormat: 'yyyy-mm-dd',
      use12HourFormat: false,
    }),
    'void-verified-read-notifications': JSON.stringify([5001, 5002]),
    'void-verified-collapsed-comments': JSON.stringify([{ id: 77, isCollapsed: true }]),
    'void-verified-mini-profile-cache': JSON.stringify([]),
  };
}

/** What the original writes in its manager storage (GM.setValue): the token as a JSON string whose expiry is a Date. */
function originalManagerStorage(): Record<string, string> {
  return {
    'void-verified-auth': JSON.stringify({ token: OAUTH_TOKEN, expires: iso(Date.now() + 300 * DAY) }),
    'void-verified-api-token': 'void-api.jwt',
    'void-verified-media-overview-cache': JSON.stringify([{ item: { id: 1 }, cachedAt: iso(Date.now()) }]),
  };
}

async function seedLocalStorage(page: Page, items: Record<string, string>) {
  await page.addInitScript((seed) => {
    if (localStorage.getItem('__original_seeded__') !== null) return;
    localStorage.setItem('__original_seeded__', '1');
    for (const [k, v] of Object.entries(seed)) localStorage.setItem(k, v);
  }, items);
}

const question = (page: Page) =>
  page.getByRole('dialog').filter({ hasText: 'Found a configuration from the original VoidVerified on this browser. Adopt it?' });
const changelog = (page: Page) => page.getByRole('dialog', { name: 'VoidVerified Changelog' });
const palette = (page: Page) => page.getByRole('dialog', { name: 'VoidVerified QuickStart' });
const AUTHORIZE_AGAIN = 'AniList access must be authorized again';

const originalKeys = (page: Page, names: string[]) =>
  page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), names);
const gmRaw = (page: Page, key: string) =>
  page.evaluate((k) => (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue(k), key);
const stored = async (page: Page, key: string) => {
  const raw = await gmRaw(page, key);
  return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data;
};
const after = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el, '::after').content);

/** Accepts the offer; the page reloads with the adopted configuration, and the changelog comes after. */
async function accept(page: Page) {
  await expect(question(page)).toBeVisible();
  await expect(changelog(page)).toHaveCount(0);
  const reloaded = page.waitForEvent('load');
  await question(page).getByRole('button', { name: 'Ok' }).click();
  await reloaded;
  await scriptStarted(page);
  await expect(changelog(page)).toBeVisible();
  // The answer decides what the changelog says: the configuration came along, with its hotkey.
  await expect(changelog(page).locator('.vv-changelog-start')).toHaveText(
    'Your VoidVerified configuration came along. Press Alt+J anywhere on AniList to open the QuickStart palette: every feature and setting is a command there.',
  );
  await expect(question(page)).toHaveCount(0);
  await changelog(page).getByRole('button', { name: 'Close' }).click();
}

/** Everything the original had is in effect: users, settings, hotkey, CSS; layouts and GIFs stored. */
async function expectAdopted(page: Page) {
  const akira = '.activity-entry a.name[href="/user/Akira/"]';
  await expect.poll(() => after(page, akira)).toBe('" ★"');
  expect(await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--vv-switched-over').trim())).toBe('yes');
  expect(await stored(page, 'void-verified-settings')).toMatchObject({
    quickStartEnabled: true,
    globalCssEnabled: true,
    gifKeyboardEnabled: true,
    layoutDesignerEnabled: true,
    defaultSign: '★',
  });
  expect(await stored(page, 'void-verified-hotkeys')).toEqual({ 'quickstart.open': 'alt+j' });
  expect(await stored(page, 'void-verified-layouts')).toMatchObject({
    layoutsList: [{ name: 'Winter', bio: 'Winter bio', color: 'green' }],
  });
  expect(await stored(page, 'void-verified-gif-keyboard')).toEqual({
    gifs: ['https://media.example.org/wave.gif'],
    images: [],
    gifSize: 300,
  });
  expect(await stored(page, 'void-verified-time-config')).toEqual({ dateFormat: 'yyyy-mm-dd', use12HourFormat: false });
  // Same device: its per-device state came along.
  expect(await stored(page, 'void-verified-read-notifications')).toEqual([5001, 5002]);
  expect(await stored(page, 'void-verified-collapsed-containers')).toEqual({ 'reply-77': true });
  // The original's own hotkey opens the palette; ctrl+space no longer does.
  await page.keyboard.press('Control+Space');
  await page.waitForTimeout(300);
  await expect(palette(page)).toHaveCount(0);
  await page.keyboard.press('Alt+KeyJ');
  await expect(palette(page)).toBeVisible();
}

test.describe('switching over from the original VoidVerified', () => {
  test('in place: its token is used on the next request, and the adopted configuration is in effect', async ({ page, host, api }) => {
    const local = originalLocalStorage();
    const manager = originalManagerStorage();
    await seedLocalStorage(page, local);
    await host.goto('/home', { activities: 40, changelog: true, seed: manager });
    await expect(question(page)).toBeVisible();
    // The token is here: nothing to authorize again.
    await expect(question(page)).not.toContainText(AUTHORIZE_AGAIN);
    await accept(page);
    await expectAdopted(page);
    // The refresh of the verified user carried the original's token.
    await expect
      .poll(() => api.requests.filter((r) => r.operationName === 'VerifiedUsers').map((r) => r.authorization))
      .toContain(`Bearer ${OAUTH_TOKEN}`);
    // The original's manager keys are as it wrote them (it can be put back in place), its page keys too.
    for (const [key, raw] of Object.entries(manager)) expect(await gmRaw(page, key)).toBe(raw);
    expect(await originalKeys(page, Object.keys(local))).toEqual(local);
  });

  test('beside it: the offer says to authorize again, with the button; the configuration is adopted without a token', async ({
    page,
    host,
    api,
  }) => {
    const local = originalLocalStorage();
    await seedLocalStorage(page, local);
    await host.goto('/home', { activities: 40, changelog: true });
    await expect(question(page)).toContainText(AUTHORIZE_AGAIN);
    await expect(question(page).getByRole('button', { name: 'Authorize' })).toBeVisible();
    await accept(page);
    await expectAdopted(page);
    const refreshes = api.requests.filter((r) => r.operationName === 'VerifiedUsers');
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.map((r) => r.authorization)).toEqual(refreshes.map(() => null));
    expect(await originalKeys(page, Object.keys(local))).toEqual(local);
  });

  test('declining leaves every key of the original untouched, and only then the changelog opens', async ({ page, host }) => {
    const local = originalLocalStorage();
    const manager = originalManagerStorage();
    await seedLocalStorage(page, local);
    await host.goto('/home', { changelog: true, seed: manager });
    await expect(question(page)).toBeVisible();
    // One dialog at a time: the question first, the changelog once it is answered.
    await page.waitForTimeout(500);
    await expect(changelog(page)).toHaveCount(0);
    await question(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(question(page)).toHaveCount(0);
    await expect(changelog(page)).toBeVisible();
    await expect(changelog(page).locator('.vv-changelog-start')).toHaveText(/^New here\? Press Ctrl\+Space anywhere on AniList/);
    await changelog(page).getByRole('button', { name: 'Close' }).click();
    expect(await stored(page, 'void-verified-palette-adoption')).toMatchObject({ outcome: 'declined' });
    expect(await stored(page, 'void-verified-settings')).toBeUndefined();
    await page.reload();
    await scriptStarted(page);
    await page.waitForTimeout(500);
    await expect(question(page)).toHaveCount(0);
    await expect(changelog(page)).toHaveCount(0);
    for (const [key, raw] of Object.entries(manager)) expect(await gmRaw(page, key)).toBe(raw);
    expect(await originalKeys(page, Object.keys(local))).toEqual(local);
  });
});
