import type { Page } from '@playwright/test';
import type { MockApi } from '../host/mock-api';
import { clickPaletteRow, expect, OAUTH_TOKEN, test } from './fixtures';
import { stored } from './stored';

/** In Progress on /home (document 3, C19), its categories manager, and its palette commands and page. */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const SEED = {
  'void-verified-settings': seedValue({ replaceInProgressEnabled: true }),
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 100 * 86_400_000 }),
  'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
};
const FRIEREN = 154587;
const section = (page: Page) => page.locator('[data-void-ui="in-progress"]');
const toast = (page: Page, text: string) => page.locator('.vv-toast', { hasText: text });
const progressOf = (api: MockApi, mediaId: number) => api.state.mediaList.find((e) => e.userId === 1 && e.mediaId === mediaId)!;
const reads = (api: MockApi) => api.requests.filter((r) => r.operationName === 'InProgressMediaLists').length;
test.use({ viewport: { width: 1400, height: 1000 } });

test.describe('In Progress', () => {
  test(
    'replaces the list previews: sections, Airing, progress and the next episode; -, + and ✓ save',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      await host.goto('/home', { seed: SEED });
      const home = section(page);
      await expect(home.getByRole('heading', { level: 2 })).toHaveText(['Airing', 'Anime In Progress', 'Manga In Progress']);
      await expect(page.locator('.list-previews')).toBeHidden();
      const airing = home.getByRole('region', { name: 'Airing' });
      await expect(airing.getByRole('link', { name: 'ONE PIECE' })).toContainText(/Ep 22\s*in 2 days/);
      await expect(home.getByRole('button', { name: 'Refresh in progress entries.' })).toBeVisible();

      const saved = progressOf(api, FRIEREN).progress;
      const cover = home.getByRole('link', { name: 'Sousou no Frieren' }).first();
      await expect(cover).toContainText(`${saved} / 28`);
      await expect(cover).toHaveAttribute('href', `/anime/${FRIEREN}/`);
      const save = home.getByRole('button', { name: /^Save episode \d+: Sousou no Frieren$/ });
      await expect(save).toBeDisabled();
      await home.getByRole('button', { name: '+1 episode: Sousou no Frieren' }).click();
      await home.getByRole('button', { name: '+1 episode: Sousou no Frieren' }).click();
      await home.getByRole('button', { name: '-1 episode: Sousou no Frieren' }).click();
      await expect(cover).toContainText(`${saved + 1} / 28`);
      await save.click();
      await expect(toast(page, 'Progress updated.')).toBeVisible();
      expect(progressOf(api, FRIEREN)).toMatchObject({ progress: saved + 1, status: 'CURRENT' });
      await expect(save).toBeDisabled();
      // The save changed the cached lists in place: nothing was read again.
      expect(reads(api)).toBe(1);

      api.failNext(1, { status: 500 }, 'SaveListProgress');
      await home.getByRole('button', { name: '+1 episode: Sousou no Frieren' }).click();
      await save.click();
      await expect(toast(page, 'Failed to update progress.')).toBeVisible();
      await expect(save).toBeEnabled();
    },
  );

  test('the categories manager creates, edits and deletes categories and keeps both Airing switches', async ({ page, host }) => {
    await host.goto('/home', { seed: SEED });
    const home = section(page);
    await home.getByRole('button', { name: 'Manage in progress categories' }).click();
    await expect(home.getByRole('heading', { name: 'In Progress Categories' })).toBeVisible();
    await expect(home.getByText('No categories')).toHaveCount(2);
    await home.getByRole('button', { name: 'Create Category' }).click();
    await expect(toast(page, 'Category name is required.')).toBeVisible();
    await home.getByPlaceholder('Category name').fill('Weekly');
    await home.getByRole('button', { name: 'Create Category' }).click();
    await expect(toast(page, 'Select at least one media entry.')).toBeVisible();
    // Real clicks (our roots ignore events the browser did not make), Ctrl for the second one.
    const media = home.getByRole('listbox', { name: 'Anime in progress' });
    await media.getByRole('option', { name: 'Sousou no Frieren' }).click();
    await media.getByRole('option', { name: 'ONE PIECE' }).click({ modifiers: ['Control'] });
    await home.getByRole('button', { name: 'Create Category' }).click();
    await expect(home.getByText('2 entries')).toBeVisible();
    await home.getByLabel('Automatically create an Airing anime category.').uncheck();
    await home.getByLabel('Include custom category entries in Airing.').check();
    await expect
      .poll(() => stored(host, 'void-verified-in-progress-categories'))
      .toMatchObject({
        Anime: [{ title: 'Weekly', mediaIds: [FRIEREN, 21] }],
        Manga: [],
        autoAiringCategory: false,
        includeCustomCategoryEntriesInAiring: true,
      });

    await home.getByRole('button', { name: 'Edit' }).click();
    await expect(home.getByPlaceholder('Category name')).toHaveValue('Weekly');
    await home.getByPlaceholder('Category name').fill('This season');
    await home.getByRole('button', { name: 'Save Category' }).click();
    await expect(home.getByText('This season')).toBeVisible();
    await expect(home.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    await home.getByRole('button', { name: 'Manage in progress categories' }).click();
    await expect(home.getByRole('heading', { level: 2 })).toHaveText(['This season', 'Anime In Progress', 'Manga In Progress']);
    await home.getByRole('button', { name: 'Manage in progress categories' }).click();
    await home.getByRole('button', { name: 'Delete' }).click();
    await expect(home.getByText('No categories')).toHaveCount(2);
  });

  test('says when the stored categories cannot be read, and shows the lists without them', async ({ page, host }) => {
    await host.goto('/home', { seed: { ...SEED, 'void-verified-in-progress-categories': '{not json' } });
    await expect(toast(page, 'Failed to load in progress categories.')).toBeVisible();
    await expect(section(page).locator('h2')).toHaveText(['Airing', 'Anime In Progress', 'Manga In Progress']);
  });

  test('each entry is a palette command that saves one more; the In Progress page sets a typed progress', async ({ page, host, api }) => {
    await host.goto('/home', { seed: SEED });
    const home = section(page);
    const cover = home.getByRole('link', { name: 'Sousou no Frieren' }).first();
    const saved = progressOf(api, FRIEREN).progress;
    await expect(cover).toContainText(`${saved} / 28`);

    await page.keyboard.press('Control+Space');
    const input = page.getByPlaceholder('Filter VoidVerified QuickStart');
    await input.fill('+1 episode frieren');
    const row = page.locator(`[cmdk-item][data-command="in-progress.add.${FRIEREN}"]`);
    await expect(row).toContainText('+1 episode: Sousou no Frieren');
    await clickPaletteRow(page, row);
    await expect(toast(page, `Sousou no Frieren: episode ${saved + 1} / 28. Progress updated.`)).toBeVisible();
    expect(progressOf(api, FRIEREN).progress).toBe(saved + 1);
    // The home section shows the save at once, from the same cached read.
    await expect(cover).toContainText(`${saved + 1} / 28`);
    expect(reads(api)).toBe(1);

    await page.keyboard.press('Control+Space');
    await input.fill('In Progress');
    await clickPaletteRow(page, 'in-progress.open');
    await page.keyboard.type('berserk 40');
    const berserk = page.locator('[cmdk-item]', { hasText: 'Berserk' });
    await expect(berserk).toContainText('Set chapter 40');
    await expect(page.locator('[cmdk-item]')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Berserk: chapter 40. Progress updated.')).toBeVisible();
    expect(progressOf(api, 30002).progress).toBe(40);
  });
});
