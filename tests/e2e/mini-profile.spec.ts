import type { Locator, Page } from '@playwright/test';
import type { MockApi } from '../host/mock-api';
import { NAMED_COLORS, type SeedUser } from '../host/seed';
import { clickPaletteRow, expect, OAUTH_TOKEN, test } from './fixtures';
import { choose, slideTo } from './real-input';

/** The mini profile hover card on user links, in the replica host with the mock API. */

const DEFAULTS = {
  numberOfFavourites: 6,
  position: 'bottom',
  hoverTags: true,
  hoverNotifications: false,
  displayBio: true,
  displayAnime: true,
  displayManga: true,
  displayCharacters: false,
  displayStaff: false,
};
const settings = (values: Record<string, unknown>) => ({ 'void-verified-settings': JSON.stringify({ v: 1, data: values }) });
const config = (values: Record<string, unknown>) => ({
  'void-verified-mini-profile-config': JSON.stringify({ v: 1, data: { ...DEFAULTS, ...values } }),
});
const auth = { 'void-verified-auth': JSON.stringify({ v: 1, data: { token: OAUTH_TOKEN, expires: Date.now() + 100 * 86_400_000 } }) };
const ON = settings({ miniProfileEnabled: true });

const card = (page: Page) => page.locator('.vv-mini-profile');
const miniRequests = (api: MockApi) => api.requests.filter((r) => r.operationName === 'MiniProfile');
const seedUser = (api: MockApi, name: string) => api.state.users.find((u) => u.name === name)!;
/** A spot of the page with no link under it. */
const away = (page: Page) => page.mouse.move(4, 600);

async function userLink(page: Page, nth = 0): Promise<{ link: Locator; name: string }> {
  const link = page.locator('.activity-entry a.name:not([href="/user/Viewer/"])').nth(nth);
  await link.scrollIntoViewIfNeeded();
  const name = (await link.textContent())!.trim();
  return { link, name };
}

test.use({ viewport: { width: 1400, height: 1000 } });

