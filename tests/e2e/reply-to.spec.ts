import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, OAUTH_TOKEN, openMessageReplies, scriptStarted, test } from './fixtures';
import { sanitizerBundle } from './xss-vectors';

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
/**
 * Resolves once the button has said "Copied to Clipboard", which it does for 800 ms: watched in the
 * page on every frame (inside the open shadow roots of the test bed), so a slow machine's polling
 * cannot miss it. Call it before the copy.
 */
const copiedShown = (page: Page) =>
  page.waitForFunction(
    () => {
      const roots: (Document | ShadowRoot)[] = [document];
      for (let i = 0; i < roots.length; i++) for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
      return roots.some((root) => [...root.querySelectorAll('button')].some((b) => b.textContent?.includes('Copied to Clipboard')));
    },
    undefined,
    { polling: 'raf' },
  );

const QUOTE = /(^| )void-quote( |$)/;
/** Quote references the sanitizer keeps, as written and as it writes them back. */
const KEPT = [
  ['700000004/50000006', '700000004/50000006'],
  ['5', '5'],
  ['&#55;/&#56;', '7/8'],
  // DOMPurify trims an attribute's value before anything reads it.
  [' 1 ', '1'],
] as const;
/** HTML whose blockquote may not carry what it wrote: each comes out as `<blockquote>x</blockquote>` but where REFUSED_AS says. */
const REFUSED = [
  '<blockquote href="javascript:__xss()">x</blockquote>',
  '<blockquote href="https://evil.example/activity/1">x</blockquote>',
  '<blockquote href="//evil.example/1">x</blockquote>',
  '<blockquote href="/activity/1">x</blockquote>',
  '<blockquote href="1/2/3">x</blockquote>',
  '<blockquote href="0/5">x</blockquote>',
  '<blockquote href="01">x</blockquote>',
  '<blockquote href="1/2?x=1">x</blockquote>',
  '<blockquote href="1/2#x">x</blockquote>',
  '<blockquote href="１２３">x</blockquote>',
  '<blockquote href="99999999999999999">x</blockquote>',
  '<blockquote href="1/2&quot; onclick=&quot;__xss()">x</blockquote>',
  '<blockquote class="void-quote" tabindex="0">x</blockquote>',
  '<blockquote href="1/2" onclick="__xss()" style="color: red" tabindex="5" class="void-quote" data-x="1" id="abcdefgh">x</blockquote>',
  '<div href="1/2">x</div>',
  '<blockquote href="1"><blockquote href="data:text/html,x">x</blockquote></blockquote>',
];
const REFUSED_AS: Record<string, string> = {
  '<blockquote href="1/2" onclick="__xss()" style="color: red" tabindex="5" class="void-quote" data-x="1" id="abcdefgh">x</blockquote>':
    '<blockquote href="1/2" class="void-quote" tabindex="0">x</blockquote>',
  '<div href="1/2">x</div>': '<div>x</div>',
  '<blockquote href="1"><blockquote href="data:text/html,x">x</blockquote></blockquote>':
    '<blockquote href="1" class="void-quote" tabindex="0"><blockquote>x</blockquote></blockquote>',
};

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
      const copied = copiedShown(page);
      await replyTo(page).click();
      await copied;
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
      const link = page.getByRole('link', { name: 'Direct Link', exact: true });
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
      await expect(page.getByRole('link', { name: 'Direct Link', exact: true })).toHaveCount(0);
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
    const copied = copiedShown(page);
    await page.keyboard.press('Enter');
    await copied;
    const quote = `<blockquote href="700000004/50000005">${text}</blockquote>`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(quote);

    await host.goto(OTHER, { seed: on() });
    await scriptStarted(page);
    await page.locator('.reply-wrap > .activity-edit textarea').fill(quote);
    await page.locator('.reply-wrap > .activity-edit .button.save').click();
    const published = page.locator('.reply blockquote.void-quote');
    await published.focus();
    await expect(page.getByRole('link', { name: 'Direct Link', exact: true })).toBeVisible();
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
    const { entry, activityId, reply, replyId } = await openMessageReplies(page);
    const text = reply.locator('.vv-act-markdown');
    await text.click({ clickCount: 3 });
    const quote = `<blockquote href="${activityId}/${replyId}">${(await text.innerText()).trim()}</blockquote>`;
    const copied = copiedShown(page);
    await replyTo(page).click();
    await copied;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(quote);

    const box = entry.getByRole('textbox', { name: 'Reply' });
    await box.fill('Quoted:');
    await text.click({ clickCount: 3 });
    await expect(replyTo(page)).toBeVisible();
    // The first copy's check goes 800 ms after it; the button of this newer selection stays.
    await page.waitForTimeout(900);
    await expect(replyTo(page)).toBeVisible();
    await page.keyboard.press('Control+Space');
    await page.getByPlaceholder('Filter VoidVerified QuickStart').fill('Quote selection');
    await clickPaletteRow(page, page.locator('[cmdk-item][data-command="reply-to.quote"]'));
    await expect(page.locator('.vv-toast', { hasText: 'Quote inserted in the reply box' })).toBeVisible();
    await expect(box).toHaveValue(`Quoted:\n\n${quote}\n\n`);
  });
});

