import type { Page } from '@playwright/test';
import { expect, test, testBuild } from './fixtures';

/**
 * Route detection in both worlds (the 'page-world' and 'isolated-world' projects). In an isolated
 * world the script cannot see the host's `history` calls nor `#app.__vue__`: it must notice the
 * host's own moves through what crosses worlds (Navigation API events, popstate, DOM changes).
 */

type VueEl = Element & { __vue__?: { $router?: { push(p: string): Promise<unknown>; back(): void } } };

/** The host app's own router, driven from the page's world (as its links and code do). */
const hostPush = (page: Page, path: string) =>
  page.evaluate((p) => (document.querySelector('#app') as VueEl).__vue__!.$router!.push(p).then(() => undefined), path);

const settingsUi = (page: Page) => page.locator('[data-void-ui="settings"]');
const navButton = (page: Page) => page.locator('[data-void-ui="quickstart-nav"]');

test.describe('route detection', { tag: '@worlds' }, () => {
  test('the script runs in the world the project names, and the page sees none of its objects there', async ({ page, host }) => {
    // The test build: its hook (`__voidVerified`) shows which world the script's objects live in.
    await host.goto('/home', { userscript: testBuild() });
    await host.scriptReady();
    const inPage = await page.evaluate(() => ({
      script: !!(window as unknown as { __voidVerified?: unknown }).__voidVerified,
      gm: typeof (window as unknown as { GM_getValue?: unknown }).GM_getValue,
    }));
    if (host.world === 'page') expect(inPage).toEqual({ script: true, gm: 'function' });
    else {
      expect(inPage).toEqual({ script: false, gm: 'undefined' });
      // And the script sees none of the page's: no Vue instance on #app from its world.
      await page.waitForFunction(() => !!(document.querySelector('#app') as VueEl).__vue__);
      expect(await host.evalInScript(() => typeof (document.querySelector('#app') as VueEl).__vue__)).toBe('undefined');
    }
  });

  test("the host router's own move from /home to /settings/developer brings our settings; Back takes them away", async ({ page, host }) => {
    await host.goto('/home');
    await expect(navButton(page)).toHaveCount(1);
    await page.waitForFunction(() => !!(document.querySelector('#app') as VueEl).__vue__);
    await hostPush(page, '/settings/developer');
    await expect(settingsUi(page)).toHaveCount(1);
    await expect(settingsUi(page).getByRole('tablist', { name: 'Feature settings' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL('https://anilist.co/home');
    await expect(page.locator('.activity-feed')).toBeVisible();
    await expect(settingsUi(page)).toHaveCount(0);
    await page.goForward();
    await expect(settingsUi(page)).toHaveCount(1);
    await expect(navButton(page)).toHaveCount(1);
  });

  test('a click on a host link moves in-app and the injections follow', async ({ page, host }) => {
    await host.goto('/settings/account');
    await expect(settingsUi(page)).toHaveCount(0);
    await page.locator('.settings .nav a[href="/settings/developer"]').click();
    await expect(page).toHaveURL('https://anilist.co/settings/developer');
    await expect(settingsUi(page)).toHaveCount(1);
    // No reload happened: the host rendered both pages itself.
    expect(await page.evaluate(() => (window as unknown as { __host: { navigations: string[] } }).__host.navigations)).toEqual([
      '/settings/account',
      '/settings/developer',
    ]);
  });

  test('a late #app.__vue__ does not stop the script: its settings follow the host router once it mounts', async ({ page, host }) => {
    await host.goto('/home', { vueDelayMs: 400 });
    await expect(navButton(page)).toHaveCount(1);
    await page.waitForFunction(() => !!(document.querySelector('#app') as VueEl).__vue__);
    await hostPush(page, '/settings/developer');
    await expect(settingsUi(page)).toHaveCount(1);
  });
});
