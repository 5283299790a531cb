import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, OAUTH_TOKEN, openMessageReplies, scriptStarted, test } from './fixtures';

/** Direct links to replies (document 3, C5), and the link's whole way: copy, open, land on the reply. */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': seedValue(values) });
const allToasts = { 'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }) };
/** An activity with four replies, 50000005 to 50000008. */
const ACTIVITY = '/activity/700000004';
const replies = (page: Page) => page.locator('.reply:not(.preview)');
const links = (page: Page) => page.locator('.reply .void-reply-direct-link');

test.describe('direct links to replies', () => {
  test.use({ viewport: { width: 1000, height: 420 } });

  test(
    'each reply links to itself on its activity; a click lands on the reply, scrolled and marked',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      await host.goto(ACTIVITY, { seed: settingsSeed({ replyDirectLinksEnabled: true }) });
      await expect(links(page)).toHaveCount(4);
      // Where the host's objects are out of reach (the isolated world), the four replies share one read of the list.
      expect(api.requests.filter((r) => r.operationName === 'ActivityReplies').length).toBeLessThanOrEqual(1);
      for (let i = 0; i < 4; i++)
        await expect(replies(page).nth(i).locator('.void-reply-direct-link')).toHaveAttribute(
          'href',
          `${ACTIVITY}?void-reply-id=${50000005 + i}`,
        );
      await expect(links(page).first()).toHaveAccessibleName('Direct link to this reply');
      // Placed before the likes, as 2.0.3 does; a Vue re-render brings it back once.
      const order = await replies(page)
        .nth(0)
        .locator('.actions')
        .evaluate((actions) => [...actions.children].map((c) => c.className));
      expect(order.indexOf('void-has-icon void-reply-direct-link')).toBeLessThan(order.findIndex((c) => /likes|like-wrap/.test(c)));
      await page.evaluate(() => (window as unknown as { __host: { rerender(): void } }).__host.rerender());
      await expect(links(page)).toHaveCount(4);

      await replies(page).nth(3).locator('.void-reply-direct-link').click();
      await expect(page).toHaveURL(new RegExp(`${ACTIVITY}\\?void-reply-id=50000008$`));
      await expect(replies(page).nth(3)).toHaveClass(/void-reply-target/);
    },
  );

  test("'Copy link to this reply' copies the focused reply's address", async ({ page, host, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://anilist.co' });
    await host.goto(ACTIVITY, { seed: { ...settingsSeed({ replyDirectLinksEnabled: true }), ...allToasts } });
    await expect(links(page)).toHaveCount(4);
    await replies(page).nth(1).locator('a.name').focus();
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Copy link to this reply');
    await clickPaletteRow(page, page.locator('[cmdk-item][data-command="reply-direct-links.copy"]'));
    await expect(page.locator('.vv-toast', { hasText: 'Copied to Clipboard' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`https://anilist.co${ACTIVITY}?void-reply-id=50000006`);
  });

  test('off (the default): no links, and no command', async ({ page, host }) => {
    await host.goto(ACTIVITY);
    await scriptStarted(page);
    await page.waitForTimeout(300);
    await expect(links(page)).toHaveCount(0);
    await replies(page).nth(1).locator('a.name').focus();
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Copy link to this reply');
    await expect(page.locator('[cmdk-item][data-command="reply-direct-links.copy"]')).toHaveCount(0);
  });

  test('our own reply cards (the messages feed) carry the link first in their actions, while the option is on', async ({ page, host }) => {
    const auth = { 'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }) };
    await host.goto('/home', { seed: { ...auth, ...settingsSeed({ messageFeedEnabled: true, replyDirectLinksEnabled: true }) } });
    const { activityId, reply, replyId } = await openMessageReplies(page);
    const link = reply.getByRole('link', { name: 'Direct link to this reply' });
    await expect(link).toHaveAttribute('href', `/activity/${activityId}?void-reply-id=${replyId}`);
    // First among the reply's actions: before its time, likes and menu.
    const order = await reply.locator('.vv-act-head').evaluate((head) => [...head.children].map((c) => c.className));
    expect(order.indexOf('vv-act-action vv-reply-action icon-ml')).toBe(order.indexOf('vv-act-spacer') + 1);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/activity/${activityId}\\?void-reply-id=${replyId}$`));
    await expect(page.locator('.reply.void-reply-target')).toHaveCount(1);
  });

  test('off (the default), our reply cards have no such link', async ({ page, host }) => {
    const auth = { 'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }) };
    await host.goto('/home', { seed: { ...auth, ...settingsSeed({ messageFeedEnabled: true }) } });
    const { feed, entry } = await openMessageReplies(page);
    await expect(entry.locator('.vv-reply').first()).toBeVisible();
    await expect(feed.getByRole('link', { name: 'Direct link to this reply' })).toHaveCount(0);
  });
});
