import type { Page } from '@playwright/test';
import { expect, OAUTH_TOKEN, openMessageReplies, seedReplies, test } from './fixtures';

/**
 * Our activity cards' controls as palette commands (issue 31), on the messages feed's cards: each
 * acts on the card (or reply) that had focus when the palette opened, through that card's control.
 */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const seed = {
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
  'void-verified-settings': seedValue({ messageFeedEnabled: true }),
  'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
};

const row = (page: Page, id: string) => page.locator(`[cmdk-item][data-command="activity-card.${id}"]`);

/** Opens the palette over what has focus and runs `activity-card.{id}`, found by `title`. */
async function run(page: Page, title: string, id: string) {
  await page.keyboard.press('Control+Space');
  await page.getByPlaceholder('Filter VoidVerified QuickStart').fill(title);
  await expect(page.locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
  await expect(row(page, id)).toBeVisible();
  // The focused card's rows lead the list.
  await expect(page.locator('[cmdk-item]').first()).toHaveAttribute('data-command', `activity-card.${id}`);
  await page.keyboard.press('Enter');
}

test.describe('activity card commands', () => {
  test(
    'like, likers, subscribe, replies, reply and Direct Link act on the focused card or reply, by keyboard',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      await host.goto('/home', { seed });
      const { entry, activityId, reply, replyId } = await openMessageReplies(page);
      const id = Number(activityId);
      const activity = () => api.state.activities.find((a) => a.id === id) as { likeIds: number[]; subscriberIds?: number[] };

      // Focus outside our cards (the host's feed filter): no card rows.
      await page.locator('.feed-select .feed-filter').focus();
      await page.keyboard.press('Control+Space');
      await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Like or unlike');
      await expect(page.locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
      await expect(row(page, 'like')).toHaveCount(0);
      await page.keyboard.press('Escape');

      // Focus in the activity (its author's link): the activity's like.
      await entry.locator('.vv-act-head .vv-act-name').first().focus();
      const like = entry.locator(':scope > .vv-act-actions .vv-like');
      const liked = activity().likeIds.includes(1);
      await run(page, 'Like or unlike', 'like');
      await expect(like).toHaveAttribute('aria-pressed', String(!liked));
      expect(activity().likeIds.includes(1)).toBe(!liked);
      // Focus went back to where it was.
      await expect(entry.locator('.vv-act-head .vv-act-name').first()).toBeFocused();

      // Subscribe: the card's button follows the server.
      const subscribe = entry.locator('[data-card="subscribe"]');
      const subscribed = (await subscribe.getAttribute('aria-pressed')) === 'true';
      await run(page, 'Subscribe or unsubscribe', 'subscribe');
      await expect(subscribe).toHaveAttribute('aria-pressed', String(!subscribed));
      expect(
        api.requests.some(
          (r) => r.operationName === 'ToggleActivitySubscription' && (r.variables as { activityId?: number }).activityId === id,
        ),
      ).toBe(true);

      // Who liked: the like control takes focus and shows its likers.
      await run(page, 'Who liked it', 'likers');
      await expect(like).toBeFocused();

      // Focus in a reply: like is the reply's; subscribe still reaches its activity.
      await reply.locator('.vv-act-name').first().focus();
      const replyLike = reply.locator('.vv-like');
      const replyLiked = (await replyLike.getAttribute('aria-pressed')) === 'true';
      await run(page, 'Like or unlike', 'like');
      await expect(replyLike).toHaveAttribute('aria-pressed', String(!replyLiked));
      const toggles = api.requests.filter((r) => r.operationName === 'ToggleLike');
      expect(toggles.at(-1)!.variables).toMatchObject({ id: Number(replyId), type: 'ACTIVITY_REPLY' });
      await expect(like).toHaveAttribute('aria-pressed', String(!liked));

      // Show or hide replies, then Reply: the replies open again and the reply box takes focus.
      await run(page, 'Show or hide replies', 'replies');
      await expect(reply).toBeHidden();
      await entry.locator('[data-card="replies"]').focus();
      await run(page, 'Reply', 'reply');
      const box = entry.getByRole('textbox', { name: 'Reply' });
      await expect(box).toBeFocused();
      await expect(reply).toBeVisible();

      // Direct Link of the reply: its activity, naming the reply.
      await reply.locator('.vv-act-name').first().focus();
      await run(page, 'Direct Link', 'link');
      await expect(page).toHaveURL(new RegExp(`/activity/${id}\\?void-reply-id=${replyId}$`));
    },
  );

  test("edit and delete the viewer's own message from the palette; others' cards have no such rows", async ({ page, host, api }) => {
    await host.goto('/home', { seed });
    await page.locator('.feed-select .feed-filter').click();
    await page.locator('ul.el-dropdown-menu li[data-void-messages]').click();
    const feed = page.getByRole('region', { name: 'Messages' });
    await page.locator('.feed-type-toggle > div', { hasText: 'Global' }).click();
    await expect(feed.locator('article').first()).toBeVisible();
    const ids = await feed.locator('article').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-activity-id'))));
    const sender = (id: number) => api.state.activities.find((a) => a.id === id) as { messengerId?: number; recipientId?: number };
    const mine = ids.find((id) => sender(id).messengerId === 1)!;
    const theirs = ids.find((id) => sender(id).messengerId !== 1 && sender(id).recipientId !== 1);

    if (theirs !== undefined) {
      await feed.locator(`article[data-activity-id="${theirs}"] .vv-act-name`).first().focus();
      await page.keyboard.press('Control+Space');
      await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Focused activity');
      await expect(page.locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
      await expect(row(page, 'link')).toBeVisible();
      await expect(row(page, 'edit')).toHaveCount(0);
      await expect(row(page, 'delete')).toHaveCount(0);
      await page.keyboard.press('Escape');
    }

    const entry = feed.locator(`article[data-activity-id="${mine}"]`);
    // 30 replies: a first page of 25, then 'Load more replies'.
    seedReplies(api, mine, 30);
    await entry.locator('.vv-act-name').first().focus();
    await run(page, 'Show or hide replies', 'replies');
    await expect(entry.locator('.vv-reply')).toHaveCount(25);
    await run(page, 'Load more replies', 'load-more');
    await expect(entry.locator('.vv-reply')).toHaveCount(30);
    // All shown: no 'Load more replies' row any more.
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Load more replies');
    await expect(page.locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
    await expect(row(page, 'load-more')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await run(page, 'Edit', 'edit');
    const dialog = page.getByRole('dialog', { name: 'Edit message' });
    await dialog.getByRole('textbox', { name: 'Edit text' }).fill('Edited from the palette');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    expect((api.state.activities.find((a) => a.id === mine) as { message: string }).message).toBe('Edited from the palette');

    await entry.locator('.vv-act-name').first().focus();
    await run(page, 'Delete', 'delete');
    // It asks first, as the menu's Delete does.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ok' }).click();
    await expect(entry).toHaveCount(0);
    expect(api.state.activities.some((a) => a.id === mine)).toBe(false);
  });
});
