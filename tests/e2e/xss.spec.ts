import type { Page } from '@playwright/test';
import { DOMPURIFY_CORPUS } from './dompurify-corpus';
import { clickPaletteRow, expect, OAUTH_TOKEN, scriptStarted, test } from './fixtures';
import { sanitizerBundle, unsafeParts } from './xss-vectors';

/**
 * DOMPurify's own corpus (all its cases, tests/e2e/dompurify-corpus.ts) through each way user or
 * host HTML reaches the page, in Chromium: as HTML (activity text, replies, bios and the API's
 * rendered markdown go through the sanitizer) and as markdown (our previews and the layout
 * designer render, then sanitize), and typed into the product's own editor. Nothing may run and
 * nothing unsafe may remain.
 */

const DAY = 86_400_000;
const AUTH = { 'void-verified-auth': JSON.stringify({ v: 1, data: { token: OAUTH_TOKEN, expires: Date.now() + 300 * DAY } }) };

/** Counts every way a payload could announce that it ran. */
async function trapCalls(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __calls: string[] };
    w.__calls = [];
    for (const name of ['alert', 'confirm', 'prompt', 'print', '__xss']) w[name] = () => void w.__calls.push(name);
  });
  page.on('dialog', (dialog) => void dialog.dismiss());
}
const calls = (page: Page) => page.evaluate(() => (window as unknown as { __calls: string[] }).__calls);

test.describe("DOMPurify's corpus", () => {
  test.beforeEach(async ({ page }) => trapCalls(page));

  test(`all ${DOMPURIFY_CORPUS.length} cases through the sanitizer, as HTML and as markdown, leave nothing unsafe and run nothing`, async ({
    page,
    host,
  }) => {
    expect(DOMPURIFY_CORPUS.length).toBe(223);
    await host.goto('/home', { script: false });
    await page.addScriptTag({ content: sanitizerBundle() });
    const found = await page.evaluate((corpus) => {
      type Page = {
        __md: { renderMarkdown(s: string): string; sanitizeHtml(s: string): string };
        __unsafe(root: ParentNode): string[];
        __attachLive(html: string): string[];
      };
      const { __md: md, __unsafe: unsafe, __attachLive: live } = window as unknown as Page;
      const out: string[] = [];
      const attach = (label: string, html: string) => {
        for (const p of live(html)) out.push(`${label}: ${p}`);
      };
      for (const { title = '(untitled)', payload } of corpus) {
        attach(`html «${title}»`, md.sanitizeHtml(payload));
        attach(`markdown «${title}»`, md.sanitizeHtml(md.renderMarkdown(payload)));
      }
      // The check is not vacuous: the corpus unsanitized fails it.
      // (Parsed inert, in a template: a detached <div> would still load images and fire their handlers.)
      const raw = document.createElement('template');
      raw.innerHTML = corpus.map((c) => c.payload).join('');
      if (unsafe(raw.content).length < 50) out.push('the checker finds too little in the unsanitized corpus');
      return out;
    }, DOMPURIFY_CORPUS);
    expect(found).toEqual([]);
    await page.waitForTimeout(1000); // errors of broken images and media, and timers, fire by now
    expect(await calls(page)).toEqual([]);
    // The trap is live: an unsanitized payload does call it.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="alert(1)">'));
    await expect.poll(() => calls(page)).toEqual(['alert']);
  });

  test('typed into our editor, the whole corpus leaves nothing unsafe in the preview', async ({ page, host }) => {
    test.slow(); // a large preview on a loaded 2-core machine
    await host.goto('/home', { seed: AUTH });
    await scriptStarted(page);
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Write a status');
    await expect(page.locator('[cmdk-group-heading]', { hasText: /^On this page$/i })).toHaveCount(0);
    await clickPaletteRow(page, page.locator('[cmdk-item][data-command="markdown.write-status"]').first());
    const box = page.locator('.vv-md-editor textarea[data-markdown-editor]');
    await expect(box).toBeFocused();
    const view = page.locator('.vv-md-editor .vv-md-preview .vv-markdown');
    // In a few large pieces, each with a marker that tells when the preview shows it.
    const size = 40;
    for (let i = 0; i < DOMPURIFY_CORPUS.length; i += size) {
      const piece = DOMPURIFY_CORPUS.slice(i, i + size).map((c) => c.payload);
      await box.fill(`piece-${i}\n\n${piece.join('\n\n')}\n\nend-of-piece-${i}`);
      await expect(view).toContainText(`piece-${i}`);
      expect(await view.evaluate(unsafeParts), `cases ${i} to ${i + piece.length - 1}`).toEqual([]);
    }
    await page.waitForTimeout(1000);
    expect(await calls(page)).toEqual([]);
  });
});
