import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { MockApi } from '../host/mock-api';
import type { SeedNotification } from '../host/seed';
import { clickPaletteRow, expect, OAUTH_TOKEN, test, type Host } from './fixtures';

/**
 * Notifications: the replacement feed on /notifications, the nav count shared by every tab,
 * quick-access notifications on /home and the palette's Dashboard.
 */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const base = {
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
  'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
};
const withSettings = (settings: Record<string, unknown>, extra: Record<string, string> = {}) => ({
  ...base,
  'void-verified-settings': seedValue(settings),
  ...extra,
});
const feedSeed = (config: Record<string, unknown> = {}) =>
  withSettings(
    { replaceNotifications: true },
    Object.keys(config).length ? { 'void-verified-notifications-config': seedValue(config) } : {},
  );

const ALL_TYPES = [
  'ACTIVITY_MESSAGE',
  'ACTIVITY_REPLY',
  'FOLLOWING',
  'ACTIVITY_MENTION',
  'THREAD_COMMENT_MENTION',
  'THREAD_SUBSCRIBED',
  'THREAD_COMMENT_REPLY',
  'AIRING',
  'ACTIVITY_LIKE',
  'ACTIVITY_REPLY_LIKE',
  'THREAD_LIKE',
  'THREAD_COMMENT_LIKE',
  'ACTIVITY_REPLY_SUBSCRIBED',
  'RELATED_MEDIA_ADDITION',
  'MEDIA_DATA_CHANGE',
  'MEDIA_MERGE',
  'MEDIA_DELETION',
  'MEDIA_SUBMISSION_UPDATE',
  'STAFF_SUBMISSION_UPDATE',
  'CHARACTER_SUBMISSION_UPDATE',
];

/** When the unread count's last answer (or failure) was stored; 0 before the first. */
const countAnsweredAt = (host: Host) =>
  host.evalInScript(() => {
    const stored = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue('void-verified-notifications-unread');
    return stored ? (JSON.parse(stored) as { data: { fetchedAt: number } }).data.fetchedAt : 0;
  });

const feed = (page: Page) => page.locator('.vv-notifications-feed');
const items = (page: Page) => feed(page).locator('article.vv-notification');
const asked = (api: MockApi, op = 'Notifications') => api.requests.filter((r) => r.operationName === op);
/** Requests of the feed (page-by-page), told apart from the count's by being asked from /notifications. */
const typesOf = (r: { variables: unknown }) => (r.variables as { types: string[] }).types;

/** Three likes of the same activity by three users, newest of all: the feed groups them. */
function addLikeRun(api: MockApi): number[] {
  const activity = api.state.activities.find((a) => a.__typename === 'TextActivity' && a.userId === 1)!;
  const top = Math.max(...api.state.notifications.map((n) => n.id));
  const now = Math.max(...api.state.notifications.map((n) => n.createdAt)) + 100;
  const likers = api.state.users.filter((u) => u.id !== 1).slice(0, 3);
  const run: SeedNotification[] = likers.map((u, i) => ({
    __typename: 'ActivityLikeNotification',
    id: top + 1 + i,
    type: 'ACTIVITY_LIKE',
    recipientId: 1,
    userId: u.id,
    activityId: activity.id,
    context: ' liked your activity.',
    createdAt: now + i,
  }));
  api.state.notifications.push(...run);
  return run.map((n) => n.id);
}

