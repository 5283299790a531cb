import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, OAUTH_TOKEN, READY_ATTRIBUTE, test } from './fixtures';

/**
 * Issue 25: the token never passes through anything the page can replace. A script on
 * anilist.co that runs before ours (another userscript, an extension's content script, the site's
 * own code) shares our window in the page world. It wraps what requests usually go through; then
 * the user does what sends authorized requests. Our requests go through the userscript manager,
 * so the wrappers see nothing, while the API receives every request with its token. And nothing
 * the script leaves on the window hands the page our store, registry or client.
 */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const SEED = {
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
  'void-verified-settings': seedValue({ replaceNotifications: true }),
  // The feed's count is not reset by reading it, so "Mark all as read" writes (ResetNotificationCount).
  'void-verified-notifications-config': seedValue({ resetDefaultNotifications: false }),
  'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
};
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The page's script, run before anything else on the page: wraps `fetch`, XMLHttpRequest's open,
 * setRequestHeader and send, and `Headers` (the constructor and its methods), and writes down
 * everything they are given in `window.__pageSaw`.
 */
function wrapRequestPaths(): void {
  const w = window as unknown as { __pageSaw: string[] };
  w.__pageSaw = [];
  const text = (value: unknown): string => {
    if (value instanceof OriginalHeaders) return JSON.stringify([...value]);
    if (value instanceof Request) return `Request ${value.method} ${value.url} ${JSON.stringify([...value.headers])}`;
    try {
      return typeof value === 'string' ? value : JSON.stringify(value);
    } catch {
      return String(value);
    }
  };
  const saw = (what: string, args: ArrayLike<unknown>) => w.__pageSaw.push(`${what}: ${Array.from(args).map(text).join(' | ')}`);

  const originalFetch = window.fetch;
  window.fetch = function (...args: Parameters<typeof fetch>) {
    saw('fetch', args);
    return originalFetch.apply(this, args);
  };
  const xhr = XMLHttpRequest.prototype;
  for (const name of ['open', 'setRequestHeader', 'send'] as const) {
    const original = xhr[name] as (...args: unknown[]) => unknown;
    (xhr as unknown as Record<string, unknown>)[name] = function (this: XMLHttpRequest, ...args: unknown[]) {
      saw(`XMLHttpRequest.${name}`, args);
      return original.apply(this, args);
    };
  }
  const OriginalHeaders = Headers;
  for (const name of ['append', 'set', 'get', 'has', 'forEach', 'entries'] as const) {
    const original = OriginalHeaders.prototype[name] as (...args: unknown[]) => unknown;
    (OriginalHeaders.prototype as unknown as Record<string, unknown>)[name] = function (this: Headers, ...args: unknown[]) {
      saw(`Headers.${name}`, args);
      return original.apply(this, args);
    };
  }
  window.Headers = class extends OriginalHeaders {
    constructor(init?: HeadersInit) {
      saw('new Headers', [init]);
      super(init);
    }
  };
}

const pageSaw = (page: Page) => page.evaluate(() => (window as unknown as { __pageSaw: string[] }).__pageSaw);

test.describe('a page script that wraps the request paths before us', { tag: '@worlds' }, () => {
  test('sees no token and no GraphQL request, while every request reaches the API with its token', async ({ page, host, api }) => {
    await page.addInitScript(wrapRequestPaths);
    // Home, with the notifications feature on: the unread count is asked with the token.
    await host.goto('/home', { seed: SEED });
    await host.scriptReady();
    // The notifications page: our feed asks for them with the token, then "Mark all as read" writes.
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Notifications');
    await clickPaletteRow(page, 'anilist-links.notifications');
    await expect(page).toHaveURL('https://anilist.co/notifications');
    const feed = page.locator('.vv-notifications-feed');
    await expect(feed.locator('article.vv-notification').first()).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('Notifications count reset.')).toBeVisible();
    // A full load of /notifications too (the script starts again on it).
    await host.goto('/notifications', { seed: SEED });
    await host.scriptReady();
    await expect(feed.locator('article.vv-notification').first()).toBeVisible();

    // The API got them all, each with the Authorization header.
    const authorized = (op: string) => api.requests.filter((r) => r.operationName === op && r.authorization === `Bearer ${OAUTH_TOKEN}`);
    expect(authorized('Notifications').length).toBeGreaterThanOrEqual(2);
    expect(authorized('ResetNotificationCount')).toHaveLength(1);
    // The page's wrappers saw none of it: not the token, not a single request or header of ours.
    const seen = await pageSaw(page);
    expect(seen.filter((s) => s.includes(OAUTH_TOKEN))).toEqual([]);
    expect(seen).toEqual([]);
    // The wrappers do work: the page's own request goes through them.
    await page.evaluate(() => fetch('https://anilist.co/page-own', { headers: new Headers({ 'X-Page': '1' }) }).catch(() => undefined));
    expect((await pageSaw(page)).length).toBeGreaterThanOrEqual(2);
  });
});

test.describe('what the script leaves on the window', { tag: '@worlds' }, () => {
  test('no global of ours hands the page our store, registry, client or a stored value; <html> says only the version', async ({
    page,
    host,
  }) => {
    const windowNames = () =>
      page.evaluate(() => [...Object.getOwnPropertyNames(window), ...Object.getOwnPropertySymbols(window).map(String)]);
    const settled = async () => {
      await page.waitForFunction(() => !!(document.querySelector('#app') as { __vue__?: unknown } | null)?.__vue__);
      await page.waitForLoadState('load');
    };
    // The same page with the manager's stand-in and an empty script in place of ours.
    await host.goto('/notifications', { seed: SEED, userscript: ';' });
    await settled();
    const without = await windowNames();
    expect(await page.locator('html').getAttribute(READY_ATTRIBUTE)).toBeNull();

    await host.goto('/notifications', { seed: SEED });
    await host.scriptReady();
    await settled();
    await expect(page.locator('.vv-notifications-feed article.vv-notification').first()).toBeVisible();
    // The palette loads and mounts the overlay's code: everything lazy has run by then.
    await page.keyboard.press('Control+Space');
    await expect(page.getByRole('dialog', { name: 'VoidVerified QuickStart' })).toBeVisible();
    await page.keyboard.press('Escape');
    // What the window holds now that it did not: each with its type (and value, when a primitive).
    const added = await page.evaluate((before) => {
      const w = window as unknown as Record<PropertyKey, unknown>;
      const describe = (v: unknown) =>
        v !== null && (typeof v === 'object' || typeof v === 'function') ? typeof v : `${typeof v} ${String(v)}`;
      const names = Object.getOwnPropertyNames(window).filter((n) => !before.includes(n));
      const symbols = Object.getOwnPropertySymbols(window).filter((s) => !before.includes(String(s)));
      return [...names.map((n) => [n, describe(w[n])]), ...symbols.map((s) => [String(s), describe(w[s])])];
    }, without);
    // Only Radix's marker (the dialog library sets a bare `true` whenever one of its parts renders).
    expect(added).toEqual(added.length ? [['Symbol(radix-ui)', 'boolean true']] : []);
    // The start-up marker carries the version, nothing else.
    expect(await page.locator('html').getAttribute(READY_ATTRIBUTE)).toBe(VERSION);
  });
});
