import type { Page } from '@playwright/test';
import type { MockApi } from '../host/mock-api';
import type { SeedUser } from '../host/seed';
import { expect, OAUTH_TOKEN, test } from './fixtures';

/** Videos as links (2.0.3's C1): "Play Video" links in the host's markdown and in what we draw, behind replaceVideosWithLinksEnabled. */

const seedValue = (data: unknown) => JSON.stringify({ v: 1, data });
const auth = { 'void-verified-auth': seedValue({ token: OAUTH_TOKEN, expires: Date.now() + 300 * 86_400_000 }) };
const settings = (values: Record<string, unknown>) => ({ ...auth, 'void-verified-settings': seedValue(values) });
const CLIP = 'https://files.catbox.moe/clip.webm';

/** A text activity that embeds a video, as a user writes it (the replica renders webm(…) as AniList does). */
function withVideo(api: MockApi): number {
  const activity = api.state.activities.find((a) => a.__typename === 'TextActivity')!;
  (activity as { text: string }).text = `Look at this webm(${CLIP}) again`;
  return activity.id;
}

const videoLink = (page: Page) => page.locator('.markdown a.void-video-link');

test.describe('videos as links', () => {
  test(
    'in the host\'s markdown: the video is a full-width "Play Video" link to its file, in the same tab',
    { tag: '@worlds' },
    async ({ page, host, api }) => {
      const id = withVideo(api);
      await host.goto(`/activity/${id}`, { seed: settings({ replaceVideosWithLinksEnabled: true }) });
      await expect(videoLink(page)).toHaveText('Play Video');
      await expect(videoLink(page)).toHaveAttribute('href', CLIP);
      expect(await videoLink(page).getAttribute('target')).toBeNull();
      await expect(page.locator('.activity-entry video')).toHaveCount(0);
      await expect(videoLink(page)).toHaveCSS('display', 'block');
      await expect(videoLink(page)).toHaveCSS('text-align', 'center');
      const [link, text] = await Promise.all([
        videoLink(page).boundingBox(),
        page.locator('.activity-entry .markdown').first().boundingBox(),
      ]);
      expect(link!.width).toBeCloseTo(text!.width, 0);
      // The host renders the activity again: the new video becomes a link again.
      await page.evaluate(() => (window as unknown as { __host: { rerender(): void } }).__host.rerender());
      await expect(videoLink(page)).toHaveCount(1);
      await expect(page.locator('.activity-entry video')).toHaveCount(0);
    },
  );

  test('off: the video stays a player', async ({ page, host, api }) => {
    const id = withVideo(api);
    await host.goto(`/activity/${id}`, { seed: auth });
    await expect(page.locator('.activity-entry .markdown video source')).toHaveAttribute('src', CLIP);
    await expect(videoLink(page)).toHaveCount(0);
  });

  test('in what we draw: a bio in the mini profile gets the link; a source the URL rule refuses gives none', async ({
    page,
    host,
    api,
  }) => {
    await host.goto('/home', { seed: settings({ replaceVideosWithLinksEnabled: true, miniProfileEnabled: true }) });
    const link = page.locator('.activity-entry a.name:not([href="/user/Viewer/"])').first();
    const name = (await link.textContent())!.trim();
    const user = api.state.users.find((u) => u.name === name) as SeedUser & { aboutHtml?: string };
    user.aboutHtml =
      `<p>My clip</p><video muted loop controls><source src="${CLIP}" type="video/webm"></video>` +
      '<video controls><source src="javascript:window.__pwned=1" type="video/webm"></video>';
    await link.hover();
    const about = page.locator('.vv-mini-profile .vv-mp-about');
    await expect(about.locator('a.void-video-link')).toHaveText('Play Video');
    await expect(about.locator('a.void-video-link')).toHaveAttribute('href', CLIP);
    await expect(about.locator('a.void-video-link')).toHaveCSS('display', 'block');
    await expect(about.locator('a.void-video-link')).toHaveCount(1);
    await expect(about.locator('video')).toHaveCount(1);
    expect(await about.locator('video source').getAttribute('src')).toBeNull();
  });
});
