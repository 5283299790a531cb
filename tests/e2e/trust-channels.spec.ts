import type { Page } from '@playwright/test';
import type { MockApi } from '../host/mock-api';
import { expect, OAUTH_TOKEN, test } from './fixtures';

/**
 * Issue 25: a page script on anilist.co shares our BroadcastChannels and Web Locks. Here one runs
 * before us (an init script): it learns our channels by wrapping the BroadcastChannel constructor
 * (in the page world; the names older versions used work in both worlds), answers every ask for a
 * request start with a start weeks away, gives back every start it sees, floods the channel with
 * made-up starts, and holds our locks. Whatever it does, real features still get their requests
 * answered, and AniList never sees more than 30 a minute or 5 a second from us.
 */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const feedSeed = {
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
  'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
  'void-verified-settings': seedValue({ replaceNotifications: true }),
  // One article per notification, so that paging shows as more of them.
  'void-verified-notifications-config': seedValue({ groupNotifications: false }),
};

interface Attack {
  /** Send a pause as long as a 429's every 100 ms. */
  pause: boolean;
  /** Take every lock we hold or wait for, as soon as it shows in navigator.locks.query(). */
  steal: boolean;
}

/** The page script (runs in the page's world before anything else; no closure over test code). */
function pageScript(attack: Attack) {
  const Native = window.BroadcastChannel;
  const known = new Set<string>();
  const haunt = (name: string) => {
    if (known.has(name)) return;
    known.add(name);
    const channel = new Native(name);
    channel.addEventListener('message', (event: MessageEvent) => {
      const m = event.data as { type?: unknown; id?: unknown } | null;
      if (!m || typeof m !== 'object') return;
      // Twenty days: far, yet within what a timer can wait (a longer one would fire at once).
      if (m.type === 'reserve') channel.postMessage({ type: 'reserved', id: m.id, at: Date.now() + 20 * 86_400_000 });
      if (m.type === 'reserved') channel.postMessage({ type: 'release', id: m.id });
    });
    setInterval(() => {
      for (let i = 0; i < 10; i++)
        channel.postMessage({ type: 'reserved', id: `forged-${Math.random()}`, at: Date.now() + Math.random() * 60_000 });
      channel.postMessage({ type: 'release', id: `forged-${Math.random()}` });
      if (attack.pause) channel.postMessage({ type: 'pause', until: Date.now() + 119_000 });
    }, 100);
  };
  class Hooked extends Native {
    constructor(name: string) {
      super(name);
      haunt(name);
    }
  }
  Object.defineProperty(window, 'BroadcastChannel', { value: Hooked, configurable: true, writable: true });
  haunt('void-verified-api-window');

  const held = new Set<string>();
  const hold = (name: string, steal: boolean) => {
    held.add(name);
    navigator.locks.request(name, { steal }, () => new Promise<void>(() => undefined)).catch(() => undefined);
  };
  hold('void-verified-api-window', false);
  hold('void-verified-notification-count', false);
  if (attack.steal)
    setInterval(() => {
      void navigator.locks.query().then(({ held: taken = [], pending = [] }) => {
        for (const lock of [...taken, ...pending]) if (lock.name && !held.has(lock.name)) hold(lock.name, true);
      });
    }, 50);
}

/** Every request start AniList saw keeps its limits: at most 5 in a second, 30 in a minute (arrival times, with some slack for the network). */
function expectWithinLimits(api: MockApi) {
  const at = api.requests.map((r) => r.at).sort((a, b) => a - b);
  for (let i = 5; i < at.length; i++) expect(at[i]! - at[i - 5]!).toBeGreaterThanOrEqual(500);
  for (let i = 30; i < at.length; i++) expect(at[i]! - at[i - 30]!).toBeGreaterThanOrEqual(59_000);
  expect(api.requests.filter((r) => r.status === 429)).toHaveLength(0);
}

