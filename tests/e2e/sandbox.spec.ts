import { expect, test, type Page } from '@playwright/test';
import { booleanOptionKeys } from '../host/feature-options';
import { GM_PREFIX } from '../host/gm-shim';
import { OPEN_SHADOW_ROOTS } from '../host/open-shadow-roots';
import { startSandbox, type Sandbox } from '../host/serve';
import { clickPaletteRow, scriptStarted } from './fixtures';

/**
 * `npm start`: the sandbox a new user tries the product in. It serves the replica on 127.0.0.1
 * with the built userscript, and its banner switches every feature on or resets its storage.
 */

/** The on/off options the userscript registers (read from its sources), and which of them are stored as on. */
async function booleanOptions(page: Page): Promise<{ all: string[]; on: string[] }> {
  await scriptStarted(page);
  const all = await booleanOptionKeys();
  const on = await page.evaluate((keys) => {
    // The GM shim of the sandbox keeps values in the page: read them as the userscript would.
    const raw = (window as unknown as { GM_getValue(key: string): unknown }).GM_getValue('void-verified-settings');
    const data = typeof raw === 'string' ? ((JSON.parse(raw) as { data?: Record<string, unknown> }).data ?? {}) : {};
    return keys.filter((key) => data[key] === true);
  }, all);
  return { all, on };
}

