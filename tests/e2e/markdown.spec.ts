import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, OAUTH_TOKEN, scriptStarted, test } from './fixtures';
import { CLASSIC_VECTORS, MARKDOWN_VECTORS, sanitizerBundle, unsafeParts } from './xss-vectors';

/**
 * Markdown: hotkeys in the host's editors and ours, remapping one in the shortcuts panel, our
 * editor (toolbar, preview, notice, Cancel, Publish) through 'Write a status…', 'Exact preview',
 * and the XSS vectors, both straight through the sanitizer in Chromium and typed into the preview.
 */

const DAY = 86_400_000;
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': JSON.stringify({ v: 1, data: values }) });
const AUTH = { 'void-verified-auth': JSON.stringify({ v: 1, data: { token: OAUTH_TOKEN, expires: Date.now() + 300 * DAY } }) };
/** Every toast level shown (success toasts are below the default level). */
const TOASTS = { 'void-verified-toaster-config': JSON.stringify({ v: 1, data: { toastLevel: 0, duration: 10, location: 'bottom-left' } }) };
const HOTKEYS_ON = settingsSeed({ markdownHotkeys: true });

const hostBox = (page: Page) => page.locator('.activity-feed-wrap > .activity-edit textarea.el-textarea__inner');
const palette = (page: Page) => page.getByRole('dialog', { name: 'VoidVerified QuickStart' });
const toast = (page: Page, text: string) => page.locator('.vv-toast').filter({ hasText: text });
const ours = (page: Page) => page.locator('.vv-md-editor');
const oursBox = (page: Page) => ours(page).locator('textarea[data-markdown-editor]');
const preview = (page: Page) => ours(page).locator('.vv-md-preview');

/** The host app's v-model of a textarea (tests/host/replica-runtime.ts: updated by input events only). */
const model = (page: Page) =>
  hostBox(page).evaluate((t: HTMLTextAreaElement) =>
    (window as unknown as { __host: { editorModel(t: HTMLTextAreaElement): string } }).__host.editorModel(t),
  );
const selected = (page: Page, box = hostBox(page)) =>
  box.evaluate((t: HTMLTextAreaElement) => t.value.slice(t.selectionStart, t.selectionEnd));
const select = (page: Page, start: number, end: number, box = hostBox(page)) =>
  box.evaluate((t: HTMLTextAreaElement, [s, e]) => t.setSelectionRange(s!, e!), [start, end]);

async function ready(page: Page) {
  await scriptStarted(page);
}

async function openPage(page: Page, filter: string, command: string) {
  await page.keyboard.press('Control+Space');
  await expect(palette(page)).toBeVisible();
  await page.getByPlaceholder('Filter VoidVerified QuickStart').fill(filter);
  // Before typing, this page's commands sit in a lifted group; wait for the filtered list, so the
  // click does not land on an item that is being replaced.
  await expect(page.locator('[cmdk-group-heading]', { hasText: /^On this page$/i })).toHaveCount(0);
  await clickPaletteRow(page, page.locator(`[cmdk-item][data-command="${command}"]`).first());
}

async function writeStatus(page: Page) {
  await openPage(page, 'Write a status', 'markdown.write-status');
  await expect(oursBox(page)).toBeFocused();
}

