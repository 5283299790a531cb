import type { Page } from '@playwright/test';
import { expect, type Host, OAUTH_TOKEN, test } from './fixtures';
import { choose, pasteImage } from './real-input';

/**
 * The page cannot drive our UI (issue 25). Any script on anilist.co shares our DOM: it can dispatch
 * keys, clicks, pastes and drops, call `.click()` and `form.requestSubmit()`, type into a focused
 * field with `execCommand`, and read what the DOM holds. Here a page script (the test's page world,
 * in both worlds of the userscript) tries each on our UI. Our shadow roots are closed in
 * production; the test bed opens them for Playwright's locators, so these tests show what holds
 * even for a page that reaches inside (one that wrapped attachShadow before we ran); the last
 * describe keeps them closed.
 */

const stored = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': stored(values) });
const authSeed = () => ({ 'void-verified-auth': stored({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }) });
const UPLOADS = settingsSeed({ pasteImagesToHostService: true });
/** Toasts of every level, debug included. */
const LOUD_TOASTS = { 'void-verified-toaster-config': stored({ toastLevel: 0, duration: 10, location: 'bottom-left' }) };
const HOST_TEXTAREA = '.activity-edit textarea.el-textarea__inner';
const IMGUR_URL = 'https://i.imgur.com/z.png';

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
/** What the manager stores of settings, hotkeys and image hosts (caches left out: they change on their own), read in the userscript's world. */
const dump = (host: Host) =>
  host.evalInScript(() => {
    const all = (window as unknown as { __gm: { dump(): Record<string, unknown> } }).__gm.dump();
    return Object.fromEntries(Object.entries(all).filter(([key]) => !/cache|rate-limit|-seen$/.test(key)));
  });