test.describe('replacement notifications feed', () => {
  test('replaces the host list; every notification type of the schema shows with its link; filters reset paging', async ({
    page,
    host,
    api,
  }) => {
    await host.goto('/notifications', { seed: feedSeed({ groupNotifications: false }) });
    await expect(items(page).first()).toBeVisible();
    await expect(page.locator('.notifications-feed.container > .notifications')).toBeHidden();
    await expect(page.locator('.notifications-feed.container > .filters')).toBeHidden();
    await page.getByRole('tab', { name: 'All' }).click();
    // Page through everything with Load More (the filter asks from page 1 again: wait for its answer first).
    const more = feed(page).getByRole('button', { name: 'Load More' });
    await expect(more).toBeVisible();
    while (await more.isVisible().catch(() => false)) {
      const before = await items(page).count();
      await more.click();
      await expect.poll(() => items(page).count()).toBeGreaterThan(before);
    }
    const total = api.state.notifications.filter((n) => n.recipientId === 1).length;
    await expect(items(page)).toHaveCount(total);
    const types = new Set(await items(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))));
    expect([...types].sort()).toEqual([...ALL_TYPES].sort());
    // Links: activity, thread comment, media, user.
    const href = (type: string) =>
      items(page)
        .and(page.locator(`[data-type="${type}"]`))
        .first()
        .locator('a.vv-notification-context')
        .getAttribute('href');
    expect(await href('ACTIVITY_REPLY')).toMatch(/^\/activity\/\d+$/);
    expect(await href('THREAD_COMMENT_REPLY')).toMatch(/^\/forum\/thread\/\d+\/comment\/\d+$/);
    expect(await href('THREAD_LIKE')).toMatch(/^\/forum\/thread\/\d+\/$/);
    expect(await href('AIRING')).toMatch(/^\/anime\/\d+\/$/);
    expect(await href('FOLLOWING')).toMatch(/^\/user\/[^/]+\/$/);
    await expect(items(page).and(page.locator('[data-type="AIRING"]')).first()).toContainText(/Episode \d+ of .+ aired\./);
    await expect(items(page).and(page.locator('[data-type="MEDIA_DELETION"]')).first().locator('a')).toHaveCount(0);
    await expect(
      items(page).and(page.locator('[data-type="MEDIA_DATA_CHANGE"]')).first().locator('.vv-notification-reason'),
    ).not.toBeEmpty();

    // A filter asks for its types from page 1 and replaces the list.
    const before = asked(api).length;
    await page.getByRole('tab', { name: 'Forum' }).click();
    await expect.poll(() => asked(api).length).toBe(before + 1);
    const forum = asked(api).at(-1)!;
    expect(forum.variables).toMatchObject({ page: 1 });
    expect(typesOf(forum).sort()).toEqual([
      'THREAD_COMMENT_LIKE',
      'THREAD_COMMENT_MENTION',
      'THREAD_COMMENT_REPLY',
      'THREAD_LIKE',
      'THREAD_SUBSCRIBED',
    ]);
    await expect(items(page).first()).toBeVisible();
    const forumTypes = await items(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-type')!));
    expect(forumTypes.every((t) => t.startsWith('THREAD'))).toBe(true);
    await expect(feed(page).getByRole('button', { name: 'Load More' })).toBeHidden();
    // The custom filter is the config's types.
    await page.getByRole('tab', { name: 'Airing' }).click();
    await expect.poll(() => typesOf(asked(api).at(-1)!)).toEqual(['AIRING']);
    await expect(items(page).first()).toHaveAttribute('data-type', 'AIRING');
  });

  test('palette: the type filters and the text filter are commands while the feed is shown (issue 31)', async ({ page, host, api }) => {
    await host.goto('/notifications', { seed: feedSeed({ groupNotifications: false }) });
    await expect(items(page).first()).toBeVisible();
    const input = page.getByPlaceholder('Filter VoidVerified QuickStart');
    await page.keyboard.press('Control+Space');
    await input.fill('Notifications filter: Airing');
    await expect(page.locator('[cmdk-item][data-command="notifications.filter-airing"]')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Airing' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => typesOf(asked(api).at(-1)!)).toEqual(['AIRING']);
    await expect(items(page).first()).toHaveAttribute('data-type', 'AIRING');

    await page.keyboard.press('Control+Space');
    await input.fill('Filter notifications');
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('alertdialog', { name: 'Filter notifications' });
    await expect(prompt.getByRole('textbox')).toBeFocused();
    await page.keyboard.type('no such notification');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('searchbox', { name: 'Filter notifications' })).toHaveValue('no such notification');
    await expect(items(page)).toHaveCount(0);
    // Elsewhere the feed's commands are not listed.
    await host.goto('/home');
    await page.keyboard.press('Control+Space');
    await input.fill('Notifications filter');
    await expect(page.locator('[cmdk-item][data-command^="notifications.filter-"]')).toHaveCount(0);
  });

  test('groups consecutive notifications on the same target, not while filtering when so configured', async ({ page, host, api }) => {
    const run = addLikeRun(api);
    await host.goto('/notifications', { seed: feedSeed({ dontGroupWhenFiltering: true }) });
    const first = items(page).first();
    await expect(first).toHaveAttribute('data-id', String(run.at(-1)));
    await expect(first.locator('.vv-notification-count')).toHaveText('+2');
    await expect(first.locator('.vv-notification-group a')).toHaveCount(2);
    const names = run.map((id) => api.state.users.find((u) => u.id === api.state.notifications.find((n) => n.id === id)!.userId)!.name);
    await page.getByRole('searchbox', { name: 'Filter notifications' }).fill('liked your');
    await expect(items(page).and(page.locator(`[data-id="${run[0]}"]`))).toBeVisible();
    await expect(items(page).locator('.vv-notification-count')).toHaveCount(0);
    // A fuzzy, misspelt filter still finds a user.
    await page.getByRole('searchbox', { name: 'Filter notifications' }).fill(names[1]!.slice(0, 5).replace(/.$/, 'x'));
    await expect(items(page).and(page.locator(`[data-id="${run[1]}"]`))).toBeVisible();
    // Clicking a grouped item marks every notification of the group read.
    await page.getByRole('searchbox', { name: 'Filter notifications' }).fill('');
    await first.click({ position: { x: 300, y: 10 } });
    await expect(first).toHaveAttribute('data-unread', 'false');
    await page.reload();
    await page.getByRole('searchbox', { name: 'Filter notifications' }).fill('liked your');
    for (const id of run) await expect(items(page).and(page.locator(`[data-id="${id}"]`))).toHaveAttribute('data-unread', 'false');
  });

  test('a click toggles read and unread, the link marks read, and read state survives a reload', async ({ page, host }) => {
    await host.goto('/notifications', { seed: feedSeed() });
    const first = items(page).first();
    await expect(first).toHaveAttribute('data-unread', 'true');
    const id = await first.getAttribute('data-id');
    await first.click({ position: { x: 300, y: 10 } });
    await expect(first).toHaveAttribute('data-unread', 'false');
    await first.click({ position: { x: 300, y: 10 } });
    await expect(first).toHaveAttribute('data-unread', 'true');
    await first.click({ position: { x: 300, y: 10 } });
    await page.reload();
    await expect(items(page).and(page.locator(`[data-id="${id}"]`))).toHaveAttribute('data-unread', 'false');
    // Following a link marks read and navigates in the app.
    const second = items(page).nth(1);
    const secondId = await second.getAttribute('data-id');
    await expect(second).toHaveAttribute('data-unread', 'true');
    const target = await second.locator('a.vv-notification-context').getAttribute('href');
    await second.locator('a.vv-notification-context').click();
    await expect(page).toHaveURL(new RegExp(`${target!.replace(/[/]/g, '\\/')}$`));
    await page.goBack();
    await expect(items(page).and(page.locator(`[data-id="${secondId}"]`))).toHaveAttribute('data-unread', 'false');
    // From the keyboard: each item's read button.
    const third = items(page).nth(2);
    await third.getByRole('button', { name: 'Mark as read' }).focus();
    await page.keyboard.press('Enter');
    await expect(third).toHaveAttribute('data-unread', 'false');
    await expect(third.getByRole('button', { name: 'Mark as unread' })).toBeFocused();
  });

  test('notifications that arrive while the feed is open are offered at the top', async ({ page, host, api }) => {
    await page.clock.install();
    await host.goto('/notifications', { seed: feedSeed({ groupNotifications: false }) });
    await expect(items(page).first()).toBeVisible();
    // The feed and the unread count ask side by side; what is offered comes from the count, whose
    // next ask is three minutes after its answer. So the new notification is added, and the clock
    // moved, only once that answer is stored: earlier, the count's first answer could bring the new
    // one already, or be stored after the jump and push the next ask past it.
    await expect.poll(() => countAnsweredAt(host)).not.toBe(0);
    const run = addLikeRun(api).slice(0, 1);
    api.state.notifications.splice(
      api.state.notifications.findIndex((x) => x.id === run[0]! + 1),
      2,
    );
    await expect(page.getByRole('button', { name: /new notification/ })).toHaveCount(0);
    await page.clock.fastForward(181_000);
    await page.getByRole('button', { name: 'Show 1 new notification' }).click();
    await expect(items(page).first()).toHaveAttribute('data-id', String(run[0]));
    await expect(page.getByRole('button', { name: /new notification/ })).toHaveCount(0);
  });

  test("the feed's settings: other custom types ask again from page 1", async ({ page, host, api }) => {
    await host.goto('/notifications', { seed: feedSeed() });
    await expect(items(page).first()).toBeVisible();
    // The feed's first page and the unread count's.
    await expect.poll(() => asked(api).length).toBe(2);
    const before = asked(api).length;
    await page.getByRole('button', { name: 'Notification Settings' }).click();
    await page.getByRole('checkbox', { name: 'Following' }).uncheck();
    // The feed asks again, and so does the unread count (it counts the feed's types).
    await expect.poll(() => asked(api).length).toBe(before + 2);
    for (const r of asked(api).slice(before)) {
      expect(typesOf(r)).not.toContain('FOLLOWING');
      expect(r.variables).toMatchObject({ page: 1 });
    }
    await expect(items(page).first()).toBeVisible();
    await expect(items(page).and(page.locator('[data-type="FOLLOWING"]'))).toHaveCount(0);
    await page.reload();
    await expect(items(page).first()).toBeVisible();
    expect(typesOf(asked(api).at(-1)!)).not.toContain('FOLLOWING');
  });

  test('Mark all as read clears the count; with the count not reset on query it resets it and says so', async ({ page, host, api }) => {
    await host.goto('/notifications', { seed: feedSeed({ resetDefaultNotifications: false }) });
    const dot = page.locator('[data-void-ui="notification-dot"]');
    await expect(dot.locator('.vv-notification-dot')).toHaveText(/^\d+$/);
    await expect(page.locator('.nav .user .notification-dot')).toBeHidden();
    await expect(page.locator('.hamburger .notification-dot')).toBeHidden();
    // The mobile menu button shows the same count.
    const mobile = page.locator('.hamburger [data-void-ui="notification-dot-mobile"] .vv-notification-dot');
    await expect(mobile).toHaveText((await dot.locator('.vv-notification-dot').textContent())!);
    expect(asked(api).every((r) => (r.variables as { reset: boolean }).reset === false)).toBe(true);
    await expect(items(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('Notifications count reset.')).toBeVisible();
    expect(asked(api, 'ResetNotificationCount')).toHaveLength(1);
    expect(api.state.users.find((u) => u.id === 1)!.unreadNotificationCount).toBe(0);
    await expect(items(page).and(page.locator('[data-unread="true"]'))).toHaveCount(0);
    await expect(dot.locator('.vv-notification-dot')).toHaveCount(0);
    await expect(mobile).toHaveCount(0);
    // A failed reset says so.
    api.failNext(1, { status: 500 }, 'ResetNotificationCount');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    const resetToast = page.locator('.vv-toast', { hasText: 'There was an error resetting notification count.' });
    await expect(resetToast).toBeVisible();
    // The wrapped text, as document 1 words it, is the toast's detail line.
    await expect(resetToast.locator('.vv-toast-detail')).toHaveText('Failed to reset notification count. (Internal Server Error)');
  });

  test('activity relations come from both feeds, are cached, and dead links are not asked again', async ({ page, host, api }) => {
    // One activity a notification points at is gone before the first look.
    const pointing = api.state.notifications.filter((n) => n.recipientId === 1 && n.activityId && n.type !== 'ACTIVITY_MESSAGE');
    const gone = pointing[pointing.length - 1]!.activityId!;
    api.state.activities.splice(
      api.state.activities.findIndex((a) => a.id === gone),
      1,
    );
    await host.goto('/notifications', { seed: feedSeed({ addActivityRelation: true, groupNotifications: false }) });
    await expect(items(page).first()).toBeVisible();
    await expect.poll(() => asked(api, 'NotificationActivityRelations').length).toBe(1);
    const rel = asked(api, 'NotificationActivityRelations')[0]!;
    expect(rel.query).toMatch(/isFollowing: true/);
    expect(rel.query).toMatch(/isFollowing: false/);
    expect((rel.variables as { ids: number[] }).ids).toContain(gone);
    await expect(feed(page).locator('.vv-notification-relation').first()).toBeVisible();
    const deadItem = items(page).and(page.locator(`[data-id="${pointing[pointing.length - 1]!.id}"]`));
    await expect(deadItem).toBeVisible();
    await expect(deadItem.locator('.vv-notification-relation')).toHaveCount(0);
    // Found ones are cached and the gone one is remembered: a reload asks about none.
    await page.reload();
    await expect(items(page).first()).toBeVisible();
    await expect(feed(page).locator('.vv-notification-relation').first()).toBeVisible();
    expect(asked(api, 'NotificationActivityRelations')).toHaveLength(1);
  });

  test('a failing relations query says so and the notifications still show', async ({ page, host }) => {
    // Only the relations query fails (a page route answers before the mock API).
    await page.route('https://graphql.anilist.co/**', (route) =>
      route.request().postData()?.includes('NotificationActivityRelations') ? route.fulfill({ status: 500, body: '{}' }) : route.fallback(),
    );
    await host.goto('/notifications', { seed: feedSeed({ addActivityRelation: true }) });
    await expect(page.getByText('Failed to get activity notification relations.')).toBeVisible();
    await expect(items(page).first()).toBeVisible();
    await expect(feed(page).locator('.vv-notification-relation')).toHaveCount(0);
  });

  test('a failing feed says so and shows the empty text', async ({ page, host, api }) => {
    await host.goto('/home', { seed: feedSeed() });
    await expect(page.locator('[data-void-ui="notification-dot"]')).toBeAttached();
    await expect.poll(() => asked(api).length).toBe(1);
    api.failNext(1, { status: 500 }, 'Notifications');
    await page.evaluate(() => {
      const app = document.querySelector('#app') as unknown as { __vue__: { $router: { push(p: string): void } } };
      app.__vue__.$router.push('/notifications');
    });
    const failed = page.locator('.vv-toast', { hasText: 'There was an error querying notification feed.' });
    await expect(failed).toBeVisible();
    await expect(failed.locator('.vv-toast-detail')).toHaveText('Failed to query notifications. (Internal Server Error)');
    await expect(feed(page).getByText("Couldn't load notifications.")).toBeVisible();
  });
});

