import type { Page } from '@playwright/test';
import { expect, OAUTH_TOKEN, seedReplies, test } from './fixtures';

/**
 * The last behaviours and error texts of both documents (issue 16): replies paging that keeps what
 * is shown, named badge icons, the people you follow first, the wrapped error texts as toast
 * details (with the API's first message in parentheses, as 2.0.3 says it: document 3, C28), and
 * the list update's entry id.
 */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const seed = (settings: Record<string, boolean>) => ({
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
  'void-verified-settings': seedValue(settings),
  'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
});
const toast = (page: Page, text: string) => page.locator('.vv-toast', { hasText: text });
const messages = (page: Page) => page.getByRole('region', { name: 'Messages' });

async function openMessages(page: Page) {
  await page.locator('.feed-select .feed-filter').click();
  await page.locator('ul.el-dropdown-menu li[data-void-messages]').click();
  await expect(messages(page)).toBeVisible();
}

test.describe('activity entries', () => {
  test("a failed replies Load More says 'Failed to query replies.' and keeps the replies shown; badges are named icons", async ({
    page,
    host,
    api,
  }) => {
    await host.goto('/home', { seed: seed({ messageFeedEnabled: true }) });
    await openMessages(page);
    const entry = messages(page).locator('article').first();
    const id = Number(await entry.getAttribute('data-activity-id'));
    const activity = api.state.activities.find((a) => a.id === id) as { messengerId: number };
    // 30 replies: a first page of 25, then Load More.
    seedReplies(api, id, 30);
    const author = api.state.users.find((u) => u.id === 2)!;
    Object.assign(author, { moderatorRoles: ['ANIME_DATA'], donatorTier: 4, donatorBadge: 'Big fan' });

    await entry.locator('.vv-act-actions button', { hasText: /repl/ }).click();
    await expect(entry.locator('.vv-reply')).toHaveCount(25);
    // Badges: icons with accessible names, no badge text.
    const reply = entry.locator('.vv-reply').first();
    await expect(reply.getByRole('img', { name: 'Moderator: anime data mod' })).toBeVisible();
    await expect(reply.getByRole('img', { name: 'Donator: Big fan' })).toBeVisible();
    await expect(reply.locator('.vv-act-head')).not.toContainText('Big fan');
    await expect(reply.locator('.vv-act-head')).not.toContainText('anime data mod');

    api.failNext(1, { status: 500 }, 'ActivityReplies');
    await entry.getByRole('button', { name: 'Load More' }).click();
    await expect(toast(page, 'Failed to query replies.')).toBeVisible();
    await expect(toast(page, 'Failed to query activity replies.')).toHaveCount(0);
    // The reply area stays open with what it showed, and Load More retries.
    await expect(entry.locator('.vv-reply')).toHaveCount(25);
    await expect(entry.getByRole('textbox', { name: 'Reply' })).toBeVisible();
    await entry.getByRole('button', { name: 'Load More' }).click();
    await expect(entry.locator('.vv-reply')).toHaveCount(30);
    await expect(entry.getByRole('button', { name: 'Load More' })).toHaveCount(0);

    // A failed reply names the activity it was for.
    api.failNext(1, { status: 500 }, 'ReplyToActivity');
    await entry.getByRole('textbox', { name: 'Reply' }).fill('Will fail');
    // The preview appears above Publish a moment after typing: click once it shows, so the button
    // is not moved from under a press already on its way.
    await expect(entry.getByRole('region', { name: 'Preview' })).toContainText('Will fail');
    await entry.getByRole('button', { name: 'Publish' }).click();
    const failed = toast(page, 'Failed to save reply.');
    await expect(failed).toBeVisible();
    await expect(failed.locator('.vv-toast-detail')).toHaveText(`Failed to reply to activity with id ${id} (Internal Server Error)`);
    expect(activity.messengerId).toBeGreaterThan(0);
  });
});