/** Two frames and a task: whatever a dispatched event started has rendered by then. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));

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

  test('a synthetic ctrl+space does not open the palette', async ({ page, host }) => {
    await host.goto('/home');
    await host.scriptReady();
    // A person's ctrl+space opens it (its code is loaded from then on), Escape closes it.
    await page.keyboard.press('Control+Space');
    await expect(palette(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();

    await page.evaluate(() => {
      for (const target of [window, document, document.body])
        target.dispatchEvent(
          new KeyboardEvent('keydown', { key: ' ', code: 'Space', ctrlKey: true, bubbles: true, cancelable: true, composed: true }),
        );
    });
    await settle(page);
    await expect(palette(page)).toBeHidden();
  });

  test('typing in the palette, Enter and a click on a row run nothing; a person’s Enter does', async ({ page, host }) => {
    await host.goto('/home');
    await host.scriptReady();
    await page.keyboard.press('Control+Space');
    await expect(palette(page)).toBeVisible();

    // The page types into the focused palette input (execCommand: an input event the browser makes).
    await page.evaluate(() => document.execCommand('insertText', false, 'Image host settings'));
    const row = palette(page).locator('[cmdk-item][data-command="paste.image-host"]');
    await expect(row).toBeVisible();
    await expect(palette(page).locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
    await page.evaluate(() => {
      const { find, press } = (window as unknown as AttackerWindow).__attacker;
      press(find('[cmdk-item][data-command="paste.image-host"]')[0]!);
      press(find('input[cmdk-input]')[0]!);
    });
    await settle(page);
    await expect(palette(page).getByRole('heading', { name: 'Image host' })).toHaveCount(0);
    await expect(row).toBeVisible();

    await page.getByPlaceholder('Filter VoidVerified QuickStart').press('Enter');
    await expect(palette(page).getByRole('heading', { name: 'Image host' })).toBeVisible();
  });

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

  test('setting its own imgbb key and pressing Save stores nothing, with or without the field open', async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: { ...UPLOADS, ...hostSeed('imgbb') } });
    await subTab(page, 'image host').click();
    const panel = imageHostPanel(page);
    await expect(panel.getByLabel('Image host', { exact: true })).toHaveValue('imgbb');
    const before = await dump(host);
    const attack = () =>
      page.evaluate(() => {
        const { find, press } = (window as unknown as AttackerWindow).__attacker;
        for (const replace of find('[data-host="imgbb"] button', 'Replace')) press(replace);
        for (const input of find('[data-host="imgbb"] input')) {
          const field = input as HTMLInputElement;
          field.focus();
          document.execCommand('insertText', false, 'PAGE-KEY');
          field.value = 'PAGE-KEY';
          for (const type of ['input', 'change']) field.dispatchEvent(new Event(type, { bubbles: true, composed: true }));
          press(field);
        }
        for (const save of find('[data-host="imgbb"] button', 'Save')) press(save);
      });

    await attack();
    await settle(page);
    expect(await dump(host)).toEqual(before);

    // The person opens the field to replace the key; the page types its own and presses Save.
    await panel.getByRole('button', { name: 'Replace' }).click();
    await expect(panel.getByLabel('API key')).toBeFocused();
    await attack();
    await settle(page);
    expect(await dump(host)).toEqual(before);
  });

  test('a synthetic paste or drop of a file in an AniList editor uploads nothing; a person’s paste does', async ({ page, host }) => {
    await host.goto('/home', { seed: { ...UPLOADS, ...hostSeed('imgur') } });
    await host.scriptReady();
    await page.evaluate((selector) => {
      const field = document.querySelector<HTMLTextAreaElement>(selector)!;
      field.focus();
      const data = new DataTransfer();
      data.items.add(new File(['the page’s bytes'], 'page.png', { type: 'image/png' }));
      const init = { bubbles: true, cancelable: true, composed: true };
      field.dispatchEvent(new ClipboardEvent('paste', { ...init, clipboardData: data }));
      for (const type of ['dragenter', 'dragover', 'drop']) field.dispatchEvent(new DragEvent(type, { ...init, dataTransfer: data }));
    }, HOST_TEXTAREA);
    const field = page.locator(HOST_TEXTAREA).first();
    await pasteImage(field);
    await expect(field).toHaveValue(`img420(${IMGUR_URL})`);
    // Only the person's image went, named as the browser names a pasted image.
    expect(host.imageRequests).toHaveLength(1);
    expect(host.imageRequests[0]!.postData).toMatch(/name="title"\r\n\r\nimage\r\n/);
  });

  test("a confirm dialog's Ok takes no click from the page", async ({ page, host }) => {
    await host.goto('/settings/developer', { seed: { 'void-verified-hotkeys': stored({ 'quickstart.open': 'alt+j' }) } });
    await page.getByRole('tab', { name: 'shortcuts' }).click();
    const field = page.getByRole('textbox', { name: 'Hotkey for Open QuickStart (again: next mode)' });
    await expect(field).toHaveValue('Alt+J');
    await page.getByRole('button', { name: 'Reset mappings' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Warning' });
    await expect(dialog).toBeVisible();
    await page.evaluate(() => {
      const { find, press } = (window as unknown as AttackerWindow).__attacker;
      for (const ok of find('[role="alertdialog"] button', 'Ok')) press(ok);
    });
    await settle(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(field).toHaveValue('Alt+J');
    // As seeded; read in its current form (version 3: command ids prefixed with their feature's id, the verified users' profiles last).
    expect((await dump(host))['void-verified-hotkeys']).toBe(JSON.stringify({ v: 3, data: { 'quickstart.open': 'alt+j' } }));
  });

  test("the first run's adoption question takes no Ok from the page", async ({ page, host }) => {
    await page.addInitScript(() => {
      if (localStorage.getItem('void-verified-settings') !== null) return;
      localStorage.setItem('void-verified-settings', JSON.stringify({ highlightEnabled: { value: false } }));
    });
    let loads = 0;
    page.on('load', () => loads++);
    await host.goto('/home');
    const question = page.getByRole('dialog').filter({ hasText: 'Found a configuration from the original VoidVerified' });
    await expect(question).toBeVisible();
    const before = await dump(host);
    await page.evaluate(() => {
      const { find, press } = (window as unknown as AttackerWindow).__attacker;
      for (const ok of find('[role="dialog"] button', 'Ok')) press(ok);
    });
    await settle(page);
    await expect(question).toBeVisible();
    expect(loads).toBe(1);
    expect(await dump(host)).toEqual(before);
  });

  test('a checkbox of the settings does not change on a click from the page', async ({ page, host }) => {
    await host.goto('/settings/developer');
    const box = settings(page).getByRole('checkbox', { name: /Upload pasted and dropped images/ });
    await expect(box).not.toBeChecked();
    const before = await dump(host);
    await page.evaluate(() => {
      const { find, press } = (window as unknown as AttackerWindow).__attacker;
      for (const box of find('input[type="checkbox"]')) press(box);
      for (const label of find('label')) label.click();
    });
    await settle(page);
    await expect(box).not.toBeChecked();
    expect(await dump(host)).toEqual(before);
    await box.check();
    await expect(subTab(page, 'image host')).toBeVisible();
  });

  test("a page script cannot send the composer's text to yourself: Message Self publishes nothing", async ({ page, host, api }) => {
    await host.goto('/user/Viewer/', { seed: { ...authSeed(), ...LOUD_TOASTS, ...settingsSeed({ selfMessageEnabled: true }) } });
    await expect(page.getByRole('button', { name: 'Message Self' })).toBeVisible();
    await page.evaluate(() => {
      const composer = document.querySelector<HTMLTextAreaElement>('.activity-feed-wrap > .activity-edit textarea')!;
      composer.value = 'Posted by the page';
      composer.dispatchEvent(new Event('input', { bubbles: true }));
      const { find, press } = (window as unknown as AttackerWindow).__attacker;
      for (const button of find('button', 'Message Self')) press(button);
      for (const host of find('[data-void-ui="self-message"]')) press(host);
    });
    await settle(page);
    await expect(page.locator('.vv-toast').filter({ hasText: 'Self-publishing a message.' })).toHaveCount(0);
    expect(api.requests.filter((r) => r.operationName === 'SaveMessageActivity')).toEqual([]);
  });
});

test.describe('our shadow roots are closed', { tag: '@worlds' }, () => {
  test('a page script finds none of our UI, nor through it our services or the token; the keyboard drives it all the same', async ({
    page,
    host,
  }) => {
    await host.goto('/home', { closedShadowRoots: true, seed: { ...authSeed(), ...UPLOADS, ...hostSeed('imgbb') } });
    await host.scriptReady();
    await page.keyboard.press('Control+Space');
    await page.keyboard.type('Notifications');
    const found = await page.evaluate((token) => {
      const hosts = [...document.querySelectorAll('[data-void-ui]')];
      // Anything reachable from the properties of our hosts and of what is inside them (where a renderer keeps its tree).
      const seen = new Set<unknown>();
      let reached = false;
      const walk = (value: unknown, depth: number): void => {
        if (reached || depth > 12 || typeof value !== 'object' || value === null || seen.has(value)) return;
        seen.add(value);
        for (const key of Object.keys(value)) {
          const v = (value as Record<string, unknown>)[key];
          if (v === token) reached = true;
          if (typeof v === 'function' && key === 'token') {
            try {
              if ((v as () => unknown).call(value) === token) reached = true;
            } catch {
              // not a getter of ours
            }
          }
          walk(v, depth + 1);
        }
      };
      for (const el of hosts) {
        walk(el, 0);
        for (const inner of el.shadowRoot?.querySelectorAll('*') ?? []) walk(inner, 0);
      }
      return { hosts: hosts.length, open: hosts.filter((el) => el.shadowRoot !== null).length, reached };
    }, OAUTH_TOKEN);
    expect(found.hosts).toBeGreaterThan(0);
    expect(found).toMatchObject({ open: 0, reached: false });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('https://anilist.co/notifications');
  });
});
