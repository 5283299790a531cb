import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, OAUTH_TOKEN, test, type Host } from './fixtures';
import { stored } from './stored';
import { filesOnDisk, pasteText, slideTo } from './real-input';

/** The markdown taskbar (document 3, C8) and the image width unit (C10), under AniList's editors. */

const seedValue = (data: unknown, v = 1) => JSON.stringify({ v, data });
/** Settings at version 2: markdownTaskbarEnabled is 2.0.3's taskbar. */
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': seedValue(values, 2) });
const TASKBAR = { markdownTaskbarEnabled: true };
const UPLOADS = { ...TASKBAR, pasteImagesToHostService: true };
const CATBOX_URL = 'https://files.catbox.moe/abc123.png';

const composer = (page: Page) => page.locator('.home .activity-edit textarea.el-textarea__inner').first();
const taskbarOf = (page: Page, field = composer(page)) =>
  field.locator('xpath=ancestor::div[contains(@class, "activity-edit")][1]').getByRole('toolbar', { name: 'Markdown taskbar' });
const storedSettings = (host: Host) => stored(host, 'void-verified-settings');
const file = () => filesOnDisk([{ name: 'cat.photo.png', content: 'not-really-a-png' }]);

test.describe('the markdown taskbar', () => {
  test(
    "upload through the taskbar's file chooser: the markup replaces the selection and stays selected",
    { tag: '@worlds' },
    async ({ page, host }) => {
      await host.goto('/home', { seed: settingsSeed(UPLOADS) });
      const field = composer(page);
      const bar = taskbarOf(page);
      await expect(bar).toBeVisible();
      await field.fill('Look: HERE!');
      await field.evaluate((f: HTMLTextAreaElement) => f.setSelectionRange(6, 10));
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), bar.getByRole('button', { name: 'Upload image' }).click()]);
      expect(chooser.isMultiple()).toBe(false);
      await chooser.setFiles(file());
      await expect(field).toHaveValue(`Look: img420(${CATBOX_URL})!`);
      expect(await field.evaluate((f: HTMLTextAreaElement) => f.value.slice(f.selectionStart, f.selectionEnd))).toBe(
        `img420(${CATBOX_URL})`,
      );
      expect(host.imageRequests.map((r) => r.url)).toEqual(['https://catbox.moe/user/api.php']);
      // Keyboard: every control is reachable and named.
      await field.focus();
      await page.keyboard.press('Tab');
      await expect(bar.getByRole('button', { name: 'Upload image' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(bar.getByRole('combobox', { name: 'Image host' })).toBeFocused();
      await expect(bar.getByRole('combobox', { name: 'Image host' })).toHaveValue('catbox');
      await page.keyboard.press('Tab');
      await expect(bar.getByRole('button', { name: 'Wrap images with a link' })).toBeFocused();
      await page.keyboard.press('Space');
      await expect(bar.getByRole('button', { name: 'Wrap images with a link' })).toHaveAttribute('aria-pressed', 'true');
      expect(await storedSettings(host)).toMatchObject({ pasteWrapImagesWithLink: true });
    },
  );

  test('the width in percent: the switch clamps to 100, the slider to 100, and a pasted image link takes {value}%', async ({
    page,
    host,
  }) => {
    await host.goto('/home', { seed: settingsSeed({ ...UPLOADS, pasteEnabled: true, pasteImageWidthValue: 300 }) });
    const bar = taskbarOf(page);
    const width = bar.getByRole('button', { name: /^Image width/ });
    await expect(width).toHaveAccessibleName('Image width 300');
    const slider = bar.getByRole('slider', { name: 'Image width' });
    await expect(slider).toBeHidden();
    await width.hover();
    await expect(slider).toBeVisible();
    await expect(slider).toHaveAttribute('max', '1000');
    await bar.getByRole('button', { name: '%', exact: true }).click();
    await expect(slider).toHaveAttribute('max', '100');
    await expect(slider).toHaveValue('100');
    await slideTo(slider, 50);
    await expect(bar.locator('output')).toHaveText('50%');
    expect(await storedSettings(host)).toMatchObject({ pasteImageWidthValue: 50, pasteImageUnitIsPercentage: true });
    await pasteText(composer(page), 'https://x.io/cat.png');
    await expect(composer(page)).toHaveValue('img50%(https://x.io/cat.png)');
  });

  test('the counter: / 10000 in the composer, / 8000 with the reply panel open and in a reply; the counts on hover and focus', async ({
    page,
    host,
  }) => {
    await host.goto('/home', {
      seed: {
        ...settingsSeed({ ...TASKBAR, replyActivityUpdate: true }),
        'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
      },
    });
    const field = composer(page);
    const bar = taskbarOf(page);
    await field.fill('Hello there. Second one!\n\nNew paragraph');
    await expect(bar.getByText('39 / 10000')).toBeVisible();
    // No image controls without uploads.
    await expect(bar.getByRole('button', { name: 'Upload image' })).toHaveCount(0);
    const counts = bar.getByRole('tooltip');
    await expect(counts).toBeHidden();
    await bar.getByText('39 / 10000').hover();
    await expect(counts).toBeVisible();
    await expect(counts).toHaveText('Characters:39Words:6Sentences:2Paragraphs:2');
    await page.mouse.move(0, 0);
    await expect(counts).toBeHidden();
    await field.focus();
    // The drafts feature's button, then the counter.
    await page.keyboard.press('Tab');
    await expect(bar.getByRole('button', { name: 'Drafts' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(bar.getByText('39 / 10000')).toBeFocused();
    await expect(counts).toBeVisible();
    // The reply panel (reply with list update) makes the composer a reply editor.
    await field.focus();
    await page.locator('.home .activity-edit').first().getByRole('button', { name: 'Reply with list update' }).click();
    await expect(bar.getByText('39 / 8000')).toBeVisible();
    await page.locator('.home .activity-edit').first().getByRole('button', { name: 'Reply with list update' }).click();
    await expect(bar.getByText('39 / 10000')).toBeVisible();
    // A reply editor on an activity's page.
    await page.goto('about:blank');
    await host.goto('/activity/700000004', {
      seed: {
        ...settingsSeed(TASKBAR),
        'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
      },
    });
    const reply = page.locator('.reply-wrap .activity-edit textarea').first();
    await reply.fill('Hi');
    await expect(taskbarOf(page, reply).getByText('2 / 8000')).toBeVisible();
  });

  test('a taskbar action from the palette acts on the editor that had focus', { tag: '@worlds' }, async ({ page, host }) => {
    await host.goto('/home', { seed: settingsSeed(UPLOADS) });
    const field = composer(page);
    await expect(taskbarOf(page)).toBeVisible();
    await field.fill('x ');
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Wrap images with a link');
    await clickPaletteRow(page, page.locator('[cmdk-item][data-command="markdown-taskbar.wrap-link"]'));
    await expect.poll(() => storedSettings(host)).toMatchObject({ pasteWrapImagesWithLink: true });
    await page.keyboard.press('Escape');
    await expect(taskbarOf(page).getByRole('button', { name: 'Wrap images with a link' })).toHaveAttribute('aria-pressed', 'true');
    await field.focus();
    await field.press('End');
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Upload image');
    await expect(page.locator('[cmdk-item][data-command="markdown-taskbar.upload"]')).toBeVisible();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    await chooser.setFiles(file());
    await expect(field).toHaveValue(`x [img420(${CATBOX_URL})](${CATBOX_URL})`);
  });

  // AniList's other markdown editors (a forum thread's reply box, a review, the bio in the settings): the same bar (the forum's in both worlds).
  for (const [name, path, editor] of [
    ['a forum reply', '/forum/thread/4127', '.forum-thread > .editor'],
    ['a review', '/edit/review/154587', '.review-edit .editor'],
    ['the settings bio', '/settings', '.settings .about .editor'],
  ] as const)
    test(
      `under ${name}: upload, the controls, Drafts and the counter (/ 10000)`,
      { tag: name === 'a forum reply' ? '@worlds' : [] },
      async ({ page, host }) => {
        await host.goto(path, { seed: settingsSeed(UPLOADS) });
        const field = page.locator(`${editor} > .input > textarea.el-textarea__inner`);
        const bar = page.locator(editor).getByRole('toolbar', { name: 'Markdown taskbar' });
        await expect(bar).toHaveCount(1);
        await field.fill('Look: ');
        await expect(bar.getByText('6 / 10000')).toBeVisible();
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), bar.getByRole('button', { name: 'Upload image' }).click()]);
        await chooser.setFiles(file());
        await expect(field).toHaveValue(`Look: img420(${CATBOX_URL})`);
        await field.focus();
        const controls = [
          bar.getByRole('button', { name: 'Upload image' }),
          bar.getByRole('combobox', { name: 'Image host' }),
          bar.getByRole('button', { name: 'Wrap images with a link' }),
          bar.getByRole('button', { name: 'Wrap images with image tag' }),
          bar.getByRole('button', { name: /^Image width/ }),
        ];
        for (const control of controls) {
          await page.keyboard.press('Tab');
          await expect(control).toBeFocused();
        }
        await expect(bar.getByRole('button', { name: 'Drafts' })).toBeVisible();
      },
    );

  test("without the taskbar, uploads on: the palette's Upload image opens the file chooser and inserts", async ({ page, host }) => {
    await host.goto('/home', { seed: settingsSeed({ pasteImagesToHostService: true }) });
    const field = composer(page);
    await field.fill('x ');
    await expect(taskbarOf(page)).toHaveCount(0);
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Upload image');
    await expect(page.locator('[cmdk-item][data-command="markdown-taskbar.upload"]')).toBeVisible();
    await expect(page.locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    await chooser.setFiles(file());
    await expect(field).toHaveValue(`x img420(${CATBOX_URL})`);
  });

  test('off (the default): no taskbar; our toolbar has its own option', async ({ page, host }) => {
    // Stored at version 1, our toolbar was markdownTaskbarEnabled: it stays on, and the taskbar is off.
    await host.goto('/home', { seed: { 'void-verified-settings': seedValue({ markdownTaskbarEnabled: true }) } });
    await expect(page.locator('.home .activity-edit [data-void-ui="markdown-toolbar"]')).toHaveCount(1);
    await expect(taskbarOf(page)).toHaveCount(0);
    expect(await storedSettings(host)).toEqual({ markdownToolbarEnabled: true });
  });
});
