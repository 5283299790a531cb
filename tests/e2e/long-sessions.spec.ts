import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, OAUTH_TOKEN, test } from './fixtures';

/**
 * Pages left open for hours (issue 14, "Long sessions"): Quick Access refreshes every 15 minutes,
 * a token that expires mid-session is dropped with one notice and the locks show, and a failure of
 * the product's own machinery says so in a critical toast while everything else keeps working.
 * Time is Playwright's clock, installed before the page loads; nothing waits for real minutes.
 * Default toast settings (level warning) throughout, as a new user has them.
 */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': seedValue(values) });
const auth = (token: string, expires: number | null) => ({ 'void-verified-auth': seedValue({ token, expires }) });
const toasts = (page: Page) => page.locator('.vv-toast');
const palette = (page: Page) => page.getByPlaceholder('Filter VoidVerified QuickStart');

/** Makes the document report itself hidden or visible and fires visibilitychange, as a tab switch does. */
const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

test.describe('Quick Access on a home page left open', () => {
  test('refreshes every 15 minutes by itself; a hidden tab waits and catches up once when shown', async ({ page, host, api }) => {
    await page.clock.install();
    const now = await page.evaluate(() => Date.now());
    await host.goto('/home', {
      seed: {
        'void-verified-users': seedValue([{ username: 'Akira', quickAccessEnabled: true, id: 2, lastFetch: now }]),
        'void-verified-quick-access-last-fetch': seedValue(now),
        ...settingsSeed({ quickAccessEnabled: true }),
      },
    });
    const strip = page.getByRole('region', { name: 'Quick Access' });
    await expect(strip).toContainText('Next update in 15 minutes');
    const refreshes = () => api.requests.filter((r) => r.operationName === 'VerifiedUsers').length;
    expect(refreshes()).toBe(0);

    // The countdown follows the clock, and at 0 the strip refreshes without being mounted again.
    await page.clock.runFor('10:00');
    await expect(strip).toContainText('Next update in 5 minutes');
    await page.clock.runFor('05:00');
    await expect.poll(refreshes).toBe(1);
    await expect(strip).toContainText('Next update in 15 minutes');
    await page.clock.runFor('15:00');
    await expect.poll(refreshes).toBe(2);
    // The answer is in (the countdown starts again) before the tab is hidden: a refresh still on its
    // way would be the one the catch-up waits for, and no second request would be sent.
    await expect(strip).toContainText('Next update in 15 minutes');

    // Hidden: nothing ticks and nothing is asked, however long.
    await setVisibility(page, 'hidden');
    await page.clock.runFor('45:00');
    expect(refreshes()).toBe(2);
    // Shown again: one catch-up, then the next one 15 minutes later.
    await setVisibility(page, 'visible');
    await expect.poll(refreshes).toBe(3);
    await expect(strip).toContainText('Next update in 15 minutes');
    await page.clock.runFor('14:00');
    expect(refreshes()).toBe(3);
    await page.clock.runFor('01:00');
    await expect.poll(refreshes).toBe(4);
  });
});

test.describe('a token that expires while the page is open', () => {
  test('is not sent after its expiry, the user is told once, and the features that need it lock', async ({ page, host, api }) => {
    // Every toast also reaches the console: counting there sees toasts that came and went while the clock ran.
    const said: string[] = [];
    page.on('console', (m) => said.push(m.text()));
    const expiredNotices = () => said.filter((t) => t.includes('Your VoidVerified authorization has expired')).length;
    await page.clock.install();
    const now = await page.evaluate(() => Date.now());
    await host.goto('/home', {
      seed: {
        ...auth(OAUTH_TOKEN, now + 10 * 60_000),
        'void-verified-users': seedValue([{ username: 'Akira', quickAccessEnabled: true, id: 2, lastFetch: now }]),
        'void-verified-quick-access-last-fetch': seedValue(now),
        ...settingsSeed({ quickAccessEnabled: true, quickAccessNotificationsEnabled: true }),
      },
    });
    // While valid: the notifications panel (it needs the token) is there and asks with it.
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications).toBeVisible();
    await expect.poll(() => api.requests.some((r) => r.authorization === `Bearer ${OAUTH_TOKEN}`)).toBe(true);

    // Jump to the expiry (timers due on the way fire once), so the 5-second toast is still up after it.
    await page.clock.fastForward('10:00');
    const notice = toasts(page).filter({
      hasText: 'Your VoidVerified authorization has expired, so the features that need it are locked.',
    });
    await expect(notice).toHaveCount(1);
    expect(expiredNotices()).toBe(1);
    await expect(notifications).toHaveCount(0);
    const sentBefore = api.requests.length;

    // The next request (Quick Access's refresh, due 15 minutes after load) goes without the token.
    await page.clock.runFor('05:00');
    await expect.poll(() => api.requests.length).toBeGreaterThan(sentBefore);
    expect(api.requests.slice(sentBefore).map((r) => r.authorization)).toEqual(api.requests.slice(sentBefore).map(() => null));

    // Said once: not again later, nor on the next page of the session.
    await page.clock.runFor('30:00');
    await page.keyboard.press('Control+Space');
    await palette(page).fill('Write a status');
    const locked = page.locator('[cmdk-item][data-command="markdown.write-status"] .vv-auth-mark');
    await expect(locked).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(toasts(page).filter({ hasText: '"Write a status…" needs authorization' })).toBeVisible();
    expect(expiredNotices()).toBe(1);
    expect(api.requests.slice(sentBefore).every((r) => r.authorization === null)).toBe(true);
  });

  test('opened after it expired: said once at load, forgotten in storage, and the settings show the locks', async ({ page, host }) => {
    await host.goto('/settings/developer', {
      seed: { ...auth(OAUTH_TOKEN, Date.now() - 60_000), ...settingsSeed({ replaceNotifications: true }) },
    });
    await expect(toasts(page).filter({ hasText: 'has expired' })).toHaveCount(1);
    const option = page.locator('[data-void-ui="settings"] [data-option="replaceNotifications"]');
    await expect(option).toContainText('needs authorization');
    const stored = await host.evalInScript(() =>
      (window as unknown as { GM_getValue(k: string): string }).GM_getValue('void-verified-auth'),
    );
    expect((JSON.parse(stored) as { data: { token: string | null } }).data.token).toBeNull();
    await page.reload();
    await host.scriptReady();
    await page.getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name: 'authorization', exact: true }).click();
    await expect(page.locator('[data-void-ui="settings"]')).toContainText('Your token expired on');
    await expect(page.locator('[data-void-ui="settings"]').getByRole('button', { name: 'Authenticate VoidVerified' })).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'has expired' })).toHaveCount(0);
  });
});