test.describe('unread count', () => {
  test('is asked again every 3 minutes, and a failure says so once', async ({ page, host, api }) => {
    // The next three minutes count from the answer, so each jump of the clock waits until the
    // answer is stored: a jump made while an answer is still on its way would start the wait after it.
    const answeredAt = () => countAnsweredAt(host);
    await page.clock.install();
    await host.goto('/home', { seed: feedSeed() });
    await expect(page.locator('[data-void-ui="notification-dot"] .vv-notification-dot')).toHaveText(/^\d+$/);
    expect(asked(api)).toHaveLength(1);
    const first = await answeredAt();
    await page.clock.fastForward(170_000);
    expect(asked(api)).toHaveLength(1);
    await page.clock.fastForward(11_000);
    await expect.poll(() => asked(api).length).toBe(2);
    await expect.poll(answeredAt).not.toBe(first);
    const second = await answeredAt();
    api.failNext(2, { status: 500 }, 'Notifications');
    await page.clock.fastForward(181_000);
    await expect.poll(() => asked(api).length).toBe(3);
    await expect(page.getByText('There was an error querying unread notifications')).toHaveCount(1);
    // A failure is stored too (so the next ask waits three minutes, not a moment).
    await expect.poll(answeredAt).not.toBe(second);
    // The second failure in a row says nothing more (the first toast has timed out meanwhile).
    await page.clock.fastForward(181_000);
    await expect.poll(() => asked(api).length).toBe(4);
    await page.waitForTimeout(500);
    await expect(page.getByText('There was an error querying unread notifications')).toHaveCount(0);
  });

  test('one tab asks for all open tabs, and read state follows between them', async ({ page, host, api }) => {
    await host.goto('/home', { seed: feedSeed() });
    const dot = (p: Page) => p.locator('[data-void-ui="notification-dot"] .vv-notification-dot');
    await expect(dot(page)).toHaveText(/^\d+$/);
    const count = Number(await dot(page).textContent());
    expect(count).toBeGreaterThan(0);
    expect(asked(api)).toHaveLength(1);
    const other = await host.newPage('/home');
    await expect(dot(other)).toHaveText(String(count));
    await other.waitForTimeout(500);
    expect(asked(api)).toHaveLength(1);
    // Marking read in the second tab lowers the count in the first.
    await other.evaluate(() => {
      const app = document.querySelector('#app') as unknown as { __vue__: { $router: { push(p: string): void } } };
      app.__vue__.$router.push('/notifications');
    });
    const first = other.locator('.vv-notifications-feed article.vv-notification[data-unread="true"]').first();
    await first.click({ position: { x: 300, y: 10 } });
    await expect(dot(page)).toHaveText(String(count - 1));
    await expect(dot(other)).toHaveText(String(count - 1));
    // The leader closes: the other tab takes the lead, and the stored answer is still fresh.
    const feedAsks = asked(api).length;
    await page.close();
    await other.waitForTimeout(500);
    expect(asked(api)).toHaveLength(feedAsks);
    await expect(dot(other)).toHaveText(String(count - 1));
  });
});

