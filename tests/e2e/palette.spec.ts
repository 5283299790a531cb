import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, OAUTH_TOKEN, test } from './fixtures';

const palette = (page: Page) => page.getByRole('dialog', { name: 'VoidVerified QuickStart' });
const input = (page: Page) => page.getByPlaceholder('Filter VoidVerified QuickStart');

async function openPalette(page: Page) {
  await page.keyboard.press('Control+Space');
  await expect(palette(page)).toBeVisible();
}

test.describe('QuickStart palette', () => {
  test('opens on ctrl+space, filters, runs a navigation command and closes', { tag: '@worlds' }, async ({ page, host }) => {
    await host.goto('/home');
    await openPalette(page);
    await expect(input(page)).toBeFocused();
    await expect(page.locator('body')).toHaveClass(/scroll-lock/);
    // The page behind stays where it was: the host's own class freezes it.
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 600);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await input(page).fill('notifications');
    const item = page.locator('[cmdk-item][data-command="anilist-links.notifications"]');
    await expect(item).toBeVisible();
    await expect(page.locator('[cmdk-item]').first()).toHaveAttribute('data-command', 'anilist-links.notifications');
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL('https://anilist.co/notifications');
    await expect(page.locator('.notifications-feed')).toBeVisible();
    await expect(page.locator('body')).not.toHaveClass(/scroll-lock/);
  });

  test('shows each command with its hotkey and lists every option', async ({ page, host }) => {
    await host.goto('/home');
    await openPalette(page);
    await input(page).fill('Shortcuts');
    await expect(page.locator('[cmdk-item][data-command="shortcuts.open"]')).toBeVisible();
    await input(page).fill('QuickStart');
    await expect(page.locator('[cmdk-item][data-command="settings.option.quickStartEnabled"]')).toContainText('On');
    await input(page).fill('');
    await expect(
      page
        .getByRole('group', { name: 'AniList Links' })
        .or(page.locator('[cmdk-group-heading]', { hasText: 'AniList Links' }))
        .first(),
    ).toBeVisible();
    await expect(page.locator('[cmdk-group-heading]', { hasText: 'VoidVerified Settings' })).toBeVisible();
  });

  test('pressing the hotkey while open cycles the mode; closing resets it and clears the input', async ({ page, host }) => {
    await host.goto('/home');
    await openPalette(page);
    const mode = page.getByRole('combobox', { name: 'QuickStart mode' });
    await expect(mode).toHaveValue('Dashboard');
    await page.keyboard.press('Control+Space');
    await expect(mode).toHaveValue('activity-search');
    // The select shows the mode by the original's name.
    await expect(mode.locator('option:checked')).toHaveText('ActivitySearch');
    await page.keyboard.press('Control+Space');
    await expect(mode).toHaveValue('Dashboard');
    await page.keyboard.press('Control+Space');
    await page.keyboard.type('abc');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await openPalette(page);
    await expect(mode).toHaveValue('Dashboard');
    await expect(input(page)).toHaveValue('');
  });

  test('closes from the backdrop and from the close icon', async ({ page, host }) => {
    await host.goto('/home');
    await openPalette(page);
    await page.mouse.click(10, 400);
    await expect(palette(page)).toBeHidden();
    await openPalette(page);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(palette(page)).toBeHidden();
  });

  test('keeps Tab inside the dialog', async ({ page, host }) => {
    await host.goto('/home');
    await openPalette(page);
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => {
      const host = document.querySelector('[data-void-ui="overlay"]');
      return document.activeElement === host && !!host?.shadowRoot?.activeElement?.closest('[role="dialog"]');
    });
    expect(inside).toBe(true);
  });

  test('opens from the QuickStart button in the navigation', { tag: '@worlds' }, async ({ page, host }) => {
    await host.goto('/home');
    await page.getByRole('button', { name: 'Open VoidVerified QuickStart' }).first().click();
    await expect(palette(page)).toBeVisible();
  });

  test('does not open while QuickStart is switched off', async ({ page, host }) => {
    await host.goto('/home', { seed: { 'void-verified-settings': JSON.stringify({ v: 1, data: { quickStartEnabled: false } }) } });
    await page.keyboard.press('Control+Space');
    await page.waitForTimeout(300);
    await expect(palette(page)).toBeHidden();
  });

  test('a command that takes an argument opens a nested page; a 429 pauses until Retry-After, then resumes', async ({
    page,
    host,
    api,
  }) => {
    // Tomoya is not someone the viewer follows (those are suggested without a search).
    await host.goto('/home');
    await openPalette(page);
    await input(page).fill('Go to user');
    await page.keyboard.press('Enter');
    const userInput = page.getByPlaceholder('User name');
    await expect(userInput).toBeFocused();
    // Only the search is refused: the followed users' suggestions may still be on their way.
    api.failNext(1, { status: 429, retryAfter: 2 }, 'SearchUsers');
    await userInput.fill('Tomoya');
    const result = page.locator('[cmdk-item]', { hasText: 'Tomoya' }).first();
    await expect(result).toBeVisible({ timeout: 10_000 });
    const searches = api.requests.filter((r) => r.operationName === 'SearchUsers');
    expect(searches.map((r) => r.status)).toEqual([429, 200]);
    expect(searches[1]!.at - searches[0]!.at).toBeGreaterThanOrEqual(2000);
    await result.click();
    await expect(page).toHaveURL(/\/user\/Tomoya\/$/);
  });
});

