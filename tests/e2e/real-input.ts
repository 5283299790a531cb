import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A person's input, for the end-to-end tests. The userscript acts only on events the browser made
 * (`isTrusted`), as a person's keyboard, mouse, clipboard and drag make them: a page script can
 * dispatch any event, and we must not follow it. Playwright's keyboard, mouse, `click`, `press`,
 * `check`, and `fill` of a text field are real input; its `selectOption`, `fill` of a date or range
 * input, `setInputFiles` with a buffer and `dispatchEvent` dispatch untrusted events. These helpers
 * do those things the way a person does.
 */

/**
 * Picks an option of a `<select>` as a person does: a click opens its list, the arrow keys move
 * to the option (the keys go to the open list, not to the page), Enter takes it.
 */
export async function choose(select: Locator, option: string | { label: string }): Promise<void> {
  const { from, to, value } = await select.evaluate((el, want) => {
    const options = [...(el as HTMLSelectElement).options];
    const index = options.findIndex((o) => (typeof want === 'string' ? o.value === want : o.label === want.label));
    return { from: (el as HTMLSelectElement).selectedIndex, to: index, value: options[index]?.value ?? null };
  }, option);
  if (to < 0 || value === null) throw new Error(`choose: no option ${JSON.stringify(option)}`);
  const keyboard = select.page().keyboard;
  await select.click();
  for (let i = from; i !== to; i += to > from ? 1 : -1) await keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
  await keyboard.press('Enter');
  await expect(select).toHaveValue(value);
}

/**
 * Types a date ('yyyy-mm-dd') into a date input, in the order of its parts in the browser's
 * locale; '' clears it (an incomplete date has no value).
 */
export async function typeDate(input: Locator, iso: string): Promise<void> {
  await input.focus();
  if (iso === '') {
    await input.press('Backspace');
  } else {
    const [year, month, day] = iso.split('-') as [string, string, string];
    const order = await input.evaluate(() =>
      new Intl.DateTimeFormat(navigator.language, { year: 'numeric', month: '2-digit', day: '2-digit' })
        .formatToParts(new Date(2000, 10, 22))
        .map((p) => p.type)
        .filter((t) => t === 'year' || t === 'month' || t === 'day'),
    );
    for (const part of order) await input.pressSequentially(part === 'year' ? year : part === 'month' ? month : day);
  }
  await expect(input).toHaveValue(iso);
}

/** Moves a range input to `value` with the arrow keys. */
export async function slideTo(range: Locator, value: number): Promise<void> {
  const { now, step } = await range.evaluate((el) => ({
    now: Number((el as HTMLInputElement).value),
    step: Number((el as HTMLInputElement).step) || 1,
  }));
  await range.focus();
  for (let v = now; v !== value; v += value > now ? step : -step) await range.press(value > now ? 'ArrowRight' : 'ArrowLeft');
  await expect(range).toHaveValue(String(value));
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function toClipboard(page: Page, item: { png: string } | { text: string }): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.bringToFront();
  await page.evaluate(async (content) => {
    if ('text' in content) return navigator.clipboard.writeText(content.text);
    const bytes = Uint8Array.from(atob(content.png), (c) => c.charCodeAt(0));
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': new Blob([bytes], { type: 'image/png' }) })]);
  }, item);
}

/**
 * Pastes an image into `target` as a person does: the image on the clipboard, then Ctrl+V. The
 * browser hands the page a PNG named 'image.png' (of its own encoding, not these bytes).
 */
export async function pasteImage(target: Locator, png: Buffer = PNG): Promise<void> {
  await toClipboard(target.page(), { png: png.toString('base64') });
  await target.focus();
  await target.press('Control+V');
}

/** Pastes text into `target` as a person does: on the clipboard, then Ctrl+V. */
export async function pasteText(target: Locator, text: string): Promise<void> {
  await toClipboard(target.page(), { text });
  await target.focus();
  await target.press('Control+V');
}

/**
 * Writes files into a fresh folder in the test's output folder (Playwright empties those at each
 * run); returns their paths (a file's name is its last part).
 */
export function filesOnDisk(files: { name: string; content: string | Buffer }[]): string[] {
  const output = test.info().outputPath();
  mkdirSync(output, { recursive: true });
  const dir = mkdtempSync(join(output, 'files-'));
  return files.map((f) => {
    const path = join(dir, f.name);
    writeFileSync(path, f.content);
    return path;
  });
}

/**
 * Drops files on `target` as a person drags them from the file manager, through the DevTools
 * protocol's drag input (trusted drag events whose data carries the files, types by extension).
 */
export async function dropFiles(target: Locator, files: { name: string; content: string | Buffer }[]): Promise<void> {
  const page = target.page();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('dropFiles: the target is not visible');
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const data = { items: [], files: filesOnDisk(files), dragOperationsMask: 1 };
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
  } finally {
    await cdp.detach();
  }
}

/**
 * Chooses a file in a file input as a person does in the file chooser: from disk (Playwright's
 * buffer form sets the files with an untrusted change event). The browser gives the file its type
 * by its extension, as for a chosen file.
 */
export async function chooseFile(input: Locator, file: { name: string; buffer: Buffer }): Promise<void> {
  await input.setInputFiles(filesOnDisk([{ name: file.name, content: file.buffer }]));
}
