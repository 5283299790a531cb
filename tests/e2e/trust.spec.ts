import type { Page } from '@playwright/test';
import { expect, test, testBuild } from './fixtures';

/** Trust (issue 15): faults in what the host or a stored value holds must not break or stall features. */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const after = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el, '::after').content);

test.describe('values that reach CSS', () => {
  test("a verified user's stored colour that would break out of its rule does not blank the page", async ({ page, host }) => {
    const evil = '0,0,0)}*{display:none}a{b:c(';
    await host.goto('/home', {
      seed: {
        'void-verified-users': seedValue([
          {
            username: 'Akira',
            id: 2,
            color: evil,
            lastFetch: Date.now(),
            copyColorFromProfile: true,
            enabledForUsername: true,
            highlightEnabled: true,
          },
        ]),
      },
    });
    await host.scriptReady();
    const css = () =>
      page.evaluate(() => [...document.querySelectorAll('style[id^="void-verified-style"]')].map((s) => s.textContent).join('\n'));
    await expect.poll(css).toContain('Akira');
    expect(await css()).not.toContain('display:none');
    await expect(page.locator('.activity-entry').first()).toBeVisible();
    await expect(page.locator('#nav, .nav').first()).toBeVisible();
  });
});

test.describe('faults that must not stall features', () => {
  test('a malformed percent-encoding in the address does not stop the verified-user styles from following', async ({ page, host }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const seed = {
      'void-verified-users': seedValue([{ username: 'Akira', id: 2, color: '192, 99, 255', lastFetch: Date.now() }]),
      'void-verified-settings': seedValue({ enabledForProfileName: true }),
    };
    await host.goto('/user/%E0%A4%A/', { seed });
    await host.scriptReady();
    // Then, in the same session, to a verified user's profile through the host's router.
    await page.locator('.nav a.link[href="/home"]').first().click();
    await expect(page).toHaveURL(/\/home$/);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/user/Akira/';
      link.className = 'name';
      link.textContent = 'Akira';
      document.querySelector('.activity-feed, .page-content')!.prepend(link);
    });
    await page.locator('.page-content a.name[href="/user/Akira/"]').first().click();
    await expect(page.locator('.name-wrapper h1.name')).toBeVisible();
    await expect.poll(() => after(page, '.name-wrapper h1.name')).toBe('" ✔"');
    expect(errors.filter((e) => /URI|decode/i.test(e))).toEqual([]);
  });
});

// These ask the client itself for bursts of requests: the test build's hook (window.__voidVerified).
test.describe('the API limiter', () => {
  test('a burst is spread: thirty requests asked at once start at most 5 a second', async ({ page, host }) => {
    await host.goto('/home', { userscript: testBuild() });
    await host.scriptReady();
    await host.evalInScript(() => {
      const probe = { name: 'Probe', source: 'query Probe { Page(perPage: 1) { pageInfo { total } } }', auth: false };
      for (let i = 0; i < 30; i++) void window.__voidVerified!.client.request(probe as never, {} as never).catch(() => undefined);
    });
    await page.waitForTimeout(2500);
    // The starts the limiter granted (exact), and when the manager's request function was called for
    // each AniList request (never before its start). Not when they reached the mock server: a busy
    // machine delivers them late and in bunches, which says nothing about the pacing.
    const { granted, sent, probes } = await host.evalInScript(() => {
      const calls = (window as unknown as { __gm: { requests: { url: string; body?: string; at: number }[] } }).__gm.requests.filter((r) =>
        r.url.startsWith('https://graphql.anilist.co'),
      );
      return {
        granted: window.__voidVerified!.client.limiter.window.starts(),
        sent: calls.map((r) => r.at),
        probes: calls.filter((r) => r.body?.includes('query Probe')).length,
      };
    });
    expect(probes).toBeGreaterThan(0);
    expect(probes).toBeLessThan(30); // not all at once
    const starts = [...granted].sort((a, b) => a - b);
    for (let i = 5; i < starts.length; i++) expect(starts[i]! - starts[i - 5]!).toBeGreaterThanOrEqual(1000);
    const calls = [...sent].sort((a, b) => a - b);
    expect(calls.length).toBeLessThanOrEqual(starts.length);
    for (let i = 0; i < calls.length; i++) expect(calls[i]).toBeGreaterThanOrEqual(starts[i]!);
  });

  test(
    "five open tabs share AniList's window: together they start at most 5 a second, not 5 each",
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      test.slow(); // five pages on a 2-core machine
      await host.goto('/home', { userscript: testBuild() });
      const tabs = [page];
      for (let i = 0; i < 4; i++) tabs.push(await host.newPage('/home'));
      for (const tab of tabs) await host.scriptReady(tab);
      // Let the tabs settle who leads before the burst.
      await page.waitForTimeout(300);
      const before = api.requests.length;
      await Promise.all(
        tabs.map((tab) =>
          host.evalInScript(
            () => {
              const probe = { name: 'Probe', source: 'query Probe { Page(perPage: 1) { pageInfo { total } } }', auth: false };
              for (let i = 0; i < 30; i++) void window.__voidVerified!.client.request(probe as never, {} as never).catch(() => undefined);
            },
            undefined,
            tab,
          ),
        ),
      );
      await page.waitForTimeout(3500);
      // The tabs go on sending while they are read, one after another: what counts is what was sent
      // by now, and what the server had by now (nothing reaches it before it is sent).
      const cutoff = Date.now();
      const received = api.requests.slice(before).filter((r) => r.operationName === 'Probe').length;
      // When each tab's script sent them (the manager's request function), not when they reached the
      // mock server: five pages on two busy cores deliver late and in bunches.
      const sent: number[] = [];
      for (const tab of tabs)
        sent.push(
          ...(await host.evalInScript(
            () =>
              (window as unknown as { __gm: { requests: { body?: string; at: number }[] } }).__gm.requests
                .filter((r) => r.body?.includes('query Probe'))
                .map((r) => r.at),
            undefined,
            tab,
          )),
        );
      const at = sent.filter((t) => t <= cutoff).sort((a, b) => a - b);
      expect(received).toBeLessThanOrEqual(at.length);
      expect(at.length).toBeGreaterThan(5);
      // 150 asked for. Shared, they start 5 a second and 30 a minute; each tab pacing alone would
      // start 5 a second each, 75 or more in 3.5 s. Counted over the seconds they had: on a loaded
      // machine the wait above lasts longer than it says.
      const seconds = Math.ceil((cutoff - at[0]!) / 1000);
      expect(at.length).toBeLessThanOrEqual(Math.min(30, 5 * (seconds + 1)));
      for (let i = 5; i < at.length; i++) expect(at[i]! - at[i - 5]!).toBeGreaterThanOrEqual(500);
    },
  );
});
