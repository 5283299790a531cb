import type { Page } from '@playwright/test';
import lz from 'lz-string';
import type { MockApi } from '../host/mock-api';
import { expect, OAUTH_TOKEN, test } from './fixtures';
import { choose } from './real-input';

/** The layout designer: editing in settings, preview on the own profile, publishing, other tabs. */

const DAY = 86_400_000;
// The bio data block (voidverified-config.md), written and read here as the original does.
const BLOCK = /^\[\]\(json([A-Za-z0-9+/=]+)\)(?:\n\n)?/;
const encodeBio = (text: string, data: unknown) => `[](json${lz.compressToBase64(JSON.stringify(data))})\n\n${text}`;
const visibleBio = (about: string | null | undefined) => (about ?? '').replace(BLOCK, '');
const decodeBio = (about: string | null | undefined) => ({
  data: JSON.parse(lz.decompressFromBase64(BLOCK.exec(about ?? '')?.[1] ?? '') ?? 'null') as unknown,
});
const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const AVATAR = 'https://s4.anilist.co/file/anilistcdn/user/avatar/large/layout-preview.png';
const BANNER = 'https://s4.anilist.co/file/anilistcdn/user/banner/layout-preview.jpg';
const CSS = '.user h1.name { letter-spacing: 7px; }';
const previewLayout = {
  name: 'Preview',
  avatar: AVATAR,
  banner: BANNER,
  color: '#102030',
  donatorBadge: 'Preview Badge',
  bio: encodeBio('Preview **about** text', { customCss: CSS }),
};
const layouts = (extra: Record<string, unknown> = {}) => ({
  layoutsList: [previewLayout],
  selectedLayout: 0,
  preview: false,
  disableCss: false,
  ...extra,
});

function seed(extra: Record<string, unknown> = {}, token: string | null = OAUTH_TOKEN) {
  return {
    'void-verified-auth': seedValue({ token, expires: Date.now() + 300 * DAY }),
    'void-verified-settings': seedValue({ layoutDesignerEnabled: true }),
    'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, seedValue(v)])),
  };
}
/** The signed-in viewer as a tier-3 donator (custom colour and badge), as the page shows them. */
const donator = { viewer: { id: 1, name: 'Viewer', donatorTier: 3 } };
/**
 * The token's owner as a tier-3 donator, as AniList says: what the designer offers and publishes
 * goes by the tier the API reports for the token's owner, not by the page's snapshot.
 */
const asDonator = (api: MockApi) => void (api.state.users.find((u) => u.id === 1)!.donatorTier = 3);

const settings = (page: Page) => page.locator('[data-void-ui="settings"]');
const toasts = (page: Page) => page.locator('.vv-toast');
async function layoutTab(page: Page) {
  await page.getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name: 'layout', exact: true }).click();
  const tab = settings(page).getByRole('tabpanel', { name: 'layout' });
  await expect(tab.getByRole('heading', { name: 'Layout designer' })).toBeVisible();
  return tab;
}
const stored = <T>(page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue(k);
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data;
  }, key) as Promise<T>;
async function confirmOk(page: Page) {
  await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Ok' }).click();
}

/** Everything the preview may touch on a profile, as the page has it. */
const profileState = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('.page-content > .user')!;
    return {
      rootStyle: root.getAttribute('style'),
      avatar: root.querySelector('.header-wrap img.avatar')!.getAttribute('src'),
      banner: root.querySelector('.header-wrap .banner')!.getAttribute('style'),
      badge: root.querySelector('.header-wrap .donator-badge')!.textContent,
      about: root.querySelector('.about')!.innerHTML,
      css: document.getElementById('void-verified-style-profile-layout')?.textContent ?? null,
      spacing: getComputedStyle(root.querySelector('h1.name')!).letterSpacing,
      blue: getComputedStyle(root).getPropertyValue('--color-blue').trim(),
    };
  });

async function runCommand(page: Page, filter: string) {
  await page.keyboard.press('Control+Space');
  const palette = page.getByRole('dialog', { name: 'VoidVerified QuickStart' });
  await expect(palette).toBeVisible();
  await page.getByPlaceholder('Filter VoidVerified QuickStart').fill(filter);
  await expect(page.locator('[cmdk-item]').first()).toContainText(filter);
  await page.keyboard.press('Enter');
  return palette;
}