test.describe('referenced quotes in our own cards', () => {
  test.use({ viewport: { width: 1000, height: 700 } });

  test('the messages feed: a quote of a reply of the card leads to it by click or Enter; one of another activity offers Direct Link on hover and focus', async ({
    page,
    host,
  }) => {
    const auth = { 'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }) };
    await host.goto('/home', { seed: { ...auth, ...on({ messageFeedEnabled: true }) } });
    const { entry, activityId, reply: first, replyId } = await openMessageReplies(page);
    const box = entry.getByRole('textbox', { name: 'Reply' });
    for (const href of [`${activityId}/${replyId}`, '700000004/50000006']) {
      await box.fill(`<blockquote href="${href}">Quoted ${href}</blockquote>`);
      await entry.getByRole('button', { name: 'Publish' }).click();
      await expect(entry.locator(`.vv-reply blockquote[href="${href}"]`)).toHaveText(`Quoted ${href}`);
    }
    const here = entry.locator(`.vv-reply blockquote[href="${activityId}/${replyId}"]`);
    const other = entry.locator('.vv-reply blockquote[href="700000004/50000006"]');
    await expect(here).toHaveClass(QUOTE);
    await expect(here).toHaveAttribute('tabindex', '0');
    // A reply of this card: a click scrolls to it and marks it, with no Direct Link and no move.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await here.click();
    await expect(first).toHaveClass(/void-reply-target/);
    await expect(first).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Direct Link', exact: true })).toHaveCount(0);
    await expect(first).not.toHaveClass(/void-reply-target/, { timeout: 5000 });
    // By the keyboard: Enter on the focused quote.
    await here.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveClass(/void-reply-target/);
    await expect(page).toHaveURL(/\/home$/);
    // Another activity: Direct Link on hover (kept while hovered), and on focus, where Enter follows it.
    await other.hover();
    const link = page.getByRole('link', { name: 'Direct Link', exact: true });
    await expect(link).toHaveAttribute('href', '/activity/700000004?void-reply-id=50000006');
    await page.mouse.move(0, 0);
    await expect(link).toHaveCount(0);
    await other.focus();
    await expect(link).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/activity\/700000004\?void-reply-id=50000006$/);
    await expect(replies(page).nth(1)).toHaveClass(/void-reply-target/);
  });

  test("the palette's activity search: Enter on a quote of a reply of the card scrolls the palette to it; another activity's Direct Link is above the palette", async ({
    page,
    host,
  }) => {
    const auth = { 'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }) };
    await host.goto('/home', { seed: { ...auth, ...on() } });
    await page.keyboard.press('Control+Space');
    await page.keyboard.press('Control+Space');
    await expect(page.getByRole('combobox', { name: 'QuickStart mode' })).toHaveValue('activity-search');
    await page.getByRole('group', { name: 'Activity search parameters' }).getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('[cmdk-item][data-value^="activity/"]').first().click();
    const entry = page.locator('.vv-activity-view article');
    const activityId = await entry.getAttribute('data-activity-id');
    await entry.locator('.vv-act-actions button', { hasText: /repl/ }).click();
    const box = entry.getByRole('textbox', { name: 'Reply' });
    for (const text of ['The reply to quote', ...Array.from({ length: 4 }, (_, i) => `Filler ${i}\n\n${'long text '.repeat(40)}`)]) {
      await box.fill(text);
      await entry.getByRole('button', { name: 'Publish' }).click();
      await expect(entry.locator('.vv-reply').last()).toContainText(text.split('\n')[0]!);
    }
    const quoted = entry.locator('.vv-reply', { hasText: 'The reply to quote' }).first();
    await box.fill(`<blockquote href="${activityId}/${await quoted.getAttribute('data-reply-id')}">The reply to quote</blockquote>`);
    await entry.getByRole('button', { name: 'Publish' }).click();
    const quote = entry.locator('blockquote.void-quote');
    await quote.focus();
    await expect(quoted).not.toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(quoted).toHaveClass(/void-reply-target/);
    await expect(quoted).toBeInViewport();
    await expect(page.getByRole('dialog', { name: 'VoidVerified QuickStart' })).toBeVisible();
    // Another activity's quote: its Direct Link sits above the palette, and a click on it goes there.
    await box.fill('<blockquote href="700000004/50000006">Elsewhere</blockquote>');
    await entry.getByRole('button', { name: 'Publish' }).click();
    await entry.locator('blockquote.void-quote', { hasText: 'Elsewhere' }).hover();
    await page.getByRole('link', { name: 'Direct Link', exact: true }).click();
    await expect(page).toHaveURL(/\/activity\/700000004\?void-reply-id=50000006$/);
    await expect(page.getByRole('dialog', { name: 'VoidVerified QuickStart' })).toHaveCount(0);
  });

  test('the one sanitizer keeps a blockquote href only as a quote reference (digits, or digits/digits), and marks quotes only when asked', async ({
    page,
    host,
  }) => {
    await host.goto('/home', { script: false });
    await page.addScriptTag({ content: sanitizerBundle() });
    const out = await page.evaluate(
      ([kept, refused]) => {
        const { sanitizeHtml } = (window as unknown as { __md: { sanitizeHtml(s: string, o?: { quotes?: boolean }): string } }).__md;
        const parse = (html: string) => Object.assign(document.createElement('div'), { innerHTML: html }).firstElementChild!;
        const attrs = (el: Element) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));
        return {
          kept: kept.map(([href]) => [
            attrs(parse(sanitizeHtml(`<blockquote href="${href}">x</blockquote>`))),
            attrs(parse(sanitizeHtml(`<blockquote href="${href}">x</blockquote>`, { quotes: true }))),
          ]),
          refused: refused.map((html) => [html, sanitizeHtml(html, { quotes: true })]),
        };
      },
      [KEPT, REFUSED] as const,
    );
    for (const [i, [, href]] of KEPT.entries()) expect(out.kept[i]).toEqual([{ href }, { href, class: 'void-quote', tabindex: '0' }]);
    expect(Object.fromEntries(out.refused)).toEqual(
      Object.fromEntries(REFUSED.map((html) => [html, REFUSED_AS[html] ?? '<blockquote>x</blockquote>'])),
    );
  });
});
