import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, scriptStarted, test } from './fixtures';

/** Verified users (signs, colours, highlights by generated CSS) and quick-access users. */

const MIN = 60_000;
const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const users = (list: Record<string, unknown>[]) => ({ 'void-verified-users': seedValue(list) });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': seedValue(values) });
const allToasts = { 'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }) };
const settings = (page: Page) => page.locator('[data-void-ui="settings"]');
const toasts = (page: Page) => page.locator('.vv-toast');
const stored = <T>(page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue(k);
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data;
  }, key) as Promise<T>;
/** Stores a value from another tab (`other`): the page under test hears the change and restyles. */
const setStored = (other: Page, key: string, data: unknown) =>
  other.evaluate(([k, v]) => (window as unknown as { GM_setValue(k: string, v: string): void }).GM_setValue(k, v), [
    key,
    seedValue(data),
  ] as const);
const after = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => ({
      content: getComputedStyle(el, '::after').content,
      color: getComputedStyle(el, '::after').color,
      name: getComputedStyle(el).color,
    }));

test.describe('verified users', () => {
  test('added from the users tab with the user search, refreshed from the API, removed', async ({ page, host, api }) => {
    await host.goto('/settings/developer', { seed: allToasts });
    const tab = settings(page).getByRole('tabpanel', { name: 'users' });
    await expect(tab.getByRole('heading', { name: 'Verified users' })).toBeVisible();
    const box = tab.getByRole('combobox', { name: 'Add verified user' });
    await box.fill('Ak');
    await page.waitForTimeout(1000);
    expect(api.requests.filter((r) => r.operationName === 'SearchUsers')).toHaveLength(0); // fewer than 3 characters
    await box.fill('Aki');
    const result = tab.getByRole('option', { name: 'Akira' });
    await expect(result).toBeVisible();
    await result.click();
    await expect(tab.locator('[data-user="Akira"]')).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Querying Akira.' })).toBeVisible();
    await expect
      .poll(async () => (await stored<{ id: number; color: string }[]>(page, 'void-verified-users'))[0])
      .toMatchObject({ username: 'Akira', id: 2, color: '192, 99, 255' });
    await expect(tab.locator('[data-user="Akira"] img')).toHaveAttribute('width', '60');

    // The same name again, in another case: ignored.
    await box.fill('akira');
    await box.press('Enter');
    await expect(toasts(page).filter({ hasText: 'akira is already verified.' })).toBeVisible();
    expect(await stored<unknown[]>(page, 'void-verified-users')).toHaveLength(1);

    // Results clear 150 ms after the field loses focus.
    await box.fill('Boc');
    await expect(tab.getByRole('option', { name: 'Bocchi' })).toBeVisible();
    await tab.getByRole('heading', { name: 'Verified users' }).click();
    await expect(tab.getByRole('option')).toHaveCount(0);

    await tab.getByRole('button', { name: 'Remove Akira' }).click();
    await expect(tab.locator('[data-user="Akira"]')).toHaveCount(0);
    expect(await stored<unknown[]>(page, 'void-verified-users')).toEqual([]);
  });

  test('a failed query keeps the user and says so', async ({ page, host, api }) => {
    await host.goto('/settings/developer', { seed: allToasts });
    const box = settings(page).getByRole('combobox', { name: 'Add verified user' });
    api.failNext(1, { status: 500 }, 'VerifiedUser');
    await box.fill('Nobody-Here');
    await box.press('Enter');
    await expect(toasts(page).filter({ hasText: 'Failed to query new user.' })).toBeVisible();
    await expect(settings(page).locator('[data-user="Nobody-Here"]')).toBeVisible();
  });

  test('signs, colours and highlights on /home come from CSS, with one batched query for 40 activities', async ({ page, host, api }) => {
    // 'haruhi' in lower case: names match case-insensitively.
    await host.goto('/home', { activities: 40, seed: users([{ username: 'Akira' }, { username: 'haruhi', sign: '★' }]) });
    const akira = '.activity-entry a.name[href="/user/Akira/"]';
    await expect.poll(() => after(page, akira).then((s) => s.color)).toBe('rgb(192, 99, 255)');
    expect((await after(page, akira)).content).toBe('" ✔"');
    // The sign takes the colour, not the name, as the original (issue 29).
    expect((await after(page, akira)).name).not.toBe('rgb(192, 99, 255)');
    const haruhi = page.locator('a.name[href="/user/Haruhi/"]');
    if (await haruhi.count()) {
      expect((await after(page, 'a.name[href="/user/Haruhi/"]')).content).toBe('" ★"');
      expect((await after(page, 'a.name[href="/user/Haruhi/"]')).color).toBe('rgb(255, 111, 97)');
    }
    // The highlight border on Akira's own activities, not on others'.
    const own = page
      .locator('.activity-entry', {
        has: page.locator('.wrap > .text > .header > a.name[href="/user/Akira/"], .details > a.name[href="/user/Akira/"]'),
      })
      .first();
    await expect(own.locator('> .wrap')).toHaveCSS('border-right-width', '5px');
    await expect(own.locator('> .wrap')).toHaveCSS('border-right-color', 'rgb(192, 99, 255)');
    const other = page
      .locator('.activity-entry', { hasNot: page.locator('a.name[href="/user/Akira/"], a.name[href="/user/Haruhi/"]') })
      .first();
    await expect(other.locator('> .wrap')).toHaveCSS('border-right-width', '0px');
    // The site's markup between the card and the name is not ours to rely on: a name one wrapper deeper still counts.
    await own.evaluate((entry) => entry.setAttribute('data-test', 'own'));
    const marked = page.locator('.activity-entry[data-test="own"]');
    await marked
      .locator('a.name[href="/user/Akira/"]')
      .first()
      .evaluate((a) => {
        const box = document.createElement('div');
        box.className = 'name-wrap';
        a.replaceWith(box);
        box.append(a);
      });
    await expect(marked.locator('.name-wrap > a.name')).toHaveCount(1);
    await expect(marked.locator('> .wrap')).toHaveCSS('border-right-width', '5px');

    // One request for both users; nothing per activity entry.
    const asked = () => api.requests.filter((r) => r.operationName !== 'SearchUsers');
    await expect.poll(() => asked().length).toBe(1);
    expect(asked()[0]!.operationName).toBe('VerifiedUsers');
    expect(await page.locator('.activity-entry').count()).toBe(40);
    // Within 15 minutes a reload asks nothing.
    await page.reload();
    await expect.poll(() => after(page, akira).then((s) => s.color)).toBe('rgb(192, 99, 255)');
    await page.waitForTimeout(300);
    expect(asked()).toHaveLength(1);
  });

  test('colour resolution: override, copying off, and the fallback colour', async ({ page, host }) => {
    const fresh = { id: 2, color: '192, 99, 255', lastFetch: Date.now() };
    await host.goto('/home');
    const other = await host.newPage('/settings/developer');
    const akira = '.activity-entry a.name[href="/user/Akira/"]';
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ colorOverride: '#0a0b0c' }, {}, 'rgb(10, 11, 12)'],
      [{}, {}, 'rgb(192, 99, 255)'],
      [{}, { copyColorFromProfile: false }, 'rgb(120, 180, 255)'],
      [{ copyColorFromProfile: true }, { copyColorFromProfile: false }, 'rgb(192, 99, 255)'],
      [{}, { copyColorFromProfile: false, useDefaultHighlightColor: true, defaultHighlightColor: '#112233' }, 'rgb(17, 34, 51)'],
      [{ colorOverride: '#0a0b0c' }, { useDefaultHighlightColor: true, defaultHighlightColor: '#112233' }, 'rgb(10, 11, 12)'],
    ];
    for (const [user, options, color] of cases) {
      await setStored(other, 'void-verified-users', [{ username: 'Akira', ...fresh, ...user }]);
      await setStored(other, 'void-verified-settings', options);
      await expect.poll(() => after(page, akira).then((st) => st.color), JSON.stringify([user, options])).toBe(color);
    }
    // 'Colour verified names' (ours, off by default) colours the name too.
    await setStored(other, 'void-verified-users', [{ username: 'Akira', ...fresh }]);
    await setStored(other, 'void-verified-settings', { colorVerifiedNames: true });
    await expect.poll(() => after(page, akira).then((st) => st.name)).toBe('rgb(192, 99, 255)');
    // Link colouring reaches every link of the entry, as the original's: the name's link too.
    await setStored(other, 'void-verified-settings', { colorUserActivity: true });
    await expect.poll(() => after(page, akira).then((st) => st.name)).toBe('rgb(192, 99, 255)');
    // Signs off globally, on for the user: still shown (global OR user).
    await setStored(other, 'void-verified-users', [{ username: 'Akira', ...fresh, enabledForUsername: true }]);
    await setStored(other, 'void-verified-settings', { enabledForUsername: false });
    await expect.poll(() => after(page, akira).then((st) => st.content)).toBe('" ✔"');
    await setStored(other, 'void-verified-users', [{ username: 'Akira', ...fresh }]);
    await expect.poll(() => after(page, akira).then((st) => st.content)).toBe('none');
  });

  test('the profile header sign needs the option and a case-insensitive path match', async ({ page, host }) => {
    const seed = users([{ username: 'Akira', id: 2, color: '192, 99, 255', lastFetch: Date.now() }]);
    await host.goto('/user/akira/', { seed });
    await expect(page.locator('.name-wrapper h1.name')).toBeVisible();
    expect((await after(page, '.name-wrapper h1.name')).content).toBe('none');
    await host.goto('/user/akira/', { seed: { ...seed, ...settingsSeed({ enabledForProfileName: true }) } });
    await expect.poll(() => after(page, '.name-wrapper h1.name').then((s) => s.content)).toBe('" ✔"');
    await page.locator('.nav a.link[href="/home"]').first().click();
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(() => page.locator('style#void-verified-style-profile').textContent()).toBe('');
  });

  test('palette: verify a user, jump to their profile, remove them', async ({ page, host }) => {
    await host.goto('/home', { seed: allToasts });
    const input = page.getByPlaceholder('Filter VoidVerified QuickStart');
    await page.keyboard.press('Control+Space');
    await input.fill('Verify user');
    await page.keyboard.press('Enter');
    const box = page.getByPlaceholder('User name');
    await expect(box).toBeFocused();
    await box.fill('Akira');
    await clickPaletteRow(page, page.locator('[cmdk-item]', { hasText: /^Akira$/ }));
    await expect.poll(async () => (await stored<{ id: number }[]>(page, 'void-verified-users'))[0]?.id).toBe(2);
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill("Akira's profile");
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('https://anilist.co/user/Akira/');
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Remove verified user');
    await page.keyboard.press('Enter');
    await clickPaletteRow(page, page.locator('[cmdk-item]', { hasText: 'Akira' }));
    await expect.poll(() => stored<unknown[]>(page, 'void-verified-users')).toEqual([]);
  });

  test("palette: a verified user's options, set with the keyboard alone (issue 31)", async ({ page, host }) => {
    await host.goto('/home', { seed: { ...allToasts, ...users([{ username: 'Akira', id: 2, lastFetch: Date.now() }]) } });
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Verified user options');
    await expect(page.locator('[cmdk-item][data-command="verified-users.options.akira"]')).toBeVisible();
    await page.keyboard.press('Enter');
    const row = page.locator('[cmdk-root] [data-user="Akira"]');
    await row.getByLabel('Sign for Akira').focus();
    await page.keyboard.type('★');
    const badge = row.getByRole('checkbox', { name: 'Quick access badge' });
    await badge.focus();
    await page.keyboard.press('Space');
    await expect(badge).toBeChecked();
    await expect
      .poll(async () => (await stored<Record<string, unknown>[]>(page, 'void-verified-users'))[0])
      .toMatchObject({ sign: '★', quickAccessBadge: true, highlightEnabled: false });
  });
});

