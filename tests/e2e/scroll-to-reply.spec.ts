import type { Page } from '@playwright/test';
import { expect, scriptStarted, test } from './fixtures';

/** Scroll to the reply named in the URL (document 3, C6): `?void-reply-id=` on an activity's page. */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': seedValue(values) });
/** An activity with four replies; the fourth is 50000008. */
const ACTIVITY = '/activity/700000004';
const FOURTH = 50000008;
const reply = (page: Page) => page.locator('.reply:not(.preview)').nth(3);
/** Where the reply's top is in the window, and how far down the host's top bar reaches. */
const placement = (page: Page) =>
  reply(page).evaluate((el) => ({
    top: el.getBoundingClientRect().top,
    nav: Math.max(0, document.querySelector('#nav')!.getBoundingClientRect().bottom),
    scrollY: window.scrollY,
  }));

test.describe('scroll to reply', () => {
  // A short window: the fourth reply starts below its fold.
  test.use({ viewport: { width: 1000, height: 420 } });

  test(
    'a link naming a reply opens scrolled to it, below the top bar, and marks it for a moment',
    { tag: '@worlds' },
    async ({ page, host }) => {
      // The mark lasts 2.5 s: the page notes which reply got it, so a slow machine's polling cannot miss it.
      await page.addInitScript(() => {
        const seen = new MutationObserver((records) => {
          for (const { target } of records)
            if (target instanceof Element && target.classList.contains('void-reply-target'))
              document.documentElement.dataset.markedReply = String([...document.querySelectorAll('.reply:not(.preview)')].indexOf(target));
        });
        seen.observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
      });
      await host.goto(`${ACTIVITY}?void-reply-id=${FOURTH}`);
      await scriptStarted(page);
      await expect(page.locator('html')).toHaveAttribute('data-marked-reply', '3');
      await expect
        .poll(async () => {
          const { top, nav } = await placement(page);
          return top >= nav && top <= nav + 40;
        })
        .toBe(true);
      expect((await placement(page)).scrollY).toBeGreaterThan(0);
      // The mark goes after a moment.
      await expect(reply(page)).not.toHaveClass(/void-reply-target/, { timeout: 5000 });
    },
  );

  test('without the parameter, with an id that is no reply here, or with the option off, the page stays at its top', async ({
    page,
    host,
  }) => {
    for (const path of [ACTIVITY, `${ACTIVITY}?void-reply-id=123`, `${ACTIVITY}?void-reply-id=0`, `${ACTIVITY}?void-reply-id=1e3`]) {
      await host.goto(path);
      await scriptStarted(page);
      await page.waitForTimeout(400);
      expect((await placement(page)).scrollY, path).toBe(0);
    }
    await host.goto(`${ACTIVITY}?void-reply-id=${FOURTH}`, { seed: settingsSeed({ scrollToReplyEnabled: false }) });
    await scriptStarted(page);
    await page.waitForTimeout(400);
    expect((await placement(page)).scrollY).toBe(0);
    await expect(reply(page)).not.toHaveClass(/void-reply-target/);
  });

  test('a reply that comes late is scrolled to, unless the reader pressed a key or scrolled meanwhile', async ({ page, host }) => {
    // A reply the page adds later (as the host does after loading more), with the id the link names.
    const addLateReply = () =>
      page.evaluate(() => {
        const replies = document.querySelector('.activity-replies')!;
        const late = replies.querySelector('.reply:not(.preview)')!.cloneNode(true) as Element & { __vue__?: unknown };
        late.__vue__ = { $props: { id: 999 } };
        late.id = 'late-reply';
        replies.append(late);
      });
    const lateTop = () => page.locator('#late-reply').evaluate((el) => el.getBoundingClientRect().top);

    await host.goto(`${ACTIVITY}?void-reply-id=999`);
    await scriptStarted(page);
    await page.waitForTimeout(300);
    await addLateReply();
    await expect(page.locator('#late-reply')).toHaveClass(/void-reply-target/);
    await expect.poll(async () => (await lateTop()) < 200).toBe(true);

    for (const takeOver of [() => page.keyboard.press('ArrowDown'), () => page.mouse.wheel(0, 40)]) {
      await host.goto(`${ACTIVITY}?void-reply-id=999`);
      await scriptStarted(page);
      await page.waitForTimeout(300);
      await takeOver();
      await page.waitForTimeout(200);
      const before = await page.evaluate(() => window.scrollY);
      await addLateReply();
      await page.waitForTimeout(600);
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
      await expect(page.locator('#late-reply')).not.toHaveClass(/void-reply-target/);
    }
  });
});
