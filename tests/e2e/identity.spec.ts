import type { Page } from '@playwright/test';
import lz from 'lz-string';
import type { MockApi } from '../host/mock-api';
import { clickPaletteRow, expect, type Host, OAUTH_TOKEN, test } from './fixtures';
import { envelope, LOUD, settings, snapshotOf, stored, subTab, toasts } from './stored';

/**
 * One identity for writes. Every write goes out with the token, so it changes the token owner's
 * data; the account signed in to the site lives in page `localStorage.auth`, which any script on
 * the page can write and which differs from the token's owner after an account switch. Writes name
 * the owner as AniList reports it; a mismatch is said once and locks the features that act as "you".
 */

const DAY = 86_400_000;
const AUTH = { 'void-verified-auth': envelope({ token: OAUTH_TOKEN, expires: Date.now() + 300 * DAY }) };
const user = (api: MockApi, id: number) => api.state.users.find((u) => u.id === id)!;
/** In-app navigation, through the host's router (no page load). */
async function push(page: Page, path: string): Promise<void> {
  await page.evaluate(
    (p) =>
      (document.querySelector('#app') as unknown as { __vue__: { $router: { push(p: string): Promise<unknown> } } }).__vue__.$router.push(
        p,
      ),
    path,
  );
  await expect(page).toHaveURL(`https://anilist.co${path}`);
}
const BLOCK = /^\[\]\(json([A-Za-z0-9+/=]+)\)\n\n/;
const blockOf = (about: string | null) =>
  JSON.parse(lz.decompressFromBase64(BLOCK.exec(about ?? '')?.[1] ?? '') || '{}') as Record<string, unknown>;

const MISMATCH = 'VoidVerified is authorized for Viewer, but Akira is signed in to AniList here.';

test.describe('one identity for writes', () => {
  const goal = { id: 0.25, type: 'completedAnime', name: 'Mine', target: 3, startAt: '2024-01-01', endAt: '2024-12-31' };
  const seed = {
    ...AUTH,
    ...LOUD,
    'void-verified-settings': envelope({
      goalsEnabled: true,
      selfMessageEnabled: true,
      layoutDesignerEnabled: true,
      replyActivityUpdate: true,
    }),
    'void-verified-goals-config': envelope([goal]),
  };
  /** Loads /home signed in as Viewer (the token's owner), then a page script switches the host's account to Akira. */
  async function switchToAkira(page: Page, host: Host, then: string) {
    await host.goto('/home', { seed });
    await host.scriptReady();
    // Signed in as the token's owner: the features that act as "you" are there.
    await expect(page.locator('[data-void-ui="reply-update-toggle"]')).toHaveCount(1);
    await page.evaluate((auth) => localStorage.setItem('auth', JSON.stringify(auth)), snapshotOf(2, 'Akira'));
    await push(page, then);
  }

  test("after an account switch, Save goals writes the token owner's bio on the owner's own about", async ({ page, host, api }) => {
    const viewerAbout = user(api, 1).about!;
    const akiraAbout = user(api, 2).about;
    await switchToAkira(page, host, '/settings/developer');
    await subTab(page, 'goals').click();
    const goals = settings(page).getByRole('tabpanel', { name: 'goals' });
    await goals.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).filter({ hasText: 'Saved goals.' })).toBeVisible();
    // Every write changes the token owner's data: the about it builds on must be the owner's too,
    // or Akira's bio is copied into Viewer's. Akira's is neither read for it nor written.
    expect(user(api, 1).about!.replace(BLOCK, '')).toBe(viewerAbout);
    expect(blockOf(user(api, 1).about).goals).toEqual([goal]);
    expect(user(api, 2).about).toBe(akiraAbout);
    const reads = api.requests.map((r) => r.operationName);
    expect(reads[reads.lastIndexOf('SaveUserAbout') - 1]).toBe('OwnerAbout');
    // The tab says whose bio it is, and that another account is signed in.
    await expect(goals).toContainText(
      'Save and Fetch current use the bio of Viewer, the account VoidVerified is authorized for (Akira is signed in to AniList here).',
    );
  });

  test(
    'the mismatch is said once, naming both accounts, and locks the features that act as "you" until they agree',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      test.slow(); // several pages and tabs
      await switchToAkira(page, host, '/user/Akira/');
      await expect(toasts(page).filter({ hasText: MISMATCH })).toHaveCount(1);
      await expect(toasts(page).filter({ hasText: MISMATCH })).toContainText('sign in to AniList as Viewer again');
      // On "your own" profile as the page says: no self-message button, and the command says why.
      await expect(page.locator('[data-void-ui="self-message"]')).toHaveCount(0);
      await page.keyboard.press('Control+Space');
      await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Message yourself');
      const row = page.locator('[cmdk-item][data-command="self-message.open"]');
      await expect(row).toContainText('locked: another account is signed in');
      await clickPaletteRow(page, row);
      await expect(toasts(page).filter({ hasText: '"Message yourself…" is locked: VoidVerified is authorized for Viewer' })).toBeVisible();
      expect(api.requests.filter((r) => r.operationName === 'SaveMessageActivity')).toEqual([]);
      await page.keyboard.press('Escape');

      // Said once: dismissed, it does not come back on other pages, nor on the next page load (the
      // host signed in as Akira from the start).
      // Real clicks: our UI ignores the clicks a script makes.
      while ((await toasts(page).count()) > 0) await toasts(page).first().click();
      await expect(toasts(page)).toHaveCount(0);
      await push(page, '/home');
      await expect(page.locator('[data-void-ui="reply-update-toggle"]')).toHaveCount(0);
      await host.goto('/settings/developer', { viewer: { id: 2, name: 'Akira' }, seed });
      await host.scriptReady();
      await subTab(page, 'authorization').click();
      await expect(settings(page).getByRole('note')).toContainText(MISMATCH);
      await expect(settings(page).getByRole('button', { name: 'Authorize again as Akira' })).toBeVisible();
      await expect(toasts(page).filter({ hasText: MISMATCH })).toHaveCount(0);
      expect(await stored(host, 'void-verified-identity-notice')).toEqual({ owner: 1, site: 2 });

      // The layout designer's reset and publish are locked, saying why.
      await subTab(page, 'layout').click();
      const layout = settings(page).getByRole('tabpanel', { name: 'layout' });
      await expect(layout.getByRole('note')).toContainText('Reset About and publishing are locked: VoidVerified is authorized for Viewer');
      await expect(layout.getByRole('button', { name: 'Reset About' })).toBeDisabled();

      // Signed in as the owner again: unlocked, and a later switch would be said again.
      await page.evaluate((auth) => localStorage.setItem('auth', JSON.stringify(auth)), snapshotOf(1, 'Viewer'));
      await push(page, '/user/Viewer/');
      await expect(page.getByRole('button', { name: 'Message Self' })).toBeVisible();
      await expect.poll(() => stored(host, 'void-verified-identity-notice')).toBeNull();
    },
  );
});
