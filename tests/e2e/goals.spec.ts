import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import lz from 'lz-string';
import type { MockApi } from '../host/mock-api';
import type { SeedMediaListEntry } from '../host/seed';
import { expect, OAUTH_TOKEN, test } from './fixtures';
import { choose, typeDate } from './real-input';

/** Goals: the goals tab (add, validate, save into the bio, fetch back) and goals on profile overviews. */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const SEED = {
  'void-verified-settings': seedValue({ goalsEnabled: true }),
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 100 * 86_400_000 }),
  'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
  'void-verified-time-config': seedValue({ dateFormat: 'yyyy-mm-dd', use12HourFormat: false }),
};
// The bio block (voidverified-config.md), written and read here the way the original did.
const BLOCK = /^\[\]\(json([A-Za-z0-9+/=]+)\)/;
const encodeBio = (text: string, data: Record<string, unknown>) => `[](json${lz.compressToBase64(JSON.stringify(data))})\n\n${text}`;
const decodeBio = (about: string | null) => ({
  data: JSON.parse(lz.decompressFromBase64(BLOCK.exec(about ?? '')?.[1] ?? '') || '{}') as Record<string, unknown>,
});
const visibleBio = (about: string | null) => (about ?? '').replace(BLOCK, '').replace(/^\n\n/, '');
const settings = (page: Page) => page.locator('[data-void-ui="settings"]');
const toast = (page: Page, text: string) => page.locator('.vv-toast', { hasText: text });
const stored = <T>(page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue(k);
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data;
  }, key) as Promise<T>;
/** Dismisses every toast (a click dismisses one), so the next assertion sees only new ones. */
async function clearToasts(page: Page) {
  const toasts = page.locator('.vv-toast');
  while (await toasts.count()) await toasts.first().click();
  await expect(toasts).toHaveCount(0);
}
const user = (api: MockApi, name: string) => api.state.users.find((u) => u.name === name)!;
const requests = (api: MockApi, name: string) => api.requests.filter((r) => r.operationName === name);

/** The local calendar date `offset` days from today, as 'yyyy-mm-dd' and as a FuzzyDate. */
function day(offset: number) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  const text = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { text, fuzzy: { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() } };
}

async function openGoalsTab(page: Page) {
  await settings(page).getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name: 'goals', exact: true }).click();
  return settings(page).getByRole('tabpanel', { name: 'goals' });
}

async function addGoal(page: Page, g: { type?: string; name?: string; target?: string; start?: string; end?: string }) {
  const form = settings(page).getByRole('group', { name: 'Add a goal' });
  if (g.type) await choose(form.getByLabel('Type'), { label: g.type });
  await form.getByLabel('Name').fill(g.name ?? '');
  if (g.target) await form.getByLabel('Target').fill(g.target);
  await typeDate(form.getByLabel('Start'), g.start ?? '');
  await typeDate(form.getByLabel('End'), g.end ?? '');
  await form.getByRole('button', { name: 'Add goal' }).click();
}

