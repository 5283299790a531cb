import type { Locator, Page } from '@playwright/test';
import { expect, OAUTH_TOKEN, test } from './fixtures';

/**
 * The mini profile on notification names (2.0.3's C26, `hoverNotifications`): the actor's name in
 * AniList's own notifications, in our feed and in quick access opens the card, with the mini
 * profile's hover rules (delays, keyboard focus, Escape, one card at a time).
 */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const seed = (settings: Record<string, unknown>, hoverNotifications = true) => ({
  'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }),
  'void-verified-settings': seedValue({ miniProfileEnabled: true, ...settings }),
  'void-verified-mini-profile-config': seedValue({ hoverNotifications }),
});
const card = (page: Page) => page.locator('.vv-mini-profile');
const cardOf = (page: Page, name: string) => page.getByRole('region', { name: `Mini profile of ${name}` });
const away = (page: Page) => page.mouse.move(4, 600);

/** The first `count` actors of `names` with different names. */
async function actors(names: Locator, count = 2): Promise<{ name: Locator; text: string }[]> {
  await expect(names.first()).toBeVisible();
  const found: { name: Locator; text: string }[] = [];
  for (let i = 0; i < (await names.count()) && found.length < count; i++) {
    const text = (await names.nth(i).textContent())!.trim();
    if (!found.some((f) => f.text === text)) found.push({ name: names.nth(i), text });
  }
  return found;
}

test.use({ viewport: { width: 1400, height: 1000 } });

test.describe('mini profile on notification names', () => {
  test(
    "AniList's own notifications: hovering the name opens the card, focus does too, Escape closes it",
    { tag: '@worlds' },
    async ({ page, host }) => {
      await host.goto('/notifications', { seed: seed({}) });
      const [first, second] = await actors(page.locator('.notifications .notification .details a[href*="/user/"]'));
      await first!.name.hover();
      await expect(cardOf(page, first!.text)).toBeVisible();
      // One card at a time: the next name's replaces it.
      await second!.name.hover();
      await expect(cardOf(page, second!.text)).toBeVisible();
      await expect(card(page)).toHaveCount(1);
      await away(page);
      await expect(card(page)).toHaveCount(0);
      await first!.name.focus();
      await expect(cardOf(page, first!.text)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(card(page)).toHaveCount(0);
      // The avatar beside it is no target.
      await page.locator('.notifications .notification a.avatar').first().hover();
      await page.waitForTimeout(400);
      await expect(card(page)).toHaveCount(0);
    },
  );

  test('our feed: the actor opens the card, the card can be hovered, focus on the notification opens it, Escape closes it', async ({
    page,
    host,
  }) => {
    await host.goto('/notifications', { seed: seed({ replaceNotifications: true }) });
    const feed = page.locator('.vv-notifications-feed');
    const [first, second] = await actors(feed.locator('.vv-notification-actor'));
    await first!.name.hover();
    await expect(cardOf(page, first!.text)).toBeVisible();
    // Onto the card: it stays.
    const at = (await card(page).boundingBox())!;
    await page.mouse.move(at.x + 20, at.y + 20, { steps: 5 });
    await page.waitForTimeout(500);
    await expect(cardOf(page, first!.text)).toBeVisible();
    await second!.name.hover();
    await expect(cardOf(page, second!.text)).toBeVisible();
    await expect(card(page)).toHaveCount(1);
    await away(page);
    await expect(card(page)).toHaveCount(0);
    // The keyboard: the notification's link holding the name.
    await first!.name.locator('xpath=ancestor::a[1]').focus();
    await expect(cardOf(page, first!.text)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card(page)).toHaveCount(0);
  });

  test('quick access: the actor opens the card', async ({ page, host }) => {
    await host.goto('/home', { seed: seed({ quickAccessNotificationsEnabled: true }) });
    const [first] = await actors(page.getByRole('region', { name: 'Notifications' }).locator('.vv-notification-actor'), 1);
    await first!.name.hover();
    await expect(cardOf(page, first!.text)).toBeVisible();
    await away(page);
    await expect(card(page)).toHaveCount(0);
  });

  for (const [where, settings, name] of [
    ['our feed', { replaceNotifications: true }, '.vv-notifications-feed .vv-notification-actor'],
    ["AniList's list", {}, '.notifications .notification .details a[href*="/user/"]'],
  ] as const)
    test(`hoverNotifications off: no card in ${where}`, async ({ page, host }) => {
      await host.goto('/notifications', { seed: seed(settings, false) });
      await page.locator(name).first().hover();
      await page.waitForTimeout(400);
      await expect(card(page)).toHaveCount(0);
    });
});
