import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, OAUTH_TOKEN, scriptStarted, test } from './fixtures';

/**
 * Reply To and referenced quotes (document 3, C3 and C4): a selection copied as a quote that names
 * its reply, pasted and published under another activity, and the quote leading back to the reply.
 */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': seedValue(values) });
const allToasts = { 'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }) };
const on = (more: Record<string, unknown> = {}) => ({ ...settingsSeed({ replyToEnabled: true, ...more }), ...allToasts });
/** An activity with four replies, 50000005 to 50000008. */
const ACTIVITY = '/activity/700000004';
/** The viewer's own text activity, with a reply box. */
const OTHER = '/activity/700000003';
const replies = (page: Page) => page.locator('.reply:not(.preview)');
const replyTo = (page: Page) => page.getByRole('button', { name: 'Reply To' });

/** Selects a reply's whole text as a person does (a triple click). */
async function selectReply(page: Page, n: number): Promise<string> {
  const text = replies(page).nth(n).locator('.reply-markdown .markdown');
  await text.click({ clickCount: 3 });
  return (await text.innerText()).trim();
}

test.describe('reply to', () => {
  test.use({ viewport: { width: 1000, height: 700 } });

  test(
    'select a reply, copy it with Reply To, publish it under another activity, and the quote leads back to the reply',
    { tag: '@worlds' },
    async ({ page, host, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://anilist.co' });
      await host.goto(ACTIVITY, { seed: on() });
      await scriptStarted(page);
      await expect(replies(page)).toHaveCount(4);
      const text = await selectReply(page, 1);
      await replyTo(page).click();
      await expect(page.getByText('Copied to Clipboard')).toBeVisible();
      const quote = `<blockquote href="700000004/50000006">${text}</blockquote>`;
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(quote);
      // It goes 800 ms later.
      await expect(page.getByText('Copied to Clipboard')).toHaveCount(0);

      await host.goto(OTHER, { seed: on() });
      await scriptStarted(page);
      const box = page.locator('.reply-wrap > .activity-edit textarea');
      await box.click();
      await page.keyboard.press('Control+V');
      await expect(box).toHaveValue(quote);
      await page.locator('.reply-wrap > .activity-edit .button.save').click();
      const published = page.locator('.reply blockquote[href="700000004/50000006"]');
      await expect(published).toHaveText(text);
      await expect(published).toHaveClass(/void-quote/);
      await published.hover();
      const link = page.getByRole('link', { name: 'Direct Link' });
      await expect(link).toHaveAttribute('href', '/activity/700000004?void-reply-id=50000006');
      await link.click();
      await expect(page).toHaveURL(/\/activity\/700000004\?void-reply-id=50000006$/);
      await expect(replies(page).nth(1)).toHaveClass(/void-reply-target/);
    },
  );

  test(
    "'Quote selection' puts the quote at the caret of the activity's open reply box; a quote of a reply here scrolls to it",
    { tag: '@worlds' },
    async ({ page, host, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://anilist.co' });
      await host.goto(ACTIVITY, { seed: on() });
      await scriptStarted(page);
      const box = page.locator('.reply-wrap > .activity-edit textarea');
      await box.click();
      await page.keyboard.type('Agreed.');
      const text = await selectReply(page, 3);
      await expect(replyTo(page)).toBeVisible();
      await page.keyboard.press('Control+Space');
      await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Quote selection');
      await clickPaletteRow(page, page.locator('[cmdk-item][data-command="reply-to.quote"]'));
      await expect(page.locator('.vv-toast', { hasText: 'Quote inserted in the reply box' })).toBeVisible();
      const quote = `<blockquote href="700000004/50000008">${text}</blockquote>`;
      await expect(box).toHaveValue(`Agreed.\n\n${quote}\n\n`);
      await expect(box).toBeFocused();
      await page.keyboard.type('Yes.');
      await expect(box).toHaveValue(`Agreed.\n\n${quote}\n\nYes.`);
      await page.locator('.reply-wrap > .activity-edit .button.save').click();
      const published = replies(page).nth(4).locator('blockquote.void-quote');
      await expect(published).toHaveText(text);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The quoted reply is here: the quote leads to it, by click or by Enter, with no Direct Link.
      await published.click();
      await expect(replies(page).nth(3)).toHaveClass(/void-reply-target/);
      await expect(page.getByRole('link', { name: 'Direct Link' })).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${ACTIVITY}$`));
    },
  );

  test('from the keyboard: Tab reaches Reply To, Enter copies; a quote of another activity offers Direct Link on focus, Enter follows it', async ({
    page,
    host,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://anilist.co' });
    await host.goto(ACTIVITY, { seed: on() });
    await scriptStarted(page);
    const text = await selectReply(page, 0);
    await expect(replyTo(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(replyTo(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Copied to Clipboard')).toBeVisible();
    const quote = `<blockquote href="700000004/50000005">${text}</blockquote>`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(quote);

    await host.goto(OTHER, { seed: on() });
    await scriptStarted(page);
    await page.locator('.reply-wrap > .activity-edit textarea').fill(quote);
    await page.locator('.reply-wrap > .activity-edit .button.save').click();
    const published = page.locator('.reply blockquote.void-quote');
    await published.focus();
    await expect(page.getByRole('link', { name: 'Direct Link' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/activity\/700000004\?void-reply-id=50000005$/);
    await expect(replies(page).nth(0)).toHaveClass(/void-reply-target/);
  });

  test('quotes with any other href stay as they are; off (the default), no button, no command and no links', async ({ page, host }) => {
    await host.goto(ACTIVITY);
    await scriptStarted(page);
    await selectReply(page, 1);
    await page.waitForTimeout(400);
    await expect(replyTo(page)).toHaveCount(0);
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Quote selection');
    await expect(page.locator('[cmdk-item][data-command="reply-to.quote"]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.locator('.reply-wrap > .activity-edit textarea').fill('<blockquote href="700000004/50000005">x</blockquote>');
    await page.locator('.reply-wrap > .activity-edit .button.save').click();
    await expect(page.locator('.reply blockquote[href]')).toHaveCount(1);
    await page.waitForTimeout(300);
    await expect(page.locator('.void-quote')).toHaveCount(0);

    await host.goto(OTHER, { seed: on() });
    await scriptStarted(page);
    for (const href of ['https://anilist.co/activity/1', '1/2/3', '0/5', 'x']) {
      await page.locator('.reply-wrap > .activity-edit textarea').fill(`<blockquote href="${href}">${href}</blockquote>`);
      await page.locator('.reply-wrap > .activity-edit .button.save').click();
    }
    await expect(page.locator('.reply blockquote')).toHaveCount(4);
    await page.waitForTimeout(300);
    await expect(page.locator('.void-quote')).toHaveCount(0);
  });

  test("in our own cards (the messages feed): Reply To copies a reply with its ids, and Quote selection fills the card's reply box", async ({
    page,
    host,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'https://anilist.co' });
    const auth = { 'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }) };
    await host.goto('/home', { seed: { ...auth, ...on({ messageFeedEnabled: true }) } });
    await page.locator('.feed-select .feed-filter').click();
    await page.locator('ul.el-dropdown-menu li[data-void-messages]').click();
    const feed = page.getByRole('region', { name: 'Messages' });
    const entry = feed
      .locator('article')
      .filter({ has: page.locator('.vv-act-actions button', { hasText: /^[1-9]\d* repl/ }) })
      .first();
    const activityId = await entry.getAttribute('data-activity-id');
    await entry.locator('.vv-act-actions button', { hasText: /repl/ }).click();
    const reply = entry.locator('.vv-reply').first();
    const replyId = await reply.getAttribute('data-reply-id');
    const text = reply.locator('.vv-act-markdown');
    await text.click({ clickCount: 3 });
    const quote = `<blockquote href="${activityId}/${replyId}">${(await text.innerText()).trim()}</blockquote>`;
    await replyTo(page).click();
    await expect(page.getByText('Copied to Clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(quote);

    const box = entry.getByRole('textbox', { name: 'Reply' });
    await box.fill('Quoted:');
    await text.click({ clickCount: 3 });
    await expect(replyTo(page)).toBeVisible();
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Quote selection');
    await clickPaletteRow(page, page.locator('[cmdk-item][data-command="reply-to.quote"]'));
    await expect(page.locator('.vv-toast', { hasText: 'Quote inserted in the reply box' })).toBeVisible();
    await expect(box).toHaveValue(`Quoted:\n\n${quote}\n\n`);
  });
});
