import type { Page } from '@playwright/test';
import type { ImageHostConfig } from '../../src/data/image-hosts';
import { clickPaletteRow, expect, OAUTH_TOKEN, scriptStarted, test } from './fixtures';
import { choose, dropFiles, pasteImage, pasteText } from './real-input';

/** Paste and drop in markdown editors, image uploads to catbox, imgbb and imgur, imgur authorization, the video type fixer. */

const HOST_TEXTAREA = '.activity-edit textarea.el-textarea__inner';
/** A token the mock API accepts (it is asked whose it is on load, and one it refused would be forgotten). */
const ANILIST_TOKEN = OAUTH_TOKEN;
const CATBOX_URL = 'https://files.catbox.moe/abc123.png';
const IMGBB_URL = 'https://i.ibb.co/x/y.png';
const IMGUR_URL = 'https://i.imgur.com/z.png';
/** The file's bytes: ASCII, so the fixture can read multipart bodies as text. */
const FILE_TEXT = 'not-really-a-png';
const FILE_BASE64 = Buffer.from(FILE_TEXT).toString('base64');

const stored = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': stored(values) });
/** Toast level info, so debug and success toasts show too. */
const LOUD_TOASTS = { 'void-verified-toaster-config': stored({ toastLevel: 0, duration: 10, location: 'bottom-left' }) };
const UPLOADS = settingsSeed({ pasteImagesToHostService: true });

type Host = 'catbox' | 'imgbb' | 'imgur';
function hostConfig(selectedHost: Host, change: { imgbb?: object; imgur?: object; catbox?: object } = {}) {
  return {
    selectedHost,
    configurations: {
      imgbb: { name: 'imgbb', apiKey: '', ...change.imgbb },
      imgur: { name: 'imgur', clientId: '', clientSecret: '', expires: null, refreshToken: null, authToken: null, ...change.imgur },
      catbox: { name: 'catbox', userHash: '', ...change.catbox },
    },
  };
}
const hostSeed = (...args: Parameters<typeof hostConfig>) => ({ 'void-verified-image-host-config': stored(hostConfig(...args)) });

const ready = (page: Page) => scriptStarted(page);
const toasts = (page: Page) => page.locator('.vv-toast');
const settings = (page: Page) => page.locator('[data-void-ui="settings"]');
const subTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name, exact: true });
/** Writes a stored value the way the script stores it and reloads, so the script starts with it. */
async function restartWith(page: Page, key: string, data: unknown): Promise<void> {
  await page.evaluate(([k, raw]) => (window as unknown as { GM_setValue(k: string, v: string): void }).GM_setValue(k, raw), [
    key,
    stored(data),
  ] as const);
  await page.reload();
  await ready(page);
}
const readStored = (page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue(k);
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data;
  }, key);

/** Emulates the host's v-model: `window.__model` follows the textarea's input events. */
async function watchModel(page: Page, selector = HOST_TEXTAREA): Promise<void> {
  await page.evaluate((sel) => {
    const field = document.querySelector<HTMLTextAreaElement>(sel)!;
    field.addEventListener('input', () => ((window as unknown as { __model: string }).__model = field.value));
  }, selector);
}
const model = (page: Page) => page.evaluate(() => (window as unknown as { __model?: string }).__model);

/** A file as the file manager holds it: its bytes are ASCII, so the fixture reads multipart bodies as text. */
const CAT = { name: 'cat.photo.png', content: FILE_TEXT };
const textarea = (page: Page) => page.locator(HOST_TEXTAREA).first();
/** A person pastes an image into the host's editor (from the clipboard: the browser names it image.png). */
const paste = (page: Page) => pasteImage(textarea(page));
/** A person drops files from the file manager on the host's editor. */
const drop = (page: Page, files: { name: string; content: string }[] = [CAT]) => dropFiles(textarea(page), files);
/** A pasted image's bytes as the browser encodes them: a PNG, in base64. */
const PASTED_PNG_BASE64 = /^iVBORw0KGgo/;

