import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Injections against a host that patches like Vue 2 (the replica's __host helpers): a child
 * rebuilt under a landmark that stays brings the injection back; an element reused for other
 * data makes the injection follow the new data. Each is checked on what the user sees.
 */

interface HostApi {
  rebuildChild(selector: string, childSelector?: string): number;
  reuse(fromId: number, toId: number): boolean;
  errors: string[];
}
type HostWindow = Window & { __host: HostApi };
const rebuildChild = (page: Page, selector: string, child: string) =>
  page.evaluate(([s, c]) => (window as unknown as HostWindow).__host.rebuildChild(s!, c), [selector, child]);
const reuse = (page: Page, from: number, to: number) =>
  page.evaluate(([f, t]) => (window as unknown as HostWindow).__host.reuse(f!, t!), [from, to]);
const patchErrors = (page: Page) => page.evaluate(() => (window as unknown as HostWindow).__host.errors);

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const settingsSeed = (values: Record<string, unknown>) => ({ 'void-verified-settings': seedValue(values) });
const WITH_OWN_REPLY = '/activity/700000004';

test.describe('injections survive in-place patching', () => {
  test('a reply whose header Vue rebuilt gets its collapse button back, and still collapses', async ({ page, host }) => {
    await host.goto(WITH_OWN_REPLY, { seed: settingsSeed({ collapsibleReplies: true }) });
    const replies = page.locator('.reply:not(.preview)');
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(4);
    expect(await rebuildChild(page, '.reply:not(.preview)', ':scope > .header')).toBe(4);
    await expect(replies.locator('.header .vv-reply-collapse')).toHaveCount(4);
    await replies.nth(1).locator('.vv-reply-collapse').click();
    await expect(replies.nth(1).locator('.reply-markdown')).toBeHidden();
    expect(await patchErrors(page)).toEqual([]);
  });

  test('a feed entry reused for another activity: its time tooltip follows the new date', async ({ page, host, api }) => {
    await host.goto('/home', {
      seed: {
        ...settingsSeed({ activityTimestampTooltipsEnabled: true }),
        'void-verified-time-config': seedValue({ dateFormat: 'yyyy-mm-dd', use12HourFormat: false }),
      },
    });
    const entry = page.locator('.activity-entry').first();
    const time = entry.locator('.wrap time').first();
    const iso = (await time.getAttribute('datetime'))!;
    await expect(time).not.toHaveAttribute('title', /[AP]M$/);
    // Another activity, from a different day, reused into the first entry.
    const shownIds = await page
      .locator('.activity-entry .time a[href^="/activity/"]')
      .evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')!.split('/')[2])));
    const other = api.state.activities.find(
      (a) => !shownIds.includes(a.id) && new Date(a.createdAt * 1000).toISOString().slice(0, 10) !== iso.slice(0, 10),
    )!;
    expect(await reuse(page, shownIds[0]!, other.id)).toBe(true);
    await expect(entry.locator('.time a')).toHaveAttribute('href', `/activity/${other.id}`);
    const next = (await time.getAttribute('datetime'))!;
    expect(next).not.toBe(iso);
    // Our format (yyyy-mm-dd …), for the new date: not the host's own tooltip, not the old date.
    await expect(time).toHaveAttribute('title', new RegExp(`^${next.slice(0, 4)}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`));
    const title = (await time.getAttribute('title'))!;
    const local = await page.evaluate((d) => {
      const t = new Date(d);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
    }, next);
    expect(title.slice(0, 10)).toBe(local);
    expect(await patchErrors(page)).toEqual([]);
  });

  test("an entry patched to show another activity: each reply's collapse state follows its reply, there and back", async ({
    page,
    host,
    api,
  }) => {
    await host.goto(WITH_OWN_REPLY, { seed: settingsSeed({ collapsibleReplies: true }) });
    const replies = page.locator('.reply:not(.preview)');
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(4);
    await replies.nth(0).locator('.vv-reply-collapse').click();
    await expect(replies.nth(0).locator('.reply-markdown')).toBeHidden();
    // The same entry now shows another activity with replies: Vue patches the reply elements in place.
    const from = Number(WITH_OWN_REPLY.split('/')[2]);
    const other = api.state.activities.find(
      (a) => a.id !== from && api.state.replies.filter((r) => r.activityId === a.id).length >= 2 && !('isPrivate' in a && a.isPrivate),
    )!;
    expect(await reuse(page, from, other.id)).toBe(true);
    const firstOther = api.state.replies.filter((r) => r.activityId === other.id).sort((a, b) => a.id - b.id)[0]!;
    await expect(replies.nth(0).locator('.reply-markdown')).toContainText(firstOther.text.slice(0, 12));
    await expect(replies.nth(0).locator('.reply-markdown')).toBeVisible();
    await expect(replies.nth(0).locator('.vv-reply-collapse')).toHaveAttribute('aria-label', 'Collapse reply');
    // And back: the first reply's collapse was remembered.
    expect(await reuse(page, other.id, from)).toBe(true);
    await expect(replies.nth(0).locator('.reply-markdown')).toBeHidden();
    await expect(page.locator('.vv-reply-collapse')).toHaveCount(4);
    expect(await patchErrors(page)).toEqual([]);
  });
});
