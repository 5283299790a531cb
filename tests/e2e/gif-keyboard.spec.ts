import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, scriptStarted, test } from './fixtures';
import { slideTo } from './real-input';

/** The GIF keyboard under host editors, the like buttons on activity images, and its palette page. */

const FILE = 'https://s4.anilist.co/file/gifkb';
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': JSON.stringify({ v: 1, data: values }) });
const gifSeed = (data: { gifs?: string[]; images?: string[]; gifSize?: number }) => ({
  'void-verified-gif-keyboard': JSON.stringify({ v: 1, data }),
});
/** Keyboard on, and every toast level shown (success toasts are below the default level). */
const ON = {
  ...settingsSeed({ gifKeyboardEnabled: true }),
  'void-verified-toaster-config': JSON.stringify({ v: 1, data: { toastLevel: 0, duration: 10, location: 'bottom-left' } }),
};

const composer = (page: Page) => page.locator('.activity-feed-wrap > .activity-edit');
const textarea = (page: Page) => composer(page).locator('textarea.el-textarea__inner');
const keyboard = (page: Page) => composer(page).getByRole('region', { name: 'GIF keyboard' });
const toggle = (page: Page) => composer(page).getByRole('button', { name: 'GIF Keyboard' });
/** The button sits in the composer's toolbar, which the host shows once the composer is focused. */
async function openKeyboard(page: Page) {
  await textarea(page).focus();
  await toggle(page).click();
}
const toast = (page: Page, text: string) => page.locator('.vv-toast').filter({ hasText: text });
const stored = (page: Page) =>
  page.evaluate(() => {
    const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue('void-verified-gif-keyboard');
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: { gifs: string[]; images: string[]; gifSize: number } }).data;
  });
/** What the host's v-model would hold: the textarea's value as of its last input event. */
const watchModel = (page: Page) =>
  textarea(page).evaluate((t: HTMLTextAreaElement) => {
    (window as unknown as { __model: string }).__model = t.value;
    t.addEventListener('input', () => ((window as unknown as { __model: string }).__model = t.value));
  });
const model = (page: Page) => page.evaluate(() => (window as unknown as { __model: string }).__model);

test('off by default: no keyboard, no like button, no palette command', async ({ page, host }) => {
  await host.goto('/home');
  await expect(composer(page)).toBeVisible();
  await scriptStarted(page);
  await expect(page.locator('[data-void-ui^="gif-"]')).toHaveCount(0);
  await page.keyboard.press('Control+Space');
  await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('GIF keyboard');
  await expect(page.locator('[cmdk-item][data-command="settings.option.gifKeyboardEnabled"]')).toBeVisible();
  await expect(page.locator('[cmdk-item][data-command="gif-keyboard.open"]')).toHaveCount(0);
});

