import type { Page } from '@playwright/test';
import { expect, OAUTH_TOKEN, test } from './fixtures';

/** The Messages feed on /home, and our activity entries in it (likes, replies, edit, delete, permissions). */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const seed = {
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
  'void-verified-settings': seedValue({ messageFeedEnabled: true }),
  'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
};
const feed = (page: Page) => page.getByRole('region', { name: 'Messages' });
/** The feed filter's menu: an Element UI popper, moved to <body> when first opened (host-facts (a)). */
const menu = (page: Page) => page.locator('ul.el-dropdown-menu');
async function openMessages(page: Page) {
  await page.locator('.feed-select .feed-filter').click();
  await menu(page).locator('li[data-void-messages]').click();
  await expect(feed(page)).toBeVisible();
}

test.describe('messages feed', () => {
  test('a Messages choice shows message activities, following or global, and gives the host feed back', async ({ page, host, api }) => {
    await host.goto('/home', { seed });
    await expect(page.locator('.feed-select li[data-void-messages]')).toHaveText('Messages');
    await openMessages(page);
    await expect(page.locator('.activity-feed')).toBeHidden();
    await expect(feed(page).locator('article').first()).toBeVisible();
    const asked = () => api.requests.filter((r) => r.operationName === 'MessagesFeed');
    expect(asked()[0]!.variables).toMatchObject({ page: 1, isFollowing: true });
    await page.locator('.feed-type-toggle > div', { hasText: 'Global' }).click();
    await expect.poll(() => asked().length).toBe(2);
    expect(asked()[1]!.variables).toMatchObject({ isFollowing: null });
    // Every entry is a message activity.
    const ids = await feed(page)
      .locator('article')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-activity-id'))));
    for (const id of ids) expect(api.state.activities.find((a) => a.id === id)?.__typename).toBe('MessageActivity');
    await page.locator('.feed-select .feed-filter').click();
    await menu(page).locator('li', { hasText: 'All' }).click();
    await expect(feed(page)).toHaveCount(0);
    await expect(page.locator('.activity-feed')).toBeVisible();
  });

  test('like toggles from the server, replies load once and a reply appends', async ({ page, host, api }) => {
    await host.goto('/home', { seed });
    await openMessages(page);
    const entry = feed(page).locator('article').first();
    const id = Number(await entry.getAttribute('data-activity-id'));
    const like = entry.locator('.vv-act-actions .vv-like');
    const likeIds = () => (api.state.activities.find((a) => a.id === id) as { likeIds: number[] }).likeIds;
    const count = likeIds().length;
    const likedBefore = likeIds().includes(1);
    await expect(like).toHaveAttribute('aria-pressed', String(likedBefore));
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', String(!likedBefore));
    await expect(like).toContainText(String(likedBefore ? count - 1 : count + 1));
    expect(likeIds().length).toBe(likedBefore ? count - 1 : count + 1);

    const repliesButton = entry.locator('.vv-act-actions button', { hasText: /repl/ });
    await repliesButton.click();
    await expect(entry.getByRole('textbox', { name: 'Reply' })).toBeVisible();
    const fetches = () => api.requests.filter((r) => r.operationName === 'ActivityReplies').length;
    await expect.poll(fetches).toBe(1);
    await repliesButton.click();
    await repliesButton.click();
    expect(fetches()).toBe(1);
    await entry.getByRole('textbox', { name: 'Reply' }).fill('A reply from the test');
    // The preview appears above Publish a moment after typing: click once it shows what was typed.
    await expect(entry.getByRole('region', { name: 'Preview' })).toContainText('A reply from the test');
    await entry.getByRole('button', { name: 'Publish' }).click();
    await expect(entry.locator('.vv-reply', { hasText: 'A reply from the test' })).toBeVisible();
    expect(api.state.replies.some((r) => r.activityId === id && r.text === 'A reply from the test')).toBe(true);

    // A reply's Direct Link opens its activity naming the reply (2.0.3's link), not /activity/{replyId}.
    const reply = entry.locator('.vv-reply', { hasText: 'A reply from the test' });
    const replyId = await reply.getAttribute('data-reply-id');
    await reply.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Direct Link' }).click();
    await expect(page).toHaveURL(new RegExp(`/activity/${id}\\?void-reply-id=${replyId}$`));
  });

  test('the viewer edits and deletes their own message; others only see Direct Link', async ({ page, host, api }) => {
    await host.goto('/home', { seed });
    await openMessages(page);
    await page.locator('.feed-type-toggle > div', { hasText: 'Global' }).click();
    await expect(feed(page).locator('article').first()).toBeVisible();
    const articles = feed(page).locator('article');
    const ids = await articles.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-activity-id'))));
    const mine = ids.find((id) => (api.state.activities.find((a) => a.id === id) as { messengerId?: number }).messengerId === 1);
    const theirs = ids.find((id) => {
      const a = api.state.activities.find((x) => x.id === id) as { messengerId?: number; recipientId?: number };
      return a.messengerId !== 1 && a.recipientId !== 1;
    });
    if (theirs !== undefined) {
      await feed(page).locator(`article[data-activity-id="${theirs}"]`).getByRole('button', { name: 'More actions' }).click();
      await expect(page.getByRole('menuitem', { name: 'Direct Link' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    expect(mine, 'the seed has a message sent by the viewer').toBeDefined();
    const entry = feed(page).locator(`article[data-activity-id="${mine}"]`);
    await entry.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit message' });
    await dialog.getByRole('textbox', { name: 'Edit text' }).fill('Edited **message**');
    // A failed save says so with the type as the original writes it, and keeps the text.
    api.failNext(1, { status: 500 }, 'SaveMessageActivity');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.vv-toast', { hasText: /Failed to save MESSAGE\./ })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Edit text' })).toHaveValue('Edited **message**');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(entry.locator('.vv-act-markdown strong')).toHaveText('message');
    expect((api.state.activities.find((a) => a.id === mine) as { message: string }).message).toBe('Edited **message**');

    await entry.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ok' }).click();
    await expect(entry).toHaveCount(0);
    expect(api.state.activities.some((a) => a.id === mine)).toBe(false);
  });

  test('failures say so: the feed, a reply (text kept), a subscription', async ({ page, host, api }) => {
    // Each failure is planned for the call it is about: other reads (replies, suggestions) may come in between.
    api.failNext(1, { status: 500 }, 'MessagesFeed');
    await host.goto('/home', { seed });
    await openMessages(page);
    await expect(page.locator('.vv-toast', { hasText: 'Failed to query messages feed.' })).toBeVisible();
    await page.locator('.feed-type-toggle > div', { hasText: 'Global' }).click();
    const entry = feed(page).locator('article').first();
    await entry.locator('.vv-act-actions button', { hasText: /repl/ }).click();
    await expect(entry.getByRole('textbox', { name: 'Reply' })).toBeVisible();
    await page.waitForTimeout(300);
    api.failNext(1, { status: 500 }, 'ReplyToActivity');
    await entry.getByRole('textbox', { name: 'Reply' }).fill('Keep me');
    // The preview appears above Publish a moment after typing: click once it shows what was typed.
    await expect(entry.getByRole('region', { name: 'Preview' })).toContainText('Keep me');
    await entry.getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('.vv-toast', { hasText: 'Failed to save reply.' })).toBeVisible();
    await expect(entry.getByRole('textbox', { name: 'Reply' })).toHaveValue('Keep me');
    api.failNext(1, { status: 500 }, 'ToggleActivitySubscription');
    await entry.getByRole('button', { name: /^(Subscribe|Unsubscribe)$/ }).click();
    await expect(page.locator('.vv-toast', { hasText: 'Failed to toggle activity subscription' })).toBeVisible();
  });

  test('a plain click on a name navigates in place; Ctrl+click opens the profile in a new tab and leaves this page', async ({
    page,
    host,
  }) => {
    await host.goto('/home', { seed });
    await openMessages(page);
    const name = feed(page).locator('article').first().locator('a.vv-act-name').first();
    const href = await name.getAttribute('href');
    expect(href).toMatch(/^\/user\/[^/]+\/$/);
    const navigations = () => page.evaluate(() => (window as unknown as { __host: { navigations: string[] } }).__host.navigations.length);
    const before = await navigations();
    const [opened] = await Promise.all([page.context().waitForEvent('page', { timeout: 5000 }), name.click({ modifiers: ['Control'] })]);
    // The browser opened a new page for the link (its load is not routed to the replica here: the
    // test bed serves only the pages its own requests open, so the new page's address is not checked).
    await opened.close();
    // This page stayed where it was: no navigation through the host's router, the feed still shown.
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await navigations()).toBe(before);
    await expect(feed(page)).toBeVisible();
    // A plain click navigates in place through the host's router.
    await name.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[/]/g, '\\/')}$`));
    expect(await navigations()).toBe(before + 1);
  });

  test(
    'by keyboard: the palette shows it and loads more; the dropdown choice is reached with ArrowDown',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      // More messages than a page holds (20), so the feed has a Load More.
      const messages = api.state.activities.filter((a) => a.__typename === 'MessageActivity');
      for (let i = 0; i < 60; i++) api.state.activities.push({ ...messages[i % messages.length]!, id: 90_000 + i });
      await host.goto('/home', { seed });
      const run = async (title: string, id: string) => {
        await page.keyboard.press('Control+Space');
        await page.getByPlaceholder('Filter VoidVerified QuickStart').fill(title);
        await expect(page.locator(`[cmdk-item][data-command="${id}"]`)).toBeVisible();
        await expect(page.locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
        await page.keyboard.press('Enter');
      };
      await run('Messages feed', 'messages-feed.show');
      await expect(feed(page).locator('article')).toHaveCount(20);
      await expect(feed(page).getByRole('button', { name: 'Load More' })).toBeVisible();
      await run('Load more messages', 'messages-feed.load-more');
      await expect.poll(() => feed(page).locator('article').count()).toBeGreaterThan(20);

      // The host's dropdown by keyboard: Enter on a host choice gives the host feed back (Element UI's).
      const trigger = page.locator('.feed-select .feed-filter');
      await trigger.focus();
      await page.keyboard.press('ArrowDown');
      await expect(menu(page).locator('li', { hasText: 'All' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(feed(page)).toHaveCount(0);
      // ArrowDown past the host's last choice reaches ours, ArrowUp goes back; Space chooses it and closes the menu.
      await trigger.focus();
      await page.keyboard.press('ArrowDown');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
      const ours = menu(page).locator('li[data-void-messages]');
      await expect(ours).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(menu(page).locator('li', { hasText: 'List Progress' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await expect(feed(page)).toBeVisible();
      await expect(menu(page)).toBeHidden();
      await expect(trigger).toBeFocused();
      await expect(ours).toHaveClass(/active/);
      // Shown: no 'Messages feed' row any more.
      await page.keyboard.press('Control+Space');
      await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Messages feed');
      await expect(page.locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('[cmdk-item][data-command="messages-feed.show"]')).toHaveCount(0);
    },
  );
});