test.describe('the authorization hint for a signed-out user', () => {
  test('shows at the default toast level', async ({ page, host }) => {
    await host.goto('/home');
    await host.scriptReady();
    await page.keyboard.press('Control+Space');
    await palette(page).fill('Write a status');
    await clickPaletteRow(page, 'markdown.write-status');
    await expect(toasts(page).filter({ hasText: '"Write a status…" needs authorization. Open VoidVerified settings' })).toBeVisible();
  });
});

test.describe('critical failures', () => {
  const ENGINE_SETUP_FAILED = 'Failed to set up the page engine, so VoidVerified adds nothing to this page.';
  const PASTE_SETUP_FAILED =
    'Failed to set up the paste handler: pasted and dropped images are not handled on this page. Reload the page to try again.';

  test('a host that refuses to let the page be observed: the engine says so once, the palette still works', async ({ page, host }) => {
    // A broken host condition: observing the whole document throws (as a page that replaced
    // MutationObserver with something broken would).
    await page.addInitScript(() => {
      const observe = MutationObserver.prototype.observe;
      MutationObserver.prototype.observe = function (target: Node, options?: MutationObserverInit) {
        if (target === document.documentElement) throw new Error('this host does not allow observing the document');
        return observe.call(this, target, options);
      };
    });
    // Every toast is also written to the console: said once, counted there, whether or not the
    // critical toast's 8 s are up by the end (they were, once, in a 4-worker run on 2 cores).
    const said: string[] = [];
    page.on('console', (m) => m.text().includes(ENGINE_SETUP_FAILED) && said.push(m.text()));
    await host.goto('/home');
    await host.scriptReady();
    const critical = page.locator('.vv-toast[data-toast-type="critical"]');
    await expect(critical.filter({ hasText: ENGINE_SETUP_FAILED })).toHaveCount(1);
    // Nothing half-injected: no button in the navigation, and Health counts no active injection.
    await expect(page.getByRole('button', { name: 'Open VoidVerified QuickStart' })).toHaveCount(0);
    await page.keyboard.press('Control+Space');
    await palette(page).fill('Health');
    await clickPaletteRow(page, 'health.show');
    await expect(page.getByRole('region', { name: 'Health' })).toContainText('All 0 active injections found their landmarks.');
    // The rest keeps working: the palette (back from Health with Escape) navigates.
    await page.keyboard.press('Escape');
    await palette(page).fill('Notifications');
    await clickPaletteRow(page, 'anilist-links.notifications');
    await expect(page).toHaveURL('https://anilist.co/notifications');
    expect(said).toHaveLength(1);
    await expect(critical.filter({ hasNotText: ENGINE_SETUP_FAILED })).toHaveCount(0);
  });

  test('the paste handler that cannot be set up says so once and stays off; other features keep working', async ({ page, host }) => {
    // A broken host condition: the document refuses paste listeners (and counts who asked).
    await page.addInitScript(() => {
      const w = window as unknown as { __pasteRefused: number };
      w.__pasteRefused = 0;
      Object.defineProperty(Document.prototype, 'addEventListener', {
        configurable: true,
        writable: true,
        value(this: Document, type: string, ...rest: [EventListenerOrEventListenerObject, (boolean | AddEventListenerOptions)?]) {
          if (type === 'paste') {
            w.__pasteRefused++;
            throw new Error('this host refuses paste listeners');
          }
          return EventTarget.prototype.addEventListener.call(this, type, ...rest);
        },
      });
    });
    // Every toast is also written to the console: a critical toast goes after 8 s, which a loaded machine can spend on the steps below.
    const said: string[] = [];
    page.on('console', (m) => void (m.text().includes(PASTE_SETUP_FAILED) && said.push(m.text())));
    await host.goto('/home', { seed: settingsSeed({ pasteEnabled: true }) });
    await host.scriptReady();
    const critical = page.locator('.vv-toast[data-toast-type="critical"]');
    await expect(critical.filter({ hasText: PASTE_SETUP_FAILED })).toHaveCount(1);
    // Tried once, refused: the paste handler is off.
    const refused = () => page.evaluate(() => (window as unknown as { __pasteRefused: number }).__pasteRefused);
    expect(await refused()).toBe(1);
    // Other injections run: the QuickStart button is in the navigation.
    await expect(page.getByRole('button', { name: 'Open VoidVerified QuickStart' }).first()).toBeVisible();
    // Another page of the session: not tried again, not said again.
    await page.keyboard.press('Control+Space');
    await palette(page).fill('Notifications');
    await clickPaletteRow(page, 'anilist-links.notifications');
    await expect(page).toHaveURL('https://anilist.co/notifications');
    expect(said).toHaveLength(1);
    expect(await refused()).toBe(1);
  });
});