const quickSeed = (config: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) =>
  withSettings(
    { quickAccessNotificationsEnabled: true, ...settings },
    Object.keys(config).length ? { 'void-verified-quick-access-notifications-config': seedValue(config) } : {},
  );
const quick = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const goHome = (page: Page, path: string) =>
  page.evaluate((p) => {
    const app = document.querySelector('#app') as unknown as { __vue__: { $router: { push(p: string): void } } };
    app.__vue__.$router.push(p);
  }, path);

test.describe('quick-access notifications', () => {
  test('on /home: the newest notifications of the chosen types; the header collapses and stays collapsed', async ({ page, host, api }) => {
    await host.goto('/home', { seed: quickSeed({ notificationTypes: ['FOLLOWING', 'AIRING'] }) });
    await expect(quick(page).locator('article').first()).toBeVisible();
    expect(asked(api)).toHaveLength(1);
    expect(typesOf(asked(api)[0]!).sort()).toEqual(['AIRING', 'FOLLOWING']);
    const types = await quick(page)
      .locator('article')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(types.every((t) => t === 'FOLLOWING' || t === 'AIRING')).toBe(true);
    await quick(page).getByRole('button', { name: 'Notifications', exact: true }).click();
    await expect(quick(page).locator('article')).toHaveCount(0);
    await page.reload();
    await expect(quick(page).getByRole('button', { name: 'Notifications', exact: true })).toHaveAttribute('aria-expanded', 'false');
    await expect(quick(page).locator('article')).toHaveCount(0);
  });

  test('asks at most once per 3 minutes, again after leaving home, and after the settings close with other types', async ({
    page,
    host,
    api,
  }) => {
    await page.clock.install();
    await host.goto('/home', { seed: quickSeed() });
    await expect(quick(page).locator('article').first()).toBeVisible();
    expect(asked(api)).toHaveLength(1);
    // Opening and closing the settings without a change asks nothing.
    await quick(page).getByRole('button', { name: 'Notification settings' }).click();
    await expect(quick(page).getByRole('heading', { name: 'Notification Settings' })).toBeVisible();
    await quick(page).getByRole('button', { name: 'Notification settings' }).click();
    await expect(quick(page).locator('article').first()).toBeVisible();
    await page.clock.fastForward(60_000);
    expect(asked(api)).toHaveLength(1);
    // Three minutes on: once more.
    await page.clock.fastForward(121_000);
    await expect.poll(() => asked(api).length).toBe(2);
    await page.clock.fastForward(30_000);
    expect(asked(api)).toHaveLength(2);
    // Other types: asked as the settings close.
    await quick(page).getByRole('button', { name: 'Notification settings' }).click();
    await quick(page).getByRole('checkbox', { name: 'Following' }).uncheck();
    expect(asked(api)).toHaveLength(2);
    await quick(page).getByRole('button', { name: 'Notification settings' }).click();
    await expect.poll(() => asked(api).length).toBe(3);
    expect(typesOf(asked(api)[2]!)).not.toContain('FOLLOWING');
    // Leaving home and coming back asks again at once.
    await goHome(page, '/search/anime');
    await expect(quick(page)).toHaveCount(0);
    await goHome(page, '/home');
    await expect(quick(page).locator('article').first()).toBeVisible();
    await expect.poll(() => asked(api).length).toBe(4);
  });

  test('mark all as read resets the count; hiding the default dot; the error texts', async ({ page, host, api }) => {
    await host.goto('/home', { seed: quickSeed({ hideDefaultNotificationDot: true }) });
    await expect(page.locator('.nav .user .notification-dot')).toBeHidden();
    await expect(page.locator('.hamburger .notification-dot')).toBeHidden();
    await expect(quick(page).locator('article[data-unread="true"]').first()).toBeVisible();
    await quick(page).getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('Notifications count reset.')).toBeVisible();
    await expect(quick(page).locator('article[data-unread="true"]')).toHaveCount(0);
    expect(asked(api, 'ResetNotificationCount')).toHaveLength(1);
    // The dot comes back when the option is off.
    await quick(page).getByRole('button', { name: 'Notification settings' }).click();
    await quick(page).getByRole('checkbox', { name: "Hide AniList's notification dot." }).uncheck();
    await expect(page.locator('#void-verified-style-notifications-quick-dot')).toHaveCount(0);
    await quick(page).getByRole('button', { name: 'Notification settings' }).click();
    // A failing query says so.
    api.failNext(1, { status: 500 }, 'Notifications');
    await quick(page).getByRole('button', { name: 'Refresh notifications' }).click();
    const failed = page.locator('.vv-toast', { hasText: 'There was an error querying quick access notifications.' });
    await expect(failed).toBeVisible();
    await expect(failed.locator('.vv-toast-detail')).toHaveText('Failed to query notifications. (Internal Server Error)');
  });
});