test.describe('goals tab', () => {
  test('validates, adds and removes goals', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: SEED });
    const tab = await openGoalsTab(page);
    await expect(tab.getByRole('heading', { name: 'Goals' })).toBeVisible();
    await expect(tab.getByLabel('Type')).toHaveValue('completedAnime');
    await expect(tab.getByLabel('Target')).toHaveValue('1');

    // Each missing field is a critical toast; nothing is added.
    await tab.getByRole('button', { name: 'Add goal' }).click();
    for (const text of ['Goal name is missing.', 'Goal start date is missing.', 'Goal end date is missing.'])
      await expect(toast(page, text)).toBeVisible();
    await expect(page.locator('.vv-toast-critical')).toHaveCount(3);
    await addGoal(page, { name: 'Backwards', start: '2024-03-01', end: '2024-01-01' });
    await expect(toast(page, 'Start date after end date.')).toBeVisible();
    expect(await stored(page, 'void-verified-goals-config')).toBeUndefined();
    await expect(tab.getByLabel('Name')).toHaveAttribute('maxlength', '60');

    await addGoal(page, { name: 'Winter anime', target: '12', start: '2024-01-01', end: '2024-03-31' });
    await expect(tab.locator('tr[data-goal="Winter anime"]')).toContainText('Completed Anime2024-01-012024-03-3112');
    await expect(tab.getByLabel('Name')).toHaveValue(''); // the form starts over
    await addGoal(page, { type: 'Read Manga Chapters', name: 'Chapters', target: '300', start: '2024-01-01', end: '2024-12-31' });
    await addGoal(page, { type: 'Hours Watched', name: 'Oops', target: '5', start: '2024-01-01', end: '2024-01-02' });
    await tab.getByRole('button', { name: 'Remove goal Oops' }).click();
    await expect(tab.locator('tr[data-goal]')).toHaveCount(2);
    const local = await stored<{ id: number; type: string; name: string; target: number }[]>(page, 'void-verified-goals-config');
    expect(local.map((g) => [g.type, g.name, g.target])).toEqual([
      ['completedAnime', 'Winter anime', 12],
      ['readMangaChapters', 'Chapters', 300],
    ]);
    expect(local.every((g) => typeof g.id === 'number')).toBe(true);
  });

  test('saves the goals into the bio keeping its text, and fetches them back', async ({ page, host, api }) => {
    const original = user(api, 'Viewer').about!;
    const local = [
      { id: 1, type: 'completedAnime', name: 'Winter anime', target: 12, startAt: '2024-01-01', endAt: '2024-03-31' },
      { id: 2, type: 'readMangaChapters', name: 'Chapters', target: 300, startAt: '2024-01-01', endAt: '2024-12-31' },
    ];
    await host.goto('/settings/developer', { seed: { ...SEED, 'void-verified-goals-config': seedValue(local) } });
    const tab = await openGoalsTab(page);
    await expect(tab.locator('tr[data-goal]')).toHaveCount(2);

    // Save: the current about of the token's owner is read first (asked with the token), then
    // written with the block; the text stays exactly. The tab names whose bio it is.
    await expect(tab).toContainText('Save and Fetch current use the bio of Viewer, the account VoidVerified is authorized for.');
    await tab.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved goals.')).toBeVisible();
    const about = user(api, 'Viewer').about!;
    expect(decodeBio(about).data).toEqual({ customCss: '', goals: local });
    expect(visibleBio(about)).toBe(original);
    expect(about.endsWith(`)\n\n${original}`)).toBe(true);
    expect(requests(api, 'OwnerAbout').map((r) => r.authorization)).toEqual([`Bearer ${OAUTH_TOKEN}`]);
    expect(requests(api, 'GoalsUserAbout')).toEqual([]);
    expect(requests(api, 'SaveUserAbout')).toHaveLength(1);

    // Clear the local list, then fetch it back from the bio.
    for (const name of ['Winter anime', 'Chapters']) await tab.getByRole('button', { name: `Remove goal ${name}` }).click();
    await expect(tab).toContainText('No goals yet.');
    await tab.getByRole('button', { name: 'Fetch current' }).click();
    await expect(toast(page, 'Fetched goals,')).toBeVisible();
    await expect(tab.locator('tr[data-goal]')).toHaveCount(2);
    expect(await stored(page, 'void-verified-goals-config')).toEqual(local);

    // Saving again replaces only the block.
    await tab.getByRole('button', { name: 'Remove goal Chapters' }).click();
    await tab.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => decodeBio(user(api, 'Viewer').about).data.goals).toEqual([local[0]]);
    expect(visibleBio(user(api, 'Viewer').about)).toBe(original);
  });

  // Apart from the flow above, which ran out of its 30 s with it under 4 workers on 2 cores.
  test('axe finds no serious or critical violation in the goals tab with goals listed', async ({ page, host }) => {
    const goals = [{ id: 1, type: 'completedAnime', name: 'Winter anime', target: 12, startAt: '2024-01-01', endAt: '2024-03-31' }];
    await host.goto('/settings/developer', { seed: { ...SEED, 'void-verified-goals-config': seedValue(goals) } });
    const tab = await openGoalsTab(page);
    await expect(tab.locator('tr[data-goal]')).toHaveCount(1);
    const results = await new AxeBuilder({ page }).include('[data-void-ui="settings"]').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('failures: the query, the save, an unreadable block, and a bio without goals', async ({ page, host, api }) => {
    const viewer = user(api, 'Viewer');
    const original = viewer.about;
    await host.goto('/settings/developer', {
      seed: {
        ...SEED,
        'void-verified-goals-config': seedValue([
          { id: 0.5, type: 'completedAnime', name: 'Mine', target: 3, startAt: '2024-01-01', endAt: '2024-02-01' },
        ]),
      },
    });
    const tab = await openGoalsTab(page);
    await expect(tab.locator('tr[data-goal="Mine"]')).toBeVisible();

    await tab.getByRole('button', { name: 'Fetch current' }).click();
    await expect(toast(page, 'You had no goals saved.')).toBeVisible();
    await expect(tab.locator('tr[data-goal="Mine"]')).toBeVisible();

    api.failNext(1, { status: 500 }, 'OwnerAbout');
    await tab.getByRole('button', { name: 'Fetch current' }).click();
    await expect(toast(page, 'Failed to query user goals.')).toBeVisible();
    await expect(toast(page, 'Failed to fetch goals.')).toBeVisible();

    // Saving reads the bio first; that read fails, so nothing is written.
    api.failNext(1, { network: true }, 'OwnerAbout');
    await tab.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Failed to save goals.')).toBeVisible();
    expect(viewer.about).toBe(original);

    // The mutation itself fails: the bio is untouched.
    await page.route('https://graphql.anilist.co/**', (route) =>
      route.request().method() === 'POST' && (route.request().postData() ?? '').includes('SaveUserAbout')
        ? route.fulfill({
            status: 500,
            headers: { 'Access-Control-Allow-Origin': '*' },
            contentType: 'application/json',
            body: JSON.stringify({ data: null, errors: [{ message: 'Internal Server Error', status: 500 }] }),
          })
        : route.fallback(),
    );
    await clearToasts(page);
    await tab.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Failed to save goals.')).toBeVisible();
    expect(viewer.about).toBe(original);
    await page.unroute('https://graphql.anilist.co/**');

    // A block that cannot be read is never overwritten.
    viewer.about = '[](jsonAAAA)\n\nMy bio';
    const saves = requests(api, 'SaveUserAbout').length;
    await clearToasts(page);
    await tab.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Failed to save goals.')).toBeVisible();
    expect(viewer.about).toBe('[](jsonAAAA)\n\nMy bio');
    expect(requests(api, 'SaveUserAbout')).toHaveLength(saves);
  });

  test('the palette page edits the same list', async ({ page, host }) => {
    await host.goto('/home', { seed: SEED });
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Edit goals');
    await page.keyboard.press('Enter');
    const form = page.getByRole('group', { name: 'Add a goal' });
    await form.getByLabel('Name').fill('From the palette');
    await typeDate(form.getByLabel('Start'), '2024-01-01');
    await typeDate(form.getByLabel('End'), '2024-01-31');
    await form.getByRole('button', { name: 'Add goal' }).click();
    await expect(page.locator('[data-void-ui="overlay"] tr[data-goal="From the palette"]')).toBeVisible();
    expect((await stored<{ name: string }[]>(page, 'void-verified-goals-config')).map((g) => g.name)).toEqual(['From the palette']);
  });
});