test.describe('a profile colour named after a property of every object (issue 25)', { tag: '@worlds' }, () => {
  test("'constructor' from the API: the list is still saved, once, and nobody is asked again on every navigation", async ({
    page,
    host,
    api,
  }) => {
    api.state.users.find((u) => u.name === 'Akira')!.options.profileColor = 'constructor';
    // Both stale: the refresh asks for both in one request and saves them together.
    await host.goto('/home', {
      activities: 40,
      seed: users([
        { username: 'Akira', id: 2, lastFetch: null },
        { username: 'Bocchi', id: 3, lastFetch: null },
      ]),
    });
    await host.scriptReady();
    type Saved = { username: string; color: string | null; lastFetch: number | null }[];
    // Read in the script's world (this test also runs in the isolated one).
    const saved = () =>
      host.evalInScript(() => {
        const raw = (window as unknown as { __gm: { dump(): Record<string, unknown> } }).__gm.dump()['void-verified-users'];
        return (JSON.parse(String(raw)) as { data: Saved }).data;
      });
    await expect.poll(async () => (await saved()).map((u) => u.lastFetch !== null)).toEqual([true, true]);
    const [akira, bocchi] = await saved();
    expect(akira!.color).toBeNull();
    expect(bocchi!.color).not.toBeNull();
    // Akira shows the default colour.
    await expect.poll(() => after(page, '.activity-entry a.name[href="/user/Akira/"]').then((s) => s.color)).toBe('rgb(120, 180, 255)');
    const asked = () => api.requests.filter((r) => r.operationName === 'VerifiedUsers').length;
    expect(asked()).toBe(1);
    // Navigating asks nothing more: the list was saved, so nobody is stale.
    for (const path of ['/user/Viewer/', '/home', '/user/Viewer/', '/home']) {
      await page.locator(`.nav .links a.link[href="${path}"]`).first().click();
      await expect(page).toHaveURL(`https://anilist.co${path}`);
    }
    await page.waitForTimeout(300);
    expect(asked()).toBe(1);
  });
});