test.describe('Dashboard notifications', () => {
  test('the palette lists the newest notifications; one opens its target and is then read', async ({ page, host, api }) => {
    await host.goto('/home', { seed: feedSeed() });
    await expect(page.locator('[data-void-ui="notification-dot"] .vv-notification-dot')).toHaveText(/^\d+$/);
    const newest = api.state.notifications.filter((n) => n.recipientId === 1).sort((a, b) => b.id - a.id)[0]!;
    await page.keyboard.press('Control+Space');
    const item = page.locator(`[cmdk-item][data-command="notifications.item.${newest.id}"]`);
    await expect(item).toBeVisible();
    await expect(item).toContainText('unread');
    const before = Number(await page.locator('[data-void-ui="notification-dot"] .vv-notification-dot').textContent());
    await item.click();
    await expect(page).not.toHaveURL(/\/home$/);
    await expect(page.locator('[data-void-ui="notification-dot"] .vv-notification-dot')).toHaveText(String(before - 1));
    await page.keyboard.press('Control+Space');
    await expect(page.locator(`[cmdk-item][data-command="notifications.item.${newest.id}"]`)).toBeVisible();
    await expect(page.locator(`[cmdk-item][data-command="notifications.item.${newest.id}"]`)).not.toContainText('unread');
  });

  test('only unread ones when the QuickStart config says so', async ({ page, host, api }) => {
    const newest = api.state.notifications.filter((n) => n.recipientId === 1).sort((a, b) => b.id - a.id)[0]!;
    await host.goto('/home', {
      seed: {
        ...feedSeed(),
        'void-verified-quick-start-config': seedValue({ onlyIncludeUnreadNotifications: true }),
        'void-verified-read-notifications': seedValue([newest.id]),
      },
    });
    await expect(page.locator('[data-void-ui="notification-dot"] .vv-notification-dot')).toHaveText(/^\d+$/);
    await page.keyboard.press('Control+Space');
    await expect(page.locator('[cmdk-item][data-command^="notifications.item."]').first()).toBeVisible();
    await expect(page.locator(`[cmdk-item][data-command="notifications.item.${newest.id}"]`)).toHaveCount(0);
  });

  test('with only quick access on, the Dashboard lists what the home panel shows', async ({ page, host }) => {
    await host.goto('/home', { seed: quickSeed({ notificationTypes: ['FOLLOWING'] }) });
    await expect(quick(page).locator('article').first()).toBeVisible();
    const id = await quick(page).locator('article').first().getAttribute('data-id');
    await page.keyboard.press('Control+Space');
    await expect(page.locator(`[cmdk-item][data-command="notifications.item.${id}"]`)).toContainText('started following you');
  });
});