test('add GIFs and images, reject a bad URL, switch tabs, insert at the caret, remove', async ({ page, host }) => {
  await host.goto('/home', { seed: ON });
  await expect(toggle(page)).toBeHidden(); // the host's toolbar is hidden until the composer is focused
  await textarea(page).focus();
  await expect(toggle(page)).toBeVisible();
  // It sits in the host's toolbar and the keyboard starts hidden.
  await expect(composer(page).locator('.markdown-editor [data-void-ui="gif-keyboard-button"]')).toHaveCount(1);
  await expect(keyboard(page)).toHaveCount(0);
  await openKeyboard(page);
  await expect(keyboard(page)).toBeVisible();
  await expect(keyboard(page)).toContainText("It's pronounced GIF.");

  const add = keyboard(page).getByRole('textbox', { name: 'Add media' });
  await add.fill('https://example.com/page.html');
  await add.press('Enter');
  await expect(toast(page, 'Url was not recognized as image or GIF.')).toBeVisible();
  // The GIFS tab takes only GIFs.
  await add.fill(`${FILE}/meme.png`);
  await keyboard(page).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Url was not recognized as image or GIF.')).toHaveCount(2);
  await add.fill(`${FILE}/dance.gif`);
  await add.press('Enter');
  await expect(toast(page, 'Added media to GIFS')).toBeVisible();
  await expect(add).toHaveValue('');
  await expect(keyboard(page).getByRole('button', { name: `Insert ${FILE}/dance.gif` })).toBeVisible();

  await keyboard(page).getByRole('tab', { name: 'Images' }).click();
  await expect(keyboard(page)).toContainText('You have no funny memes :c');
  await add.fill(`${FILE}/dance.gif`);
  await add.press('Enter');
  await expect(toast(page, 'Url was not recognized as image or GIF.')).toHaveCount(3);
  await add.fill(`${FILE}/Meme.PNG?x=1`);
  await add.press('Enter');
  await expect(toast(page, 'Added media to Images')).toBeVisible();
  await expect(keyboard(page).getByRole('button', { name: /^Insert / })).toHaveCount(1);
  await expect(keyboard(page).getByRole('button', { name: `Insert ${FILE}/Meme.PNG?x=1` })).toBeVisible();
  expect(await stored(page)).toEqual({ gifs: [`${FILE}/dance.gif`], images: [`${FILE}/Meme.PNG?x=1`], gifSize: 260 });

  // Insert at the caret (between "Hi " and "!"): the host's model hears about it.
  await watchModel(page);
  await textarea(page).fill('Hi !');
  await textarea(page).evaluate((t: HTMLTextAreaElement) => t.setSelectionRange(3, 3));
  await keyboard(page).getByRole('tab', { name: 'GIFS' }).click();
  await keyboard(page)
    .getByRole('button', { name: `Insert ${FILE}/dance.gif` })
    .click();
  const expected = `Hi img260(${FILE}/dance.gif)!`;
  await expect(textarea(page)).toHaveValue(expected);
  expect(await model(page)).toBe(expected);
  // Undo takes it back (it went through the browser's editing).
  await textarea(page).press('Control+z');
  await expect(textarea(page)).toHaveValue('Hi !');

  await keyboard(page).getByRole('tab', { name: 'Images' }).click();
  await keyboard(page)
    .getByRole('button', { name: `Remove ${FILE}/Meme.PNG?x=1` })
    .click();
  await expect(keyboard(page)).toContainText('You have no funny memes :c');
  expect((await stored(page))?.images).toEqual([]);

  // The toggle closes it again.
  await openKeyboard(page);
  await expect(keyboard(page)).toHaveCount(0);
});

test('30 a page in 3 columns, with the shared pagination', async ({ page, host }) => {
  const gifs = Array.from({ length: 35 }, (_, i) => `${FILE}/${i + 1}.gif`);
  await host.goto('/home', { seed: { ...ON, ...gifSeed({ gifs, images: [], gifSize: 260 }) } });
  await openKeyboard(page);
  const items = keyboard(page).locator('.vv-gif-item');
  await expect(items).toHaveCount(30);
  const columns = await keyboard(page)
    .locator('.vv-gif-grid')
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(3);
  const pages = keyboard(page).getByRole('navigation', { name: 'GIFS pages' });
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(items).toHaveCount(5);
  await expect(keyboard(page).getByRole('button', { name: `Insert ${FILE}/31.gif` })).toBeVisible();
  await expect(keyboard(page).getByRole('button', { name: `Insert ${FILE}/1.gif` })).toHaveCount(0);
  // Adding goes to the page the new media is on.
  await pages.getByRole('button', { name: 'Page 1' }).click();
  await keyboard(page).getByRole('textbox', { name: 'Add media' }).fill(`${FILE}/36.gif`);
  await keyboard(page).getByRole('textbox', { name: 'Add media' }).press('Enter');
  await expect(items).toHaveCount(6);
  await expect(keyboard(page).getByRole('button', { name: `Insert ${FILE}/36.gif` })).toBeVisible();
});