/** Many notifications, so that paging through them asks many times in a row. */
function addFollows(api: MockApi, count: number): void {
  const top = Math.max(...api.state.notifications.map((n) => n.id));
  const newest = Math.max(...api.state.notifications.map((n) => n.createdAt));
  const followers = api.state.users.filter((u) => u.id !== 1);
  for (let i = 1; i <= count; i++)
    api.state.notifications.push({
      __typename: 'FollowingNotification',
      id: top + i,
      type: 'FOLLOWING',
      recipientId: 1,
      userId: followers[i % followers.length]!.id,
      context: ' started following you.',
      createdAt: newest - i,
    });
}

const items = (page: Page) => page.locator('.vv-notifications-feed article.vv-notification');
const dot = (page: Page) => page.locator('[data-void-ui="notification-dot"] .vv-notification-dot');

test.describe('the request window and the unread count against a page script', () => {
  test(
    'forged answers, releases and a flood on the channel, and our old locks held: three tabs still load and keep the limits',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      test.slow(); // three pages under a flood on a 2-core machine
      addFollows(api, 250);
      await page.context().addInitScript(pageScript, { pause: false, steal: false });
      await host.goto('/notifications', { seed: feedSeed });
      const others = [await host.newPage('/notifications'), await host.newPage('/notifications')];
      for (const tab of [page, ...others]) {
        await host.scriptReady(tab);
        await expect(items(tab).first()).toBeVisible();
        await expect(dot(tab)).toHaveText(/^\d+$/);
      }
      // Page through every notification: one request after another, as fast as the answers come.
      await page.getByRole('tab', { name: 'All' }).click();
      const more = page.locator('.vv-notifications-feed').getByRole('button', { name: 'Load More' });
      await expect(more).toBeVisible();
      while (await more.isVisible().catch(() => false)) {
        const before = await items(page).count();
        await more.click();
        await expect.poll(() => items(page).count()).toBeGreaterThan(before);
      }
      // Then every filter at once: asks in a burst, which the window spreads.
      for (const name of ['Custom', 'Airing', 'Activity', 'Forum', 'Follows', 'Likes', 'Media', 'All'])
        await page.getByRole('tab', { name }).click();
      await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
      await expect(items(page).first()).toBeVisible();
      expect(api.requests.length).toBeGreaterThan(12);
      expectWithinLimits(api);
    },
  );

  test('a pause sent again and again holds requests a minute at most', async ({ page, host, api }) => {
    await page.clock.install();
    await page.addInitScript(pageScript, { pause: true, steal: false });
    await host.goto('/notifications', { seed: feedSeed });
    await host.scriptReady();
    // The first pause heard is honoured, up to a minute; the ones after it are not.
    await page.clock.fastForward(61_000);
    await expect(items(page).first()).toBeVisible();
    // Later requests are not held again: a filter asks at once.
    const before = api.requests.length;
    await page.getByRole('tab', { name: 'Forum' }).click();
    await expect.poll(() => api.requests.length).toBeGreaterThan(before);
    await expect(items(page).first()).toBeVisible();
  });

  test('a page that takes every lock we hold stops neither requests nor the unread count', async ({ page, host, api }) => {
    await page.clock.install();
    await page.addInitScript(pageScript, { pause: false, steal: true });
    await host.goto('/home', { seed: feedSeed });
    await host.scriptReady();
    // Nobody leads: a tab asks itself once no leader's answer came within the grace (at most 5 minutes).
    await page.clock.fastForward(5 * 60_000 + 1_000);
    await expect(dot(page)).toHaveText(/^\d+$/);
    expect(api.requests.filter((r) => r.operationName === 'Notifications')).toHaveLength(1);
    // And the next count comes a few minutes later, without a leader either.
    await page.clock.fastForward(3 * 60_000 + 5 * 60_000 + 1_000);
    await expect.poll(() => api.requests.filter((r) => r.operationName === 'Notifications').length).toBe(2);
  });
});