test.describe('Enter on a search page', () => {
  // A search answers 800 ms after typing stops; until then the rows of an earlier text stay on
  // screen. Enter pressed meanwhile used to run their top row (another anime, another user).
  for (const { command, placeholder, group, before, top, typed, url } of [
    {
      command: 'Go to anime or manga',
      placeholder: 'Title',
      group: 'Anime and manga',
      before: 'Cha',
      top: 'Chainsaw Man',
      typed: 'Charlotte',
      url: 'https://anilist.co/anime/20997/',
    },
    {
      command: 'Go to user',
      placeholder: 'User name',
      group: 'Users',
      before: 'Sam',
      top: 'Isami',
      typed: 'Osamu',
      url: 'https://anilist.co/user/Osamu/',
    },
  ])
    test(`'${command}…' runs the top result for what was typed, not for an earlier text`, async ({ page, host }) => {
      await host.goto('/home');
      await openPalette(page);
      await input(page).fill(command);
      await page.keyboard.press('Enter');
      const field = page.getByPlaceholder(placeholder);
      await field.fill(before);
      // The search's answer (not the suggestions shown before it).
      const answer = page.getByRole('group', { name: group });
      await expect(answer.locator('[cmdk-item]').first()).toContainText(top);
      // Typed over, key by key, as a user does, and Enter at once: the rows are still the answer
      // for the earlier text.
      await field.press('Control+a');
      await page.keyboard.type(typed);
      await expect(answer.locator('[cmdk-item]').first()).toContainText(top);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(url);
      await expect(palette(page)).toBeHidden();
    });
});

