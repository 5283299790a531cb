import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, test } from './fixtures';
import { envelope, LOUD, stored } from './stored';

/**
 * Markdown drafts (document 3, C9) in both worlds: the Drafts dialog of an editor (save new, a
 * name in use, override, load with its confirmation, delete, the keyboard), the 'Drafts' palette
 * page loading into the editor that had focus, and the automatic draft of an editor left unsent,
 * offered back when the page comes back.
 */

const KEY = 'void-verified-markdown-drafts';
const draft = (name: string, content: string) => ({ name, content, timestamp: '2026-11-20T09:30:00.000Z' });
const composer = (page: Page) => page.locator('.activity-feed-wrap > .activity-edit');
const box = (page: Page) => composer(page).locator('textarea.el-textarea__inner');
const drafts = (page: Page) => page.getByRole('dialog', { name: 'Drafts' });
const confirmBox = (page: Page) => page.getByRole('alertdialog', { name: 'Warning' });
const toast = (page: Page, text: string) => page.locator('.vv-toast').filter({ hasText: text });
/** The host app's v-model of the composer (the replica updates it on input events only). */
const model = (page: Page) =>
  box(page).evaluate((t: HTMLTextAreaElement) =>
    (window as unknown as { __host: { editorModel(t: HTMLTextAreaElement): string } }).__host.editorModel(t),
  );
type VueEl = Element & { __vue__?: { $router?: { push(p: string): Promise<unknown> } } };
/** The host app's own router (as its links move). */
const navigate = (page: Page, path: string) =>
  page.evaluate((p) => (document.querySelector('#app') as VueEl).__vue__!.$router!.push(p).then(() => undefined), path);

async function palette(page: Page, filter: string, command: string) {
  await page.keyboard.press('Control+Space');
  await page.getByPlaceholder('Filter VoidVerified QuickStart').fill(filter);
  await expect(page.locator('[cmdk-group-heading]', { hasText: /^On this page$/i })).toHaveCount(0);
  await clickPaletteRow(page, command);
}

/** Opens the Drafts dialog of the composer, as the taskbar's button will: the command on the focused editor. */
async function openDrafts(page: Page) {
  await box(page).focus();
  await palette(page, 'Drafts', 'markdown-drafts.open');
  await expect(drafts(page)).toBeVisible();
}

