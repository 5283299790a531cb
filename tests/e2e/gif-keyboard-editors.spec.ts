import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, scriptStarted, test } from './fixtures';

/**
 * The GIF keyboard under every markdown editor (`.markdown-editor`), not only the activity editors:
 * a forum thread's reply box, a review's body, the bio in the settings; hidden while its editor is
 * inactive, as the original (document 3, 'Paste and drop everywhere'), in both worlds.
 */

const FILE = 'https://s4.anilist.co/file/gifkb';
const stored = (data: unknown) => JSON.stringify({ v: 1, data });
const ON = {
  'void-verified-settings': stored({ gifKeyboardEnabled: true }),
  'void-verified-gif-keyboard': stored({ gifs: [`${FILE}/dance.gif`], images: [], gifSize: 260 }),
};

const FORUM = '.forum-thread > .editor';
const textarea = (page: Page, editor = FORUM) => page.locator(`${editor} > .input > textarea.el-textarea__inner`);
const toggle = (page: Page, editor = FORUM) => page.locator(editor).getByRole('button', { name: 'GIF Keyboard' });
const keyboard = (page: Page, editor = FORUM) => page.locator(editor).getByRole('region', { name: 'GIF keyboard' });
const model = (page: Page) =>
  textarea(page).evaluate((t) => (window as unknown as { __host: { editorModel(t: Element): string } }).__host.editorModel(t));

test.describe('the GIF keyboard under every editor', () => {
  test(
    'under a forum reply: shown with the editor, hidden while it is inactive, inserts into it',
    { tag: '@worlds' },
    async ({ page, host }) => {
      await host.goto('/forum/thread/4127', { seed: ON });
      await scriptStarted(page);
      // In the editor's toolbar, which the host shows once the editor is focused.
      await expect(page.locator(`${FORUM} > .markdown-editor [data-void-ui="gif-keyboard-button"]`)).toHaveCount(1);
      await expect(toggle(page)).toBeHidden();
      await textarea(page).focus();
      await toggle(page).click();
      await expect(keyboard(page)).toBeVisible();

      await textarea(page).fill('Hi !');
      await textarea(page).evaluate((t: HTMLTextAreaElement) => t.setSelectionRange(3, 3));
      await keyboard(page)
        .getByRole('button', { name: `Insert ${FILE}/dance.gif` })
        .click();
      const expected = `Hi img260(${FILE}/dance.gif)!`;
      await expect(textarea(page)).toHaveValue(expected);
      expect(await model(page)).toBe(expected);

      // Cancel makes the editor inactive (the host hides its toolbar): the keyboard hides with it ...
      await page.locator(`${FORUM} > .actions > .button.cancel`).click();
      await expect(page.locator(`${FORUM} > .markdown-editor`)).toBeHidden();
      await expect(keyboard(page)).toBeHidden();
      // ... and comes back, still open, when the editor is active again.
      await textarea(page).focus();
      await expect(keyboard(page)).toBeVisible();
    },
  );

  test('a review and the settings bio have one too; the palette page inserts into the editor focused before it', async ({ page, host }) => {
    for (const [path, editor] of [
      ['/edit/review/154587', '.review-edit .editor'],
      ['/settings', '.settings .about .editor'],
    ] as const) {
      await host.goto(path, { seed: ON });
      await scriptStarted(page);
      await textarea(page, editor).focus();
      await expect(toggle(page, editor)).toHaveCount(1);
      await toggle(page, editor).click();
      await expect(keyboard(page, editor)).toBeVisible();
    }
    await textarea(page, '.settings .about .editor').fill('About me: ');
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('GIF keyboard');
    await clickPaletteRow(page, 'gif-keyboard.open');
    await expect(page.locator('[cmdk-item]')).toContainText('Insert');
    await page.getByPlaceholder('Filter saved media by URL').press('Enter');
    await expect(textarea(page, '.settings .about .editor')).toHaveValue(`About me: img260(${FILE}/dance.gif)`);
  });
});
