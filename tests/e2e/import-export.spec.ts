import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, OAUTH_TOKEN, scriptStarted, test } from './fixtures';
import { chooseFile, filesOnDisk } from './real-input';

/** Config Import/Export: the settings sub-tab, the palette commands and the first-run adoption offer. */

const settings = (page: Page) => page.locator('[data-void-ui="settings"]');
const subTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name, exact: true });
const toasts = (page: Page) => page.locator('.vv-toast');
const fileInput = (page: Page) => settings(page).getByLabel('Import', { exact: true });
const stored = (page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue(k);
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data;
  }, key);
/**
 * What the manager stores, as text, without the query cache: reads running in the background (the
 * people you follow, which the users tab suggests) fill it whenever they answer, and a cache is not
 * something an import changes.
 */
const gmDump = (page: Page) =>
  page.evaluate(() => {
    const all = (window as unknown as { __gm: { dump(): Record<string, unknown> } }).__gm.dump();
    return JSON.stringify(Object.fromEntries(Object.entries(all).filter(([key]) => key !== 'void-verified-query-cache')));
  });
const envelope = (data: unknown) => JSON.stringify({ v: 1, data });
/** Success toasts show from level 1 (the default, 2, shows warnings and errors only). */
const SEED = { 'void-verified-toaster-config': envelope({ toastLevel: 1, duration: 10, location: 'bottom-left' }) };

async function openTab(page: Page) {
  await scriptStarted(page);
  await subTab(page, 'Import/Export').click();
  await expect(settings(page).getByRole('heading', { name: 'Import/Export' })).toBeVisible();
}

function ourFile(configs: Record<string, unknown>) {
  return JSON.stringify({ format: 'voidverified-palette-config', version: 1, exportedAt: new Date().toISOString(), configs });
}

/** The import summary: nothing is written before its Import. */
const summary = (page: Page) => page.getByRole('dialog', { name: 'Import configuration' });
async function acceptSummary(page: Page) {
  await summary(page).getByRole('button', { name: 'Import', exact: true }).click();
}

