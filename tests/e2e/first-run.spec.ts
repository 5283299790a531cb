import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A calm first run (issue 14): one layer at a time, and the palette always on top of them. */

const palette = (page: Page) => page.getByRole('dialog', { name: 'VoidVerified QuickStart' });
const input = (page: Page) => page.getByPlaceholder('Filter VoidVerified QuickStart');

/** Whether what the user sees at the centre of `target` is `target` itself (through shadow roots), not a backdrop above it. */
async function onTop(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    let hit: Element | null = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit === el || el.contains(hit);
  });
}

/** Marks the element that has focus now (through shadow roots), so a test can ask later whether it has it again. */
async function markFocused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    active?.setAttribute('data-test-focused-before', '');
    return active ? `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent ?? ''}`.trim() : '';
  });
}

test.describe('first run', { tag: '@worlds' }, () => {
  test('the palette opens above the changelog, takes the keyboard, and gives focus back when closed', async ({ page, host }) => {
    await host.goto('/home', { changelog: true });
    const changelog = page.getByRole('dialog', { name: 'VoidVerified Changelog' });
    await expect(changelog).toBeVisible();
    expect(await markFocused(page)).not.toBe('');

    await page.keyboard.press('Control+Space');
    await expect(palette(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    expect(await onTop(input(page))).toBe(true);
    await page.keyboard.type('notif');
    await expect(input(page)).toHaveValue('notif');
    await expect(page.locator('[cmdk-item][data-command="links.notifications"]')).toBeVisible();

    // Escape closes the top-most layer only: the changelog stays, with focus where it was.
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(changelog).toBeVisible();
    await expect(page.locator('[data-test-focused-before]')).toBeFocused();
    expect(await onTop(changelog.getByRole('button', { name: 'Close' }))).toBe(true);
    await changelog.getByRole('button', { name: 'Close' }).click();
    await expect(changelog).toBeHidden();
  });

  test('the palette opens above the adoption question; the question waits, answered after', async ({ page, host }) => {
    await page.addInitScript(() => {
      if (localStorage.getItem('void-verified-settings') !== null) return;
      localStorage.setItem('void-verified-settings', JSON.stringify({ highlightEnabled: { value: false } }));
    });
    await host.goto('/home');
    const question = page.getByRole('alertdialog').filter({ hasText: 'Found a configuration from the original VoidVerified' });
    await expect(question).toBeVisible();
    await markFocused(page);

    await page.keyboard.press('Control+Space');
    await expect(palette(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    expect(await onTop(input(page))).toBe(true);
    await page.keyboard.type('home');
    await expect(input(page)).toHaveValue('home');

    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(question).toBeVisible();
    await expect(page.locator('[data-test-focused-before]')).toBeFocused();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
  });

  test('a confirm asked from a palette page is above the palette', async ({ page, host }) => {
    await host.goto('/home', { seed: { 'void-verified-hotkeys': JSON.stringify({ v: 1, data: { 'quickstart.open': 'alt+j' } }) } });
    await page.keyboard.press('Alt+KeyJ');
    await expect(palette(page)).toBeVisible();
    await input(page).fill('Shortcuts');
    await page.locator('[cmdk-item][data-command="shortcuts.open"]').click();
    await page.getByRole('button', { name: 'Reset mappings' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Warning' });
    await expect(confirm).toBeVisible();
    expect(await onTop(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(palette(page)).toBeVisible();
  });
});
