import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { MockApi } from '../host/mock-api';
import { expect, OAUTH_TOKEN, test, type HostGotoOptions } from './fixtures';
import { choose, typeDate } from './real-input';

/** The palette's ActivitySearch mode against the mock API: modes, filters, paging, preserve, prefill, saved searches. */

const DAY = 86_400_000;
const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const authSeed = () => ({ 'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * DAY }) });
const preserveSeed = (on: boolean) => ({ 'void-verified-quick-start-config': seedValue({ preserveActivitySearch: on }) });
const signedIn = (extra: Record<string, string> = {}): HostGotoOptions => ({ seed: { ...authSeed(), ...extra } });

const palette = (page: Page) => page.getByRole('dialog', { name: 'VoidVerified QuickStart' });
const params = (page: Page) => page.getByRole('group', { name: 'Activity search parameters' });
const items = (page: Page) => page.locator('[cmdk-item][data-value^="activity/"]');
const toasts = (page: Page) => page.locator('.vv-toast');
const searches = (api: MockApi) => api.requests.filter((r) => r.operationName === 'SearchActivities');
const lastVars = (api: MockApi) => searches(api).at(-1)?.variables as Record<string, unknown>;
const stored = <T>(page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue(k);
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data;
  }, key) as Promise<T>;

async function openMode(page: Page) {
  await page.keyboard.press('Control+Space');
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Control+Space');
  await expect(page.getByRole('combobox', { name: 'QuickStart mode' })).toHaveValue('activity-search');
}

/** Clicks Search and waits for its answer to be listed. */
async function search(page: Page, api: MockApi) {
  const before = searches(api).length;
  await params(page).getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => searches(api).length).toBe(before + 1);
  await expect(params(page).getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
}

async function pickUser(page: Page, box: string, name: string) {
  await params(page).getByRole('combobox', { name: box }).fill(name);
  await params(page)
    .getByRole('listbox', { name: `${box} results` })
    .getByRole('option', { name })
    .click();
}

test.describe('activity search', () => {
  test('list mode with defaults; Load More pages on; Clear Feed empties; the time and who show', async ({ page, host, api }) => {
    await host.goto('/home', signedIn());
    await openMode(page);
    const form = params(page);
    await expect(form.getByLabel('Type')).toHaveValue('MEDIA_LIST');
    await expect(form.getByLabel('Feed')).toHaveValue('FOLLOWING');
    await expect(form.getByLabel('Sort')).toHaveValue('NEWEST');
    await expect(form.getByLabel('Per page')).toHaveValue('15');
    await search(page, api);
    expect(lastVars(api)).toEqual({ page: 1, perPage: 15, type: 'MEDIA_LIST', sort: ['ID_DESC'], isFollowing: true, withReplies: false });
    await expect(items(page)).toHaveCount(15);
    await expect(items(page).first()).toContainText(/ago$/);
    const more = page.getByRole('option', { name: 'Load More' });
    await more.click();
    await expect(items(page)).not.toHaveCount(15);
    expect(lastVars(api)).toMatchObject({ page: 2, perPage: 15 });
    const loaded = await items(page).count();
    expect(loaded).toBeGreaterThan(15);
    // Load More stays while fewer than the total are loaded.
    while (await more.isVisible()) {
      const count = await items(page).count();
      await more.click();
      await expect(items(page)).not.toHaveCount(count);
    }
    await expect(page.locator('.vv-as-count')).toHaveText(/^(\d+) loaded of \1$/);
    expect(await items(page).count()).toBe(Number((await page.locator('.vv-as-count').textContent())!.split(' ')[0]));
    await form.getByRole('button', { name: 'Clear Feed' }).click();
    await expect(items(page)).toHaveCount(0);
    // Enter on an item shows it as a full activity entry; Enter again opens its page.
    await search(page, api);
    const first = await items(page).first().getAttribute('data-value');
    await page.getByPlaceholder('Filter loaded activities').press('Enter');
    const entry = palette(page).locator(`article[data-activity-id="${first!.split('/')[1]}"]`);
    await expect(entry).toBeVisible();
    await expect(entry.locator('.vv-act-actions .vv-like')).toBeVisible();
    await page.getByPlaceholder('Activity').press('Enter');
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(`https://anilist.co/${first}`);
  });

  test('users, media, reply switches and dates reach the variables', async ({ page, host, api }) => {
    await host.goto('/home', signedIn());
    await openMode(page);
    const form = params(page);
    await choose(form.getByLabel('Feed'), 'GLOBAL');
    await pickUser(page, 'Users', 'Akira');
    await expect(form.getByRole('list', { name: 'Selected users' })).toContainText('Akira');
    // Media: multiple selection keeps the list open after a pick.
    await form.getByRole('combobox', { name: 'Media' }).fill('Frieren');
    const results = form.getByRole('listbox', { name: 'Media results' });
    await expect(results.getByRole('option')).toHaveCount(2);
    await expect(results.getByRole('option').filter({ hasText: 'Sousou no Frieren' }).first()).toContainText('Anime 2023');
    await results.getByRole('option').nth(0).click();
    await results.getByRole('option').nth(1).click();
    await expect(form.getByRole('list', { name: 'Selected media' }).getByRole('listitem')).toHaveCount(2);
    await form.getByLabel('Has replies').check();
    await form.getByLabel('Preload replies').check();
    await typeDate(form.getByLabel('After'), '2000-01-01');
    await typeDate(form.getByLabel('Before'), '2100-01-01');
    await search(page, api);
    const after = await page.evaluate(() => new Date(2000, 0, 1).getTime() / 1000);
    const before = await page.evaluate(() => new Date(2100, 0, 1).getTime() / 1000);
    expect(lastVars(api)).toEqual({
      page: 1,
      perPage: 15,
      type: 'MEDIA_LIST',
      sort: ['ID_DESC'],
      withReplies: true,
      hasReplies: true,
      userId_in: [2],
      mediaId_in: [154587, 118586],
      createdAt_greater: after,
      createdAt_lesser: before,
    });
    expect(searches(api).at(-1)!.query).toContain('replies @include(if: $withReplies)');
  });

  test('text mode keeps the users and drops media; message mode sends messengers and recipients, never media', async ({
    page,
    host,
    api,
  }) => {
    await host.goto('/home', signedIn());
    await openMode(page);
    const form = params(page);
    await choose(form.getByLabel('Feed'), 'GLOBAL');
    await pickUser(page, 'Users', 'Akira');
    await form.getByRole('combobox', { name: 'Media' }).fill('Frieren');
    await form.getByRole('listbox', { name: 'Media results' }).getByRole('option').nth(0).click();
    await expect(form.getByRole('list', { name: 'Selected media' }).getByRole('listitem')).toHaveCount(1);

    // Text mode: users still apply, media does not.
    await choose(form.getByLabel('Type'), 'TEXT');
    await expect(form.getByRole('combobox', { name: 'Media' })).toBeHidden();
    await search(page, api);
    expect(lastVars(api)).toMatchObject({ type: 'TEXT', userId_in: [2] });
    expect(lastVars(api)).not.toHaveProperty('mediaId_in');

    // Message mode: messengers and recipients.
    await choose(form.getByLabel('Type'), 'MESSAGE');
    await pickUser(page, 'Messengers', 'Akira');
    await pickUser(page, 'Recipients', 'Viewer');
    await search(page, api);
    expect(lastVars(api)).toMatchObject({ type: 'MESSAGE', messengerId_in: [2], userId_in: [1] });
    expect(lastVars(api)).not.toHaveProperty('mediaId_in');
    for (const text of await items(page).allTextContents()) expect(text).toContain('Akira → Viewer');
  });

  test('user picker: picking again removes, Select All adds every result and those stay when picked again', async ({ page, host, api }) => {
    await host.goto('/home', signedIn());
    await openMode(page);
    const form = params(page);
    const box = form.getByRole('combobox', { name: 'Users' });
    await box.fill('Ak');
    await page.waitForTimeout(1000);
    expect(api.requests.filter((r) => r.operationName === 'SearchUsers')).toHaveLength(0);
    await box.fill('aru'); // Haruhi, Wataru
    const results = form.getByRole('listbox', { name: 'Users results' });
    await expect(results.getByRole('option').first()).toBeVisible();
    const names = await results.getByRole('option').allTextContents();
    const chips = form.getByRole('list', { name: 'Selected users' }).getByRole('listitem');
    await results.getByRole('option', { name: names[0]! }).click();
    await expect(chips).toHaveCount(1);
    await results.getByRole('option', { name: names[0]! }).click();
    await expect(chips).toHaveCount(0);
    await form.getByRole('button', { name: 'Select All' }).click();
    await expect(chips).toHaveCount(names.length);
    await results.getByRole('option', { name: names[0]! }).click();
    await expect(chips).toHaveCount(names.length);
    await form.getByRole('button', { name: `Remove ${names[0]}` }).click();
    await expect(chips).toHaveCount(names.length - 1);
    // Results clear shortly after focus leaves.
    await form.getByLabel('Per page').click();
    await expect(results).toBeHidden();
  });

  test('user picker by keyboard: Select All stays while focus is in the picker, Tab reaches it', async ({ page, host }) => {
    await host.goto('/home', signedIn());
    await openMode(page);
    const form = params(page);
    await form.getByRole('combobox', { name: 'Users' }).focus();
    await page.keyboard.type('aru');
    const results = form.getByRole('listbox', { name: 'Users results' });
    await expect(results.getByRole('option')).not.toHaveCount(0);
    const count = await results.getByRole('option').count();
    await page.keyboard.press('Tab');
    const selectAll = form.getByRole('button', { name: 'Select All' });
    await expect(selectAll).toBeFocused();
    await page.waitForTimeout(300);
    await expect(selectAll).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('list', { name: 'Selected users' }).getByRole('listitem')).toHaveCount(count);
    // Focus leaving the picker clears the list, as from the field.
    await page.keyboard.press('Tab');
    await expect(results).toBeHidden();
  });

  test('the palette input filters what is loaded, locally', async ({ page, host, api }) => {
    await host.goto('/home', signedIn());
    await openMode(page);
    await choose(params(page).getByLabel('Type'), 'TEXT');
    await params(page).getByLabel('Per page').fill('50');
    await search(page, api);
    const all = await items(page).count();
    const requests = api.requests.length;
    await page.getByPlaceholder('Filter loaded activities').fill('frieren');
    await expect.poll(() => items(page).count()).toBeLessThan(all);
    expect(await items(page).count()).toBeGreaterThan(0);
    for (const text of await items(page).allTextContents()) expect(text.toLowerCase()).toContain('frieren');
    await page.getByPlaceholder('Filter loaded activities').fill('zzqqxx');
    await expect(items(page)).toHaveCount(0);
    await expect(page.getByText('Nothing loaded matches “zzqqxx”.')).toBeVisible();
    await page.getByPlaceholder('Filter loaded activities').fill('');
    await expect(items(page)).toHaveCount(all);
    expect(api.requests.length).toBe(requests);
  });

  test("with 'preserve activity search' on, parameters, feed and scroll survive closing", async ({ page, host, api }) => {
    await host.goto('/home', signedIn(preserveSeed(true)));
    await openMode(page);
    await choose(params(page).getByLabel('Type'), 'TEXT');
    await choose(params(page).getByLabel('Feed'), 'GLOBAL');
    await params(page).getByLabel('Per page').fill('40');
    await search(page, api);
    await expect(items(page)).toHaveCount(40);
    const list = page.locator('[cmdk-list]');
    // The script keeps the position from the list's scroll event, which comes at the next frame: on
    // a loaded machine, Escape pressed at once could close the palette before it (a user's last
    // wheel tick has long been reported by the time they reach for Escape).
    await list.evaluate(
      (el) =>
        new Promise<void>((scrolled) => {
          el.addEventListener('scroll', () => scrolled(), { once: true });
          el.scrollTop = 600;
        }),
    );
    const scrolled = await list.evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(300);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await openMode(page);
    await expect(params(page).getByLabel('Type')).toHaveValue('TEXT');
    await expect(items(page)).toHaveCount(40);
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(scrolled);
    expect(searches(api)).toHaveLength(1);
  });

  test("with 'preserve activity search' off, closing resets the search", async ({ page, host, api }) => {
    await host.goto('/home', signedIn(preserveSeed(false)));
    await openMode(page);
    await choose(params(page).getByLabel('Type'), 'TEXT');
    await search(page, api);
    await expect(items(page)).toHaveCount(15);
    await page.keyboard.press('Escape');
    await openMode(page);
    await expect(params(page).getByLabel('Type')).toHaveValue('MEDIA_LIST');
    await expect(items(page)).toHaveCount(0);
  });

  test('on /anime/{id} the page media is prefilled', async ({ page, host, api }) => {
    await host.goto('/anime/154587', signedIn());
    await openMode(page);
    const chips = params(page).getByRole('list', { name: 'Selected media' });
    await expect(chips).toContainText('Sousou no Frieren');
    await search(page, api);
    expect(lastVars(api)).toMatchObject({ type: 'MEDIA_LIST', mediaId_in: [154587] });
    for (const text of await items(page).allTextContents()) expect(text).toContain('Sousou no Frieren');
  });

  test('a saved search is a palette command that opens the mode with its parameters; it can be deleted', async ({ page, host, api }) => {
    await host.goto('/home', signedIn());
    await openMode(page);
    await choose(params(page).getByLabel('Type'), 'TEXT');
    await choose(params(page).getByLabel('Feed'), 'GLOBAL');
    await params(page).getByLabel('Name for this search').fill('Global texts');
    await params(page).getByRole('button', { name: 'Save search' }).click();
    expect(await stored<{ name: string; params: { kind: string } }[]>(page, 'void-verified-activity-search-saved')).toMatchObject([
      { name: 'Global texts', params: { kind: 'TEXT', feed: 'GLOBAL' } },
    ]);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Activity search: Global');
    const command = page.locator('[cmdk-item][data-command="activity-search.saved.global%20texts"]');
    await expect(command).toContainText('Activity search: Global texts');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'QuickStart mode' })).toHaveValue('activity-search');
    await expect(params(page).getByLabel('Type')).toHaveValue('TEXT');
    await expect(params(page).getByLabel('Feed')).toHaveValue('GLOBAL');
    await expect.poll(() => searches(api).length).toBe(1);
    expect(lastVars(api)).toEqual({ page: 1, perPage: 15, type: 'TEXT', sort: ['ID_DESC'], withReplies: false });
    await expect(items(page)).toHaveCount(15);

    // Its chip in the mode runs the same command: the saved parameters come back and are searched anew.
    await choose(params(page).getByLabel('Type'), 'MESSAGE');
    await params(page).getByRole('button', { name: 'Global texts', exact: true }).click();
    await expect(params(page).getByLabel('Type')).toHaveValue('TEXT');
    await expect.poll(() => searches(api).length).toBe(2);
    expect(lastVars(api)).toEqual({ page: 1, perPage: 15, type: 'TEXT', sort: ['ID_DESC'], withReplies: false });

    await params(page).getByRole('button', { name: 'Delete saved search Global texts' }).click();
    await expect(params(page).getByRole('list', { name: 'Saved searches' })).toBeHidden();
    expect(await stored(page, 'void-verified-activity-search-saved')).toEqual([]);
    await choose(page.getByRole('combobox', { name: 'QuickStart mode' }), 'Dashboard');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Activity search: Global');
    await expect(page.locator('[cmdk-item][data-command^="activity-search.saved."]')).toHaveCount(0);
  });

  test('errors: a failed search and a failed media search say so', async ({ page, host, api }) => {
    await host.goto('/home', signedIn());
    await openMode(page);
    api.failNext(1, { status: 500 }, 'SearchActivities');
    await params(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'There was an error querying activities.' })).toBeVisible();
    await expect(page.locator('.vv-error')).toHaveText('There was an error querying activities.');
    await expect(items(page)).toHaveCount(0);
    api.failNext(1, { status: 500 }, 'SearchMedia');
    await params(page).getByRole('combobox', { name: 'Media' }).fill('Bebop');
    await expect(toasts(page).filter({ hasText: 'Failed to query media with search word Bebop' })).toBeVisible();
  });

  test('the latest media searches show when the media box is focused and empty', async ({ page, host }) => {
    await host.goto('/home', signedIn());
    await openMode(page);
    const box = params(page).getByRole('combobox', { name: 'Media' });
    await box.fill('Cowboy');
    await params(page)
      .getByRole('option', { name: /Cowboy Bebop/ })
      .click();
    await box.fill('Naruto');
    await params(page)
      .getByRole('option', { name: /NARUTO/ })
      .filter({ hasText: 'Anime' })
      .click();
    await box.fill('');
    const results = params(page).getByRole('listbox', { name: 'Media results' });
    await expect(results.getByRole('option')).toHaveCount(2);
    await expect(results.getByRole('option').first()).toContainText('NARUTO');
    expect((await stored<{ id: number }[]>(page, 'void-verified-activity-search-media-cache'))!.map((m) => m.id)).toEqual([20, 1]);
  });

  test('keyboard: arrows and Enter pick in a search box without touching the palette list; axe finds nothing serious', async ({
    page,
    host,
    api,
  }) => {
    test.slow(); // axe walks the whole tree: seconds on a loaded 2-core machine
    await host.goto('/home', signedIn());
    await openMode(page);
    await search(page, api);
    const box = params(page).getByRole('combobox', { name: 'Users' });
    await box.fill('aru');
    await expect(params(page).getByRole('option', { name: 'Haruhi', exact: true })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(palette(page)).toBeVisible(); // Enter picked the user, it did not open an activity
    await expect(params(page).getByRole('list', { name: 'Selected users' })).toContainText('Haruhi');
    await page.screenshot({ path: test.info().outputPath('activity-search.png') });
    const results = await new AxeBuilder({ page }).include('[data-void-ui="overlay"]').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