/** Marks the current document; gone after a reload. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

test.describe('Import/Export', () => {
  test('Export downloads voidverified-configs.json holding a changed setting and no per-device data', async ({ page, host }) => {
    await host.goto('/settings/developer', {
      seed: { ...SEED, 'void-verified-auth': envelope({ token: 'secret', expires: Date.now() + 1e10 }) },
    });
    const highlight = settings(page).locator('[data-option="highlightEnabled"] input[type="checkbox"]');
    await expect(highlight).toBeChecked();
    await highlight.uncheck();
    await openTab(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      settings(page).getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('voidverified-configs.json');
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      format: string;
      version: number;
      exportedAt: string;
      configs: Record<string, unknown>;
    };
    expect(file).toMatchObject({ format: 'voidverified-palette-config', version: 1 });
    expect(Number.isNaN(Date.parse(file.exportedAt))).toBe(false);
    expect(file.configs['void-verified-settings']).toMatchObject({ highlightEnabled: false });
    expect(file.configs['void-verified-toaster-config']).toEqual({ toastLevel: 1, duration: 10, location: 'bottom-left' });
    for (const name of [
      'void-verified-auth',
      'void-verified-changelog-seen',
      'void-verified-palette-frecency',
      'void-verified-palette-adoption',
    ])
      expect(file.configs).not.toHaveProperty(name);
    expect(JSON.stringify(file)).not.toContain('secret');
  });

  test('the palette command exports too', async ({ page, host }) => {
    await host.goto('/home');
    await scriptStarted(page);
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Export configuration');
    await expect(page.locator('[cmdk-item][data-command="import-export.export"]')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('voidverified-configs.json');
  });

  test("the palette's 'Import configuration…' opens a file chooser and imports the file", async ({ page, host }) => {
    await host.goto('/home', { seed: SEED });
    await scriptStarted(page);
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Import configuration');
    await expect(page.locator('[cmdk-item][data-command="import-export.import"]')).toBeVisible();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    expect(chooser.isMultiple()).toBe(false);
    const reloaded = page.waitForEvent('load');
    // From disk, as a person picks it (a buffer would be set with an untrusted change event).
    await chooser.setFiles(
      filesOnDisk([{ name: 'voidverified-configs.json', content: ourFile({ 'void-verified-global-css': 'a { color: red; }' }) }]),
    );
    await expect(summary(page).getByRole('region', { name: 'Global CSS' })).toContainText('a { color: red; }');
    await acceptSummary(page);
    await expect(toasts(page).filter({ hasText: 'Config successfully imported.' })).toBeVisible();
    await reloaded;
    expect(await stored(page, 'void-verified-global-css')).toBe('a { color: red; }');
    await expect(page.locator('[data-void-ui="import-file"]')).toHaveCount(0);
  });

  test('importing a good file toasts, reloads and applies it', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: SEED });
    await openTab(page);
    await mark(page);
    const reloaded = page.waitForEvent('load');
    await chooseFile(fileInput(page), {
      name: 'voidverified-configs.json',
      buffer: Buffer.from(
        ourFile({
          'void-verified-settings': { defaultSign: '★', highlightEnabled: false },
          'void-verified-time-config': { dateFormat: 'dd.mm.yyyy', use12HourFormat: false },
        }),
      ),
    });
    await expect(summary(page)).toContainText('It replaces: settings options; date format and 12-hour clock.');
    await acceptSummary(page);
    await expect(toasts(page).filter({ hasText: 'Config successfully imported.' })).toBeVisible();
    await reloaded;
    expect(await marked(page)).toBe(false);
    await expect(settings(page).locator('[data-option="defaultSign"] input')).toHaveValue('★');
    await expect(settings(page).locator('[data-option="highlightEnabled"] input[type="checkbox"]')).not.toBeChecked();
    expect(await stored(page, 'void-verified-time-config')).toEqual({ dateFormat: 'dd.mm.yyyy', use12HourFormat: false });
    // Keys not in the file are left as they were.
    expect(await stored(page, 'void-verified-toaster-config')).toEqual({ toastLevel: 1, duration: 10, location: 'bottom-left' });
  });

  test('a bad file shows what is wrong and changes nothing', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: { ...SEED, 'void-verified-settings': envelope({ defaultSign: '♥' }) } });
    await openTab(page);
    const before = await gmDump(page);
    await mark(page);
    const bad = ourFile({
      'void-verified-time-config': { dateFormat: 'dd.mm.yyyy', use12HourFormat: false },
      'void-verified-settings': { highlightEnabled: 'yes' },
    });
    await chooseFile(fileInput(page), { name: 'bad.json', buffer: Buffer.from(bad) });
    await expect(
      toasts(page).filter({ hasText: 'There was an error reading the file. void-verified-settings.highlightEnabled: expected boolean' }),
    ).toBeVisible();
    await chooseFile(fileInput(page), { name: 'cut.json', buffer: Buffer.from(bad.slice(0, 40)) });
    await expect(toasts(page).filter({ hasText: 'There was an error reading the file. It is not valid JSON' })).toBeVisible();
    await chooseFile(fileInput(page), { name: 'notes.txt', buffer: Buffer.from(ourFile({})) });
    await expect(toasts(page).filter({ hasText: 'There was an error reading the file. Only .json files can be imported.' })).toBeVisible();
    await chooseFile(fileInput(page), {
      name: 'proto.json',
      buffer: Buffer.from('{"settings":{"__proto__":{"polluted":true}}}'),
    });
    await expect(toasts(page).filter({ hasText: 'settings.__proto__: forbidden key' })).toBeVisible();
    await page.waitForTimeout(2000); // longer than the reload delay of a successful import
    expect(await marked(page)).toBe(true);
    expect(await gmDump(page)).toBe(before);
    await expect(settings(page).locator('[data-option="defaultSign"] input')).toHaveValue('♥');
  });

  test("imports the original VoidVerified's file and reports what it skipped", async ({ page, host }) => {
    await host.goto('/settings/developer');
    await openTab(page);
    const original = {
      settings: { highlightEnabled: false, defaultSign: { value: '★' }, pasteImageWidthValue: { value: '300' } },
      timeConfig: { dateFormat: 'yyyy-mm-dd', use12HourFormat: false },
      drafts: [{ name: 'Review', content: 'Kept', timestamp: '2026-11-01T00:00:00.000Z' }],
      mediaOverviewCache: [],
    };
    const reloaded = page.waitForEvent('load');
    // The original downloads it as 'VoidVerified_configs', without an extension.
    await chooseFile(fileInput(page), { name: 'VoidVerified_configs', buffer: Buffer.from(JSON.stringify(original)) });
    await expect(summary(page)).toContainText('Left out: mediaOverviewCache (kept per device).');
    await acceptSummary(page);
    await expect(
      toasts(page).filter({ hasText: 'Config successfully imported. Skipped: mediaOverviewCache (kept per device).' }),
    ).toBeVisible();
    await reloaded;
    expect(await stored(page, 'void-verified-markdown-drafts')).toEqual([{ ...original.drafts[0], place: '' }]);
    await expect(settings(page).locator('[data-option="defaultSign"] input')).toHaveValue('★');
    await expect(settings(page).locator('[data-option="pasteImageWidthValue"] input')).toHaveValue('300');
    expect(await stored(page, 'void-verified-settings')).toEqual({ highlightEnabled: false, defaultSign: '★', pasteImageWidthValue: 300 });
    expect(await stored(page, 'void-verified-time-config')).toEqual({ dateFormat: 'yyyy-mm-dd', use12HourFormat: false });
  });
});

test.describe('credentials and failed writes', () => {
  const SECRETS = {
    apiKey: 'bb-secret-key',
    clientSecret: 'imgur-client-secret',
    authToken: 'imgur-access-token',
    refreshToken: 'imgur-refresh-token',
    userHash: 'catbox-user-hash',
  };
  const hostConfig = (s: Partial<typeof SECRETS>, clientId = 'public-client-id') => ({
    selectedHost: 'imgbb',
    configurations: {
      imgbb: { name: 'imgbb', apiKey: s.apiKey ?? '' },
      imgur: {
        name: 'imgur',
        clientId,
        clientSecret: s.clientSecret ?? '',
        expires: s.authToken ? 1_900_000_000_000 : null,
        refreshToken: s.refreshToken ?? null,
        authToken: s.authToken ?? null,
      },
      catbox: { name: 'catbox', userHash: s.userHash ?? '' },
    },
  });
  const HOST_KEY = 'void-verified-image-host-config';

  test('Export holds no image-host credentials and no AniList token', async ({ page, host }) => {
    await host.goto('/settings/developer', {
      seed: {
        ...SEED,
        [HOST_KEY]: envelope(hostConfig(SECRETS)),
        'void-verified-auth': envelope({ token: 'anilist-token', expires: Date.now() + 1e10 }),
      },
    });
    await openTab(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      settings(page).getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8');
    for (const secret of [...Object.values(SECRETS), 'anilist-token']) expect(text).not.toContain(secret);
    expect((JSON.parse(text) as { configs: Record<string, unknown> }).configs[HOST_KEY]).toEqual(hostConfig({}));
    // Still stored here.
    expect(await stored(page, HOST_KEY)).toEqual(hostConfig(SECRETS));
  });

  for (const tick of [true, false]) {
    test(`a file with credentials lists them in the summary; ${tick ? 'ticked, they are taken' : 'unticked, the rest is imported and the ones stored here are kept'}`, async ({
      page,
      host,
    }) => {
      const mine = hostConfig({ apiKey: 'my-key' }, 'my-client');
      await host.goto('/settings/developer', { seed: { ...SEED, [HOST_KEY]: envelope(mine) } });
      await openTab(page);
      const reloaded = page.waitForEvent('load');
      await chooseFile(fileInput(page), {
        name: 'shared.json',
        buffer: Buffer.from(
          ourFile({
            [HOST_KEY]: hostConfig({ apiKey: SECRETS.apiKey, userHash: SECRETS.userHash }),
            'void-verified-global-css': 'a { color: red; }',
          }),
        ),
      });
      const take = summary(page).getByRole('checkbox', { name: 'Take its credentials: imgbb API key, catbox user hash' });
      await expect(take).not.toBeChecked();
      // Nothing is written while the summary is open.
      expect(await stored(page, 'void-verified-global-css')).toBeUndefined();
      if (tick) await take.check();
      await acceptSummary(page);
      await expect(
        toasts(page).filter({
          hasText: tick
            ? 'Config successfully imported.'
            : 'Config successfully imported. Skipped: imgbb API key, catbox user hash (credentials not taken; the ones stored here are kept).',
        }),
      ).toBeVisible();
      await reloaded;
      expect(await stored(page, 'void-verified-global-css')).toBe('a { color: red; }');
      expect(await stored(page, HOST_KEY)).toEqual(
        tick ? hostConfig({ apiKey: SECRETS.apiKey, userHash: SECRETS.userHash }) : hostConfig({ apiKey: 'my-key' }),
      );
    });
  }

  test('a write the manager refuses (over the quota) fails the import, says so and puts back what was written', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: { ...SEED, 'void-verified-global-css': envelope('body { color: blue; }') } });
    await openTab(page);
    await host.evalInScript(() =>
      (window as unknown as { __gm: { failWrites(keys: string[]): void } }).__gm.failWrites(['void-verified-time-config']),
    );
    const before = await gmDump(page);
    await mark(page);
    await chooseFile(fileInput(page), {
      name: 'voidverified-configs.json',
      // The CSS is written first, then the time format is refused.
      buffer: Buffer.from(
        ourFile({
          'void-verified-global-css': 'body { color: red; }',
          'void-verified-time-config': { dateFormat: 'dd.mm.yyyy', use12HourFormat: false },
        }),
      ),
    });
    await acceptSummary(page);
    await expect(
      toasts(page).filter({
        hasText:
          "There was an error reading the file. The import failed: void-verified-time-config could not be saved (Setting the value of 'void-verified-time-config' exceeded the quota.). Nothing was changed.",
      }),
    ).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Config successfully imported.' })).toHaveCount(0);
    await page.waitForTimeout(2000); // longer than the reload delay of a successful import
    expect(await marked(page)).toBe(true);
    expect(await gmDump(page)).toBe(before);
    expect(await stored(page, 'void-verified-global-css')).toBe('body { color: blue; }');
  });
});

test.describe('adopting the original VoidVerified configuration', () => {
  /** The original kept its configuration in the page's own localStorage. */
  async function seedOriginal(page: Page) {
    await page.addInitScript(() => {
      if (localStorage.getItem('void-verified-settings') !== null) return;
      localStorage.setItem('void-verified-settings', JSON.stringify({ highlightEnabled: false, defaultSign: { value: '★' } }));
      localStorage.setItem('void-verified-global-css', 'body { outline: 1px solid red; }');
      localStorage.setItem('void-verified-read-notifications', '[1,2,3]');
      localStorage.setItem('void-verified-markdown-drafts', '[{"name":"Review","content":"Kept","timestamp":"2026-11-01T00:00:00.000Z"}]');
    });
  }
  const dialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Found a configuration from the original VoidVerified' });

  test('is offered once on first run; Ok adopts it and reloads', async ({ page, host }) => {
    await seedOriginal(page);
    await host.goto('/settings/developer');
    await expect(dialog(page)).toContainText('Found a configuration from the original VoidVerified on this browser. Adopt it?');
    const reloaded = page.waitForEvent('load');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    await reloaded;
    expect(await stored(page, 'void-verified-markdown-drafts')).toEqual([
      { name: 'Review', content: 'Kept', timestamp: '2026-11-01T00:00:00.000Z', place: '' },
    ]);
    await expect(settings(page).locator('[data-option="defaultSign"] input')).toHaveValue('★');
    expect(await stored(page, 'void-verified-global-css')).toBe('body { outline: 1px solid red; }');
    expect(await stored(page, 'void-verified-palette-adoption')).toMatchObject({ outcome: 'adopted' });
    await page.waitForTimeout(1000);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('Cancel is remembered and changes nothing', async ({ page, host }) => {
    await seedOriginal(page);
    await host.goto('/settings/developer');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    expect(await stored(page, 'void-verified-palette-adoption')).toMatchObject({ outcome: 'declined' });
    expect(await stored(page, 'void-verified-settings')).toBeUndefined();
    await page.reload();
    await scriptStarted(page);
    await page.waitForTimeout(1000);
    await expect(dialog(page)).toHaveCount(0);
    await expect(settings(page).locator('[data-option="defaultSign"] input')).toHaveValue('✔');
  });

  test('is not offered to someone who already has a configuration of ours', async ({ page, host }) => {
    await seedOriginal(page);
    await host.goto('/settings/developer', { seed: { 'void-verified-settings': envelope({ defaultSign: '♥' }) } });
    await scriptStarted(page);
    await expect.poll(() => stored(page, 'void-verified-palette-adoption')).toMatchObject({ outcome: 'configured' });
    await expect(dialog(page)).toHaveCount(0);
    await expect(settings(page).locator('[data-option="defaultSign"] input')).toHaveValue('♥');
  });
});