test.describe('markdown drafts', () => {
  test('save new, a name in use, and override', async ({ page, host }) => {
    await host.goto('/home', { seed: LOUD });
    await box(page).fill('First text');
    await openDrafts(page);
    await drafts(page).getByRole('button', { name: 'Save New Draft' }).click();
    const prompt = page.getByRole('alertdialog', { name: 'Name new draft' });
    await expect(prompt.getByRole('textbox')).toHaveAttribute('placeholder', 'Draft name...');
    await expect(prompt.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await prompt.getByRole('textbox').fill('Review');
    await prompt.getByRole('button', { name: 'Ok' }).click();
    await expect(drafts(page).getByRole('listitem')).toHaveText([/Review/]);
    expect(await stored(host, KEY)).toEqual([{ name: 'Review', content: 'First text', timestamp: expect.any(String), place: '' }]);

    // The same name again: refused, with 2.0.3's words.
    await drafts(page).getByRole('button', { name: 'Save New Draft' }).click();
    await prompt.getByRole('textbox').fill('Review');
    await prompt.getByRole('textbox').press('Enter');
    await expect(toast(page, 'Draft with given name already exists.')).toBeVisible();
    expect(await stored(host, KEY)).toHaveLength(1);

    // Hovering the name shows its name, time and counts.
    await drafts(page).getByText('Review', { exact: true }).hover();
    const tip = page.getByRole('tooltip');
    await expect(tip).toContainText('Review');
    await expect(tip).toContainText('Characters:10');
    await expect(tip).toContainText('Words:2');

    // Override, once confirmed.
    await page.keyboard.press('Escape');
    await expect(drafts(page)).toHaveCount(0);
    await box(page).fill('Second text');
    await openDrafts(page);
    await drafts(page).getByTitle('Save Draft').click();
    await expect(confirmBox(page)).toContainText('Are you sure you want to override draft Review?');
    await confirmBox(page).getByRole('button', { name: 'Ok' }).click();
    await expect.poll(async () => ((await stored(host, KEY)) as { content: string }[])[0]!.content).toBe('Second text');
  });

  // The same flow's second half (the first ran out of its 30 s with 4 workers on 2 cores).
  test('load with confirmation, delete, and an empty editor saves nothing', async ({ page, host }) => {
    await host.goto('/home', { seed: { ...LOUD, [KEY]: envelope([draft('Review', 'Second text')]) } });
    // Load asks first when the editor has text; the host's model sees the draft.
    await box(page).fill('Work in progress');
    await openDrafts(page);
    await drafts(page).getByTitle('Load Draft').click();
    await expect(confirmBox(page)).toContainText('You will lose your current work by loading a draft.');
    await confirmBox(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(box(page)).toHaveValue('Work in progress');
    await drafts(page).getByTitle('Load Draft').click();
    await confirmBox(page).getByRole('button', { name: 'Ok' }).click();
    await expect(drafts(page)).toHaveCount(0);
    await expect(box(page)).toHaveValue('Second text');
    expect(await model(page)).toBe('Second text');

    // Delete, once confirmed.
    await openDrafts(page);
    await drafts(page).getByTitle('Delete Draft').click();
    await expect(confirmBox(page)).toContainText('Are you sure you want to delete draft Review?');
    await confirmBox(page).getByRole('button', { name: 'Ok' }).click();
    await expect(drafts(page).getByRole('listitem')).toHaveCount(0);
    expect(await stored(host, KEY)).toEqual([]);

    // An empty editor saves nothing.
    await page.keyboard.press('Escape');
    await box(page).fill('');
    await openDrafts(page);
    await drafts(page).getByRole('button', { name: 'Save New Draft' }).click();
    await expect(toast(page, 'Cannot save an empty draft.')).toBeVisible();
  });

  test('by keyboard alone: the list, the prompt and the confirmations; Escape closes and gives the editor back', async ({ page, host }) => {
    await host.goto('/home', { seed: { ...LOUD, [KEY]: envelope([draft('Old', 'Old text')]) } });
    await box(page).fill('Kept by keys');
    await openDrafts(page);
    // Tab through: the name (its tooltip on focus), Save, Load, Delete, Save New Draft.
    const name = drafts(page).getByText('Old', { exact: true });
    await name.focus();
    await expect(page.getByRole('tooltip')).toContainText('Old text'.length.toString());
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(drafts(page).getByRole('button', { name: 'Save New Draft' })).toBeFocused();
    // Escape in the prompt cancels it alone.
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('alertdialog', { name: 'Name new draft' });
    await expect(prompt.getByRole('textbox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(prompt).toHaveCount(0);
    await expect(drafts(page)).toBeVisible();
    // Focus is back on the button that asked, for the prompt's Cancel and its Ok alike.
    await expect(drafts(page).getByRole('button', { name: 'Save New Draft' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog', { name: 'Name new draft' }).getByRole('textbox')).toBeFocused();
    await page.keyboard.type('By keys');
    await page.keyboard.press('Enter');
    await expect(drafts(page).getByRole('listitem')).toHaveCount(2);
    await expect(drafts(page).getByRole('button', { name: 'Save New Draft' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drafts(page)).toHaveCount(0);
    await expect(box(page)).toBeFocused();
    expect(((await stored(host, KEY)) as { name: string }[]).map((d) => d.name)).toEqual(['Old', 'By keys']);
  });

  test(
    '"Save draft" saves the focused editor\'s text; the Drafts palette page loads into it, asking when it has text, and deletes',
    { tag: '@worlds' },
    async ({ page, host }) => {
      await host.goto('/home', { seed: { ...LOUD, [KEY]: envelope([draft('Status', 'A status\nsecond line'), draft('Other', 'x')]) } });
      await box(page).fill('From the palette');
      await palette(page, 'Save draft', 'markdown-drafts.save');
      await page.getByRole('alertdialog', { name: 'Name new draft' }).getByRole('textbox').fill('Saved by command');
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => ((await stored(host, KEY)) as { name: string; content: string }[]).at(-1))
        .toMatchObject({ name: 'Saved by command', content: 'From the palette' });
      await box(page).fill('');
      await box(page).focus();
      await palette(page, 'Load a draft', 'markdown-drafts.list');
      const item = page.locator('[cmdk-item]', { hasText: 'Status' }).first();
      await expect(item).toContainText('A status');
      // What is typed filters the drafts (by name or first line): the last one, typed for, is Enter's.
      await page.getByPlaceholder('Filter drafts by name or first line').fill('saved by');
      await expect(page.locator('[cmdk-item]', { hasText: 'A status' })).toHaveCount(0);
      await page.keyboard.press('Enter');
      await expect(box(page)).toHaveValue('From the palette');
      expect(await model(page)).toBe('From the palette');

      // With text in the editor: the lose-work confirmation first.
      await palette(page, 'Load a draft', 'markdown-drafts.list');
      await page.locator('[cmdk-item]', { hasText: /^Other/ }).click();
      await expect(confirmBox(page)).toContainText('You will lose your current work by loading a draft.');
      await confirmBox(page).getByRole('button', { name: 'Ok' }).click();
      await expect(box(page)).toHaveValue('x');

      await palette(page, 'Load a draft', 'markdown-drafts.list');
      await page.locator('[cmdk-item]', { hasText: 'Delete draft Other' }).click();
      await expect(confirmBox(page)).toContainText('Are you sure you want to delete draft Other?');
      await confirmBox(page).getByRole('button', { name: 'Ok' }).click();
      await expect
        .poll(async () => ((await stored(host, KEY)) as { name: string }[]).map((d) => d.name))
        .toEqual(['Status', 'Saved by command']);
    },
  );

  test(
    "an editor's unsent text is kept when the page moves on and offered back there; Discard and Publish drop it",
    { tag: '@worlds' },
    async ({ page, host }) => {
      await host.goto('/home', { seed: LOUD });
      await box(page).fill('Half a thought');
      await navigate(page, '/notifications');
      await expect(composer(page)).toHaveCount(0);
      await expect
        .poll(() => stored(host, KEY))
        .toEqual([{ name: 'Unsent status on /home', content: 'Half a thought', timestamp: expect.any(String), place: '/home status' }]);

      await navigate(page, '/home');
      const offer = composer(page).locator('[data-void-ui="markdown-drafts-offer"]');
      await expect(offer).toContainText('Your unsent text here was kept as a draft.');
      await offer.getByRole('button', { name: 'Restore' }).click();
      await expect(box(page)).toHaveValue('Half a thought');
      expect(await model(page)).toBe('Half a thought');
      await expect(offer.getByRole('button')).toHaveCount(0);

      // Published: the draft goes.
      await composer(page).locator('.actions .save').click();
      await expect.poll(() => stored(host, KEY)).toEqual([]);
      await navigate(page, '/notifications');
      await navigate(page, '/home');
      await expect(composer(page)).toBeVisible();
      await expect(offer).toHaveCount(0);

      // Kept when the tab is hidden too; declined with Discard.
      await box(page).fill('Another one');
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      await expect.poll(async () => ((await stored(host, KEY)) as unknown[]).length).toBe(1);
      await page.reload();
      await expect(offer).toContainText('Another one');
      await offer.getByRole('button', { name: 'Discard' }).click();
      await expect.poll(() => stored(host, KEY)).toEqual([]);
      await expect(box(page)).toHaveValue('');
    },
  );
  test("a reply box is its activity page's place: kept on leaving, offered back there and not on /home", async ({ page, host }) => {
    const ACTIVITY = '/activity/700000004';
    await host.goto(ACTIVITY, { seed: LOUD });
    const reply = page.locator('.activity-edit textarea[placeholder="Write a reply..."]');
    await reply.fill('A reply for later');
    await navigate(page, '/home');
    await expect
      .poll(() => stored(host, KEY))
      .toEqual([expect.objectContaining({ name: `Unsent reply on ${ACTIVITY}`, place: `${ACTIVITY} reply` })]);
    await expect(composer(page)).toBeVisible();
    await expect(page.locator('[data-void-ui="markdown-drafts-offer"]')).toHaveCount(0);
    await navigate(page, ACTIVITY);
    const offer = page.locator('.activity-edit [data-void-ui="markdown-drafts-offer"]');
    await expect(offer).toContainText('A reply for later');
    await offer.getByRole('button', { name: 'Restore' }).focus();
    await page.keyboard.press('Enter');
    await expect(reply).toHaveValue('A reply for later');
  });
  test("a forum thread's reply box keeps its text too, named as what it is", async ({ page, host }) => {
    const THREAD = '/forum/thread/4127';
    await host.goto(THREAD, { seed: LOUD });
    const comment = page.locator('.forum-thread > .editor textarea');
    await comment.fill('A forum reply for later');
    await navigate(page, '/home');
    await expect
      .poll(() => stored(host, KEY))
      .toEqual([expect.objectContaining({ name: `Unsent text on ${THREAD}`, place: `${THREAD} text` })]);
    await navigate(page, THREAD);
    await page.locator('.forum-thread > .editor [data-void-ui="markdown-drafts-offer"]').getByRole('button', { name: 'Restore' }).click();
    await expect(comment).toHaveValue('A forum reply for later');
  });
});
