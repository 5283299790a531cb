import type { Page } from '@playwright/test';
import { expect, scriptStarted, test } from './fixtures';

/** The image-link preview's overlay (2.0.3's C22), on the replica's home feed, behind imagePreviewEnabled. */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const ON = { 'void-verified-settings': seedValue({ imagePreviewEnabled: true }) };
/** A tall image (600 × 3000) on a host of its own. */
const TALL = 'https://i.example.com/chart.PNG?size=large';
const TALL_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="3000"><rect width="600" height="3000" fill="teal"/></svg>';

test.use({ viewport: { width: 1400, height: 1000 } });

const overlay = (page: Page) => page.locator('.vv-image-preview');
const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;

/** Listeners anywhere in the document (shadow roots too) that make the browser hold a scroll until the main thread answers. */
async function scrollBlockingListeners(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'document' });
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  const shadows: number[] = [];
  const walk = (node: typeof root): void => {
    shadows.push(...(node.shadowRoots ?? []).map((shadow) => shadow.backendNodeId));
    for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) walk(child);
  };
  walk(root);
  const targets: [string, string][] = [['document', result.objectId!]];
  for (const id of shadows) targets.push([`shadow:${id}`, (await cdp.send('DOM.resolveNode', { backendNodeId: id })).object.objectId!]);
  const found: string[] = [];
  for (const [name, objectId] of targets) {
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId });
    for (const l of listeners)
      if (['wheel', 'mousewheel', 'touchstart', 'touchmove'].includes(l.type) && !l.passive) found.push(`${name} ${l.type}`);
  }
  await cdp.detach();
  return found;
}

/** The home feed with image links in its `nth` activity's text: one to a tall image, one wrapping an image, one to a page. */
async function open(page: Page, host: { goto(path: string, opts?: object): Promise<unknown> }, seed: Record<string, string>, nth = 2) {
  await page.route('https://i.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: TALL_SVG }));
  await host.goto('/home', { seed });
  await scriptStarted(page);
  await page
    .locator('.activity-entry .markdown')
    .nth(nth)
    .evaluate((md, tall) => {
      md.insertAdjacentHTML(
        'beforeend',
        `<p><a id="img-link" href="${tall}" target="_blank">a chart</a> ` +
          '<a id="img-inner" href="https://s4.anilist.co/file/inner.png"><img src="https://s4.anilist.co/file/inner.png" width="20" height="20"></a> ' +
          '<a id="page-link" href="https://anilist.co/anime/1/">a page</a></p>',
      );
    }, TALL);
}

test.describe('image preview', () => {
  test(
    'opens large under the link, can be hovered and scrolled, and goes 300 ms after the pointer leaves both',
    { tag: '@worlds' },
    async ({ page, host }) => {
      await open(page, host, ON);
      await page.locator('#img-link').evaluate((a) => a.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -100));
      const link = await box(page, '#img-link');
      await page.mouse.move(link.x + 5, link.y + link.height / 2);
      await expect(overlay(page)).toBeVisible();
      await expect(overlay(page)).toHaveAttribute('data-side', 'below');
      await expect(overlay(page).locator('img')).toHaveAttribute('src', TALL);
      await expect(page.locator('[data-void-ui="image-preview"]')).toHaveCount(1); // its own shadow root host
      const at = await overlay(page).boundingBox();
      expect(at!.y).toBeCloseTo(link.y + link.height + 10, 0);
      expect(at!.x).toBeCloseTo(link.x - 30, 0);
      expect(at!.width).toBeCloseTo(600, 0);
      // As tall as the room below leaves (30 px kept), the image scrolling inside.
      expect(at!.y + at!.height).toBeCloseTo(1000 - 30, 0);
      const scroll = () => overlay(page).evaluate((el) => ({ top: el.scrollTop, fits: el.scrollHeight <= el.clientHeight }));
      expect((await scroll()).fits).toBe(false);

      // Onto the overlay (leaving the link): it stays, and the wheel scrolls it, not the page. One
      // step across the 10 px between them: steps there could take more than the 300 ms a pointer
      // outside both may, on a loaded machine.
      await page.mouse.move(at!.x + 100, at!.y + 20);
      await page.mouse.move(at!.x + 100, at!.y + 200, { steps: 4 });
      await page.waitForTimeout(500);
      await expect(overlay(page)).toBeVisible();
      // Nothing holds the wheel for the main thread (our roots guard passively), then the wheel scrolls the overlay alone.
      expect(await scrollBlockingListeners(page)).toEqual([]);
      const pageScroll = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 400);
      const scrolled = async () => ({ overlay: (await scroll()).top > 0, page: await page.evaluate(() => window.scrollY) });
      await expect
        .poll(scrolled, { message: 'the wheel over the overlay scrolls it, and not the page' })
        .toEqual({ overlay: true, page: pageScroll });

      // Away from both: gone after 300 ms.
      await page.mouse.move(1390, 5);
      await expect(overlay(page)).toHaveCount(0);
    },
  );

  test("near the window's bottom it opens above the link, with room to show the image", async ({ page, host }) => {
    await open(page, host, ON);
    await page.locator('#img-link').evaluate((a) => a.scrollIntoView({ block: 'end' }));
    await page.evaluate(() => window.scrollBy(0, 40));
    const link = await box(page, '#img-link');
    expect(link.y).toBeGreaterThan(800);
    await page.mouse.move(link.x + 5, link.y + link.height / 2);
    await expect(overlay(page)).toHaveAttribute('data-side', 'above');
    const at = (await overlay(page).boundingBox())!;
    expect(at.y + at.height).toBeCloseTo(link.y - 10, 0);
    expect(at.height).toBeGreaterThan(600);
    expect(at.y).toBeGreaterThanOrEqual(29);
  });

  test('a click on the link hides it; keyboard focus opens it and Escape closes it', { tag: '@worlds' }, async ({ page, host }) => {
    await open(page, host, ON);
    await page.locator('#img-link').evaluate((a) => a.scrollIntoView({ block: 'center' }));
    // A click follows the link in a new tab: keep the test's tab, and only see the overlay go.
    await page.locator('#img-link').evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await page.locator('#img-link').hover();
    await expect(overlay(page)).toBeVisible();
    await page.locator('#img-link').click();
    await expect(overlay(page)).toHaveCount(0);

    // The keyboard: Shift+Tab from the next link back onto it.
    await page.mouse.move(1390, 5);
    await page.locator('#img-inner').focus();
    await page.keyboard.press('Shift+Tab');
    await expect(page.locator('#img-link')).toBeFocused();
    await expect(overlay(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
  });

  test('a link wrapping an image and a link to a page show nothing', async ({ page, host }) => {
    await open(page, host, ON);
    await page.locator('#img-inner').scrollIntoViewIfNeeded();
    await page.locator('#img-inner').hover();
    await page.locator('#page-link').hover();
    await page.waitForTimeout(400);
    await expect(overlay(page)).toHaveCount(0);
  });

  test('off: no preview', async ({ page, host }) => {
    await open(page, host, {});
    await page.locator('#img-link').scrollIntoViewIfNeeded();
    await page.locator('#img-link').hover();
    await page.waitForTimeout(400);
    await expect(overlay(page)).toHaveCount(0);
    await expect(page.locator('[data-void-ui="image-preview"]')).toHaveCount(0);
  });
});