test.describe('hotkeys in the host editor', () => {
  test('wrap the selection through the host model, and ctrl+z undoes', async ({ page, host }) => {
    await host.goto('/home', { seed: HOTKEYS_ON });
    await ready(page);
    await hostBox(page).click();
    await page.keyboard.type('hello world');
    await select(page, 6, 11);
    await page.keyboard.press('Control+KeyB');
    await expect(hostBox(page)).toHaveValue('hello __world__');
    expect(await model(page)).toBe('hello __world__');
    expect(await selected(page)).toBe('world');
    // Pressed again: off.
    await page.keyboard.press('Control+KeyB');
    await expect(hostBox(page)).toHaveValue('hello world');
    await page.keyboard.press('Control+KeyB');
    await expect(hostBox(page)).toHaveValue('hello __world__');
    await page.keyboard.press('Control+KeyZ');
    await expect(hostBox(page)).toHaveValue('hello world');
    expect(await model(page)).toBe('hello world');
  });

  test('every kind: wraps, spoiler (alt+shift+s), headers up to 5, lists, link, videos, image width', async ({ page, host }) => {
    await host.goto('/home', { seed: settingsSeed({ markdownHotkeys: true, pasteImageWidth: 300 }) });
    await ready(page);
    const box = hostBox(page);
    await box.click();
    const run = async (text: string, start: number, end: number, key: string) => {
      await box.fill(text);
      await select(page, start, end);
      await page.keyboard.press(key);
    };
    await run('a b', 2, 3, 'Control+KeyI');
    await expect(box).toHaveValue('a _b_');
    await run('a b', 2, 3, 'Alt+Shift+Digit5');
    await expect(box).toHaveValue('a ~~b~~');
    await run('a b', 2, 3, 'Alt+Shift+KeyS');
    await expect(box).toHaveValue('a ~!b!~');
    await run('a b', 2, 3, 'Alt+Shift+KeyC');
    await expect(box).toHaveValue('a ~~~b~~~');
    await run('a b', 2, 3, 'Control+Shift+KeyC');
    await expect(box).toHaveValue('a `b`');
    await run('a b', 2, 3, 'Control+Shift+Alt+KeyC');
    await expect(box).toHaveValue('a <pre>b</pre>');
    await run('title', 5, 5, 'Alt+KeyH');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Alt+KeyH');
    await expect(box).toHaveValue('##### title');
    await run('one\ntwo', 0, 7, 'Alt+KeyB');
    await expect(box).toHaveValue('- one\n- two');
    await run('one\ntwo', 0, 7, 'Alt+KeyL');
    await expect(box).toHaveValue('1. one\n2. two');
    await run('one\ntwo', 0, 7, 'Alt+KeyQ');
    await expect(box).toHaveValue('> one\n> two');
    await run('see https://anilist.co', 4, 22, 'Control+KeyK');
    await expect(box).toHaveValue('see [](https://anilist.co)');
    await page.keyboard.type('AniList');
    await expect(box).toHaveValue('see [AniList](https://anilist.co)');
    await run('my page', 0, 7, 'Control+KeyK');
    await page.keyboard.type('/user/Viewer');
    await expect(box).toHaveValue('[my page](/user/Viewer)');
    await run('https://youtu.be/dQw4w9WgXcQ', 0, 28, 'Alt+KeyY');
    await expect(box).toHaveValue('youtube(https://youtu.be/dQw4w9WgXcQ)');
    await run('https://vimeo.com/1', 0, 19, 'Alt+KeyY');
    await expect(box).toHaveValue('https://vimeo.com/1');
    await run('https://v.example/a.webm', 0, 24, 'Alt+KeyW');
    await expect(box).toHaveValue('webm(https://v.example/a.webm)');
    await run('https://v.example/a.gif', 0, 23, 'Alt+KeyW');
    await expect(box).toHaveValue('https://v.example/a.gif');
    await run('https://i.example/a.png', 0, 23, 'Alt+KeyI');
    await expect(box).toHaveValue('img300(https://i.example/a.png)');
    expect(await model(page)).toBe('img300(https://i.example/a.png)');
  });

  test('do nothing while the option is off', async ({ page, host }) => {
    await host.goto('/home');
    await ready(page);
    await hostBox(page).click();
    await page.keyboard.type('plain');
    await select(page, 0, 5);
    await page.keyboard.press('Control+KeyB');
    await page.keyboard.press('Alt+KeyH');
    await expect(hostBox(page)).toHaveValue('plain');
  });

  test('a markdown key remapped in the shortcuts panel works, the old one does not, conflicts are refused', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: HOTKEYS_ON });
    await page.getByRole('tab', { name: 'shortcuts' }).click();
    const field = page.getByRole('textbox', { name: 'Hotkey for Bold' });
    await expect(field).toHaveValue('Ctrl+B');
    await expect(page.locator('tr[data-command="markdown.bold"]')).toContainText('Editors');
    await field.focus();
    await page.keyboard.press('Alt+KeyQ');
    await expect(page.getByRole('alert').filter({ hasText: 'Alt+Q is already used by Quote' })).toBeVisible();
    await expect(field).toHaveValue('Ctrl+B');
    await page.keyboard.press('Alt+Shift+KeyB');
    await expect(field).toHaveValue('Alt+Shift+B');

    await host.goto('/home', { seed: HOTKEYS_ON });
    await ready(page);
    await hostBox(page).click();
    await page.keyboard.type('x y');
    await select(page, 2, 3);
    await page.keyboard.press('Control+KeyB');
    await expect(hostBox(page)).toHaveValue('x y');
    await page.keyboard.press('Alt+Shift+KeyB');
    await expect(hostBox(page)).toHaveValue('x __y__');
  });
});

