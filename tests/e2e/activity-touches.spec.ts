import type { Page } from '@playwright/test';
import { clickPaletteRow, expect, OAUTH_TOKEN, scriptStarted, test } from './fixtures';

/** Activity-page touches: each behind its option, on the replica; option off means no change. */

const DAY = 86_400_000;
const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': seedValue(values) });
const authSeed = () => ({ 'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * DAY }) });
const allToasts = { 'void-verified-toaster-config': seedValue({ toastLevel: 0, duration: 10, location: 'bottom-left' }) };
const toasts = (page: Page) => page.locator('.vv-toast');
const ready = (page: Page) => scriptStarted(page);
const stored = <T>(page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = (window as unknown as { GM_getValue(k: string): string | undefined }).GM_getValue(k);
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data;
  }, key) as Promise<T>;
const rerender = (page: Page) => page.evaluate(() => (window as unknown as { __host: { rerender(): void } }).__host.rerender());
async function palette(page: Page, filter: string, command: string) {
  await page.keyboard.press('Control+Space');
  await page.getByPlaceholder('Filter VoidVerified QuickStart').fill(filter);
  return page.locator(`[cmdk-item][data-command="${command}"]`);
}

/** An activity whose replies include one by the viewer (50000008, the fourth). */
const WITH_OWN_REPLY = '/activity/700000004';
/** An activity whose fourth reply (50000015) the viewer liked. */
const WITH_LIKED_REPLY = '/activity/700000006';
/** A text activity linking to https://anilist.co/user/Viewer/animelist in a new tab. */
const WITH_ANILIST_LINK = '/activity/700000026';

test.describe('timestamp tooltips', () => {
  test.use({ timezoneId: 'UTC' });
  const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  const timeConfig = { 'void-verified-time-config': seedValue({ dateFormat: 'yyyy-mm-dd', use12HourFormat: false }) };

  test('activity and reply times carry the configured format', async ({ page, host }) => {
    await host.goto(WITH_OWN_REPLY, { seed: { ...settingsSeed({ activityTimestampTooltipsEnabled: true }), ...timeConfig } });
    for (const time of [page.locator('.activity-entry .wrap time').first(), page.locator('.reply time').first()]) {
      const iso = (await time.getAttribute('datetime'))!;
      await expect(time).toHaveAttribute('title', utc(iso));
    }
    // A re-rendered activity gets it again.
    await rerender(page);
    const time = page.locator('.reply time').last();
    await expect(time).toHaveAttribute('title', utc((await time.getAttribute('datetime'))!));
  });

  test("off: the host's own tooltip stays", async ({ page, host }) => {
    await host.goto(WITH_OWN_REPLY, { seed: timeConfig });
    await ready(page);
    await expect(page.locator('.activity-entry .wrap time').first()).toHaveAttribute('title', /^[A-Z][a-z]{2} \d+, \d{4}, \d+:\d\d [AP]M$/);
    await expect(page.locator('.reply time').first()).toHaveAttribute('title', /^[A-Z][a-z]{2} \d+, \d{4}/);
  });
});

test.describe('self message', () => {
  const on = () => ({ ...authSeed(), ...allToasts, ...settingsSeed({ selfMessageEnabled: true }) });
  /** In the own profile composer's actions, where the original offers it (issue 29). */
  const button = (page: Page) =>
    page.locator('.activity-feed-wrap > .activity-edit > .actions').getByRole('button', { name: 'Message Self' });
  const composer = (page: Page) => page.locator('.activity-feed-wrap > .activity-edit textarea');

  test("'Message Self' in the composer's actions publishes its text to yourself and opens it", async ({ page, host, api }) => {
    await host.goto('/user/Viewer/', { seed: on() });
    await composer(page).fill('Note to self: finish Frieren.');
    await button(page).click();
    await expect(toasts(page).filter({ hasText: 'Self-publishing a message.' })).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Message self-published.' })).toBeVisible();
    const saved = api.state.activities.at(-1)!;
    expect(saved).toMatchObject({
      __typename: 'MessageActivity',
      messengerId: 1,
      recipientId: 1,
      isPrivate: false,
      message: 'Note to self: finish Frieren.',
    });
    await expect(page).toHaveURL(`https://anilist.co/activity/${saved.id}`);
    const request = api.requests.find((r) => r.operationName === 'SaveMessageActivity')!;
    expect(request.variables).toEqual({ message: 'Note to self: finish Frieren.', recipientId: 1, private: false });
    expect(request.authorization).toBe(`Bearer ${OAUTH_TOKEN}`);
    // Navigated by the host router (no page load); the page there shows the message, which the
    // replica's app fetched as the site's does, and the toast above is still there.
    expect(await page.evaluate(() => (window as unknown as { __host: { navigations: string[] } }).__host.navigations.at(-1))).toBe(
      `/activity/${saved.id}`,
    );
    await expect(page.locator('.activity-entry.activity-message')).toContainText('Note to self: finish Frieren.');
  });

  test('an empty composer says so; a failure says so and keeps the text', async ({ page, host, api }) => {
    await host.goto('/user/Viewer/', { seed: on() });
    await button(page).click();
    await expect(toasts(page).filter({ hasText: 'Write your message in the composer first, then Message Self.' })).toBeVisible();
    await expect(composer(page)).toBeFocused();
    await composer(page).fill('This one fails.');
    const before = api.state.activities.length;
    api.failNext(1, { status: 500 }, 'SaveMessageActivity');
    await button(page).click();
    await expect(toasts(page).filter({ hasText: 'There was an error self-publishing a message.' })).toBeVisible();
    await expect(composer(page)).toHaveValue('This one fails.');
    await expect(page).toHaveURL('https://anilist.co/user/Viewer/');
    expect(api.state.activities.length).toBe(before);
    await expect(toasts(page).filter({ hasText: 'Message self-published.' })).toHaveCount(0);
  });

  test("'Message yourself…' in the palette sends the composer's text, on your own profile only", async ({ page, host, api }) => {
    await host.goto('/user/Viewer/animelist', { seed: on() });
    // From another tab of the profile: to the overview, the composer focused to write in.
    await clickPaletteRow(page, await palette(page, 'Message yourself', 'self-message.open'));
    await expect(page).toHaveURL('https://anilist.co/user/Viewer/');
    await expect(composer(page)).toBeFocused();
    await page.keyboard.type('Typed, then sent from the palette.');
    await clickPaletteRow(page, await palette(page, 'Message yourself', 'self-message.open'));
    await expect(toasts(page).filter({ hasText: 'Message self-published.' })).toBeVisible();
    expect(api.state.activities.at(-1)).toMatchObject({ message: 'Typed, then sent from the palette.', recipientId: 1 });

    await host.goto('/user/Akira/', { seed: on() });
    await ready(page);
    await expect(await palette(page, 'Message yourself', 'self-message.open')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Message Self' })).toHaveCount(0);
  });

  test('off: no button', async ({ page, host }) => {
    await host.goto('/user/Viewer/', { seed: authSeed() });
    await ready(page);
    await page.waitForTimeout(200);
    await expect(page.getByRole('button', { name: 'Message Self' })).toHaveCount(0);
  });

  test('without authorization (the option is inert): no button', async ({ page, host }) => {
    await host.goto('/user/Viewer/', { seed: settingsSeed({ selfMessageEnabled: true }) });
    await ready(page);
    await page.waitForTimeout(200);
    await expect(page.getByRole('button', { name: 'Message Self' })).toHaveCount(0);
  });
});

test.describe('collapsible replies', () => {
  const replies = (page: Page) => page.locator('.reply:not(.preview)');
  const toggle = (page: Page, i: number) => replies(page).nth(i).locator('.vv-reply-collapse');
  const collapsed = (page: Page) => stored<Record<string, boolean>>(page, 'void-verified-collapsed-containers');

  test('a button collapses and expands each reply; the state is remembered per reply', async ({ page, host }) => {
    await host.goto(WITH_OWN_REPLY, { seed: settingsSeed({ collapsibleReplies: true }) });
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(4);
    await expect(replies(page).nth(0).locator('.reply-markdown')).toBeVisible();
    await toggle(page, 0).click();
    await expect(replies(page).nth(0).locator('.reply-markdown')).toBeHidden();
    await expect(toggle(page, 0)).toHaveAttribute('aria-label', 'Expand reply');
    await expect(replies(page).nth(1).locator('.reply-markdown')).toBeVisible();
    expect(await collapsed(page)).toEqual({ 'reply-50000005': true });
    // A Vue re-render and a reload keep it.
    await rerender(page);
    await expect(replies(page).nth(0).locator('.reply-markdown')).toBeHidden();
    await page.reload();
    await expect(replies(page).nth(0).locator('.reply-markdown')).toBeHidden();
    await toggle(page, 0).click();
    await expect(replies(page).nth(0).locator('.reply-markdown')).toBeVisible();
    expect(await collapsed(page)).toEqual({});

    // The palette collapses and expands them all.
    await clickPaletteRow(page, await palette(page, 'Collapse all replies', 'collapsible-replies.collapse-replies'));
    for (let i = 0; i < 4; i++) await expect(replies(page).nth(i).locator('.reply-markdown')).toBeHidden();
    await clickPaletteRow(page, await palette(page, 'Expand all replies', 'collapsible-replies.expand-replies'));
    for (let i = 0; i < 4; i++) await expect(replies(page).nth(i).locator('.reply-markdown')).toBeVisible();
  });

  test('your own replies start collapsed with autoCollapseSelf; an explicit expand wins', async ({ page, host }) => {
    await host.goto(WITH_OWN_REPLY, { seed: settingsSeed({ collapsibleReplies: true, autoCollapseSelf: true }) });
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(4);
    await expect(replies(page).nth(3).locator('.reply-markdown')).toBeHidden();
    for (let i = 0; i < 3; i++) await expect(replies(page).nth(i).locator('.reply-markdown')).toBeVisible();
    await toggle(page, 3).click();
    await expect(replies(page).nth(3).locator('.reply-markdown')).toBeVisible();
    expect(await collapsed(page)).toEqual({ 'reply-50000008': false });
    await page.reload();
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(4);
    await expect(replies(page).nth(3).locator('.reply-markdown')).toBeVisible();
  });

  test("with 'Remember collapsed replies' off, a state lasts for the page only; what was remembered before does not count", async ({
    page,
    host,
  }) => {
    const remembered = { 'void-verified-collapsed-containers': seedValue({ 'reply-50000006': true }) };
    await host.goto(WITH_OWN_REPLY, {
      seed: { ...settingsSeed({ collapsibleReplies: true, rememberCollapsedReplies: false }), ...remembered },
    });
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(4);
    for (let i = 0; i < 4; i++) await expect(replies(page).nth(i).locator('.reply-markdown')).toBeVisible();
    await toggle(page, 0).click();
    await expect(replies(page).nth(0).locator('.reply-markdown')).toBeHidden();
    await expect(toggle(page, 0)).toHaveAttribute('aria-label', 'Expand reply');
    // A Vue re-render keeps it for this page; nothing is stored, so a reload starts over.
    await rerender(page);
    await expect(replies(page).nth(0).locator('.reply-markdown')).toBeHidden();
    expect(await collapsed(page)).toEqual({ 'reply-50000006': true });
    await page.reload();
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(4);
    await expect(replies(page).nth(0).locator('.reply-markdown')).toBeVisible();
  });

  test('liked replies start collapsed with autoCollapseLiked', async ({ page, host }) => {
    await host.goto(WITH_LIKED_REPLY, { seed: settingsSeed({ collapsibleReplies: true, autoCollapseLiked: true }) });
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(4);
    await expect(replies(page).nth(3).locator('.like-wrap .button.liked')).toHaveCount(1);
    await expect(replies(page).nth(3).locator('.reply-markdown')).toBeHidden();
    for (let i = 0; i < 3; i++) await expect(replies(page).nth(i).locator('.reply-markdown')).toBeVisible();
  });

  test('off: no buttons and nothing collapsed, even with the auto options on', async ({ page, host }) => {
    await host.goto(WITH_LIKED_REPLY, { seed: settingsSeed({ autoCollapseLiked: true, autoCollapseSelf: true }) });
    await ready(page);
    await page.waitForTimeout(200);
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(0);
    for (let i = 0; i < 4; i++) await expect(replies(page).nth(i).locator('.reply-markdown')).toBeVisible();
    await expect(await palette(page, 'Collapse all replies', 'collapsible-replies.collapse-replies')).toHaveCount(0);
  });
});

test.describe('like counts', () => {
  const count = (page: Page, scope: string) => page.locator(`${scope} .like-wrap .count`).filter({ hasText: /\d/ }).first();

  test('hidden on activities and replies', async ({ page, host }) => {
    await host.goto(WITH_LIKED_REPLY, { seed: settingsSeed({ hideLikeCount: true }) });
    await expect(count(page, '.activity-entry .wrap')).toBeHidden();
    await expect(count(page, '.reply')).toBeHidden();
    await expect(page.locator('head style#void-verified-style-hide-like-count')).toHaveCount(1);
  });

  test('off: shown', async ({ page, host }) => {
    await host.goto(WITH_LIKED_REPLY);
    await ready(page);
    await expect(count(page, '.activity-entry .wrap')).toBeVisible();
    await expect(count(page, '.reply')).toBeVisible();
  });
});

test.describe('subscribe buttons', () => {
  const inActions = (page: Page) => page.locator('.activity-entry .actions > span[label]');
  const inTime = (page: Page) => page.locator('.activity-entry .time > span[label]');

  test("show beside replies and likes, run the host's click, follow its label, survive re-renders and go back when off", async ({
    page,
    host,
  }) => {
    await host.goto('/home', { seed: settingsSeed({ moveSubscribeButtons: true }) });
    await expect(inActions(page)).toHaveCount(20);
    // The host's bells stay where Vue put them (moving them would break its next patch), hidden.
    await expect(inTime(page)).toHaveCount(20);
    for (const bell of await inTime(page).all()) await expect(bell).toBeHidden();
    // Hidden by a mark set at mount, not by where it sits: a bell under another parent is hidden too.
    await page
      .locator('.activity-entry')
      .nth(1)
      .locator('.time > span[label]')
      .evaluate((bell) => {
        const parent = document.createElement('div');
        bell.replaceWith(parent);
        parent.append(bell);
      });
    await expect(page.locator('.activity-entry').nth(1).locator('span[label]:visible')).toHaveCount(1);
    // A click on the one in the row is the host's own click, and the row follows the host's label.
    const first = page.locator('.activity-entry').first();
    await first.locator('.time > span[label]').evaluate((bell) =>
      bell.addEventListener('click', () => {
        (window as unknown as { clicks: number }).clicks = 1;
        bell.setAttribute('label', bell.getAttribute('label') === 'Subscribe' ? 'Unsubscribe' : 'Subscribe');
      }),
    );
    const before = await first.locator('.time > span[label]').getAttribute('label');
    await first.locator('.actions > span[label]').click();
    expect(await page.evaluate(() => (window as unknown as { clicks?: number }).clicks)).toBe(1);
    const after = before === 'Subscribe' ? 'Unsubscribe' : 'Subscribe';
    await expect(first.locator('.actions > span[label]')).toHaveAttribute('label', after);
    // Keyboard too.
    await first.locator('.actions > span[label]').focus();
    await page.keyboard.press('Enter');
    await expect(first.locator('.actions > span[label]')).toHaveAttribute('label', before!);
    // Re-renders, replacing or rebuilding in place, bring them back; the host's patches do not fail.
    await rerender(page);
    await expect(inActions(page)).toHaveCount(20);
    await page.evaluate(() =>
      (window as unknown as { __host: { rebuildChild(s: string, c?: string): number } }).__host.rebuildChild(
        '.activity-entry',
        ':scope > .wrap > .actions',
      ),
    );
    await expect(inActions(page)).toHaveCount(20);
    expect(await page.evaluate(() => (window as unknown as { __host: { errors: string[] } }).__host.errors)).toEqual([]);
    await clickPaletteRow(page, await palette(page, 'Move subscribe buttons', 'settings.option.moveSubscribeButtons'));
    await expect(inActions(page)).toHaveCount(0);
    await expect(inTime(page).first()).toBeVisible();
  });

  test('off: they stay by the time', async ({ page, host }) => {
    await host.goto('/home');
    await ready(page);
    await page.waitForTimeout(200);
    await expect(inTime(page)).toHaveCount(20);
    await expect(inActions(page)).toHaveCount(0);
  });
});

test.describe('messages in the list feed', () => {
  const tabs = (page: Page) => page.locator('.activity-feed-wrap .section-header ul > li');
  const messages = (page: Page) => page.locator('.activity-feed .activity-entry.activity-message');
  const hidingClass = (page: Page) => page.evaluate(() => document.body.classList.contains('void-list-feed-active'));

  test('hidden on your profile while the fourth feed tab is active; back with the others and off your profile', async ({ page, host }) => {
    await host.goto('/user/Viewer/', { seed: settingsSeed({ hideMessagesFromListFeed: true }) });
    await ready(page);
    await expect(messages(page).first()).toBeVisible();
    await tabs(page).nth(3).click();
    await expect(messages(page).first()).toBeHidden();
    expect(await messages(page).evaluateAll((els) => els.every((el) => getComputedStyle(el).display === 'none'))).toBe(true);
    await expect(page.locator('.activity-feed .activity-entry.activity-text').first()).toBeVisible();
    await tabs(page).nth(1).click();
    await expect(messages(page).first()).toBeVisible();
    await tabs(page).nth(3).click();
    await expect(messages(page).first()).toBeHidden();
    await page.locator('#nav .links a.link', { hasText: 'Home' }).click();
    await expect(page).toHaveURL('https://anilist.co/home');
    await expect.poll(() => hidingClass(page)).toBe(false);
  });

  test("off, or on someone else's profile: nothing hidden", async ({ page, host }) => {
    await host.goto('/user/Viewer/');
    await ready(page);
    await tabs(page).nth(3).click();
    await expect(messages(page).first()).toBeVisible();
    await host.goto('/user/Akira/', { seed: settingsSeed({ hideMessagesFromListFeed: true }) });
    await ready(page);
    await tabs(page).nth(3).click();
    expect(await hidingClass(page)).toBe(false);
  });
});

test.describe('AniList links in the same tab', () => {
  const link = (page: Page) => page.locator('.activity-markdown a[href="https://anilist.co/user/Viewer/animelist"]');

  test('open through the host router; other sites still open a new tab', async ({ page, host }) => {
    await host.goto(WITH_ANILIST_LINK, { seed: settingsSeed({ removeAnilistBlanks: true }) });
    await ready(page);
    await expect(link(page)).toHaveAttribute('target', '_blank');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    let popups = 0;
    page.on('popup', () => popups++);
    await link(page).click();
    await expect(page).toHaveURL('https://anilist.co/user/Viewer/animelist');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // no page load
    expect(popups).toBe(0);

    await host.goto(WITH_ANILIST_LINK, { seed: settingsSeed({ removeAnilistBlanks: true }) });
    await ready(page);
    await page
      .locator('.activity-markdown .markdown')
      .first()
      .evaluate((md) =>
        md.insertAdjacentHTML(
          'beforeend',
          '<p><a id="external" href="https://example.com/page" target="_blank" rel="noopener noreferrer">elsewhere</a></p>',
        ),
      );
    const popup = page.waitForEvent('popup');
    await page.locator('#external').click();
    await popup;
    await expect(page).toHaveURL(`https://anilist.co${WITH_ANILIST_LINK}`);
  });

  test('every AniList link that opens a new tab, anywhere on the page, as the original (issue 29)', async ({ page, host }) => {
    await host.goto(WITH_ANILIST_LINK, { seed: settingsSeed({ removeAnilistBlanks: true }) });
    await ready(page);
    // Outside markdown and activity entries: a forum post's, a review's or a page's own link.
    await page.evaluate(() =>
      document
        .querySelector('#app')!
        .insertAdjacentHTML(
          'afterbegin',
          '<div class="elsewhere"><a id="outside" href="https://anilist.co/forum/thread/14?page=2#c" target="_blank">thread</a></div>',
        ),
    );
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    let popups = 0;
    page.on('popup', () => popups++);
    await page.locator('#outside').click();
    await expect(page).toHaveURL('https://anilist.co/forum/thread/14?page=2#c');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(popups).toBe(0);
  });

  test('off: AniList links open a new tab', async ({ page, host }) => {
    await host.goto(WITH_ANILIST_LINK);
    await ready(page);
    const popup = page.waitForEvent('popup');
    await link(page).click();
    expect((await popup).url()).toContain('/user/Viewer/animelist');
    await expect(page).toHaveURL(`https://anilist.co${WITH_ANILIST_LINK}`);
  });
});