test.describe('followed users (document 1 section 7)', () => {
  test('the user picker suggests the people you follow first; a failure says so', async ({ page, host, api }) => {
    await host.goto('/home', { seed: seed({}) });
    const viewer = api.state.users.find((u) => u.id === 1)!;
    const followed = viewer.following.map((fid) => api.state.users.find((u) => u.id === fid)!.name);
    expect(followed.length).toBeGreaterThan(0);
    await page.keyboard.press('Control+Space');
    await page.keyboard.press('Control+Space');
    const users = page.getByRole('combobox', { name: 'Users' });
    await users.focus();
    const options = page.getByRole('listbox', { name: /Users/ }).getByRole('option');
    await expect(options.first()).toBeVisible();
    const names = await options.allTextContents();
    expect(names.map((n) => n.trim()).sort()).toEqual([...followed].sort());
    const asked = api.requests.filter((r) => r.operationName === 'Following');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]!.variables).toMatchObject({ userId: 1, page: 1 });
  });

  test("'Failed to query followed users.' when the following query fails", async ({ page, host, api }) => {
    await host.goto('/home', { seed: seed({}) });
    await page.keyboard.press('Control+Space');
    api.failNext(5, { status: 500 }, 'Following');
    await page.keyboard.press('Control+Space');
    await expect(toast(page, 'Failed to query followed users.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Users' }).focus();
    await expect(page.getByRole('listbox', { name: /Users/ })).toHaveCount(0);
  });
});

test.describe('wrapped error texts', () => {
  test("self message: 'Failed to publish a self-message' is shown with the error", async ({ page, host, api }) => {
    await host.goto('/user/Viewer/', { seed: seed({ selfMessageEnabled: true }) });
    await page.locator('.activity-feed-wrap > .activity-edit textarea').fill('This one fails.');
    api.failNext(1, { status: 500 }, 'SaveMessageActivity');
    await page.getByRole('button', { name: 'Message Self' }).click();
    const failed = toast(page, 'There was an error self-publishing a message.');
    await expect(failed).toBeVisible();
    await expect(failed.locator('.vv-toast-detail')).toHaveText('Failed to publish a self-message (Internal Server Error)');
  });

  test('reply with list update: the entry id is sent; failures name the media id', async ({ page, host, api }) => {
    await host.goto('/home', { seed: seed({ replyActivityUpdate: true }) });
    const entry = api.state.mediaList.find((e) => e.userId === 1 && api.state.media.some((m) => m.id === e.mediaId && m.type === 'ANIME'))!;
    const media = api.state.media.find((m) => m.id === entry.mediaId)!;
    const composer = page.locator('.home > .activity-feed-wrap > .activity-edit');
    await composer.locator('textarea').focus();
    await composer.getByRole('button', { name: 'Reply with list update' }).click();
    const panel = page.getByRole('group', { name: 'Reply with list update' });
    const search = media.title.userPreferred!.slice(0, 8);

    // A failed search names the search word twice: the box's text and the wrapped one.
    api.failNext(1, { status: 500 }, 'SearchMedia');
    await panel.getByRole('combobox', { name: 'Media' }).fill('zzzz');
    await expect(toast(page, 'Failed to query media with search word zzzz').locator('.vv-toast-detail')).toHaveText(
      'Failed to query media (zzzz) (Internal Server Error)',
    );

    await panel.getByRole('combobox', { name: 'Media' }).fill(search);
    await panel
      .getByRole('option', { name: new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .click();
    await expect(panel.getByLabel('Status')).toBeEnabled();
    await composer.locator('textarea').fill('Keep me');
    api.failNext(1, { status: 500 }, 'SaveListProgress');
    await panel.getByRole('button', { name: 'Reply' }).click();
    await expect(toast(page, 'Failed to update media progress').locator('.vv-toast-detail')).toHaveText(
      `Failed to update media progress with media id ${media.id} (Internal Server Error)`,
    );
    const update = api.requests.filter((r) => r.operationName === 'SaveListProgress').at(-1)!;
    expect(update.variables).toMatchObject({ id: entry.id, mediaId: media.id });
  });
});
