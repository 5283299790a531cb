import type { Page } from '@playwright/test';
import { expect, scriptStarted, test } from './fixtures';
import { dropFiles, pasteImage, pasteText } from './real-input';

/**
 * Paste and drop in AniList's other markdown editors, as in the activity editors (paste.spec.ts):
 * a forum thread's reply box, a review's body and the bio in the settings (document 3, 'Paste and
 * drop everywhere'), in both worlds.
 */

const CATBOX_URL = 'https://files.catbox.moe/abc123.png';
const stored = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': stored(values) });
/** Every toast level shown: the upload's info and success toasts too. */
const LOUD_TOASTS = { 'void-verified-toaster-config': stored({ toastLevel: 0, duration: 10, location: 'bottom-left' }) };
const UPLOADS = { ...settingsSeed({ pasteImagesToHostService: true, pasteEnabled: true }), ...LOUD_TOASTS };

/** The three editors: where they are, and their textarea (AniList's editor in an `.editor` wrapper). */
const EDITORS = [
  ['a forum reply', '/forum/thread/4127', '.forum-thread > .editor'],
  ['a review', '/edit/review/154587', '.review-edit .editor'],
  ['the settings bio', '/settings', '.settings .about .editor'],
] as const;
const textarea = (page: Page, editor: string) => page.locator(`${editor} > .input > textarea.el-textarea__inner`);
/** What the host's v-model holds (the replica's app hears only input events). */
const model = (page: Page, editor: string) =>
  textarea(page, editor).evaluate((t) => (window as unknown as { __host: { editorModel(t: Element): string } }).__host.editorModel(t));
const toasts = (page: Page) => page.locator('.vv-toast');

test.describe('paste and drop in every AniList editor', () => {
  for (const [name, path, editor] of EDITORS) {
    test(
      `a pasted image is uploaded into ${name}, with the upload's toasts; the host's model sees it`,
      { tag: name === EDITORS[0][0] ? '@worlds' : [] },
      async ({ page, host }) => {
        await host.goto(path, { seed: UPLOADS });
        await scriptStarted(page);
        await textarea(page, editor).fill('Look: ');
        await pasteImage(textarea(page, editor));
        await expect(textarea(page, editor)).toHaveValue(`Look: img420(${CATBOX_URL})`);
        expect(await model(page, editor)).toBe(`Look: img420(${CATBOX_URL})`);
        expect(host.imageRequests.map((r) => r.url)).toEqual(['https://catbox.moe/user/api.php']);
        await expect(toasts(page).filter({ hasText: 'Uploading image to catbox.' })).toBeVisible();
      },
    );
  }

  test(
    'a file dropped on the forum reply is uploaded; a pasted image link in a review is wrapped',
    { tag: '@worlds' },
    async ({ page, host }) => {
      const [, forum, forumEditor] = EDITORS[0];
      await host.goto(forum, { seed: UPLOADS });
      await scriptStarted(page);
      await dropFiles(textarea(page, forumEditor), [{ name: 'cat.png', content: 'not-really-a-png' }]);
      await expect(textarea(page, forumEditor)).toHaveValue(`img420(${CATBOX_URL})`);
      expect(await model(page, forumEditor)).toBe(`img420(${CATBOX_URL})`);
      expect(host.imageRequests).toHaveLength(1);
      expect(host.imageRequests[0]?.postData).toMatch(/name="fileToUpload"; filename="cat.png"/);

      const [, review, reviewEditor] = EDITORS[1];
      await host.goto(review, { seed: UPLOADS });
      await scriptStarted(page);
      await pasteText(textarea(page, reviewEditor), 'https://example.com/cat.gif');
      await expect(textarea(page, reviewEditor)).toHaveValue('img420(https://example.com/cat.gif)');
      // Other fields of the page are not markdown editors: the summary takes the link as it is.
      const summary = page.locator('.review-edit input[placeholder="Summary"]');
      await pasteText(summary, 'https://example.com/cat.gif');
      await expect(summary).toHaveValue('https://example.com/cat.gif');
      expect(host.imageRequests).toHaveLength(1);
    },
  );
});
