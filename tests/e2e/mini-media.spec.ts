import type { Locator, Page } from '@playwright/test';
import type { MockApi } from '../host/mock-api';
import { NO_DATES_MEDIA_ID } from '../host/media-overview';
import { clickPaletteRow, expect, test } from './fixtures';

/** MiniMedia (document 3, C14): the media overview card on media links, in the replica host with the mock API. */

const DEFAULTS = {
  hoverActivityTitles: true,
  hoverEmbeds: false,
  hoverRelations: false,
  hideRelations: false,
  hideCharacters: false,
  hideStaff: false,
  hideBanner: false,
  hideCover: false,
  hideTags: false,
};
const settings = (values: Record<string, unknown>) => ({ 'void-verified-settings': JSON.stringify({ v: 1, data: values }) });
const config = (values: Record<string, unknown>) => ({
  'void-verified-mini-media-config': JSON.stringify({ v: 1, data: { ...DEFAULTS, ...values } }),
});
const ON = settings({ miniMediaEnabled: true });
/** Stores the config as the settings tab would (a seed is written only once per test). */
const storeConfig = (host: { evalInScript<R, A>(fn: (arg: A) => R, arg: A): Promise<R> }, values: Record<string, unknown>) =>
  host.evalInScript(
    (v: string) => (window as unknown as { GM_setValue(k: string, v: string): void }).GM_setValue('void-verified-mini-media-config', v),
    config(values)['void-verified-mini-media-config'],
  );

const card = (page: Page) => page.locator('.vv-mini-media');
const profileCard = (page: Page) => page.locator('.vv-mini-profile');
const overviewRequests = (api: MockApi) => api.requests.filter((r) => r.operationName === 'MediaOverview');
/** A spot of the page with no link under it. */
const away = (page: Page) => page.mouse.move(4, 600);

/** The media title of a list activity in the home feed, with the media it names. */
async function activityTitle(page: Page, api: MockApi, nth = 0): Promise<{ link: Locator; title: string; id: number }> {
  const link = page.locator('.activity-entry a.title').nth(nth);
  await link.scrollIntoViewIfNeeded();
  const id = Number(/\/(?:anime|manga)\/(\d+)/.exec((await link.getAttribute('href'))!)![1]);
  return { link, title: api.state.media.find((m) => m.id === id)!.title.userPreferred, id };
}

test.use({ viewport: { width: 1400, height: 1000 } });