test.describe('cached reads', { tag: '@worlds' }, () => {
  test('a reload within the cache lifetime answers from the stored cache, with no request', async ({ page, host, api }) => {
    await host.goto('/home');
    const search = async () => {
      await openPalette(page);
      await input(page).fill('Go to user');
      await page.keyboard.press('Enter');
      await page.getByPlaceholder('User name').fill('Tomoya');
      await expect(page.locator('[cmdk-item]', { hasText: 'Tomoya' }).first()).toBeVisible();
    };
    await search();
    expect(api.requests.filter((r) => r.operationName === 'SearchUsers')).toHaveLength(1);
    // The cache is written shortly after the answer arrives.
    await expect
      .poll(() =>
        host.evalInScript(
          () => (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue('void-verified-query-cache') ?? '',
        ),
      )
      .toContain('Tomoya');
    await page.reload();
    await search();
    expect(api.requests.filter((r) => r.operationName === 'SearchUsers')).toHaveLength(1);
  });
});

test.describe('settings and storage', { tag: '@worlds' }, () => {
  test('a setting toggled in the palette shows in settings and survives reload', async ({ page, host }) => {
    await host.goto('/settings/developer');
    const checkbox = page.getByRole('checkbox', { name: 'Enable toast notifications.' });
    await expect(checkbox).toBeChecked();
    await openPalette(page);
    await input(page).fill('Toasts');
    await clickPaletteRow(page, 'settings.option.toasterEnabled');
    await expect(page.locator('[cmdk-item][data-command="settings.option.toasterEnabled"]')).toContainText('Off');
    await page.keyboard.press('Escape');
    await expect(checkbox).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Enable toast notifications.' })).not.toBeChecked();
  });

  test('the settings page is only on /settings/developer and comes back', async ({ page, host }) => {
    await host.goto('/settings/developer');
    await expect(page.locator('[data-void-ui="settings"]')).toHaveCount(1);
    await page.evaluate(() =>
      (document.querySelector('#app') as unknown as { __vue__: { $router: { push(p: string): void } } }).__vue__.$router.push(
        '/settings/account',
      ),
    );
    await expect(page.locator('[data-void-ui="settings"]')).toHaveCount(0);
    await page.evaluate(() =>
      (document.querySelector('#app') as unknown as { __vue__: { $router: { push(p: string): void } } }).__vue__.$router.push(
        '/settings/developer',
      ),
    );
    await expect(page.locator('[data-void-ui="settings"]')).toHaveCount(1);
  });

  test('corrupt stored values fall back to defaults with a warning', async ({ page, host }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await host.goto('/home', {
      seed: {
        'void-verified-settings': '{"v":1,"data":{"quickStartEnabled":"yes please"',
        'void-verified-hotkeys': JSON.stringify({ v: 1, data: ['not', 'a', 'map'] }),
        'void-verified-quick-start-config': JSON.stringify({ v: 1, data: { addNavigationButtons: 'maybe' } }),
      },
    });
    await openPalette(page);
    await expect(page.locator('[data-void-ui="quickstart-nav"]')).toHaveCount(1);
    expect(warnings.join('\n')).toContain('void-verified-settings is unusable');
    expect(warnings.join('\n')).toContain('void-verified-hotkeys is unusable');
  });
});

test.describe('shortcuts', () => {
  test('a remapped hotkey works and the old one does not', { tag: '@worlds' }, async ({ page, host }) => {
    await host.goto('/settings/developer');
    await page.getByRole('tab', { name: 'shortcuts' }).click();
    const field = page.getByRole('textbox', { name: 'Hotkey for Open QuickStart (again: next mode)' });
    await expect(field).toHaveValue('Ctrl+Space');
    await field.focus();
    await page.keyboard.press('Control+Shift+KeyK');
    await expect(field).toHaveValue('Ctrl+Shift+K');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Space');
    await page.waitForTimeout(300);
    await expect(palette(page)).toBeHidden();
    await page.keyboard.press('Control+Shift+KeyK');
    await expect(palette(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.keyboard.press('Control+Shift+KeyK');
    await expect(palette(page)).toBeVisible();
  });

  test('a conflicting hotkey is shown and refused', async ({ page, host }) => {
    await host.goto('/settings/developer');
    await page.getByRole('tab', { name: 'shortcuts' }).click();
    const field = page.getByRole('textbox', { name: 'Hotkey for Health' });
    await expect(field).toHaveValue('');
    await field.focus();
    await page.keyboard.press('Control+Space');
    await expect(page.getByRole('alert').filter({ hasText: 'Ctrl+Space is already used by Open QuickStart' })).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(palette(page)).toBeHidden();
  });

  test("'Reset mappings' asks first, then restores the defaults", async ({ page, host }) => {
    await host.goto('/settings/developer', {
      seed: { 'void-verified-hotkeys': JSON.stringify({ v: 1, data: { 'quickstart.open': 'alt+j' } }) },
    });
    await page.getByRole('tab', { name: 'shortcuts' }).click();
    const field = page.getByRole('textbox', { name: 'Hotkey for Open QuickStart (again: next mode)' });
    await expect(field).toHaveValue('Alt+J');
    await page.getByRole('button', { name: 'Reset mappings' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Warning' });
    await expect(dialog).toContainText('Are you sure you want to do this?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(field).toHaveValue('Alt+J');
    await page.getByRole('button', { name: 'Reset mappings' }).click();
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Ok' }).click();
    await expect(field).toHaveValue('Ctrl+Space');
  });
});

test.describe('health and accessibility', () => {
  test("'Health' names an injection whose landmark is missing", async ({ page, host }) => {
    await host.goto('/home');
    await openPalette(page);
    await input(page).fill('Health');
    await page.keyboard.press('Enter');
    await expect(page.locator('.vv-health')).toContainText('active injections found their landmarks');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.evaluate(() => document.querySelector('.mobile-nav')?.remove());
    await openPalette(page);
    await input(page).fill('Health');
    await page.keyboard.press('Enter');
    await expect(page.locator('.vv-health')).toContainText('Missing landmark for quickstart/mobile-nav-button');
  });

  for (const [name, setup] of [
    ['the palette', async (page: Page) => openPalette(page)],
    [
      'the shortcuts panel',
      async (page: Page) => {
        await openPalette(page);
        await input(page).fill('Shortcuts');
        await page.keyboard.press('Enter');
        await expect(page.getByRole('button', { name: 'Reset mappings' })).toBeVisible();
      },
    ],
  ] as const) {
    test(`axe finds no serious or critical violation in ${name}`, async ({ page, host }) => {
      test.slow(); // axe walks the whole tree: seconds on a loaded 2-core machine
      await host.goto('/home');
      await setup(page);
      const results = await new AxeBuilder({ page }).include('[data-void-ui="overlay"]').analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('axe finds no serious or critical violation in the settings page', async ({ page, host }) => {
    test.slow(); // axe walks the whole tree: seconds on a loaded 2-core machine
    await host.goto('/settings/developer');
    await page.getByRole('tab', { name: 'shortcuts' }).click();
    const results = await new AxeBuilder({ page }).include('[data-void-ui="settings"]').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('injection', { tag: '@worlds' }, () => {
  test('mounts once per landmark across navigations, and routes through the host router', async ({ page, host }) => {
    await host.goto('/home');
    await expect(page.locator('[data-void-ui="quickstart-nav"]')).toHaveCount(1);
    for (const path of ['/user/Viewer/', '/notifications', '/settings/developer', '/home']) {
      await openPalette(page);
      await input(page).fill(
        path === '/home'
          ? 'Home'
          : path === '/notifications'
            ? 'Notifications'
            : path === '/settings/developer'
              ? 'Open VoidVerified settings'
              : 'Profile',
      );
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`https://anilist.co${path}`);
      await expect(page.locator('[data-void-ui="quickstart-nav"]')).toHaveCount(1);
    }
    // In the page's world the host router is reachable: client-side navigation only, the document
    // never reloaded. In an isolated world without unsafeWindow it is not: plain page loads.
    const navigations = await page.evaluate(() => (window as unknown as { __host: { navigations: string[] } }).__host.navigations);
    if (host.world === 'page') {
      expect(navigations[0]).toBe('/home');
      expect(navigations.length).toBeGreaterThan(4);
    } else expect(navigations).toEqual(['/home']);
    await expect(page.locator('[data-void-ui="settings"]')).toHaveCount(0);
  });

  test('a setting changed in one tab shows in another', async ({ page, host }) => {
    await host.goto('/settings/developer');
    const other = await host.newPage('/settings/developer');
    const there = other.getByRole('checkbox', { name: 'Enable toast notifications.' });
    await expect(there).toBeChecked();
    await page.getByRole('checkbox', { name: 'Enable toast notifications.' }).uncheck();
    await expect(there).not.toBeChecked();
  });
});

test.describe('storage backends', { tag: '@worlds' }, () => {
  for (const gm of ['async', 'none'] as const) {
    test(`settings persist with ${gm === 'async' ? 'only the GM.* promise API (Greasemonkey 4)' : 'no manager (localStorage)'}`, async ({
      page,
      host,
    }) => {
      await host.goto('/settings/developer', { gm });
      await openPalette(page);
      await input(page).fill('Toasts');
      await clickPaletteRow(page, 'settings.option.toasterEnabled');
      await expect(page.locator('[cmdk-item][data-command="settings.option.toasterEnabled"]')).toContainText('Off');
      await page.keyboard.press('Escape');
      await page.reload();
      await expect(page.getByRole('checkbox', { name: 'Enable toast notifications.' })).not.toBeChecked();
    });
  }
});

// Page world only: Playwright's clock replaces the page world's timers.
test('the result list is busy until it shows the results for what was typed', async ({ page, host }) => {
  await page.clock.install();
  await host.goto('/home');
  await openPalette(page);
  const list = page.getByRole('listbox', { name: 'QuickStart results' });
  await expect(list).not.toHaveAttribute('aria-busy');
  await page.clock.pauseAt(Date.now() + 60_000);
  await input(page).fill('notifications');
  // The filter runs 100 ms after the keystroke's render (its timer is set in an effect, after the
  // next frame): until then the rows are the old ones.
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('[cmdk-item]').first()).not.toHaveAttribute('data-command', 'anilist-links.notifications');
  await page.clock.runFor(50);
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await page.clock.runFor(150);
  await expect(list).not.toHaveAttribute('aria-busy');
  await expect(page.locator('[cmdk-item]').first()).toHaveAttribute('data-command', 'anilist-links.notifications');
});

// Page world only (Playwright's clock). The palette's first open draws the dialog and its first
// list in one frame: with time stopped, its rows are there with it and the list is not busy; an
// Enter typed at once runs the top row for what was typed (Enter flushes the debounce).
test('the first open draws the dialog with its first list, and Enter at once runs the top result', async ({ page, host }) => {
  await page.clock.install();
  await host.goto('/home');
  await page.clock.pauseAt(Date.now() + 60_000);
  await openPalette(page);
  const list = page.getByRole('listbox', { name: 'QuickStart results' });
  await expect(list).not.toHaveAttribute('aria-busy');
  await expect(page.locator('[cmdk-item], [cmdk-empty]').first()).toBeVisible();
  await input(page).fill('notifications');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('https://anilist.co/notifications');
  await expect(palette(page)).toBeHidden();
});

// A search page's results stay busy until its answer for what was typed shows (800 ms after
// typing stops): an Enter meanwhile is held, and dropped when the palette leaves the page.
test('an Enter held while the list settles is dropped when the palette leaves the page', async ({ page, host }) => {
  await page.clock.install();
  await host.goto('/home');
  await openPalette(page);
  await input(page).fill('Go to user');
  await page.keyboard.press('Enter');
  const field = page.getByPlaceholder('User name');
  await expect(field).toBeFocused();
  await page.clock.pauseAt(Date.now() + 60_000);
  await field.fill('Osamu');
  await expect(page.locator('[cmdk-list] [aria-busy="true"]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(input(page)).toBeFocused();
  await page.clock.runFor(2000);
  await expect(page.locator('[cmdk-item]').first()).toBeVisible();
  // Still on the Dashboard (its top row, 'Go to user…' just used, was not run) and on /home.
  await expect(input(page)).toBeFocused();
  await expect(field).toHaveCount(0);
  await expect(page).toHaveURL('https://anilist.co/home');
});

// Issue 29: under load, rows that arrived later re-sorted the Dashboard between the moment a row
// showed and the click, and the click ran another row (a notification, which opened /notifications).
test('rows that arrive late go below the rows shown: the row under the pointer stays, and a click runs it', async ({ page, host, api }) => {
  const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
  test.setTimeout(60_000);
  // The notifications answer late, as a busy API answers (late enough for a busy machine to show the list first).
  api.slow(8000, 'Notifications');
  await host.goto('/home', {
    seed: {
      'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
      'void-verified-users': seedValue([{ username: 'Akira', quickAccessEnabled: true, id: 2, lastFetch: Date.now() }]),
      'void-verified-settings': seedValue({ quickAccessEnabled: true, replaceNotifications: true }),
    },
  });
  await openPalette(page);
  const late = page.locator('[cmdk-item][data-command^="notifications.item."]');
  const akira = page.locator('[cmdk-item][data-command="quick-access.user.akira"]');
  await expect(akira).toBeVisible();
  expect(await late.count()).toBe(0);
  const akiraAt = (await akira.boundingBox())!.y;
  // The pointer rests on the first row after the Quick Access users.
  const rows = page.locator('[cmdk-item]');
  const ids = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-command')));
  const target = rows.nth(ids.indexOf('quick-access.refresh') + 1);
  const command = await target.getAttribute('data-command');
  expect(command).toBe('verified-users.add');
  const box = (await target.boundingBox())!;
  const lastShown = (await rows.last().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(target).toHaveAttribute('data-selected', 'true');

  // The notifications arrive: below every row shown, and nothing under the pointer moved.
  await expect(late.first()).toBeAttached({ timeout: 20_000 });
  for (const row of await late.all()) expect((await row.boundingBox())!.y).toBeGreaterThan(lastShown.y);
  expect((await target.boundingBox())!.y).toBe(box.y);
  expect((await akira.boundingBox())!.y).toBe(akiraAt);
  await expect(target).toHaveAttribute('data-selected', 'true');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('button', { name: 'Back from Verify user' })).toBeVisible();
  await expect(page).toHaveURL('https://anilist.co/home');
});

test.describe('hotkeys are visible (issue 31)', () => {
  const composer = (page: Page) => page.locator('.activity-feed-wrap > .activity-edit textarea.el-textarea__inner');

  test("the palette's own key shows on its row, and picking the row moves to the next mode", async ({ page, host }) => {
    await host.goto('/home');
    await openPalette(page);
    await input(page).fill('Open QuickStart');
    const row = page.locator('[cmdk-item][data-command="quickstart.open"]');
    await expect(row.locator('kbd')).toHaveText('Ctrl+Space');
    await clickPaletteRow(page, row);
    await expect(page.getByRole('combobox', { name: 'QuickStart mode' })).toHaveValue('activity-search');
  });

  test(
    'in the composer the markdown marks are rows with their keys, aimed at it; outside an editor they are not listed',
    { tag: '@worlds' },
    async ({ page, host }) => {
      // 'Markdown hotkeys' is off (its default): the marks are palette rows all the same.
      await host.goto('/home');
      await composer(page).click();
      await page.keyboard.type('hello world');
      await composer(page).evaluate((t: HTMLTextAreaElement) => t.setSelectionRange(6, 11));
      await openPalette(page);
      await input(page).fill('Bold');
      const bold = page.locator('[cmdk-item][data-command="markdown.bold"]');
      await expect(bold.locator('kbd')).toHaveText('Ctrl+B');
      await expect(page.locator('[cmdk-item]').first()).toHaveAttribute('data-command', 'markdown.bold');
      await page.keyboard.press('Enter');
      await expect(palette(page)).toBeHidden();
      await expect(composer(page)).toHaveValue('hello __world__');
      await expect(composer(page)).toBeFocused();
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await openPalette(page);
      await input(page).fill('Bold');
      await expect(page.locator('[cmdk-item]').first()).toBeVisible();
      await expect(page.locator('[cmdk-item][data-command="markdown.bold"]')).toHaveCount(0);
    },
  );
});