test('the size slider persists and sets the inserted width', async ({ page, host }) => {
  await host.goto('/home', { seed: { ...ON, ...gifSeed({ gifs: [`${FILE}/a.gif`] }) } });
  await openKeyboard(page);
  const slider = keyboard(page).getByRole('slider', { name: 'GIF size' });
  await expect(slider).toHaveValue('260');
  await expect(slider).toHaveAttribute('max', '600');
  await expect(slider).toHaveAttribute('step', '10');
  await slideTo(slider, 400);
  await expect(keyboard(page).locator('output')).toHaveText('400');
  await page.reload();
  await openKeyboard(page);
  await expect(keyboard(page).getByRole('slider', { name: 'GIF size' })).toHaveValue('400');
  expect((await stored(page))?.gifSize).toBe(400);
  await textarea(page).click();
  await keyboard(page)
    .getByRole('button', { name: `Insert ${FILE}/a.gif` })
    .click();
  await expect(textarea(page)).toHaveValue(`img400(${FILE}/a.gif)`);
});

test('like buttons save activity images to the keyboard, only while the options are on', async ({ page, host, api }) => {
  // Give every text activity an image; GIFs for even ids, PNGs for odd ones.
  for (const a of api.state.activities)
    if (a.__typename === 'TextActivity') a.text = `Look img220(${FILE}/like-${a.id}.${a.id % 2 ? 'png' : 'gif'})`;
  await host.goto('/home', { seed: ON });
  const images = page.locator('.activity-markdown img');
  await expect(images.first()).toBeVisible();
  const like = page.getByRole('button', { name: 'Add to GIF keyboard' });
  await expect(like).toHaveCount(0);

  const first = images.first();
  const src = (await first.getAttribute('src'))!;
  const kind = src.endsWith('.gif') ? 'gifs' : 'images';
  await first.hover();
  await expect(like).toBeVisible();
  // It sits over the image's top-right corner.
  const [box, imgBox] = [await like.boundingBox(), await first.boundingBox()];
  expect(box!.x + box!.width).toBeLessThanOrEqual(imgBox!.x + imgBox!.width);
  expect(box!.y).toBeGreaterThanOrEqual(imgBox!.y);
  await like.click();
  await expect(toast(page, `Added media to ${kind === 'gifs' ? 'GIFS' : 'Images'}`)).toBeVisible();
  expect((await stored(page))?.[kind]).toEqual([src]);
  await expect(page.getByRole('button', { name: 'Remove from GIF keyboard' })).toHaveAttribute('aria-pressed', 'true');
  // Leaving the image hides it.
  await page.locator('.activity-feed-wrap .section-header h2').hover();
  await expect(page.getByRole('button', { name: /GIF keyboard$/ })).toHaveCount(0);

  // It shows in the keyboard.
  await openKeyboard(page);
  if (kind === 'images') await keyboard(page).getByRole('tab', { name: 'Images' }).click();
  await expect(keyboard(page).getByRole('button', { name: `Insert ${src}` })).toBeVisible();

  // The like buttons option off: no button.
  await page.keyboard.press('Control+Space');
  await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('GIF like buttons');
  await clickPaletteRow(page, 'settings.option.gifKeyboardLikeButtonsEnabled');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-void-ui="gif-like"]')).toHaveCount(0);
  await images.nth(1).hover();
  await expect(page.getByRole('button', { name: /GIF keyboard$/ })).toHaveCount(0);
});

test(
  'by keyboard: focus on an image link shows its like button, and the palette saves it',
  { tag: '@worlds' },
  async ({ page, host, api }) => {
    for (const a of api.state.activities)
      if (a.__typename === 'TextActivity') a.text = `Look [img220(${FILE}/kb-${a.id}.gif)](${FILE}/kb-${a.id}.gif)`;
    await host.goto('/home', { seed: ON });
    await page.locator('.activity-markdown a:has(img)').first().focus();
    await expect(page.getByRole('button', { name: 'Add to GIF keyboard' })).toBeVisible();
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Save to GIF keyboard');
    await expect(page.locator('[cmdk-item][data-command="gif-keyboard.save"]')).toBeVisible();
    await expect(page.locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Added media to GIFS')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from GIF keyboard' })).toHaveAttribute('aria-pressed', 'true');
  },
);