test.describe('mini media', () => {
  test(
    'hovering a media title in an activity shows its overview: banner, cover, data, sanitised description, relations, characters, staff, tags',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      await host.goto('/home', { seed: ON });
      const { link, title, id } = await activityTitle(page, api);
      const media = api.state.media.find((m) => m.id === id)!;
      media.description =
        'An <i>overview</i>.<br><img src="/missing.png" onerror="window.__pwned=1"><script>window.__pwned=2</script>' +
        '<a href="javascript:window.__pwned=3">bad link</a><p style="position:fixed;inset:0" onmouseover="window.__pwned=4">styled</p>';
      await link.hover();
      const shown = page.getByRole('region', { name: `Overview of ${title}` });
      await expect(shown).toBeVisible();
      await expect(shown.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', new RegExp(`/${id}/$`));
      if (media.bannerImage) await expect(shown.locator('.vv-mm-banner')).toHaveAttribute('style', new RegExp(media.bannerImage));
      await expect(shown.locator('.vv-mm-cover')).toBeVisible();
      await expect(shown.locator('.vv-mm-data')).toContainText(media.genres.join(', '));
      for (const part of ['Relations', 'Characters', 'Staff']) await expect(shown.getByRole('region', { name: part })).toBeVisible();
      await expect(shown.getByRole('region', { name: 'Characters' }).getByRole('listitem')).toHaveCount(6);
      // Spoiler tags wait behind their toggle.
      const tags = shown.getByRole('complementary', { name: 'Tags' });
      await expect(tags.getByText('Time Skip', { exact: false })).toHaveCount(0);
      await tags.getByRole('button', { name: 'Show 2 spoiler tags' }).click();
      await expect(tags.getByText('Time Skip', { exact: false })).toBeVisible();

      // The description: AniList's HTML through the one sanitizer (2.0.3 inserted it raw).
      const description = shown.locator('.vv-mm-description');
      await expect(description).toContainText('An overview.');
      await expect(description.locator('script')).toHaveCount(0);
      expect(await description.locator('img').getAttribute('onerror')).toBeNull();
      expect(await description.getByText('bad link').getAttribute('href')).toBeNull();
      expect(await description.getByText('styled').getAttribute('style')).toBeNull();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(overviewRequests(api).map((r) => r.variables)).toEqual([{ mediaId: id, type: media.type, perPage: 6 }]);

      // Leaving hides it; hovering again reads the cache, after a reload too.
      await away(page);
      await expect(card(page)).toBeHidden();
      await page.reload();
      await (await activityTitle(page, api)).link.hover();
      await expect(page.getByRole('region', { name: `Overview of ${title}` })).toBeVisible();
      expect(overviewRequests(api)).toHaveLength(1);
    },
  );

  test(
    'keyboard focus shows it, Escape hides it; a click on the title hides it and follows the link',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      await host.goto('/home', { seed: ON });
      const { link, title, id } = await activityTitle(page, api);
      await link.focus();
      await expect(page.getByRole('region', { name: `Overview of ${title}` })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(card(page)).toBeHidden();
      await link.evaluate((el: HTMLElement) => el.blur());
      await link.focus();
      await expect(card(page)).toBeVisible();
      await link.evaluate((el: HTMLElement) => el.blur());
      await expect(card(page)).toBeHidden();

      await link.hover();
      await expect(card(page)).toBeVisible();
      await link.click();
      await expect(card(page)).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/${id}/`));
    },
  );

  test('one card at a time: a mini profile and a mini media card are never both open', async ({ page, host }) => {
    await host.goto('/home', { seed: settings({ miniMediaEnabled: true, miniProfileEnabled: true }) });
    const entry = page
      .locator('.activity-entry')
      .filter({ has: page.locator('a.title') })
      .first();
    await entry.scrollIntoViewIfNeeded();
    const link = entry.locator('a.title').first();
    const name = entry.locator('a.name').first();
    await name.hover();
    await expect(profileCard(page)).toBeVisible();
    await link.hover();
    await expect(card(page)).toBeVisible();
    await expect(profileCard(page)).toBeHidden();
    await name.hover();
    await expect(profileCard(page)).toBeVisible();
    await expect(card(page)).toBeHidden();
  });

  test('embeds and relations show it only with their checkboxes; the hide checkboxes hide their parts', async ({ page, host, api }) => {
    // The seed's message with a bare AniList link, drawn as a media embed.
    const withLink = api.state.activities.find(
      (a) => 'message' in a && a.message.includes('https://anilist.co/anime/154587') && !('isPrivate' in a && a.isPrivate),
    )!;
    const embed = (p: Page) => p.locator('.activity-entry a.media-embed').first();
    await host.goto(`/activity/${withLink.id}`, { seed: ON });
    await embed(page).scrollIntoViewIfNeeded();
    await embed(page).hover();
    await page.waitForTimeout(400);
    await expect(card(page)).toHaveCount(0);
    await host.goto('/anime/1/', { seed: ON });
    await page.locator('.relations .media-preview-card a.title').first().hover();
    await page.waitForTimeout(400);
    await expect(card(page)).toHaveCount(0);
    expect(overviewRequests(api)).toHaveLength(0);

    const everything = { hoverEmbeds: true, hoverRelations: true };
    await storeConfig(host, everything);
    await host.goto(`/activity/${withLink.id}`);
    await embed(page).scrollIntoViewIfNeeded();
    await embed(page).hover();
    await expect(page.getByRole('region', { name: /^Overview of Sousou no Frieren$/ })).toBeVisible();

    const hidden = { hideBanner: true, hideCover: true, hideRelations: true, hideCharacters: true, hideStaff: true, hideTags: true };
    await storeConfig(host, { ...everything, ...hidden });
    await host.goto('/anime/1/');
    await page.locator('.relations .media-preview-card a.cover').first().hover();
    const shown = card(page);
    await expect(shown).toBeVisible();
    await expect(shown.locator('.vv-mm-data')).toBeVisible();
    for (const part of [
      '.vv-mm-banner',
      '.vv-mm-cover',
      '[aria-label="Relations"]',
      '[aria-label="Characters"]',
      '[aria-label="Staff"]',
      '[aria-label="Tags"]',
    ])
      await expect(shown.locator(part), part).toHaveCount(0);
  });

  test('a media with no season, score or dates shows what it has (2.0.3 stopped on season: null and wrote "null%")', async ({
    page,
    host,
    api,
  }) => {
    const bare = api.state.media.find((m) => m.id === NO_DATES_MEDIA_ID)!;
    await host.goto('/anime/1/', { seed: { ...ON, ...config({ hoverRelations: true }) } });
    await page.locator(`.relations .media-preview-card a.title[href^="/anime/${NO_DATES_MEDIA_ID}/"]`).hover();
    const shown = page.getByRole('region', { name: `Overview of ${bare.title.userPreferred}` });
    await expect(shown).toBeVisible();
    const data = shown.locator('.vv-mm-data');
    await expect(data).toContainText('Format');
    await expect(data).toContainText('Episodes');
    for (const missing of ['Season', 'Average Score', 'Mean Score', 'Start Date', 'End Date', 'null'])
      await expect(data, missing).not.toContainText(missing);
  });

  test("'Media overview' in the palette on a media page shows the card; the settings tab's nine checkboxes write the config", async ({
    page,
    host,
  }) => {
    await host.goto('/anime/154587/', { seed: ON });
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Media overview');
    await clickPaletteRow(page, 'mini-media.overview');
    const palette = page.getByRole('dialog', { name: 'VoidVerified QuickStart' });
    const shown = palette.getByRole('region', { name: 'Overview of Sousou no Frieren' });
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('region', { name: 'Characters' })).toBeVisible();
    // A link in it is followed in place, and the palette closes.
    await shown.getByRole('region', { name: 'Relations' }).getByRole('link').first().click();
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/\/(anime|manga)\/\d+\/$/);

    await host.goto('/settings/developer', { seed: ON });
    const ui = page.locator('[data-void-ui="settings"]');
    await ui.getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name: 'mini media', exact: true }).click();
    const panel = ui.getByRole('tabpanel', { name: 'mini media' });
    await expect(panel.getByRole('heading', { name: 'Mini Media Overview Configuration' })).toBeVisible();
    await expect(panel.getByRole('checkbox')).toHaveCount(9);
    await panel.getByRole('checkbox', { name: 'Show when hovering embeds' }).check();
    await panel.getByRole('checkbox', { name: 'Hide Tags' }).check();
    const stored = await host.evalInScript(
      () =>
        (
          JSON.parse((window as unknown as { GM_getValue(k: string): string }).GM_getValue('void-verified-mini-media-config')) as {
            data: unknown;
          }
        ).data,
    );
    expect(stored).toEqual({ ...DEFAULTS, hoverEmbeds: true, hideTags: true });
  });

  test('a failed query says so and shows no card', async ({ page, host, api }) => {
    await host.goto('/home', { seed: ON });
    const { link } = await activityTitle(page, api);
    api.failNext(1, { status: 500 }, 'MediaOverview');
    await link.hover();
    await expect(page.locator('.vv-toast').filter({ hasText: 'Failed to query media overview data.' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(card(page)).toHaveCount(0);
  });

  test('with the option off there is no card and no request', async ({ page, host, api }) => {
    await host.goto('/home');
    await (await activityTitle(page, api)).link.hover();
    await page.waitForTimeout(400);
    await expect(card(page)).toHaveCount(0);
    expect(overviewRequests(api)).toHaveLength(0);
  });
});