test.describe('an import cannot arm an account change (issue 25)', () => {
  const DAY = 86_400_000;
  const AUTHORIZED = {
    ...SEED,
    'void-verified-auth': envelope({ token: OAUTH_TOKEN, expires: Date.now() + 300 * DAY }),
    'void-verified-settings': envelope({ layoutDesignerEnabled: true, replaceNotifications: true, globalCssEnabled: true }),
  };
  /** The attack: scroll keys bound to commands that write to the account, with a layout whose about is the file's. */
  const HOSTILE = ourFile({
    'void-verified-hotkeys': {
      'layout-designer.publish': 'ArrowDown',
      'notifications.mark-all-read': 'ArrowDown',
      'authorization.revoke': 'ctrl+alt+r',
    },
    'void-verified-layouts': {
      layoutsList: [{ name: 'Hijack', avatar: '', banner: '', bio: 'The file wrote this about', color: '', donatorBadge: '' }],
      selectedLayout: 0,
      preview: false,
      disableCss: false,
    },
  });
  const line = (page: Page, command: string) => summary(page).locator(`li[data-command="${command}"]`);

  test("a file binding 'Publish layout' to ArrowDown: refused in the summary, ArrowDown publishes nothing, and publishing asks", async ({
    page,
    host,
    api,
  }) => {
    await host.goto('/settings/developer', { seed: AUTHORIZED });
    await host.scriptReady();
    await subTab(page, 'Import/Export').click();
    await chooseFile(fileInput(page), { name: 'hostile.json', buffer: Buffer.from(HOSTILE) });

    // The summary names each binding with its command's title, and what becomes of it.
    await expect(line(page, 'layout-designer.publish')).toContainText(
      'Publish layout: none → Arrowdown: refused, a key without Ctrl, Alt or Meta',
    );
    await expect(line(page, 'notifications.mark-all-read')).toContainText('Mark all notifications as read: none → Arrowdown: refused');
    const revoke = line(page, 'authorization.revoke').getByRole('checkbox', { name: 'Revoke authorization: none → Ctrl+Alt+R' });
    await expect(revoke).not.toBeChecked();
    await expect(line(page, 'authorization.revoke')).toContainText('Not taken unless ticked: this command spends or drops a credential.');
    await expect(summary(page).getByRole('region', { name: 'Layouts' })).toContainText('1 layout replaces yours: Hijack.');
    expect(await stored(page, 'void-verified-hotkeys')).toBeUndefined();
    const reloaded = page.waitForEvent('load');
    await acceptSummary(page);
    await reloaded;
    await host.scriptReady();
    expect(await stored(page, 'void-verified-hotkeys')).toEqual({});

    await host.goto('/home');
    await host.scriptReady();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    // Running it from the palette asks first, saying what it replaces; Cancel publishes nothing.
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Publish layout');
    await expect(page.locator('[cmdk-item]').first()).toHaveAttribute('data-command', 'layout-designer.publish');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Warning' });
    await expect(confirm).toContainText('Publish the layout "Hijack" to your AniList profile? It replaces your about');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect(api.requests.filter((r) => r.operationName === 'SaveUserAbout')).toEqual([]);
    expect(api.state.users.find((u) => u.id === 1)!.about).not.toContain('The file wrote this about');
  });

  test('an imported global CSS is listed, and applied only after Import; Cancel changes nothing', async ({ page, host }) => {
    // On /home, where the global CSS applies (never on the settings page), through the palette's import.
    await host.goto('/home', { seed: AUTHORIZED });
    await host.scriptReady();
    const outline = () => page.evaluate(() => getComputedStyle(document.body).outlineWidth);
    const css = 'body { outline: 7px solid rgb(1, 2, 3) !important; }';
    // From disk, as a person picks it (a buffer would be set with an untrusted change event).
    const file = filesOnDisk([{ name: 'css.json', content: ourFile({ 'void-verified-global-css': css }) }]);
    const importThroughPalette = async () => {
      await page.keyboard.press('Control+Space');
      await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Import configuration');
      await expect(page.locator('[cmdk-item]').first()).toHaveAttribute('data-command', 'import-export.import');
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
      await chooser.setFiles(file);
    };

    await mark(page);
    await importThroughPalette();
    const listed = summary(page).getByRole('region', { name: 'Global CSS' });
    await expect(listed).toContainText(css);
    await expect(listed).toContainText('It replaces yours and applies to every AniList page once you accept');
    expect(await outline()).not.toBe('7px');
    await summary(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(summary(page)).toHaveCount(0);
    expect(await outline()).not.toBe('7px');
    // Nothing of the file was written (using the palette is remembered, as ever).
    expect(await stored(page, 'void-verified-global-css')).toBeUndefined();
    expect(await marked(page)).toBe(true);

    await importThroughPalette();
    await expect(listed).toBeVisible();
    expect(await outline()).not.toBe('7px');
    const reloaded = page.waitForEvent('load');
    await acceptSummary(page);
    await reloaded;
    await expect.poll(outline).toBe('7px');
  });
});

test.describe('adoption asks about credentials a page planted', { tag: '@worlds' }, () => {
  /** A page script writes the original's keys before our first run: its imgbb key among them. */
  async function plant(page: Page) {
    await page.addInitScript(() => {
      if (localStorage.getItem('void-verified-settings') !== null) return;
      localStorage.setItem('void-verified-settings', JSON.stringify({ defaultSign: { value: '★' } }));
      localStorage.setItem(
        'void-verified-image-host-config',
        JSON.stringify({
          selectedHost: 'imgbb',
          configurations: {
            imgbb: { name: 'imgbb', apiKey: 'page-planted-key' },
            imgur: { name: 'imgur', clientId: '', clientSecret: '', expires: null, refreshToken: null, authToken: null },
            catbox: { name: 'catbox', userHash: '' },
          },
        }),
      );
    });
  }
  const question = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Found a configuration from the original VoidVerified' });
  const imgbbKey = (host: Parameters<Parameters<typeof test>[2]>[0]['host']) =>
    host.evalInScript(() => {
      const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue('void-verified-image-host-config');
      return raw === undefined
        ? undefined
        : (JSON.parse(raw) as { data: { configurations: { imgbb: { apiKey: string } } } }).data.configurations.imgbb.apiKey;
    });

  for (const tick of [false, true]) {
    test(`the question lists them, unticked; Ok ${tick ? 'with the tick takes them' : 'alone leaves them'}`, async ({ page, host }) => {
      await plant(page);
      // A first run: no configuration of ours yet, or the offer is settled without asking.
      await host.goto('/settings/developer');
      const take = question(page).getByRole('checkbox', { name: 'Take its credentials: imgbb API key' });
      await expect(take).not.toBeChecked();
      if (tick) await take.check();
      const reloaded = page.waitForEvent('load');
      await question(page).getByRole('button', { name: 'Ok' }).click();
      await reloaded;
      await host.scriptReady();
      await expect(settings(page).locator('[data-option="defaultSign"] input')).toHaveValue('★');
      expect(await imgbbKey(host)).toBe(tick ? 'page-planted-key' : '');
    });
  }
});

test.describe('Export: choose what it writes (document 3, C30)', () => {
  test('every exportable part has a checkbox, all on; the keyboard unticks one and Export writes only the ticked ones', async ({
    page,
    host,
  }) => {
    await host.goto('/settings/developer', { seed: SEED });
    await openTab(page);
    const choice = settings(page).getByRole('group', { name: 'What to export' });
    const boxes = choice.getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(5);
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    // Labelled, and reached and switched from the keyboard.
    const settingsBox = choice.getByRole('checkbox', { name: 'Settings options' });
    await choice.getByRole('checkbox', { name: 'Remapped hotkeys' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(settingsBox).toBeFocused();
    await page.keyboard.press('Space');
    await expect(settingsBox).not.toBeChecked();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      choice.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { configs: Record<string, unknown> };
    expect(file.configs).not.toHaveProperty('void-verified-settings');
    expect(file.configs).toHaveProperty('void-verified-hotkeys');
    expect(file.configs['void-verified-toaster-config']).toEqual({ toastLevel: 1, duration: 10, location: 'bottom-left' });
    // Nothing ticked: nothing to export.
    for (const box of await boxes.all()) await box.uncheck();
    await expect(choice.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  });
});

test.describe("2.0.3's backoff and server options (issue 28)", () => {
  test("an original's file carries the backoff switch; its server's options stay as they are and are said to need that server", async ({
    page,
    host,
  }) => {
    await host.goto('/settings/developer', { seed: SEED });
    await openTab(page);
    const original = {
      settings: { aniListApiExponentialBackoff: { value: false }, syncGifsToVoidApi: { value: true }, pollsEnabled: { value: false } },
    };
    const said = 'settings.syncGifsToVoidApi (need the original VoidVerified’s server, not available here; kept as they are)';
    const reloaded = page.waitForEvent('load');
    await chooseFile(fileInput(page), { name: 'VoidVerified_configs', buffer: Buffer.from(JSON.stringify(original)) });
    await expect(summary(page)).toContainText(said);
    await acceptSummary(page);
    await expect(toasts(page).filter({ hasText: `Config successfully imported. Skipped: ${said}.` })).toBeVisible();
    await reloaded;
    await expect(settings(page).locator('[data-option="aniListApiExponentialBackoff"] input[type="checkbox"]')).not.toBeChecked();
    expect(await stored(page, 'void-verified-settings')).toEqual({
      aniListApiExponentialBackoff: false,
      syncGifsToVoidApi: true,
      pollsEnabled: false,
    });
  });
});