test.describe('our editor (Write a status…)', () => {
  test('focus shows toolbar, notice and actions; the preview follows the text and hides; Cancel clears', async ({ page, host }) => {
    await host.goto('/home', { seed: { ...AUTH, ...HOTKEYS_ON } });
    await ready(page);
    await writeStatus(page);
    await expect(ours(page).getByRole('toolbar', { name: 'Markdown' }).getByRole('button')).toHaveCount(15);
    const notice = ours(page).locator('.vv-md-notice');
    await expect(notice).toHaveText('Please read the site guidelines before posting');
    const guidelines = notice.getByRole('link', { name: 'site guidelines' });
    await expect(guidelines).toHaveAttribute('href', '/forum/thread/14');
    await expect(guidelines).toHaveAttribute('target', '_blank');
    expect(await guidelines.evaluate((a: HTMLAnchorElement) => a.href)).toBe('https://anilist.co/forum/thread/14');
    await expect(ours(page).getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(ours(page).getByRole('button', { name: 'Publish' })).toBeDisabled();
    await expect(preview(page)).toHaveCount(0);

    await page.keyboard.type('__bold__ ~!secret!~\n# Head\nimg220(https://i.example/a.png) @Viewer');
    await expect(preview(page).getByRole('heading', { name: 'Preview' })).toBeVisible();
    const view = preview(page).locator('.vv-markdown');
    await expect(view.locator('strong')).toHaveText('bold');
    await expect(view.locator('span.markdown-spoiler')).toContainText('secret');
    await expect(view.locator('h1')).toHaveText('Head');
    await expect(view.locator('img[width="220"]')).toHaveAttribute('src', 'https://i.example/a.png');
    await expect(view.getByRole('link', { name: '@Viewer' })).toHaveAttribute('href', '/user/Viewer');
    await expect(view.getByRole('link', { name: '@Viewer' })).toHaveAttribute('rel', 'noopener noreferrer');

    // Hotkeys and the toolbar act on our textarea too.
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.press('Backspace');
    await expect(preview(page)).toHaveCount(0);
    await page.keyboard.type('word');
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.press('Control+KeyB');
    await expect(oursBox(page)).toHaveValue('__word__');
    await ours(page).getByRole('button', { name: 'Header' }).click();
    await expect(oursBox(page)).toHaveValue('# __word__');
    await expect(view.locator('h1 strong')).toHaveText('word');
    await page.keyboard.press('Control+KeyZ');
    await expect(oursBox(page)).toHaveValue('__word__');

    await ours(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(oursBox(page)).toHaveValue('');
    await expect(ours(page).getByRole('toolbar')).toHaveCount(0);
    await expect(ours(page).locator('.vv-md-notice')).toHaveCount(0);
    await expect(preview(page)).toHaveCount(0);
    await oursBox(page).click();
    await expect(ours(page).getByRole('toolbar')).toBeVisible();
  });

  test('5,000 nested quotes typed in: the preview shows them 16 deep and the text stays (issue 25)', async ({ page, host }) => {
    // The renderer overflowed the stack on this: the editor, and what was typed, went with it.
    await host.goto('/home', { seed: AUTH });
    await host.scriptReady();
    await writeStatus(page);
    const text = `${'> '.repeat(5000)}deep`;
    await oursBox(page).fill(text);
    const view = preview(page).locator('.vv-markdown');
    await expect(view).toContainText('deep');
    await expect(view.locator('blockquote')).toHaveCount(16);
    await expect(oursBox(page)).toHaveValue(text);
    await expect(ours(page).getByRole('button', { name: 'Publish' })).toBeEnabled();
    // And typing on still previews.
    await oursBox(page).press('End');
    await page.keyboard.type(' more');
    await expect(view).toContainText('deep more');
  });

  test('Publish posts the status and opens it; a failure keeps the text', async ({ page, host, api }) => {
    await host.goto('/home', { seed: { ...AUTH, ...TOASTS } });
    await ready(page);
    await writeStatus(page);
    await page.keyboard.type('Hello from __VoidVerified__');
    // The preview appears above Publish a moment after typing: click once it shows what was typed.
    await expect(preview(page)).toContainText('Hello from VoidVerified');
    api.failNext(1, { status: 500 }, 'SaveTextActivity');
    await ours(page).getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Failed to publish status.')).toBeVisible();
    await expect(oursBox(page)).toHaveValue('Hello from __VoidVerified__');
    await expect(palette(page)).toBeVisible();

    await ours(page).getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, 'Status published.')).toBeVisible();
    await expect(palette(page)).toBeHidden();
    const posted = api.state.activities.find((a) => a.__typename === 'TextActivity' && a.text === 'Hello from __VoidVerified__');
    expect(posted).toBeDefined();
    await expect(page).toHaveURL(`https://anilist.co/activity/${posted!.id}`);
    expect(api.requests.filter((r) => r.operationName === 'SaveTextActivity').map((r) => r.status)).toEqual([500, 200]);
  });

  test('axe finds no serious or critical violation in the editor with its preview', async ({ page, host }) => {
    test.slow(); // axe walks the whole tree: seconds on a loaded 2-core machine
    await host.goto('/home', { seed: AUTH });
    await ready(page);
    await writeStatus(page);
    await page.keyboard.type('__bold__ ~!spoiler!~ [link](https://anilist.co)');
    await expect(preview(page).locator('strong')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('[data-void-ui="overlay"]').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('needs authorization', async ({ page, host }) => {
    await host.goto('/home', { seed: TOASTS });
    await ready(page);
    await openPage(page, 'Write a status', 'markdown.write-status');
    await expect(toast(page, '"Write a status…" needs authorization')).toBeVisible();
    await expect(ours(page)).toHaveCount(0);
  });
});

test('Exact preview shows what the API renders for the focused editor', async ({ page, host, api }) => {
  await host.goto('/home', { seed: AUTH });
  await ready(page);
  await hostBox(page).click();
  await page.keyboard.type('__exact__ <img src=x onerror="window.__exactXss=1">');
  await openPage(page, 'Exact preview', 'markdown.exact-preview');
  const region = page.getByRole('region', { name: 'Exact preview' });
  await expect(region.locator('.vv-markdown strong')).toHaveText('exact');
  expect(api.requests.find((r) => r.operationName === 'ExactPreview')?.variables).toEqual({
    markdown: '__exact__ <img src=x onerror="window.__exactXss=1">',
  });
  expect(await region.locator('.vv-markdown').evaluate(unsafeParts)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __exactXss?: number }).__exactXss)).toBeUndefined();
});