test.describe('accessibility', () => {
  test('axe finds no serious or critical violation in the feed or the home panel', async ({ page, host }) => {
    test.slow(); // axe walks the whole tree: seconds on a loaded 2-core machine
    await host.goto('/notifications', {
      seed: withSettings(
        { replaceNotifications: true, quickAccessNotificationsEnabled: true },
        { 'void-verified-notifications-config': seedValue({ addActivityRelation: true }) },
      ),
    });
    await expect(items(page).nth(3)).toBeVisible();
    await page.getByRole('button', { name: 'Notification Settings' }).click();
    for (const ui of ['notifications-feed', 'notification-dot']) {
      const results = await new AxeBuilder({ page }).include(`[data-void-ui="${ui}"]`).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await goHome(page, '/home');
    await expect(quick(page).locator('article').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).include('[data-void-ui="quick-access-notifications"]').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe("read state across devices (AniList's own unread count)", () => {
  const viewer = (api: MockApi) => api.state.users.find((u) => u.id === 1)!;
  const syncSeed = (settings: Record<string, unknown>) =>
    withSettings(
      { readStateFromAniList: true, ...settings },
      {
        'void-verified-notifications-config': seedValue({ groupNotifications: false }),
        'void-verified-quick-access-notifications-config': seedValue({ groupNotifications: false }),
      },
    );
  const unreadFlags = (list: ReturnType<typeof items>) => list.evaluateAll((els) => els.map((e) => e.getAttribute('data-unread')));

  test(
    'the feed: what AniList counts read shows read, one marked unread here stays unread, and loading resets nothing',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      viewer(api).unreadNotificationCount = 4;
      await host.goto('/notifications', { seed: syncSeed({ replaceNotifications: true }) });
      await expect(items(page).nth(5)).toBeVisible();
      // 4 unread on AniList: the 4 newest; the rest were read there.
      expect((await unreadFlags(items(page))).slice(0, 6)).toEqual(['true', 'true', 'true', 'true', 'false', 'false']);
      const dot = page.locator('[data-void-ui="notification-dot"] .vv-notification-dot');
      await expect(dot).toHaveText('4');
      // Neither the feed nor the count reset AniList's count while read state follows it.
      expect(asked(api).length).toBeGreaterThanOrEqual(1);
      expect(asked(api).every((r) => (r.variables as { reset: boolean }).reset === false)).toBe(true);
      expect(viewer(api).unreadNotificationCount).toBe(4);
      // Marked unread here: the second newest, by its button.
      const second = items(page).nth(1);
      const secondId = await second.getAttribute('data-id');
      await second.getByRole('button', { name: 'Mark as read' }).click();
      await second.getByRole('button', { name: 'Mark as unread' }).click();
      await expect(second).toHaveAttribute('data-unread', 'true');
      // Another device reads them all on AniList (its /notifications page zeroes the count); the
      // next answer (here the palette's refresh rather than three minutes) brings it to the open feed.
      viewer(api).unreadNotificationCount = 0;
      await page.keyboard.press('Control+Space');
      await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Refresh notifications');
      await clickPaletteRow(page, 'notifications.refresh');
      await expect(items(page).and(page.locator('[data-unread="true"]'))).toHaveCount(1);
      await expect(items(page).and(page.locator(`[data-id="${secondId}"]`))).toHaveAttribute('data-unread', 'true');
      await expect(dot).toHaveText('1');
      // Marked read here, it is read.
      await items(page)
        .and(page.locator(`[data-id="${secondId}"]`))
        .getByRole('button', { name: 'Mark as read' })
        .click();
      await expect(dot).toHaveCount(0);
    },
  );

  test('quick access on /home follows the same count; the settings say what the option does', async ({ page, host, api }) => {
    viewer(api).unreadNotificationCount = 2;
    await host.goto('/home', { seed: syncSeed({ quickAccessNotificationsEnabled: true }) });
    const list = quick(page).locator('article');
    await expect(list.nth(3)).toBeVisible();
    expect((await unreadFlags(list)).slice(0, 4)).toEqual(['true', 'true', 'false', 'false']);
    // The third was read on AniList; marked unread here it stays so when AniList reads everything.
    const third = list.nth(2);
    const thirdId = await third.getAttribute('data-id');
    await third.getByRole('button', { name: 'Mark as unread' }).click();
    await expect(third).toHaveAttribute('data-unread', 'true');
    viewer(api).unreadNotificationCount = 0;
    await quick(page).getByRole('button', { name: 'Refresh notifications' }).click();
    await expect(list.and(page.locator('[data-unread="true"]'))).toHaveCount(1);
    await expect(list.and(page.locator(`[data-id="${thirdId}"]`))).toHaveAttribute('data-unread', 'true');
    await host.goto('/settings/developer');
    await expect(page.locator('[data-option="readStateFromAniList"]')).toContainText(
      "Notifications you read on AniList on another device show as read here too, from AniList's own unread count (no other server).",
    );
  });
});