test.describe('goals on profile overviews', () => {
  /** Gives the seeded list entry of `mediaId` dates and a progress. */
  function setEntry(api: MockApi, userId: number, mediaId: number, change: { progress: number; started?: number; completed?: number }) {
    let e = api.state.mediaList.find((x) => x.userId === userId && x.mediaId === mediaId);
    if (!e) {
      e = { ...api.state.mediaList[0]!, id: 9000 + api.state.mediaList.length, userId, mediaId };
      api.state.mediaList.push(e);
    }
    Object.assign(e as SeedMediaListEntry & Record<string, unknown>, {
      progress: change.progress,
      startedAt: change.started === undefined ? null : day(change.started).fuzzy,
      completedAt: change.completed === undefined ? null : day(change.completed).fuzzy,
    });
  }
  const goal = (id: number, type: string, name: string, target: number, start: number, end: number) => ({
    id,
    type,
    name,
    target,
    startAt: day(start).text,
    endAt: day(end).text,
  });

  test('shows at most 6 goals, soonest end first, with progress from the list and the schedule', async ({ page, host, api }) => {
    // A 31-day goal period with 10 days over.
    const goals = [
      goal(1, 'completedAnime', 'Anime', 4, -10, 20),
      goal(2, 'watchedEpisodes', 'Episodes', 100, -10, 20),
      goal(3, 'watchedHours', 'Hours', 62, -10, 20),
      goal(4, 'readMangaChapters', 'Chapters', 50, -10, 5),
      goal(5, 'completedMovies', 'Ended 3 days ago', 2, -40, -3),
      goal(6, 'completedMovies', 'Ended 8 days ago', 2, -40, -8),
      goal(7, 'completedManga', 'Later', 3, -10, 40),
      goal(8, 'completedManga', 'Latest', 3, -10, 60),
    ];
    user(api, 'Viewer').about = encodeBio('Viewer bio', { customCss: '', goals });
    setEntry(api, 1, 1, { progress: 26, started: -40, completed: -5 }); // Cowboy Bebop (TV, 24 min): completed inside
    setEntry(api, 1, 154587, { progress: 6, started: -2 }); // Frieren (TV, 24 min): started inside
    setEntry(api, 1, 9253, { progress: 24, started: -30, completed: -11 }); // Steins;Gate: the day before the start
    setEntry(api, 1, 30002, { progress: 8, started: -1 }); // Berserk (manga): started inside
    await host.goto('/user/Viewer/', { seed: SEED });

    const block = page.locator('.overview > .section > [data-void-ui="goals"]');
    await expect(block.getByRole('heading', { name: 'Goals' })).toBeVisible();
    const cards = block.locator('.vv-goal');
    await expect(cards).toHaveCount(6);
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-goal')))).toEqual([
      'Ended 3 days ago',
      'Chapters',
      'Anime',
      'Episodes',
      'Hours',
      'Later',
    ]);
    const card = (name: string) => block.locator(`.vv-goal[data-goal="${name}"]`);
    const progress = async (name: string) => (await card(name).locator('.vv-goal-progress').textContent())!.replace(/\s+/g, ' ').trim();
    expect(await progress('Anime')).toBe('1 / 4'); // Bebop
    expect(await progress('Episodes')).toBe('32 / 100'); // 26 + 6
    expect(await progress('Hours')).toBe('12 / 62'); // (26 + 6) × 24 = 768 minutes
    expect(await progress('Chapters')).toBe('8 / 50');
    expect(await progress('Ended 3 days ago')).toBe('0 / 2');
    // Expected now: target × 10 / 31 days, rounded down.
    await expect(card('Anime')).toContainText('On track.'); // 1 expected
    await expect(card('Episodes')).toContainText('On track.'); // 32 expected
    await expect(card('Hours')).toContainText('Behind by 8 hours.'); // 20 expected
    await expect(card('Ended 3 days ago')).toContainText('Behind by 2 movies.');
    await expect(card('Hours')).toContainText(`Watch 62 hours by ${day(20).text}.`);
    await expect(card('Hours')).toContainText('2 a day · 10 of 31 days elapsed');
    await expect(card('Chapters').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '8');
    expect(await card('Anime').locator('.vv-goal-milestones span').allTextContents()).toEqual(['0', '2', '4']);
    expect(
      Number.parseFloat(
        await card('Hours')
          .locator('.vv-goal-bar > span')
          .evaluate((el) => (el as HTMLElement).style.width),
      ),
    ).toBeCloseTo((12 / 62) * 100, 1);

    // One about and one list query per type for the visit.
    expect(requests(api, 'GoalsUserAbout').map((r) => r.variables)).toEqual([{ name: 'Viewer' }]);
    expect(requests(api, 'GoalsMediaList').map((r) => r.variables)).toEqual([
      { userName: 'Viewer', type: 'ANIME' },
      { userName: 'Viewer', type: 'MANGA' },
    ]);
    const results = await new AxeBuilder({ page }).include('[data-void-ui="goals"]').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Another tab of the same profile and back: the visit's data is reused.
    await page.locator('.user .nav-wrap a.link', { hasText: 'Anime List' }).click();
    await expect(page.locator('.medialist')).toBeVisible();
    await expect(block).toHaveCount(0);
    await page.locator('.user .nav-wrap a.link', { hasText: 'Overview' }).click();
    await expect(block.locator('.vv-goal')).toHaveCount(6);
    expect(requests(api, 'GoalsMediaList')).toHaveLength(2);
  });

  test('any user’s overview, only the lists needed, nothing without goals or with the option off', async ({ page, host, api }) => {
    user(api, 'Akira').about = encodeBio('Akira bio', { customCss: '', goals: [goal(1, 'completedAnime', 'Akira anime', 2, -5, 5)] });
    setEntry(api, 2, 21519, { progress: 1, completed: -1 }); // Your Name., completed yesterday
    await host.goto('/user/Akira/', { seed: SEED });
    const block = page.locator('[data-void-ui="goals"]');
    await expect(block.locator('.vv-goal[data-goal="Akira anime"] .vv-goal-progress')).toHaveText('1 / 2');
    expect(requests(api, 'GoalsMediaList').map((r) => r.variables)).toEqual([{ userName: 'Akira', type: 'ANIME' }]);

    // No goals in the bio: no block, no list query.
    await host.goto('/user/Bocchi/', { seed: SEED });
    await expect.poll(() => requests(api, 'GoalsUserAbout').length).toBe(2);
    await page.waitForTimeout(300);
    await expect(block).toHaveCount(0);
    expect(requests(api, 'GoalsMediaList')).toHaveLength(1);

    // Option off: nothing is asked (stored values outlive a navigation, so the option is switched here).
    await page.evaluate(
      (v) => (window as unknown as { GM_setValue(k: string, v: string): void }).GM_setValue('void-verified-settings', v),
      seedValue({ goalsEnabled: false }),
    );
    await host.goto('/user/Akira/', { seed: SEED });
    await expect(page.locator('.name-wrapper h1.name')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(block).toHaveCount(0);
    expect(requests(api, 'GoalsUserAbout')).toHaveLength(2);
  });

  test('a failing query says so and shows nothing', async ({ page, host, api }) => {
    user(api, 'Viewer').about = encodeBio('x', { goals: [goal(1, 'completedAnime', 'A', 2, -5, 5)] });
    api.failNext(1, { status: 500 }, 'GoalsUserAbout');
    await host.goto('/user/Viewer/', { seed: SEED });
    await expect(toast(page, 'Failed to query user goals.')).toBeVisible();
    await expect(page.locator('[data-void-ui="goals"] .vv-goal')).toHaveCount(0);
  });
});