test.describe('XSS', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __xss(): void; __xssCalls: number };
      w.__xssCalls = 0;
      w.__xss = () => void w.__xssCalls++;
    });
    page.on('dialog', (dialog) => void dialog.dismiss());
  });

  test(`the sanitizer, in Chromium, leaves nothing unsafe of ${CLASSIC_VECTORS.length + MARKDOWN_VECTORS.length} vectors`, async ({
    page,
    host,
  }) => {
    expect(CLASSIC_VECTORS.length).toBeGreaterThanOrEqual(30);
    await host.goto('/home', { script: false });
    await page.addScriptTag({ content: sanitizerBundle() });
    const found = await page.evaluate(
      ([classic, markdown]) => {
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
        for (const v of classic) {
          attach(`raw ${v}`, md.sanitizeHtml(v));
          attach(`markdown ${v}`, md.sanitizeHtml(md.renderMarkdown(v)));
        }
        for (const v of markdown) attach(`markdown ${v}`, md.sanitizeHtml(md.renderMarkdown(v)));
        // The check is not vacuous: unsanitized output fails it.
        if (!unsafe(Object.assign(document.createElement('div'), { innerHTML: md.renderMarkdown('[x](javascript:__xss())') })).length)
          out.push('the checker found nothing in unsanitized output');
        return out;
      },
      [CLASSIC_VECTORS, MARKDOWN_VECTORS] as const,
    );
    expect(found).toEqual([]);
    await page.waitForTimeout(500); // errors of broken images and media fire by now
    expect(await page.evaluate(() => (window as unknown as { __xssCalls: number }).__xssCalls)).toBe(0);
    // The detector is live: an unsanitized vector does run.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="__xss()">'));
    await expect.poll(() => page.evaluate(() => (window as unknown as { __xssCalls: number }).__xssCalls)).toBe(1);
  });

  test('typed into our editor, no vector runs in the preview', async ({ page, host }) => {
    test.setTimeout(90_000);
    await host.goto('/home', { seed: AUTH });
    await ready(page);
    await writeStatus(page);
    const view = preview(page).locator('.vv-markdown');
    const vectors = [...MARKDOWN_VECTORS, ...CLASSIC_VECTORS];
    for (const [i, vector] of vectors.entries()) {
      // A marker before each vector tells when the preview shows it (some vectors swallow what follows them).
      await oursBox(page).fill(`vector-${i}\n\n${vector}`);
      await expect(view).toContainText(`vector-${i}`);
      expect(await view.evaluate(unsafeParts), vector).toEqual([]);
    }
    // Everything at once, too.
    await oursBox(page).fill([...CLASSIC_VECTORS, ...MARKDOWN_VECTORS].join('\n\n'));
    await page.waitForTimeout(500);
    expect(await view.evaluate(unsafeParts)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xssCalls: number }).__xssCalls)).toBe(0);
  });
});

test.describe('our toolbar on the host editor', () => {
  test('with the option on, its buttons edit the host textarea so the host model sees it', async ({ page, host }) => {
    await host.goto('/home', { seed: settingsSeed({ markdownToolbarEnabled: true }) });
    const bar = page.locator('.activity-feed-wrap > .activity-edit').getByRole('toolbar', { name: 'Markdown' });
    await expect(bar).toBeVisible();
    await hostBox(page).fill('hello');
    await select(page, 0, 5);
    await bar.getByRole('button', { name: /bold/i }).click();
    await expect(hostBox(page)).toHaveValue('__hello__');
    expect(await model(page)).toBe('__hello__');
  });

  test('off by default: no toolbar on host editors', async ({ page, host }) => {
    await host.goto('/home');
    await ready(page);
    await expect(page.locator('.activity-edit .input')).toBeVisible();
    await expect(page.locator('.activity-edit').getByRole('toolbar', { name: 'Markdown' })).toHaveCount(0);
  });
});