test.describe('mini profile', () => {
  test(
    'shows the card 100 ms after hovering a user link: banner, avatar, coloured name, badges, sanitised bio, favourites',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      // The 100 ms are counted on Playwright's clock, which replaces the page world's timers: a
      // wall-clock count breaks on a loaded machine, where hover() alone can take longer than that.
      const clocked = host.world === 'page';
      if (clocked) await page.clock.install();
      await host.goto('/home', { seed: { ...ON, ...auth } });
      const { link, name } = await userLink(page);
      const user: SeedUser & { aboutHtml?: string } = seedUser(api, name);
      user.aboutHtml =
        '<p>Bio of the tester <b>bold</b></p><img src="/missing.png" onerror="window.__pwned=1"><script>window.__pwned=2</script>' +
        '<a href="javascript:window.__pwned=3">bad link</a><p style="position:fixed;inset:0" onmouseover="window.__pwned=4">styled</p>';

      if (clocked) await page.clock.pauseAt(Date.now() + 60_000);
      await link.hover();
      if (clocked) {
        await page.clock.runFor(99);
        expect(await card(page).count()).toBe(0);
        await page.clock.runFor(1);
        await expect(card(page)).toBeVisible();
        await page.clock.resume();
      }
      await expect(card(page)).toBeVisible();

      const shown = page.getByRole('region', { name: `Mini profile of ${name}` });
      await expect(shown.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/user/${name}/`);
      const triple = NAMED_COLORS[user.options.profileColor] ?? '255, 111, 97';
      await expect(shown.locator('.vv-mp-name')).toHaveCSS('color', `rgb(${triple})`);
      await expect(shown.locator('img.vv-mp-avatar')).toHaveAttribute('src', user.avatar.large);
      if (user.bannerImage) expect(await shown.locator('.vv-mp-header').getAttribute('style')).toContain(user.bannerImage);
      if (user.donatorTier > 0)
        await expect(shown.locator('.vv-mp-donator')).toHaveText(user.donatorTier > 3 ? user.donatorBadge : 'Donator');
      const viewer = seedUser(api, 'Viewer');
      await expect(shown.getByText('Following', { exact: true })).toHaveCount(viewer.following.includes(user.id) ? 1 : 0);
      await expect(shown.getByText('Follows you', { exact: true })).toHaveCount(user.following.includes(viewer.id) ? 1 : 0);

      // The bio: the API's HTML through DOMPurify, in a 300 px scroll box, in a card at least 500 px wide at most.
      const about = shown.locator('.vv-mp-about');
      await expect(about).toContainText('Bio of the tester bold');
      await expect(about.locator('script')).toHaveCount(0);
      expect(await about.locator('img').getAttribute('onerror')).toBeNull();
      expect(await about.getByText('bad link').getAttribute('href')).toBeNull();
      expect(await about.getByText('styled').getAttribute('style')).toBeNull();
      await expect(about).toHaveCSS('max-height', '300px');
      expect(await shown.evaluate((el) => parseFloat(getComputedStyle(el).maxWidth))).toBeGreaterThanOrEqual(500);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

      // Favourites: anime and manga by default, six each, linking to their pages.
      await expect(shown.getByRole('list', { name: 'Favourite anime' }).getByRole('link')).toHaveCount(6);
      await expect(shown.getByRole('list', { name: 'Favourite manga' }).getByRole('link')).toHaveCount(6);
      await expect(shown.getByRole('list', { name: 'Favourite characters' })).toHaveCount(0);
      await expect(shown.getByRole('list', { name: 'Favourite anime' }).getByRole('link').first()).toHaveAttribute(
        'href',
        /^\/anime\/\d+\/$/,
      );
      expect(miniRequests(api).map((r) => r.variables)).toEqual([{ name, perPage: 6 }]);
    },
  );

  test('hides 300 ms after the pointer leaves; hovering the card keeps it; a second hover sends no request, nor does a reload', async ({
    page,
    host,
    api,
  }) => {
    // The 300 ms are counted on Playwright's clock in the page world (see the first test).
    const clocked = host.world === 'page';
    if (clocked) await page.clock.install();
    await host.goto('/home', { seed: ON });
    const { link, name } = await userLink(page);
    await link.hover();
    await expect(card(page)).toBeVisible();

    // Onto the card: it stays.
    await card(page).hover();
    await page.waitForTimeout(500);
    await expect(card(page)).toBeVisible();

    if (clocked) await page.clock.pauseAt(Date.now() + 60_000);
    await away(page);
    if (clocked) {
      await page.clock.runFor(299);
      expect(await card(page).isVisible()).toBe(true);
      await page.clock.runFor(1);
      await expect(card(page)).toBeHidden();
      await page.clock.resume();
    }
    await expect(card(page)).toBeHidden();

    await link.hover();
    await expect(page.getByRole('region', { name: `Mini profile of ${name}` })).toBeVisible();
    await away(page);
    await expect(card(page)).toBeHidden();
    // Another user's card, then the first again: still one request for the first.
    const other = await userLink(page, 1);
    if (other.name !== name) {
      await other.link.hover();
      await expect(page.getByRole('region', { name: `Mini profile of ${other.name}` })).toBeVisible();
    }
    await link.hover();
    await expect(page.getByRole('region', { name: `Mini profile of ${name}` })).toBeVisible();
    expect(miniRequests(api).filter((r) => (r.variables as { name: string }).name === name)).toHaveLength(1);

    // The cache is stored (12 hours): after a reload, still no request.
    await page.waitForTimeout(100);
    await page.reload();
    await (await userLink(page)).link.hover();
    await expect(page.getByRole('region', { name: `Mini profile of ${name}` })).toBeVisible();
    expect(miniRequests(api).filter((r) => (r.variables as { name: string }).name === name)).toHaveLength(1);
  });

  test('an expired cache entry is fetched again', async ({ page, host, api }) => {
    await host.goto('/home', { seed: ON, script: false });
    const { name } = await userLink(page);
    const user = {
      name,
      avatar: null,
      bannerImage: null,
      options: null,
      donatorTier: 0,
      donatorBadge: null,
      isFollower: false,
      isFollowing: false,
      about: '<p>stale</p>',
      favourites: { anime: { nodes: [] }, manga: { nodes: [] }, characters: { nodes: [] }, staff: { nodes: [] } },
    };
    const cache = (cachedAt: number) => ({
      'void-verified-mini-profile-cache': JSON.stringify({ v: 1, data: { [name.toLowerCase()]: { user, cachedAt, perPage: 6 } } }),
    });
    await host.goto('/home', { seed: { ...ON, ...cache(Date.now() - 13 * 3_600_000) } });
    await (await userLink(page)).link.hover();
    await expect(card(page).locator('.vv-mp-about')).not.toContainText('stale');
    await expect(card(page).getByRole('list', { name: 'Favourite anime' })).toBeVisible();
    expect(miniRequests(api)).toHaveLength(1);
  });

  test('the number of favourites and the kinds shown follow the config', async ({ page, host, api }) => {
    await host.goto('/home', {
      seed: {
        ...ON,
        ...config({ numberOfFavourites: 3, displayAnime: false, displayCharacters: true, displayStaff: true, displayBio: false }),
      },
    });
    const { link } = await userLink(page);
    await link.hover();
    await expect(card(page)).toBeVisible();
    await expect(card(page).getByRole('list', { name: 'Favourite anime' })).toHaveCount(0);
    for (const kind of ['manga', 'characters', 'staff'])
      await expect(
        card(page)
          .getByRole('list', { name: `Favourite ${kind}` })
          .getByRole('link'),
      ).toHaveCount(3);
    await expect(card(page).getByRole('list', { name: 'Favourite characters' }).getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/character\/\d+\/$/,
    );
    await expect(card(page).locator('.vv-mp-about')).toHaveCount(0);
    expect((miniRequests(api)[0]?.variables as { perPage: number }).perPage).toBe(3);
  });

  for (const position of ['top', 'center', 'bottom'] as const) {
    test(`position ${position}: beside the link, placed by the option`, async ({ page, host }) => {
      await host.goto('/home', { seed: { ...ON, ...config({ position, numberOfFavourites: 3, displayBio: false }) } });
      const { link } = await userLink(page, 2);
      await link.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await link.hover();
      await expect(card(page)).toBeVisible();
      const a = (await link.boundingBox())!;
      const c = (await card(page).boundingBox())!;
      expect(c.x).toBeGreaterThanOrEqual(a.x + a.width);
      if (position === 'bottom') expect(Math.abs(c.y - a.y)).toBeLessThan(1.5);
      if (position === 'top') expect(Math.abs(c.y + c.height - (a.y + a.height))).toBeLessThan(1.5);
      if (position === 'center') expect(Math.abs(c.y + c.height / 2 - (a.y + a.height / 2))).toBeLessThan(1.5);
    });
  }

  test('a click on a user link hides the card 300 ms later, as document 1 gives, not at once', async ({ page, host }) => {
    await host.goto('/home', { seed: ON });
    const { link } = await userLink(page);
    await link.hover();
    await expect(card(page)).toBeVisible();
    // A click that goes nowhere (its default prevented, as the host's router leaves such a click
    // alone): the link and the pointer stay where they are.
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault(), { capture: true }));
    const clicked = Date.now();
    await link.click();
    await expect(card(page)).toBeHidden();
    // Measured from before the click, so a busy machine can only make it longer.
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(300);
    expect(page.url()).toBe('https://anilist.co/home');
  });

  test(
    'a click on the link hides the card; keyboard focus shows it and Escape hides it; the nav shows none',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      await host.goto('/home', { seed: ON });
      const { link, name } = await userLink(page);
      await link.hover();
      await expect(card(page)).toBeVisible();
      await link.click();
      await expect(card(page)).toBeHidden();
      await expect(page).toHaveURL(`https://anilist.co/user/${name}/`);

      await page.goBack();
      await away(page);
      const again = await userLink(page);
      await again.link.focus();
      await expect(card(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(card(page)).toBeHidden();
      // Focus again (it stayed on the link), then blur.
      await again.link.evaluate((el: HTMLElement) => el.blur());
      await again.link.focus();
      await expect(card(page)).toBeVisible();
      await again.link.evaluate((el: HTMLElement) => el.blur());
      await expect(card(page)).toBeHidden();

      const requests = miniRequests(api).length;
      await page.locator('#nav a[href^="/user/"]').first().hover();
      await page.waitForTimeout(400);
      await expect(card(page)).toBeHidden();
      expect(miniRequests(api)).toHaveLength(requests);
    },
  );

  test("reply authors show it; avatars, liker lists and the profile header do not (the original's targets)", async ({
    page,
    host,
    api,
  }) => {
    const reply = api.state.replies.find(
      (r) => r.userId !== 1 && api.state.activities.some((a) => a.id === r.activityId && !('isPrivate' in a && a.isPrivate)),
    )!;
    await host.goto(`/activity/${reply.activityId}`, { seed: ON });
    const author = page.locator('.reply a.name').first();
    const replier = (await author.textContent())!.trim();
    await author.hover();
    await expect(page.getByRole('region', { name: `Mini profile of ${replier}` })).toBeVisible();
    await away(page);
    await expect(card(page)).toBeHidden();

    const asked = miniRequests(api).length;
    await host.goto('/home', { seed: ON });
    const avatar = page.locator('.activity-entry a.avatar:not([href="/user/Viewer/"])').first();
    await avatar.hover();
    // Liker avatars show only while the like button is hovered on the site: reach one as the pointer would.
    const liker = page.locator('.like-wrap .users a.user').first();
    if (await liker.count()) {
      await liker.dispatchEvent('pointerover', { bubbles: true });
      await liker.dispatchEvent('focusin', { bubbles: true });
    }
    await page.waitForTimeout(400);
    await expect(card(page)).toBeHidden();
    expect(miniRequests(api)).toHaveLength(asked);
  });

  test('user mentions in markdown show the card while hoverTags is on', { tag: '@worlds' }, async ({ page, host, api }) => {
    const mention = async () => {
      // A mention as the host renders it, in a feed card's markdown.
      await page
        .locator('.activity-entry .markdown')
        .first()
        .evaluate((md) => md.insertAdjacentHTML('beforeend', '<p><a id="mention" href="/user/Bocchi">@Bocchi</a></p>'));
      const link = page.locator('#mention');
      await link.scrollIntoViewIfNeeded();
      await link.hover();
    };
    await host.goto('/home', { seed: ON });
    await mention();
    await expect(page.getByRole('region', { name: 'Mini profile of Bocchi' })).toBeVisible();

    await host.goto('/home', { seed: { ...ON, ...config({ hoverTags: false }) } });
    await mention();
    await page.waitForTimeout(400);
    await expect(card(page)).toHaveCount(0);
    expect(miniRequests(api)).toHaveLength(1);
  });

  test('a failed query shows the error toast and no card', async ({ page, host, api }) => {
    await host.goto('/home', { seed: ON });
    const { link, name } = await userLink(page);
    api.failNext(1, { status: 500 }, 'MiniProfile');
    await link.hover();
    await expect(page.locator('.vv-toast').filter({ hasText: `Failed to query mini profile data for ${name}` })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(card(page)).toHaveCount(0);
  });

  test('with the option off there is no card and no request', async ({ page, host, api }) => {
    await host.goto('/home');
    const { link } = await userLink(page);
    await link.hover();
    await page.waitForTimeout(400);
    await expect(card(page)).toHaveCount(0);
    expect(miniRequests(api)).toHaveLength(0);
  });

  test("the 'mini profile' settings tab and the palette page edit the stored config", async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: ON });
    const ui = page.locator('[data-void-ui="settings"]');
    await ui.getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name: 'mini profile', exact: true }).click();
    const panel = ui.getByRole('tabpanel', { name: 'mini profile' });
    await expect(panel.getByRole('heading', { name: 'Mini Profile Configuration' })).toBeVisible();
    await choose(panel.getByLabel('Position'), 'top');
    await slideTo(panel.getByLabel('Number of favourites'), 9);
    await panel.getByRole('checkbox', { name: 'Display staff favourites' }).check();
    const stored = () =>
      host.evalInScript(
        () =>
          (
            JSON.parse((window as unknown as { GM_getValue(k: string): string }).GM_getValue('void-verified-mini-profile-config')) as {
              data: unknown;
            }
          ).data,
      );
    expect(await stored()).toEqual({ ...DEFAULTS, position: 'top', numberOfFavourites: 9, displayStaff: true });

    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Mini Profile Configuration');
    await clickPaletteRow(page, 'mini-profile.configure');
    const palette = page.getByRole('dialog', { name: 'VoidVerified QuickStart' });
    await expect(palette.getByLabel('Position')).toHaveValue('top');
    await palette.getByRole('checkbox', { name: 'Display bio' }).uncheck();
    await palette.getByRole('checkbox', { name: 'Show when hovering notifications' }).check();
    expect(await stored()).toEqual({
      ...DEFAULTS,
      position: 'top',
      numberOfFavourites: 9,
      displayStaff: true,
      displayBio: false,
      hoverNotifications: true,
    });
  });
});