test.describe('layout designer', () => {
  test('creates and edits layouts: selector, name, delete, images, colours, badge, about', async ({ page, host, api }) => {
    asDonator(api);
    await host.goto('/settings/developer', { ...donator, seed: seed() });
    const tab = await layoutTab(page);
    const select = tab.getByRole('combobox', { name: 'Layout' });
    await expect(select.locator('option')).toHaveText(['New Layout #0']);
    await tab.getByRole('button', { name: 'Add Layout' }).click();
    await expect(select.locator('option')).toHaveText(['New Layout #0', 'New Layout #1']);
    await expect(select).toHaveValue('1');
    await tab.getByRole('textbox', { name: 'Name', exact: true }).fill('Mine');
    await expect(select.locator('option')).toHaveText(['New Layout #0', 'Mine #1']);

    // Image previews only for http(s) URLs.
    const avatar = tab.getByRole('textbox', { name: 'Avatar', exact: true });
    await avatar.fill('javascript:alert(1)');
    await expect(tab.getByRole('img', { name: 'Avatar preview' })).toHaveCount(0);
    await avatar.fill(AVATAR);
    await expect(tab.getByRole('img', { name: 'Avatar preview' })).toHaveAttribute('src', AVATAR);
    await tab.getByRole('textbox', { name: 'Banner', exact: true }).fill(BANNER);
    await expect(tab.getByRole('img', { name: 'Banner preview' })).toHaveAttribute('src', BANNER);

    // Swatches, and the custom colour and badge for a tier-3 donator.
    for (const c of ['blue', 'purple', 'pink', 'orange', 'red', 'green', 'gray'])
      await expect(tab.getByRole('button', { name: c, exact: true })).toBeVisible();
    await tab.getByRole('button', { name: 'red', exact: true }).click();
    await expect(tab.getByRole('button', { name: 'red', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await tab.getByRole('textbox', { name: 'Custom colour', exact: true }).fill('#123456');
    await expect(tab.getByRole('button', { name: 'red', exact: true })).toHaveAttribute('aria-pressed', 'false');
    const badge = tab.getByRole('textbox', { name: 'Donator badge' });
    await expect(badge).toHaveAttribute('maxlength', '24');
    await badge.pressSequentially('A badge that is far too long to keep');
    await expect(badge).toHaveValue('A badge that is far too ');
    await tab.getByRole('textbox', { name: 'About' }).fill('Hello **world**');
    await tab.getByRole('textbox', { name: 'Profile CSS' }).fill(CSS);

    const saved = await stored<{ layoutsList: Record<string, string>[]; selectedLayout: number }>(page, 'void-verified-layouts');
    expect(saved.selectedLayout).toBe(1);
    expect(saved.layoutsList[1]).toMatchObject({
      name: 'Mine',
      avatar: AVATAR,
      banner: BANNER,
      color: '#123456',
      donatorBadge: 'A badge that is far too ',
    });
    expect(visibleBio(saved.layoutsList[1]!.bio)).toBe('Hello **world**');
    expect(decodeBio(saved.layoutsList[1]!.bio).data).toEqual({ customCss: CSS });

    // Delete asks first; deleting the last layout leaves a fresh one.
    await tab.getByRole('button', { name: 'Delete Layout' }).click();
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(select.locator('option')).toHaveCount(2);
    await tab.getByRole('button', { name: 'Delete Layout' }).click();
    await confirmOk(page);
    await expect(select.locator('option')).toHaveText(['New Layout #0']);
    await tab.getByRole('button', { name: 'Delete Layout' }).click();
    await confirmOk(page);
    await expect(select.locator('option')).toHaveText(['New Layout #0']);
    await expect(tab.getByRole('textbox', { name: 'About' })).toHaveValue('');
  });

  test('palette: "Edit layout…" is the designer, driven with the keyboard on the own profile (issue 31)', async ({ page, host }) => {
    await host.goto('/user/Viewer/', { seed: seed({ 'void-verified-layouts': layouts({ preview: true }) }) });
    const palette = await runCommand(page, 'Edit layout');
    const designer = palette.locator('.vv-layout-designer');
    await expect(designer.getByRole('heading', { name: 'Layout designer' })).toBeVisible();
    await designer.getByRole('button', { name: 'Add Layout' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(designer.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Mine');
    await expect(designer.getByRole('combobox', { name: 'Layout' }).locator('option')).toHaveText(['Preview #0', 'Mine #1']);
    // Its confirm over the palette, answered with the keyboard.
    await designer.getByRole('button', { name: 'Delete Layout' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog', { name: 'Warning' })).toBeVisible();
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Ok' }).press('Enter');
    await expect(designer.getByRole('combobox', { name: 'Layout' }).locator('option')).toHaveText(['Preview #0']);
    // The profile's CSS while previewing: off, and the page loses it.
    await expect.poll(() => profileState(page).then((p) => p.css)).toBe(CSS);
    await designer.getByRole('button', { name: 'Disable Css' }).focus();
    await page.keyboard.press('Enter');
    await expect(designer.getByRole('button', { name: 'Enable Css' })).toBeVisible();
    expect(await stored(page, 'void-verified-layouts')).toMatchObject({ disableCss: true });
  });

  test('tiers gate the custom colour and the badge; publishing needs a token', async ({ page, host }) => {
    await host.goto('/settings/developer', { viewer: { id: 1, name: 'Viewer', donatorTier: 1 }, seed: seed({}, null) });
    const tab = await layoutTab(page);
    await expect(tab.getByRole('button', { name: 'purple', exact: true })).toBeVisible();
    await expect(tab.getByRole('textbox', { name: 'Custom colour' })).toHaveCount(0);
    await expect(tab.getByRole('textbox', { name: 'Donator badge' })).toHaveCount(0);
    await tab.getByRole('button', { name: 'purple', exact: true }).click();
    await tab.getByRole('textbox', { name: 'About' }).fill('text');
    for (const name of ['Publish About', 'Publish Color', 'Publish Badge']) await expect(tab.getByRole('button', { name })).toHaveCount(0);
    await expect(tab.getByRole('button', { name: 'Enable Preview' })).toBeVisible();
    await expect(tab.getByRole('button', { name: /Css/ })).toHaveCount(0);
  });

  test('publishes about, colour and badge to AniList, keeping the data block of the about', async ({ page, host, api }) => {
    const viewer = api.state.users.find((u) => u.id === 1)!;
    const data = { goals: [{ name: 'Watch 10 movies', type: 'movies', target: 10 }], customCss: 'old {}', automail: { kept: true } };
    viewer.about = encodeBio('Published text', data);
    viewer.options.profileColor = 'blue';
    viewer.donatorBadge = 'Donator';
    asDonator(api);
    await host.goto('/settings/developer', { ...donator, seed: seed() });
    const tab = await layoutTab(page);

    await tab.getByRole('button', { name: 'blue', exact: true }).click();
    await expect(tab.getByRole('button', { name: 'Publish About' })).toBeVisible();
    await expect(tab.getByRole('button', { name: 'Publish Color' })).toHaveCount(0); // same as published
    await expect(tab.getByRole('button', { name: 'Publish Badge' })).toHaveCount(0); // empty
    await tab.getByRole('textbox', { name: 'Donator badge' }).fill('Donator');
    await expect(tab.getByRole('button', { name: 'Publish Badge' })).toHaveCount(0); // same as published

    await tab.getByRole('button', { name: 'green', exact: true }).click();
    // Every publish asks first; Cancel sends nothing.
    await tab.getByRole('button', { name: 'Publish Color' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Warning' })).toContainText('Set your AniList profile colour to green?');
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Cancel' }).click();
    expect(api.requests.filter((r) => r.operationName === 'SaveUserColor')).toEqual([]);
    await tab.getByRole('button', { name: 'Publish Color' }).click();
    await confirmOk(page);
    await expect(toasts(page).filter({ hasText: 'Color published.' })).toBeVisible();
    expect(viewer.options.profileColor).toBe('green');
    await expect(tab.getByRole('button', { name: 'Publish Color' })).toHaveCount(0);

    await tab.getByRole('textbox', { name: 'Donator badge' }).fill('Layout fan');
    await tab.getByRole('button', { name: 'Publish Badge' }).click();
    await confirmOk(page);
    await expect(toasts(page).filter({ hasText: 'Donator badge published.' })).toBeVisible();
    expect(viewer.donatorBadge).toBe('Layout fan');
    await expect(tab.getByRole('button', { name: 'Publish Badge' })).toHaveCount(0);

    await tab.getByRole('textbox', { name: 'About' }).fill('My *new* about\n\nwith two paragraphs');
    await tab.getByRole('textbox', { name: 'Profile CSS' }).fill(CSS);
    await tab.getByRole('button', { name: 'Publish About' }).click();
    await confirmOk(page);
    await expect(toasts(page).filter({ hasText: 'About published.' })).toBeVisible();
    expect(visibleBio(viewer.about)).toBe('My *new* about\n\nwith two paragraphs');
    expect(decodeBio(viewer.about).data).toEqual({ ...data, customCss: CSS });

    // Failures say so, and change nothing.
    const before = { about: viewer.about, color: viewer.options.profileColor, badge: viewer.donatorBadge };
    await tab.getByRole('button', { name: 'red', exact: true }).click();
    await tab.getByRole('textbox', { name: 'Donator badge' }).fill('Another');
    // Publishing the about reads the current one, then saves: the save fails.
    api.failNext(1, { status: 500 }, 'SaveUserAbout');
    await tab.getByRole('button', { name: 'Publish About' }).click();
    await confirmOk(page);
    await expect(toasts(page).filter({ hasText: 'Failed to publish about.' })).toBeVisible();
    api.failNext(1, { status: 500 }, 'SaveUserColor');
    await tab.getByRole('button', { name: 'Publish Color' }).click();
    await confirmOk(page);
    await expect(toasts(page).filter({ hasText: 'Failed to publish color.' })).toBeVisible();
    api.failNext(1, { status: 500 }, 'SaveDonatorBadge');
    await tab.getByRole('button', { name: 'Publish Badge' }).click();
    await confirmOk(page);
    await expect(toasts(page).filter({ hasText: 'Failed to publish donator badge.' })).toBeVisible();
    expect({ about: viewer.about, color: viewer.options.profileColor, badge: viewer.donatorBadge }).toEqual(before);
  });

  test('Reset About loads the current about (confirming over text) and says when it fails', async ({ page, host, api }) => {
    const viewer = api.state.users.find((u) => u.id === 1)!;
    viewer.about = encodeBio('From AniList', { customCss: 'a { b: c }' });
    await host.goto('/settings/developer', { ...donator, seed: seed() });
    const tab = await layoutTab(page);
    const about = tab.getByRole('textbox', { name: 'About' });

    await tab.getByRole('button', { name: 'Reset About' }).click(); // empty: no confirm
    await expect(toasts(page).filter({ hasText: 'About reset.' })).toBeVisible();
    await expect(about).toHaveValue('From AniList');
    await expect(tab.getByRole('textbox', { name: 'Profile CSS' })).toHaveValue('a { b: c }');

    await about.fill('Mine');
    viewer.about = 'Changed on AniList';
    await tab.getByRole('button', { name: 'Reset About' }).click();
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(about).toHaveValue('Mine');
    await tab.getByRole('button', { name: 'Reset About' }).click();
    await confirmOk(page);
    await expect(about).toHaveValue('Changed on AniList');

    api.failNext(1, { status: 500 }, 'LayoutViewer');
    await tab.getByRole('button', { name: 'Reset About' }).click();
    await confirmOk(page);
    await expect(toasts(page).filter({ hasText: 'Failed to query current about from AniList API.' })).toBeVisible();
    await expect(about).toHaveValue('Changed on AniList');
  });

  test('preview on the own profile replaces avatar, banner, colour, badge, about and CSS; off restores them exactly', async ({
    page,
    host,
  }) => {
    await host.goto('/user/Viewer/', { ...donator, seed: seed({ 'void-verified-layouts': layouts() }) });
    await expect(page.locator('.about .markdown')).toBeVisible();
    const original = await profileState(page);
    expect(original.css).toBeNull();

    const palette = await runCommand(page, 'Toggle layout preview');
    await expect(palette).toBeVisible(); // a toggle keeps the palette open
    await page.keyboard.press('Escape');
    await expect.poll(() => profileState(page).then((s) => s.avatar)).toBe(AVATAR);
    const on = await profileState(page);
    expect(on.banner).toContain(`url("${BANNER}")`);
    expect(on.blue).toBe('16, 32, 48');
    expect(on.badge).toBe('Preview Badge');
    expect(on.css).toBe(CSS);
    expect(on.spacing).toBe('7px');
    await expect(page.locator('.about .markdown[data-void-layout]')).toHaveText('Preview about text');
    await expect(page.locator('.about .markdown[data-void-layout] strong')).toHaveText('about');
    await expect(page.locator('.about .markdown:not([data-void-layout])')).toBeHidden();

    // Disable Css (in settings, another tab) removes only the CSS here.
    const other = await host.newPage('/settings/developer');
    const tab = await layoutTab(other);
    await tab.getByRole('button', { name: 'Disable Css' }).click();
    await expect.poll(() => profileState(page).then((s) => s.css)).toBeNull();
    expect((await profileState(page)).avatar).toBe(AVATAR);
    await tab.getByRole('button', { name: 'Enable Css' }).click();
    await expect.poll(() => profileState(page).then((s) => s.css)).toBe(CSS);
    await tab.getByRole('button', { name: 'Disable Css' }).click();
    await expect.poll(() => profileState(page).then((s) => s.css)).toBeNull();

    // Off: everything back as it was, CSS re-enabled for the next preview.
    await other.close();
    await runCommand(page, 'Toggle layout preview');
    await page.keyboard.press('Escape');
    await expect.poll(() => profileState(page)).toEqual(original);
    expect(await stored(page, 'void-verified-layouts')).toMatchObject({ preview: false, disableCss: false });
  });

  test(
    "the preview reaches the viewer's avatar links in the profile's feed, and its landmarks need no .header-wrap",
    { tag: '@worlds' },
    async ({ page, host }) => {
      await host.goto('/user/Viewer/', { ...donator, seed: seed({ 'void-verified-layouts': layouts() }) });
      await expect(page.locator('.about .markdown')).toBeVisible();
      // The header block under another class: the original's landmarks do without it.
      await page.evaluate(() =>
        document.querySelector('.page-content > .user .header-wrap')!.classList.replace('header-wrap', 'header-block'),
      );
      const links = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLAnchorElement>('.activity-feed a.avatar')].map((a) => [
            a.pathname.toLowerCase() === '/user/viewer/',
            a.getAttribute('style'),
          ]),
        );
      const state = () =>
        page.evaluate(() => {
          const root = document.querySelector('.page-content > .user')!;
          return {
            avatar: root.querySelector('img.avatar')!.getAttribute('src'),
            banner: root.querySelector('.banner')!.getAttribute('style'),
            badges: [...root.querySelectorAll('.donator-badge')].map((b) => b.textContent),
          };
        });
      const before = { links: await links(), state: await state() };
      expect(before.links.filter(([own]) => own).length).toBeGreaterThan(1);
      expect(before.links.filter(([own]) => !own).length).toBeGreaterThan(0);

      await runCommand(page, 'Toggle layout preview');
      await page.keyboard.press('Escape');
      await expect.poll(() => state().then((s) => s.avatar)).toBe(AVATAR);
      const on = await state();
      expect(on.banner).toContain(`url("${BANNER}")`);
      // The header's badge, not the ones beside names in the feed.
      expect(on.badges).toEqual(['Preview Badge', ...before.state.badges.slice(1)]);
      // Every avatar link of the viewer shows the previewed avatar; the others are left alone.
      expect(await links()).toEqual(before.links.map(([own, style]) => [own, own ? `background-image: url("${AVATAR}");` : style]));

      await runCommand(page, 'Toggle layout preview');
      await page.keyboard.press('Escape');
      await expect.poll(links).toEqual(before.links);
      expect(await state()).toEqual(before.state);
    },
  );

  test('no preview on another user’s profile; the own profile matches case-insensitively', async ({ page, host }) => {
    await host.goto('/user/Akira/', { ...donator, seed: seed({ 'void-verified-layouts': layouts({ preview: true }) }) });
    await expect(page.locator('.about .markdown')).toBeVisible();
    const akira = await profileState(page);
    await page.waitForTimeout(300);
    expect(await profileState(page)).toEqual(akira);
    expect(akira.avatar).not.toBe(AVATAR);
    expect(akira.css).toBeNull();
    await expect(page.locator('[data-void-layout]')).toHaveCount(0);

    await host.goto('/user/viewer/', { ...donator, seed: seed({ 'void-verified-layouts': layouts({ preview: true }) }) });
    await expect.poll(() => profileState(page).then((s) => s.avatar)).toBe(AVATAR);
    // Leaving for another profile inside the app takes the preview away.
    await page.evaluate(() =>
      (document.querySelector('#app') as unknown as { __vue__: { $router: { push(p: string): void } } }).__vue__.$router.push(
        '/user/Akira/',
      ),
    );
    await expect(page.locator('h1.name')).toHaveText('Akira');
    await expect.poll(() => profileState(page).then((s) => [s.avatar === AVATAR, s.css])).toEqual([false, null]);
    // The host reused the profile's elements for Akira: they show Akira's own values, not the viewer's put back.
    await expect.poll(() => profileState(page)).toEqual(akira);
  });

  test('a second tab follows preview, layout and CSS changes over the void-layouts channel', async ({ page, host }) => {
    await host.goto('/user/Viewer/', { ...donator, seed: seed({ 'void-verified-layouts': layouts() }) });
    await expect(page.locator('.about .markdown')).toBeVisible();
    const original = await profileState(page);
    // Listen on the channel too, to see the messages themselves.
    await page.evaluate(() => {
      const w = window as unknown as { __layoutKinds: string[] };
      w.__layoutKinds = [];
      new BroadcastChannel('void-layouts').onmessage = (e: MessageEvent<{ kind: string }>) => w.__layoutKinds.push(e.data.kind);
    });
    const kinds = () => page.evaluate(() => (window as unknown as { __layoutKinds: string[] }).__layoutKinds);

    const settingsTab = await host.newPage('/settings/developer');
    const tab = await layoutTab(settingsTab);
    await tab.getByRole('button', { name: 'Enable Preview' }).click();
    await expect.poll(() => profileState(page).then((s) => s.avatar)).toBe(AVATAR);
    await tab.getByRole('textbox', { name: 'About' }).fill('Edited in the other tab');
    await expect(page.locator('.about .markdown[data-void-layout]')).toHaveText('Edited in the other tab');
    await tab.getByRole('button', { name: 'Add Layout' }).click(); // an empty layout: nothing replaced
    await expect.poll(() => profileState(page).then((s) => s.avatar)).toBe(original.avatar);
    await choose(tab.getByRole('combobox', { name: 'Layout' }), '0');
    await expect.poll(() => profileState(page).then((s) => s.avatar)).toBe(AVATAR);
    await tab.getByRole('button', { name: 'Disable Css' }).click();
    await expect.poll(() => profileState(page).then((s) => s.css)).toBeNull();
    await tab.getByRole('button', { name: 'Disable Preview' }).click();
    await expect.poll(() => profileState(page)).toEqual(original);
    await expect.poll(kinds).toEqual(expect.arrayContaining(['preview', 'layout', 'css']));
  });

  test('a page script posting on the void-layouts channel cannot put its layout into the preview (issue 25)', async ({ page, host }) => {
    await host.goto('/user/Viewer/', { ...donator, seed: seed({ 'void-verified-layouts': layouts() }) });
    await expect(page.locator('.about .markdown')).toBeVisible();
    await host.scriptReady();
    const original = await profileState(page);
    // Well-formed messages, as another tab of ours would post them, with the page's own layout in
    // preview; then a last message that another listener waits for: the channel delivers in order.
    await page.evaluate(async () => {
      const forged = {
        layoutsList: [
          {
            name: 'Forged',
            avatar: 'https://s4.anilist.co/file/anilistcdn/user/avatar/large/forged.png',
            banner: '',
            color: '',
            donatorBadge: '',
            bio: 'Forged about',
          },
        ],
        selectedLayout: 0,
        preview: true,
        disableCss: false,
      };
      const heard = new Promise<void>((resolve) => {
        new BroadcastChannel('void-layouts').onmessage = (e: MessageEvent<{ last?: boolean }>) => e.data.last && resolve();
      });
      const channel = new BroadcastChannel('void-layouts');
      for (const kind of ['preview', 'layout', 'css']) channel.postMessage({ kind, state: forged });
      channel.postMessage({ last: true });
      await heard;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    expect(await profileState(page)).toEqual(original);
    await expect(page.locator('.about .markdown')).not.toContainText('Forged about');
  });
});