test.describe('the sandbox', () => {
  let sandbox: Sandbox | undefined;
  // The script's shadow roots are closed, as in production; the locators need them open.
  test.beforeEach(async ({ page }) => page.addInitScript(OPEN_SHADOW_ROOTS));
  test.afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  test("'Switch every feature on' switches every option on; 'Reset sandbox storage' goes back to the defaults", async ({ page }) => {
    sandbox = await startSandbox({ port: 0 });
    await page.goto(`${sandbox.url}/settings/developer`);
    // A fresh sandbox is a fresh install: the changelog comes first.
    await expect(page.getByRole('dialog', { name: 'VoidVerified Changelog' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'VoidVerified Changelog' })).toBeHidden();
    const before = await booleanOptions(page);
    expect(before.all.length).toBeGreaterThan(20);
    expect(before.on.length).toBeLessThan(before.all.length);

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Switch every feature on' }).click();
    await reloaded;
    const after = await booleanOptions(page);
    expect(after.on).toEqual(after.all);
    // What the user sees: every switch on the settings page is on.
    const switches = page.locator('[data-void-ui="settings"] .vv-option input[type="checkbox"]');
    await expect(switches.first()).toBeVisible();
    const states = await switches.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).checked));
    expect(states.length).toBeGreaterThan(20);
    expect(states.every(Boolean)).toBe(true);

    const reset = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reset sandbox storage' }).click();
    await reset;
    expect((await booleanOptions(page)).on).toEqual(before.on);
  });

  test('`npm start -- --all` starts with every feature on, and a token', async ({ page }) => {
    sandbox = await startSandbox({ port: 0, all: true });
    await page.goto(`${sandbox.url}/home`);
    await expect
      .poll(async () => {
        const { all, on } = await booleanOptions(page);
        return all.length > 0 && on.length === all.length;
      })
      .toBe(true);
    // Authorised: the palette does not mark commands that need a token with a lock.
    await page.keyboard.press('Control+Space');
    await expect(page.getByRole('dialog', { name: 'VoidVerified QuickStart' })).toBeVisible();
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Revoke authorization');
    await expect(page.locator('[cmdk-item][data-command="authorization.revoke"]')).toBeVisible();
    await page.keyboard.press('Escape');
    // In Progress has a category to show, and an airing entry (behind the changelog, which hides the rest from roles).
    const inProgress = page.locator('[data-void-ui="in-progress"]');
    await expect(inProgress.locator('h2')).toHaveText(['Weekly', 'Airing', 'Anime In Progress', 'Manga In Progress']);
    await expect(inProgress.locator('section[aria-label="Airing"]')).toContainText('Ep 22');
    // Markdown drafts: the automatic draft of the composer is offered back under it.
    await expect(page.locator('.activity-feed-wrap > .activity-edit [data-void-ui="markdown-drafts-offer"]')).toContainText(
      'Half-written status from the last visit',
    );
    // The GIF keyboard has saved GIFs to show, served by the sandbox, under a forum thread's reply box.
    await page.goto(`${sandbox.url}/forum/overview`);
    // The changelog opens first, as on every page until it is closed.
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.locator('.forum-feed .thread-card a.title').first().click();
    const editor = page.locator('.forum-thread > .editor');
    await editor.locator('textarea').focus();
    await editor.getByRole('button', { name: 'GIF Keyboard' }).click();
    const gif = editor.getByRole('region', { name: 'GIF keyboard' }).locator('img').first();
    await expect(gif).toBeVisible();
    await expect.poll(() => gif.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('the all-on reload counts no failures: the requests it cut short are dropped, as a manager drops them', async ({ page }) => {
    sandbox = await startSandbox({ port: 0, all: true });
    // /settings/developer starts several reads at once; the reload used to cut three short, each
    // counted as a failed request, which paused AniList requests for a minute on the first page.
    await page.goto(`${sandbox.url}/settings/developer`);
    await expect.poll(async () => page.evaluate((marker) => !!localStorage.getItem(marker), '__sandbox_all_on__')).toBe(true);
    await scriptStarted(page);
    const backoff = () =>
      page.evaluate((key) => {
        const raw = localStorage.getItem(key);
        return raw === null ? null : (JSON.parse(JSON.parse(raw) as string) as { data: { failures: number; level: number } }).data;
      }, `${GM_PREFIX}void-verified-palette-api-window`);
    const state = await backoff();
    expect(state?.failures ?? 0).toBe(0);
    expect(state?.level ?? 0).toBe(0);
    await expect(page.locator('.vv-toast-error, .vv-toast-critical')).toHaveCount(0);
  });

  test('the authorization round trip works offline, and a link carrying a token nobody asked for is refused', async ({ page }) => {
    // It starts a sandbox of its own and loads six pages: more than 30 s with 4 workers on 2 cores.
    test.slow();
    sandbox = await startSandbox({ port: 0, all: true });
    await page.goto(`${sandbox.url}/home`);
    // `--all` switches everything on and reloads once: wait for that page.
    await expect.poll(async () => page.evaluate((marker) => !!localStorage.getItem(marker), '__sandbox_all_on__')).toBe(true);
    await page.waitForLoadState('load');
    await scriptStarted(page);
    await page.getByRole('dialog', { name: 'VoidVerified Changelog' }).getByRole('button', { name: 'Close' }).click();
    const palette = async (title: string, id: string) => {
      await page.keyboard.press('Control+Space');
      await page.getByPlaceholder('Filter VoidVerified QuickStart').fill(title);
      await clickPaletteRow(page, id);
    };
    const stored = () =>
      page.evaluate(() => (window as unknown as { GM_getValue(key: string): unknown }).GM_getValue('void-verified-auth'));
    const token = async () => (JSON.parse(String(await stored())) as { data: { token: string | null } }).data.token;
    await palette('Revoke authorization', 'authorization.revoke');
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Ok' }).click();
    await expect.poll(token).toBeNull();

    // A crafted link: refused, and no token is stored.
    await page.goto(`${sandbox.url}/settings/developer#void_auth&access_token=sandbox-token&token_type=Bearer&expires_in=31536000`);
    await expect(page.getByText(/Refused an AniList authorization this browser did not start/)).toBeVisible();
    expect(await token()).toBeNull();

    // The real round trip: Authorize → the authorize page → Approve → back, checked and stored.
    await palette('Authorize', 'authorization.authorize');
    await page.waitForURL(/\/api\/v2\/oauth\/authorize\?client_id=15519&response_type=token&state=[0-9a-f]{32}$/);
    await page.getByRole('link', { name: 'Approve' }).click();
    // Back on AniList's page (the authorize page has no manager storage to read), with the fragment gone.
    await page.waitForURL(/\/settings\/developer$/);
    await scriptStarted(page);
    // Checked with the API (Viewer) and stored; the success toast is below the default toast level.
    await expect.poll(token).toBe('sandbox-token');
  });
});