test.describe('quick access users', () => {
  const quick = (extra: Record<string, unknown> = {}) => [
    { username: 'Akira', quickAccessEnabled: true, ...extra },
    { username: 'Bocchi' },
  ];

  test('a strip at the top of /home, refreshed when due, with the timer and a manual refresh', async ({ page, host, api }) => {
    await host.goto('/home', { seed: { ...users(quick()), ...settingsSeed({ quickAccessEnabled: true }), ...allToasts } });
    const strip = page.getByRole('region', { name: 'Quick Access' });
    await expect(strip).toBeVisible();
    // With the global switch on, every verified user shows, flagged or not (document 1; issue 29).
    await expect(strip.getByRole('link', { name: 'Akira' })).toBeVisible();
    await expect(strip.getByRole('link', { name: 'Bocchi' })).toBeVisible();
    await expect(strip.locator('img').first()).toHaveAttribute('width', '60');
    await expect(toasts(page).filter({ hasText: 'Quick Access users updated.' })).toBeVisible();
    await expect(strip).toContainText('Next update in 15 minutes');
    const requests = () => api.requests.filter((r) => r.operationName === 'VerifiedUsers').length;
    expect(requests()).toBeLessThanOrEqual(2);
    const before = requests();
    await strip.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(requests).toBe(before + 1);
    // The strip sits first in the right-hand column.
    expect(await page.locator('.container > .home > div:nth-child(2) > :first-child').getAttribute('data-void-ui')).toBe('quick-access');
  });

  test('with the global switch off, the users flagged for quick access still have their strip', async ({ page, host }) => {
    await host.goto('/home', { seed: users(quick()) });
    const strip = page.getByRole('region', { name: 'Quick Access' });
    await expect(strip.getByRole('link', { name: 'Akira' })).toBeVisible();
    await expect(strip.getByRole('link', { name: 'Bocchi' })).toHaveCount(0);
  });

  test('with the global switch off and nobody flagged, no strip', async ({ page, host }) => {
    await host.goto('/home', { seed: users([{ username: 'Bocchi' }]) });
    await scriptStarted(page);
    await page.waitForTimeout(300);
    await expect(page.getByRole('region', { name: 'Quick Access' })).toHaveCount(0);
  });

  test('not due: no request, and the timer counts the time left', async ({ page, host, api }) => {
    const seed = {
      ...users([
        { username: 'Akira', quickAccessEnabled: true, id: 2, lastFetch: Date.now() },
        { username: 'Bocchi', id: 3, lastFetch: Date.now() },
      ]),
      ...settingsSeed({ quickAccessEnabled: true }),
      'void-verified-quick-access-last-fetch': seedValue(Date.now() - 14 * MIN - 20_000),
    };
    await host.goto('/home', { seed });
    const strip = page.getByRole('region', { name: 'Quick Access' });
    await expect(strip).toContainText(/Next update in \d+ seconds/);
    expect(api.requests.filter((r) => r.operationName === 'VerifiedUsers')).toHaveLength(0);
  });

  test('a changed profile raises the badge; visiting it clears the badge', async ({ page, host }) => {
    const old = { id: 2, avatar: 'https://s4.anilist.co/old.png', banner: null, color: '1, 2, 3', lastFetch: Date.now() - 20 * MIN };
    await host.goto('/home', { seed: { ...users(quick(old)), ...settingsSeed({ quickAccessEnabled: true, quickAccessBadge: true }) } });
    const strip = page.getByRole('region', { name: 'Quick Access' });
    await expect(strip.getByLabel('changed since your last visit')).toBeVisible();
    await strip.getByRole('link', { name: 'Akira' }).click();
    await expect(page).toHaveURL('https://anilist.co/user/Akira/');
    await expect
      .poll(async () => (await stored<{ quickAccessBadgeDisplay: boolean }[]>(page, 'void-verified-users'))[0]!.quickAccessBadgeDisplay)
      .toBe(false);
  });

  test('a failed refresh says so and still records the time', async ({ page, host, api }) => {
    // Two refreshes ask on load, the verified users' and Quick Access's (the second waits for the first
    // and asks again when it failed); both fail.
    api.failNext(2, { status: 500 }, 'VerifiedUsers');
    await host.goto('/home', {
      seed: { ...users(quick({ id: 2, lastFetch: Date.now() - 20 * MIN })), ...settingsSeed({ quickAccessEnabled: true }) },
    });
    await expect(toasts(page).filter({ hasText: 'Querying Quick Access failed.' })).toBeVisible();
    await expect.poll(() => stored<number | null>(page, 'void-verified-quick-access-last-fetch')).not.toBeNull();
  });

  test('quick access users are in the palette Dashboard', async ({ page, host }) => {
    await host.goto('/notifications', {
      seed: { ...users(quick({ id: 2, lastFetch: Date.now() })), ...settingsSeed({ quickAccessEnabled: true }) },
    });
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Akira');
    await clickPaletteRow(page, 'quick-access.user.akira');
    await expect(page).toHaveURL('https://anilist.co/user/Akira/');
  });
});