test.describe('pasting and dropping images', () => {
  test('catbox: a dropped image is uploaded (multipart with reqtype) and its markup inserted; the host model sees it', async ({
    page,
    host,
  }) => {
    await host.goto('/home', { seed: { ...UPLOADS, ...LOUD_TOASTS } });
    await ready(page);
    await watchModel(page);
    await textarea(page).fill('Look: ');
    await drop(page);
    await expect(textarea(page)).toHaveValue(`Look: img420(${CATBOX_URL})`);
    expect(await model(page)).toBe(`Look: img420(${CATBOX_URL})`);
    expect(host.imageRequests).toHaveLength(1);
    const r = host.imageRequests[0]!;
    expect([r.method, r.url]).toEqual(['POST', 'https://catbox.moe/user/api.php']);
    expect(r.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(r.postData).toMatch(/name="reqtype"\r\n\r\nfileupload\r\n/);
    // The file goes as it is, from disk (the request record does not carry those bytes; imgbb's base64 below does).
    expect(r.postData).toMatch(/name="fileToUpload"; filename="cat.photo.png"/);
    // No user hash set: none sent.
    expect(r.postData).not.toContain('name="userhash"');
    await expect(toasts(page).filter({ hasText: 'Uploading image to catbox.' })).toBeVisible();
  });

  test('catbox with a user hash, a custom width and link wrapping', async ({ page, host }) => {
    await host.goto('/home', {
      seed: {
        ...settingsSeed({ pasteImagesToHostService: true, pasteImageWidth: 300, pasteWrapImagesWithLink: true }),
        ...hostSeed('catbox', { catbox: { userHash: 'my-hash' } }),
      },
    });
    await ready(page);
    await drop(page);
    await expect(textarea(page)).toHaveValue(`[img300(${CATBOX_URL})](${CATBOX_URL})`);
    expect(host.imageRequests[0]?.postData).toMatch(/name="userhash"\r\n\r\nmy-hash\r\n/);
  });

  test('imgbb: key in the query, image as base64 and the name without extension', async ({ page, host }) => {
    await host.goto('/home', { seed: { ...UPLOADS, ...LOUD_TOASTS, ...hostSeed('imgbb', { imgbb: { apiKey: 'bb-key' } }) } });
    await ready(page);
    await drop(page);
    await expect(textarea(page)).toHaveValue(`img420(${IMGBB_URL})`);
    const r = host.imageRequests[0]!;
    expect(r.url).toBe('https://api.imgbb.com/1/upload?key=bb-key');
    expect(Object.fromEntries(new URLSearchParams(r.postData ?? ''))).toEqual({ image: FILE_BASE64, name: 'cat.photo' });
    await expect(toasts(page).filter({ hasText: 'Uploading image to imgbb.' })).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Uploaded image to imgbb.' })).toBeVisible();
  });

  test('a pasted image (from the clipboard) is uploaded and inserted; the host model sees it', async ({ page, host }) => {
    await host.goto('/home', { seed: { ...UPLOADS, ...hostSeed('imgbb', { imgbb: { apiKey: 'bb-key' } }) } });
    await ready(page);
    await watchModel(page);
    await textarea(page).fill('Look: ');
    await paste(page);
    await expect(textarea(page)).toHaveValue(`Look: img420(${IMGBB_URL})`);
    expect(await model(page)).toBe(`Look: img420(${IMGBB_URL})`);
    expect(host.imageRequests).toHaveLength(1);
    const form = Object.fromEntries(new URLSearchParams(host.imageRequests[0]!.postData ?? ''));
    expect(form.name).toBe('image');
    expect(form.image).toMatch(PASTED_PNG_BASE64);
  });

  test('imgbb without an API key: silently nothing', async ({ page, host }) => {
    await host.goto('/home', { seed: { ...UPLOADS, ...LOUD_TOASTS, ...hostSeed('imgbb') } });
    await ready(page);
    await paste(page);
    await page.waitForTimeout(300);
    expect(host.imageRequests).toEqual([]);
    await expect(textarea(page)).toHaveValue('');
    await expect(toasts(page)).toHaveCount(0);
  });

  test('imgur: anonymous with Client-ID, then with the account token as Bearer', async ({ page, host }) => {
    await host.goto('/home', {
      seed: { ...UPLOADS, ...LOUD_TOASTS, ...hostSeed('imgur', { imgur: { clientId: 'cid', clientSecret: 'secret' } }) },
    });
    await ready(page);
    await drop(page);
    await expect(textarea(page)).toHaveValue(`img420(${IMGUR_URL})`);
    const anonymous = host.imageRequests[0]!;
    expect([anonymous.method, anonymous.url]).toEqual(['POST', 'https://api.imgur.com/3/image']);
    expect(anonymous.headers.authorization).toBe('Client-ID cid');
    expect(anonymous.postData).toMatch(new RegExp(`name="image"\\r\\n\\r\\n${FILE_BASE64}\\r\\n`));
    expect(anonymous.postData).toMatch(/name="title"\r\n\r\ncat.photo\r\n/);
    await expect(toasts(page).filter({ hasText: 'Uploaded image to imgur.' })).toBeVisible();

    await restartWith(
      page,
      'void-verified-image-host-config',
      hostConfig('imgur', {
        imgur: {
          clientId: 'cid',
          clientSecret: 'secret',
          authToken: 'imgur-account-token',
          refreshToken: 'r',
          expires: Date.now() + 3_600_000,
        },
      }),
    );
    await paste(page);
    await expect(textarea(page)).toHaveValue(`img420(${IMGUR_URL})`);
    expect(host.imageRequests[1]?.headers.authorization).toBe('Bearer imgur-account-token');
  });

  test('only the image files of a drop are uploaded; no upload without an image, or with uploads off', async ({ page, host }) => {
    await host.goto('/home', { seed: UPLOADS });
    await ready(page);
    await drop(page, [
      { name: 'doc.pdf', content: '%PDF-1.4' },
      { name: 'a.gif', content: 'GIF89a' },
    ]);
    await expect(textarea(page)).toHaveValue(`img420(${CATBOX_URL})`);
    expect(host.imageRequests).toHaveLength(1);
    expect(host.imageRequests[0]?.postData).toContain('filename="a.gif"');
    expect(host.imageRequests[0]?.postData).not.toContain('doc.pdf');

    // A paste of text only (no image) is the browser's.
    await textarea(page).fill('');
    await pasteText(textarea(page), 'just words');
    await expect(textarea(page)).toHaveValue('just words');

    await restartWith(page, 'void-verified-settings', { pasteImagesToHostService: false });
    await paste(page);
    await page.waitForTimeout(300);
    expect(host.imageRequests).toHaveLength(1);
  });

  test('our own editors (a textarea with data-markdown-editor in a shadow root) take pastes too; other fields do not', async ({
    page,
    host,
  }) => {
    await host.goto('/home', { seed: UPLOADS });
    await ready(page);
    await page.evaluate(() => {
      const shadowHost = document.createElement('div');
      shadowHost.id = 'our-editor';
      document.body.append(shadowHost);
      shadowHost.attachShadow({ mode: 'open' }).innerHTML = '<textarea data-markdown-editor></textarea><textarea class="plain"></textarea>';
    });
    await pasteImage(page.locator('#our-editor textarea.plain'));
    await pasteImage(page.locator('#our-editor textarea[data-markdown-editor]'));
    await expect(page.locator('#our-editor textarea[data-markdown-editor]')).toHaveValue(`img420(${CATBOX_URL})`);
    expect(host.imageRequests).toHaveLength(1);
    await expect(page.locator('#our-editor textarea.plain')).toHaveValue('');
  });

  test('a second paste while uploading is refused with an info toast', async ({ page, host }) => {
    await host.goto('/home', { seed: { ...UPLOADS, ...LOUD_TOASTS } });
    await ready(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('https://catbox.moe/**', async (route) => {
      await held;
      await route.fallback();
    });
    await paste(page);
    await paste(page);
    await expect(toasts(page).filter({ hasText: 'An image is still uploading. Try again when it is done.' })).toBeVisible();
    release();
    await expect(textarea(page)).toHaveValue(`img420(${CATBOX_URL})`);
    expect(host.imageRequests).toHaveLength(1);
    // Free again afterwards.
    await textarea(page).fill('');
    await paste(page);
    await expect(textarea(page)).toHaveValue(`img420(${CATBOX_URL})`);
    expect(host.imageRequests).toHaveLength(2);
  });

  for (const [name, endpoint, seed, message] of [
    ['catbox', 'catbox', hostSeed('catbox'), 'Failed to upload image to catbox.'],
    ['imgbb', 'imgbb', hostSeed('imgbb', { imgbb: { apiKey: 'k' } }), 'Failed to upload image to imgbb.'],
    ['imgur', 'imgur', hostSeed('imgur', { imgur: { clientId: 'cid' } }), 'Failed to upload image to imgur.'],
  ] as const) {
    test(`an upload failure on ${name} says so and inserts nothing`, async ({ page, host }) => {
      host.imageFailures[endpoint] = 500;
      await host.goto('/home', { seed: { ...UPLOADS, ...seed } });
      await ready(page);
      await paste(page);
      // Error toasts show at the default level.
      await expect(toasts(page).filter({ hasText: message })).toBeVisible();
      await expect(textarea(page)).toHaveValue('');
      expect(host.imageRequests).toHaveLength(1);
    });
  }
});

test.describe('pasted image URLs', () => {
  const url = 'https://example.com/pics/Cat.PNG';

  test('are wrapped with the width, in a link with the option, not inside parentheses, not when off', async ({ page, host }) => {
    await host.goto('/home', { seed: settingsSeed({ pasteEnabled: true, pasteImageWidth: 250 }) });
    await ready(page);
    await watchModel(page);
    await textarea(page).fill('Hi ');
    await pasteText(textarea(page), url);
    await expect(textarea(page)).toHaveValue(`Hi img250(${url})`);
    expect(await model(page)).toBe(`Hi img250(${url})`);

    // Inside parentheses (the user is writing the markup): left to the browser, which pastes it as it is.
    await textarea(page).fill('img100(');
    await pasteText(textarea(page), url);
    await expect(textarea(page)).toHaveValue(`img100(${url}`);
    await textarea(page).fill('[cat](');
    await pasteText(textarea(page), url);
    await expect(textarea(page)).toHaveValue(`[cat](${url}`);
    // Not an image URL: left alone.
    await textarea(page).fill('');
    await pasteText(textarea(page), 'https://example.com/page');
    await expect(textarea(page)).toHaveValue('https://example.com/page');
    expect(host.imageRequests).toEqual([]);

    await restartWith(page, 'void-verified-settings', { pasteEnabled: true, pasteWrapImagesWithLink: true });
    await pasteText(textarea(page), url);
    await expect(textarea(page)).toHaveValue(`[img420(${url})](${url})`);

    await restartWith(page, 'void-verified-settings', { pasteEnabled: false });
    await pasteText(textarea(page), url);
    await expect(textarea(page)).toHaveValue(url);
  });
});

test.describe('image host settings', () => {
  test('host select, imgbb key note, imgur fields and steps, catbox user hash: typed, then saved; also in the palette', async ({
    page,
    host,
  }) => {
    await host.goto('/settings/developer', { seed: { ...UPLOADS, ...LOUD_TOASTS } });
    await subTab(page, 'image host').click();
    const panel = settings(page).getByRole('tabpanel', { name: 'image host' });
    const select = panel.getByLabel('Image host', { exact: true });
    const save = panel.getByRole('button', { name: 'Save' });
    await expect(select).toHaveValue('catbox');
    await expect(save).toBeDisabled();
    await panel.getByLabel('User hash').fill('hash-1');
    // Typed is not stored: Save stores it.
    expect(await readStored(page, 'void-verified-image-host-config')).toBeUndefined();
    await save.click();
    await expect(toasts(page).filter({ hasText: 'Saved the catbox settings.' })).toBeVisible();
    await expect(panel.getByLabel('User hash')).toHaveText('set');
    expect(await readStored(page, 'void-verified-image-host-config')).toMatchObject({ configurations: { catbox: { userHash: 'hash-1' } } });

    await choose(select, 'imgbb');
    await expect(panel.getByLabel('API key')).toHaveAttribute('type', 'password');
    await expect(panel.getByRole('link', { name: 'api.imgbb.com' })).toHaveAttribute('href', 'https://api.imgbb.com/');
    // Enter in a field saves too.
    await panel.getByLabel('API key').fill('bb');
    await panel.getByLabel('API key').press('Enter');
    await expect(panel.getByLabel('API key')).toHaveText('set');

    await choose(select, 'imgur');
    // The client id is public (it names the app); the secret is not.
    await expect(panel.getByLabel('Client ID')).toHaveAttribute('type', 'text');
    await expect(panel.getByLabel('Client Secret')).toHaveAttribute('type', 'password');
    await expect(panel.getByRole('link', { name: 'https://api.imgur.com/oauth2/addclient' })).toBeVisible();
    await expect(panel).toContainText('https://anilist.co/settings/developer#void_imgur');
    await expect(panel.locator('ol li')).toHaveCount(3);
    await expect(panel.getByRole('button', { name: 'Authorize' })).toHaveCount(0);
    await panel.getByLabel('Client ID').fill('cid');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('button', { name: 'Authorize' })).toHaveCount(0);
    await panel.getByLabel('Client Secret').fill('secret');
    await expect(panel.getByRole('button', { name: 'Authorize' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('button', { name: 'Authorize' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Clear Authorization' })).toHaveCount(0);
    expect(await readStored(page, 'void-verified-image-host-config')).toEqual(
      hostConfig('imgur', { imgbb: { apiKey: 'bb' }, imgur: { clientId: 'cid', clientSecret: 'secret' }, catbox: { userHash: 'hash-1' } }),
    );

    // The same screen from the palette.
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Image host settings');
    await clickPaletteRow(page, 'paste.image-host');
    const palette = page.locator('.vv-palette');
    await expect(palette.getByLabel('Client ID')).toHaveValue('cid');
    await expect(palette.getByLabel('Client Secret')).toHaveText('set');
  });

  test('a stored credential is write-only: Replace empties the field, saving it empty keeps the stored one, Remove forgets it', async ({
    page,
    host,
  }) => {
    await host.goto('/settings/developer', { seed: { ...UPLOADS, ...hostSeed('imgbb', { imgbb: { apiKey: 'stored-key' } }) } });
    await subTab(page, 'image host').click();
    const panel = settings(page).getByRole('tabpanel', { name: 'image host' });
    const key = panel.getByLabel('API key');
    const apiKey = async () => ((await readStored(page, 'void-verified-image-host-config')) as ImageHostConfig).configurations.imgbb.apiKey;
    await expect(key).toHaveText('set');

    await panel.getByRole('button', { name: 'Replace' }).click();
    await expect(key).toBeFocused();
    await expect(key).toHaveValue('');
    await key.press('Enter');
    await expect(key).toHaveText('set');
    expect(await apiKey()).toBe('stored-key');

    await panel.getByRole('button', { name: 'Replace' }).click();
    await key.fill('typed-then-kept');
    await panel.getByRole('button', { name: 'Keep the stored one' }).click();
    await expect(key).toHaveText('set');
    expect(await apiKey()).toBe('stored-key');

    await panel.getByRole('button', { name: 'Replace' }).click();
    await key.fill('  new-key ');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(key).toHaveText('set');
    expect(await apiKey()).toBe('new-key');

    await panel.getByRole('button', { name: 'Remove' }).click();
    await expect(key).toHaveValue('');
    await expect(key).toHaveAttribute('type', 'password');
    expect(await apiKey()).toBe('');
  });

  test('the tab shows only while uploads are on', async ({ page, host }) => {
    await host.goto('/settings/developer');
    await expect(subTab(page, 'image host')).toHaveCount(0);
    await settings(page)
      .getByRole('checkbox', { name: /Upload pasted and dropped images/ })
      .check();
    await expect(subTab(page, 'image host')).toBeVisible();
  });

  test('imgur authorization round trip: token stored in seconds, hash removed, tab shown; Clear Authorization', async ({ page, host }) => {
    await host.goto('/settings/developer', {
      seed: { ...UPLOADS, ...hostSeed('imgur', { imgur: { clientId: 'cid', clientSecret: 'secret' } }) },
    });
    await subTab(page, 'image host').click();
    const before = Date.now();
    const authorize = page.waitForRequest((r) => r.url().startsWith('https://api.imgur.com/oauth2/authorize'));
    await settings(page).getByRole('button', { name: 'Authorize' }).click();
    // A fresh random state goes with it (imgur echoes it).
    expect((await authorize).url()).toMatch(
      /^https:\/\/api\.imgur\.com\/oauth2\/authorize\?client_id=cid&response_type=token&state=[0-9a-f]{32}$/,
    );
    // The page was already /settings/developer: wait for the returned page's result before looking at the address.
    // Two pages load inside this wait (the authorize page and the return), and the account is asked of imgur.
    const panel = settings(page).getByRole('tabpanel', { name: 'image host' });
    await expect(panel.getByRole('button', { name: 'Clear Authorization' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL('https://anilist.co/settings/developer');
    expect(await page.evaluate(() => location.hash)).toBe('');
    await expect(panel.getByRole('button', { name: 'Authorize' })).toHaveCount(0);
    expect(await readStored(page, 'void-verified-oauth-pending')).toEqual({ anilist: null, imgur: null });
    const saved = (await readStored(page, 'void-verified-image-host-config')) as ImageHostConfig;
    expect(saved.configurations.imgur).toMatchObject({
      clientId: 'cid',
      clientSecret: 'secret',
      authToken: 'imgur-token',
      refreshToken: 'imgur-refresh',
    });
    // expires_in=315360000 seconds.
    const expires = saved.configurations.imgur.expires ?? 0;
    expect(expires - before).toBeGreaterThanOrEqual(315_360_000_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(315_360_000_000);
    // The AniList token flow is untouched.
    expect(await readStored(page, 'void-verified-auth')).toBeUndefined();

    await panel.getByRole('button', { name: 'Clear Authorization' }).click();
    // It drops a credential: it asks first, and Cancel keeps it.
    const question = page.getByRole('alertdialog', { name: 'Warning' });
    await expect(question).toContainText('Clear the imgur authorization?');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByRole('button', { name: 'Clear Authorization' })).toBeVisible();
    await panel.getByRole('button', { name: 'Clear Authorization' }).click();
    await question.getByRole('button', { name: 'Ok' }).click();
    await expect(panel.getByRole('button', { name: 'Authorize' })).toBeVisible();
    const cleared = (await readStored(page, 'void-verified-image-host-config')) as ImageHostConfig;
    expect(cleared.configurations.imgur).toMatchObject({ clientId: 'cid', clientSecret: 'secret', authToken: null, refreshToken: null });
  });

  test('a crafted imgur return link is refused: uploads keep going to the same account', async ({ page, host }) => {
    const mine = {
      clientId: 'cid',
      clientSecret: 'secret',
      authToken: 'mine',
      refreshToken: 'mine-refresh',
      expires: Date.now() + 86_400_000,
    };
    await host.goto(
      '/settings/developer#void_imgur&access_token=attacker&expires_in=315360000&token_type=bearer&refresh_token=attacker-refresh&account_username=Mallory',
      {
        seed: { ...UPLOADS, ...hostSeed('imgur', { imgur: mine }) },
      },
    );
    await expect(toasts(page).filter({ hasText: 'Refused an imgur authorization this browser did not start' })).toBeVisible();
    expect(await page.evaluate(() => location.hash)).toBe('');
    expect(((await readStored(page, 'void-verified-image-host-config')) as ImageHostConfig).configurations.imgur).toEqual({
      name: 'imgur',
      ...mine,
    });
  });

  test('replacing an imgur authorization asks first, naming the account: Cancel keeps it, Ok takes all of the new one', async ({
    page,
    host,
  }) => {
    test.slow(); // several round trips through the authorize page
    const mine = {
      clientId: 'cid',
      clientSecret: 'secret',
      authToken: 'mine',
      refreshToken: 'mine-refresh',
      expires: Date.now() + 86_400_000,
    };
    // imgur's API names the returned token's account (the link's own account_username is not taken).
    host.oauth.imgurAccounts.theirs = 'Other';
    const question = page
      .getByRole('alertdialog')
      .filter({ hasText: 'Replace that authorization with the one imgur just returned (account Other)?' });
    const returnWith = async (state: string, refresh: string) => {
      await host.goto('/home', { seed: { ...UPLOADS, ...hostSeed('imgur', { imgur: mine }) } });
      await ready(page);
      await page.evaluate(([k, raw]) => (window as unknown as { GM_setValue(k: string, v: string): void }).GM_setValue(k, raw), [
        'void-verified-oauth-pending',
        stored({ anilist: null, imgur: { state, started: Date.now() } }),
      ] as const);
      await page.goto(
        `https://anilist.co/settings/developer#void_imgur&access_token=theirs&expires_in=3600&token_type=bearer${refresh}&account_username=Mallory&state=${state}`,
      );
    };
    await returnWith('e'.repeat(32), '&refresh_token=theirs-refresh');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
    expect(((await readStored(page, 'void-verified-image-host-config')) as ImageHostConfig).configurations.imgur).toMatchObject(mine);

    // Without a refresh token in the return, the old account's refresh token does not stay either.
    await returnWith('f'.repeat(32), '');
    await question.getByRole('button', { name: 'Ok' }).click();
    await expect
      .poll(async () => ((await readStored(page, 'void-verified-image-host-config')) as ImageHostConfig).configurations.imgur)
      .toMatchObject({ clientId: 'cid', authToken: 'theirs', refreshToken: null });
  });

  test('an imgur return with a bad token alphabet or an absurd expiry is refused', async ({ page, host }) => {
    test.slow(); // several round trips through the authorize page
    const seed = { ...UPLOADS, ...hostSeed('imgur', { imgur: { clientId: 'cid', clientSecret: 'secret' } }) };
    for (const [fields, text] of [
      [{ access_token: 'a"b' }, 'its token has characters a token cannot have'],
      [{ refresh_token: 'r\nr' }, 'its token has characters a token cannot have'],
      [{ expires_in: '1e308' }, 'its expiry is not a number of seconds up to ten years'],
    ] as const) {
      Object.assign(host.oauth.imgur, { access_token: 'imgur-token', refresh_token: 'imgur-refresh', expires_in: '315360000' }, fields);
      await host.goto('/settings/developer', { seed });
      await subTab(page, 'image host').click();
      await settings(page).getByRole('button', { name: 'Authorize' }).click();
      // The click leaves for the authorize page and comes back: the wait includes two page loads.
      await expect(toasts(page).filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
      expect(await page.evaluate(() => location.hash)).toBe('');
      expect(((await readStored(page, 'void-verified-image-host-config')) as ImageHostConfig).configurations.imgur).toMatchObject({
        authToken: null,
        refreshToken: null,
        expires: null,
      });
    }
  });

  test('an expired imgur token is refreshed at start-up', async ({ page, host }) => {
    const expired = hostSeed('imgur', {
      imgur: { clientId: 'cid', clientSecret: 'secret', authToken: 'old', refreshToken: 'ref', expires: Date.now() - 1000 },
    });
    await host.goto('/home', { seed: { ...LOUD_TOASTS, ...expired } });
    await expect(toasts(page).filter({ hasText: 'Refreshed imgur access token.' })).toBeVisible();
    expect(host.imageRequests).toHaveLength(1);
    const r = host.imageRequests[0]!;
    expect([r.method, r.url]).toEqual(['POST', 'https://api.imgur.com/oauth2/token']);
    expect(Object.fromEntries(new URLSearchParams(r.postData ?? ''))).toEqual({
      refresh_token: 'ref',
      client_id: 'cid',
      client_secret: 'secret',
      grant_type: 'refresh_token',
    });
    const saved = (await readStored(page, 'void-verified-image-host-config')) as ImageHostConfig;
    const imgur = saved.configurations.imgur;
    expect(imgur.authToken).toBe('imgur-new');
    expect(imgur.refreshToken).toBe('imgur-refresh');
    // expires_in=3600 seconds, not milliseconds.
    expect(Math.abs((imgur.expires ?? 0) - (Date.now() + 3_600_000))).toBeLessThan(60_000);
    // Not again on the next load: the token is fresh.
    await page.reload();
    await ready(page);
    await page.waitForTimeout(300);
    expect(host.imageRequests).toHaveLength(1);
  });

  test('a refused refresh (non-200) is an error and keeps the old values', async ({ page, host }) => {
    host.imageFailures['imgur-token'] = 400;
    await host.goto('/home', {
      seed: hostSeed('imgur', {
        imgur: { clientId: 'cid', clientSecret: 'secret', authToken: 'old', refreshToken: 'ref', expires: Date.now() - 1000 },
      }),
    });
    await expect(toasts(page).filter({ hasText: 'Error while refreshing imgur token.' })).toBeVisible();
    const saved = (await readStored(page, 'void-verified-image-host-config')) as ImageHostConfig;
    expect(saved.configurations.imgur).toMatchObject({ authToken: 'old', refreshToken: 'ref' });
  });
});

test('the AniList token never reaches an image host', async ({ page, host }) => {
  const auth = { 'void-verified-auth': stored({ token: ANILIST_TOKEN, expires: Date.now() + 86_400_000 * 300 }) };
  const configs = {
    catbox: hostConfig('catbox', { catbox: { userHash: 'h' } }),
    imgbb: hostConfig('imgbb', { imgbb: { apiKey: 'k' } }),
    imgur: hostConfig('imgur', {
      imgur: { clientId: 'cid', clientSecret: 's', authToken: 'old', refreshToken: 'ref', expires: Date.now() - 1000 },
    }),
  };
  await host.goto('/home', { seed: { ...auth, ...UPLOADS, ...settingsSeed({ pasteImagesToHostService: true, pasteEnabled: true }) } });
  for (const config of Object.values(configs)) {
    await restartWith(page, 'void-verified-image-host-config', config);
    const count = host.imageRequests.length;
    await paste(page);
    await expect.poll(() => host.imageRequests.length).toBeGreaterThan(count);
    await expect(textarea(page)).not.toHaveValue('');
  }
  // catbox, imgbb, the imgur refresh at start-up and the imgur upload.
  expect(host.imageRequests.map((r) => new URL(r.url).pathname)).toEqual(['/user/api.php', '/1/upload', '/oauth2/token', '/3/image']);
  for (const r of host.imageRequests) {
    expect(JSON.stringify(r.headers)).not.toContain(ANILIST_TOKEN);
    expect(r.postData ?? '').not.toContain(ANILIST_TOKEN);
    expect(r.url).not.toContain(ANILIST_TOKEN);
  }
  // The token was there all along (valid, in use for AniList).
  expect(await readStored(page, 'void-verified-auth')).toEqual({ token: ANILIST_TOKEN, expires: expect.any(Number) });
});

test('the video type fixer gives sources the type of their extension', async ({ page, host }) => {
  await host.goto('/home');
  await ready(page);
  await page.evaluate(() => {
    const div = document.createElement('div');
    div.className = 'markdown';
    div.innerHTML =
      '<video muted loop controls><source id="mp4" src="https://files.example.com/clip.mp4" type="video/webm"></video>' +
      '<video muted loop controls><source id="avi" src="https://files.example.com/clip.AVI"></video>' +
      '<video muted loop controls><source id="webm" src="https://files.example.com/clip.webm" type="video/webm"></video>';
    document.querySelector('.activity-feed')!.prepend(div);
  });
  await expect(page.locator('#mp4')).toHaveAttribute('type', 'video/mp4');
  await expect(page.locator('#avi')).toHaveAttribute('type', 'video/x-msvideo');
  await expect(page.locator('#webm')).toHaveAttribute('type', 'video/webm');
});
