import type { Page } from '@playwright/test';
import { expect, OAUTH_TOKEN, test } from './fixtures';
import { choose } from './real-input';

/**
 * The page cannot drive our UI (issue 25). Any script on anilist.co shares our DOM and reads what
 * it holds. Here a page script (the test's page world, in both worlds of the userscript) looks for
 * our stored credentials in it.
 */

const stored = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': stored(values) });
const authSeed = () => ({ 'void-verified-auth': stored({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }) });
const UPLOADS = settingsSeed({ pasteImagesToHostService: true });

const SECRET = {
  imgbb: 'SECRET-imgbb-key',
  imgurSecret: 'SECRET-imgur-client-secret',
  imgurToken: 'SECRET-imgur-token',
  imgurRefresh: 'SECRET-imgur-refresh',
  catbox: 'SECRET-catbox-hash',
};
function hostSeed(selectedHost: 'imgbb' | 'imgur' | 'catbox') {
  return {
    'void-verified-image-host-config': stored({
      selectedHost,
      configurations: {
        imgbb: { name: 'imgbb', apiKey: SECRET.imgbb },
        imgur: {
          name: 'imgur',
          clientId: 'public-client-id',
          clientSecret: SECRET.imgurSecret,
          expires: Date.now() + 86_400_000,
          refreshToken: SECRET.imgurRefresh,
          authToken: SECRET.imgurToken,
        },
        catbox: { name: 'catbox', userHash: SECRET.catbox },
      },
    }),
  };
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'VoidVerified QuickStart' });
const settings = (page: Page) => page.locator('[data-void-ui="settings"]');
const subTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Feature settings' }).getByRole('tab', { name, exact: true });
const imageHostPanel = (page: Page) => settings(page).getByRole('tabpanel', { name: 'image host' });

interface Attacker {
  /** Elements matching `selector` in the document and every shadow root it can open, optionally with this exact text. */
  find(selector: string, text?: string): HTMLElement[];
  /** Which of `secrets` the DOM holds where a script can read them (text, attribute values, field values), and in what element. */
  holding(secrets: string[]): string[];
  /** Every kind of activation a script has: `.click()`, pointer and mouse events, a click event, Enter and Space. */
  press(element: HTMLElement): void;
}
type AttackerWindow = Window & { __attacker: Attacker };

/** The page script's tools, there before the userscript runs (a page's own script). */
async function installAttacker(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const all = (): Element[] => {
      const out: Element[] = [];
      const visit = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll('*')) {
          out.push(el);
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document);
      return out;
    };
    const init = { bubbles: true, cancelable: true, composed: true };
    const attacker: Attacker = {
      find: (selector, text) =>
        all().filter((el): el is HTMLElement => el.matches(selector) && (text === undefined || el.textContent?.trim() === text)),
      holding: (secrets) =>
        all()
          .filter((el) => el.tagName !== 'SCRIPT') // the test bed's own: the manager stand-in and its seed
          .flatMap((el) => {
            const readable = [
              ...[...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? ''),
              ...[...el.attributes].map((a) => a.value),
              'value' in el ? String((el as HTMLInputElement).value) : '',
            ].join('\n');
            return secrets.filter((secret) => readable.includes(secret)).map((secret) => `${el.tagName.toLowerCase()}: ${secret}`);
          }),
      press: (element) => {
        element.focus();
        for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) element.dispatchEvent(new PointerEvent(type, init));
        element.click();
        element.dispatchEvent(new MouseEvent('click', init));
        for (const key of ['Enter', ' '])
          element.dispatchEvent(new KeyboardEvent('keydown', { ...init, key, code: key === ' ' ? 'Space' : key }));
      },
    };
    (window as unknown as AttackerWindow).__attacker = attacker;
  });
}

test.describe('a page script cannot drive our UI', { tag: '@worlds' }, () => {
  test.beforeEach(async ({ page }) => installAttacker(page));

  test('the image host settings put no stored credential into the DOM, in any host, tab or palette page', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: { ...UPLOADS, ...authSeed(), ...hostSeed('imgbb') } });
    const secrets = [...Object.values(SECRET), OAUTH_TOKEN];
    const noSecret = async () =>
      expect(await page.evaluate((list) => (window as unknown as AttackerWindow).__attacker.holding(list), secrets)).toEqual([]);
    await subTab(page, 'image host').click();
    const panel = imageHostPanel(page);
    await expect(panel.getByLabel('API key')).toBeVisible();
    await noSecret();
    await expect(panel.getByLabel('API key')).toHaveText('set');
    await choose(panel.getByLabel('Image host', { exact: true }), 'imgur');
    await expect(panel.getByRole('button', { name: 'Clear Authorization' })).toBeVisible();
    await noSecret();
    await expect(panel.getByLabel('Client Secret')).toHaveText('set');
    // imgur's client id is public: it shows.
    await expect(panel.getByLabel('Client ID')).toHaveValue('public-client-id');
    await choose(panel.getByLabel('Image host', { exact: true }), 'catbox');
    await expect(panel.getByLabel('User hash')).toBeVisible();
    await noSecret();
    await expect(panel.getByLabel('User hash')).toHaveText('set');
    await subTab(page, 'authorization').click();
    await expect(settings(page).getByRole('button', { name: 'Revoke authorization' })).toBeVisible();
    await noSecret();

    await page.keyboard.press('Control+Space');
    await page.keyboard.type('Image host settings');
    await expect(palette(page).locator('[cmdk-item][data-command="paste.image-host"]')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(palette(page).getByLabel('User hash')).toHaveText('set');
    await noSecret();
  });
});