test('the palette page filters saved media and inserts into the editor that had focus', async ({ page, host }) => {
  await host.goto('/home', {
    seed: { ...ON, ...gifSeed({ gifs: [`${FILE}/cat.gif`, `${FILE}/dog.gif`], images: [`${FILE}/cat.png`], gifSize: 300 }) },
  });
  await watchModel(page);
  await textarea(page).click();
  await textarea(page).pressSequentially('Look: ');
  await page.keyboard.press('Control+Space');
  const input = page.getByPlaceholder('Filter VoidVerified QuickStart');
  await input.fill('GIF keyboard');
  await clickPaletteRow(page, 'gif-keyboard.open');
  const filter = page.getByPlaceholder('Filter saved media by URL');
  await expect(page.locator('[cmdk-item]')).toHaveCount(3);
  await filter.fill('CAT');
  await expect(page.locator('[cmdk-item]')).toHaveCount(2);
  await expect(page.locator('[cmdk-group-heading]')).toHaveText(['GIFS', 'Images']);
  await filter.fill('dog');
  await expect(page.locator('[cmdk-item]')).toHaveCount(1);
  await expect(page.locator('[cmdk-item]')).toContainText('Insert');
  await filter.press('Enter');
  await expect(filter).toHaveCount(0);
  const expected = `Look: img300(${FILE}/dog.gif)`;
  await expect(textarea(page)).toHaveValue(expected);
  expect(await model(page)).toBe(expected);
});

test('without a focused editor the palette page copies the markup', async ({ page, host, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://anilist.co' });
  await host.goto('/home', { seed: { ...ON, ...gifSeed({ images: [`${FILE}/cat.png`] }) } });
  await page.keyboard.press('Control+Space');
  await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('GIF keyboard');
  await clickPaletteRow(page, 'gif-keyboard.open');
  await expect(page.getByPlaceholder('Filter saved media by URL')).toBeVisible();
  await expect(page.locator('[cmdk-item]')).toContainText('Copy');
  await clickPaletteRow(page, page.locator('[cmdk-item]'));
  await expect(toast(page, `Copied img260(${FILE}/cat.png) to the clipboard.`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`img260(${FILE}/cat.png)`);
  await expect(textarea(page)).toHaveValue('');
});

test.describe('a key bound to the GIF keyboard is usable (issue 31)', { tag: '@worlds' }, () => {
  const BOUND = { 'void-verified-hotkeys': JSON.stringify({ v: 1, data: { 'gif-keyboard.open': 'ctrl+alt+g' } }) };

  test('it fires inside the composer, where the pick is inserted; after a click beside it, the pick still goes there', async ({
    page,
    host,
  }) => {
    await host.goto('/home', { seed: { ...ON, ...BOUND, ...gifSeed({ gifs: [`${FILE}/cat.gif`], gifSize: 300 }) } });
    await scriptStarted(page);
    await textarea(page).click();
    await page.keyboard.type('Look: ');
    await page.keyboard.press('Control+Alt+KeyG');
    const filter = page.getByPlaceholder('Filter saved media by URL');
    await expect(filter).toBeFocused();
    await expect(page.locator('[cmdk-item]')).toContainText('Insert');
    await filter.press('Enter');
    await expect(filter).toHaveCount(0);
    await expect(textarea(page)).toHaveValue(`Look: img300(${FILE}/cat.gif)`);
    // Plain typing is never taken: only the key with its modifiers opens the page.
    await page.keyboard.type(' g');
    await expect(textarea(page)).toHaveValue(`Look: img300(${FILE}/cat.gif) g`);
    // Focus leaves the editor (a click beside it): the key still opens the page, and the pick lands in the editor used last.
    await page.locator('.activity-feed-wrap').click({ position: { x: 2, y: 2 } });
    await expect(textarea(page)).not.toBeFocused();
    await page.keyboard.press('Control+Alt+KeyG');
    await expect(filter).toBeFocused();
    await expect(page.locator('[cmdk-item]')).toContainText('Insert');
    await filter.press('Enter');
    await expect(textarea(page)).toHaveValue(`Look: img300(${FILE}/cat.gif) gimg300(${FILE}/cat.gif)`);
  });
});
