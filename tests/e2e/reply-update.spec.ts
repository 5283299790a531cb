import type { Page } from '@playwright/test';
import { expect, OAUTH_TOKEN, test } from './fixtures';
import { choose } from './real-input';

/** Reply with list update from the home composer. */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const seed = {
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
  'void-verified-settings': seedValue({ replyActivityUpdate: true }),
  'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
};
const composer = (page: Page) => page.locator('.home > .activity-feed-wrap > .activity-edit');
const panel = (page: Page) => page.getByRole('group', { name: 'Reply with list update' });
/** The toggle sits in the composer's toolbar, which the host shows once the composer is focused. */
async function openPanel(page: Page) {
  const toggle = composer(page).getByRole('button', { name: 'Reply with list update' });
  await expect(toggle).toBeHidden();
  await composer(page).locator('textarea').focus();
  await expect(composer(page).locator('.markdown-editor').getByRole('button', { name: 'Reply with list update' })).toBeVisible();
  await toggle.click();
  await expect(panel(page)).toBeVisible();
  // The panel sits above the composer's input, as the original places it.
  expect(await composer(page).evaluate((editor) => editor.querySelector(':scope > [data-void-ui="reply-update"] + .input') !== null)).toBe(
    true,
  );
}

test.describe('reply with list update', () => {
  test('updates the list, replies to the activity it created with the composer text, and opens it', async ({ page, host, api }) => {
    await host.goto('/home', { seed });
    const media = api.state.media.find(
      (m) => m.type === 'ANIME' && (m.episodes ?? 0) > 3 && !api.state.mediaList.some((e) => e.userId === 1 && e.mediaId === m.id),
    )!;
    await openPanel(page);
    // Nothing picked yet: says so and changes nothing.
    await panel(page).getByRole('button', { name: 'Reply' }).click();
    await expect(page.locator('.vv-toast', { hasText: 'Please search for a media before replying.' })).toBeVisible();

    await panel(page).getByRole('combobox', { name: 'Media' }).fill(media.title.userPreferred!.slice(0, 6));
    await panel(page)
      .getByRole('option', { name: new RegExp(media.title.userPreferred!.slice(0, 6)) })
      .first()
      .click();
    const status = panel(page).getByLabel('Status');
    await expect(status).toHaveValue('PLANNING');
    await choose(status, 'CURRENT');
    await panel(page).getByLabel('Progress').fill('2');
    await composer(page).locator('textarea').fill('Started this one!');
    await panel(page).getByRole('button', { name: 'Reply' }).click();
    await expect(page).toHaveURL(/\/activity\/\d+$/);
    const activityId = Number(page.url().split('/').pop());
    expect(api.state.mediaList.find((e) => e.userId === 1 && e.mediaId === media.id)).toMatchObject({ status: 'CURRENT', progress: 2 });
    expect(api.state.activities.find((a) => a.id === activityId)).toMatchObject({ __typename: 'ListActivity', mediaId: media.id });
    expect(api.state.replies.some((r) => r.activityId === activityId && r.text === 'Started this one!')).toBe(true);
  });

  test('palette: "Reply with list update" is the panel, in a few keystrokes from the composer (issue 31)', async ({ page, host, api }) => {
    await host.goto('/home', { seed });
    const media = api.state.media.find(
      (m) => m.type === 'ANIME' && (m.episodes ?? 0) > 3 && !api.state.mediaList.some((e) => e.userId === 1 && e.mediaId === m.id),
    )!;
    await composer(page).locator('textarea').fill('Watching it now');
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Reply with list update');
    await expect(page.locator('[cmdk-item][data-command="reply-update.open"]')).toBeVisible();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'VoidVerified QuickStart' }).getByRole('group', { name: 'Reply with list update' });
    // Past the palette's mode choice, configuration and close buttons, the media search.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(form.getByRole('combobox', { name: 'Media' })).toBeFocused();
    await page.keyboard.type(media.title.userPreferred!.slice(0, 6));
    await expect(form.getByRole('option', { name: new RegExp(media.title.userPreferred!.slice(0, 6)) }).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const status = form.getByLabel('Status');
    await expect(status).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(status).toBeFocused();
    await page.keyboard.press('ArrowUp'); // PLANNING → CURRENT
    await expect(status).toHaveValue('CURRENT');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Reply' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/activity\/\d+$/);
    await expect(page.getByRole('dialog', { name: 'VoidVerified QuickStart' })).toBeHidden();
    // The page opened shows the new activity with the reply (the replica's app, like the site's, fetches what its first load lacked).
    await expect(page.locator('.reply .markdown', { hasText: 'Watching it now' })).toBeVisible();
    const activityId = Number(page.url().split('/').pop());
    expect(api.state.mediaList.find((e) => e.userId === 1 && e.mediaId === media.id)).toMatchObject({ status: 'CURRENT', progress: 3 });
    expect(api.state.replies.some((r) => r.activityId === activityId && r.text === 'Watching it now')).toBe(true);
  });

  test("the status waits for the media's list entry: nothing chosen is reset by a late answer (issue 29)", async ({ page, host, api }) => {
    const entry = api.state.mediaList.find((e) => e.userId === 1 && e.status === 'CURRENT')!;
    const media = api.state.media.find((m) => m.id === entry.mediaId)!;
    // The entry's answer is held until the test lets it go: a slow API, as a busy machine makes it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('https://graphql.anilist.co/**', async (route) => {
      if (route.request().postData()?.includes('MediaProgress')) await held;
      await route.fallback();
    });
    await host.goto('/home', { seed });
    await openPanel(page);
    await panel(page).getByRole('combobox', { name: 'Media' }).fill(media.title.userPreferred!.slice(0, 6));
    await panel(page)
      .getByRole('option', { name: new RegExp(media.title.userPreferred!.slice(0, 6)) })
      .first()
      .click();
    const status = panel(page).getByLabel('Status');
    await expect(panel(page).getByRole('status')).toHaveText('Loading your list entry…');
    await expect(status).toBeDisabled();
    await expect(panel(page).getByRole('button', { name: 'Reply' })).toBeDisabled();
    release();
    await expect(status).toBeEnabled();
    await expect(status).toHaveValue('CURRENT');
    await expect(panel(page).getByRole('status')).toHaveCount(0);
    await choose(status, 'PAUSED');
    await expect(status).toHaveValue('PAUSED');
  });

  test('a failed list update stops the reply and keeps the text', async ({ page, host, api }) => {
    await host.goto('/home', { seed });
    const media = api.state.media.find((m) => m.type === 'ANIME')!;
    await openPanel(page);
    await panel(page).getByRole('combobox', { name: 'Media' }).fill(media.title.userPreferred!.slice(0, 6));
    await panel(page)
      .getByRole('option', { name: new RegExp(media.title.userPreferred!.slice(0, 6)) })
      .first()
      .click();
    await expect(panel(page).getByLabel('Status')).toBeEnabled();
    await composer(page).locator('textarea').fill('Keep me');
    const replies = api.state.replies.length;
    api.failNext(1, { status: 500 }, 'SaveListProgress');
    await panel(page).getByRole('button', { name: 'Reply' }).click();
    await expect(page.locator('.vv-toast', { hasText: 'Failed to update media progress' })).toBeVisible();
    await expect(composer(page).locator('textarea')).toHaveValue('Keep me');
    expect(api.state.replies.length).toBe(replies);
    await expect(page).toHaveURL('https://anilist.co/home');
  });
});
