/**
 * Takes the README's screenshots in the replica host: `npm run build && npx tsx scripts/screenshot.ts`.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gmShimSource } from '../tests/host/gm-shim';
import { createMockApi } from '../tests/host/mock-api';
import { renderPage } from '../tests/host/replica';

const SCRIPT = readFileSync(new URL('../dist/voidverified.user.js', import.meta.url), 'utf8');
const seed = {
  'void-verified-changelog-seen': JSON.stringify({ v: 1, data: '9999' }),
  'void-verified-users': JSON.stringify({
    v: 1,
    data: [
      { username: 'Akira', quickAccessEnabled: true },
      { username: 'Haruhi', quickAccessEnabled: true, sign: '★' },
      { username: 'Bocchi', quickAccessEnabled: true },
    ],
  }),
  'void-verified-settings': JSON.stringify({ v: 1, data: { quickAccessEnabled: true } }),
};
const api = createMockApi();
// Avatars and covers: a plain tile, like the replica's.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk6L5eDwAEwgJBSszDRwAAAABJRU5ErkJggg==', 'base64');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await newContext(seed);

async function newContext(seed: Record<string, string>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript('window.__name = (fn) => fn;');
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'anilist.co' && route.request().resourceType() === 'document') {
      const bodyEnd = `<script>${gmShimSource({ mode: 'sync', seed })}</script><script>${SCRIPT.replace(/<\/script/gi, '<\\/script')}</script>`;
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: renderPage(url.pathname, { bodyEnd, data: api.state }) });
    }
    if (url.hostname === 'graphql.anilist.co') {
      if (route.request().method() === 'OPTIONS')
        return route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' } });
      const answer = await api.handle({ body: route.request().postData() ?? '', headers: route.request().headers() });
      return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
    }
    if (url.hostname.endsWith('anilist.co')) return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
    return route.fulfill({ status: 204, body: '' });
  });
  return context;
}
const page = await context.newPage();
await page.goto('https://anilist.co/home', { waitUntil: 'load' });
await page.waitForTimeout(1500);
await page.keyboard.press('Control+Space');
await page.keyboard.type('settings');
await page.waitForTimeout(600);
await page.screenshot({ path: 'docs/palette.png' });
await page.keyboard.press('Escape');
await page.goto('https://anilist.co/settings/developer', { waitUntil: 'load' });
await page.waitForTimeout(800);
const box = (await page.locator('[data-void-ui="settings"]').boundingBox())!;
await page.screenshot({ path: 'docs/settings.png', fullPage: true, clip: { x: box.x, y: box.y, width: box.width, height: 620 } });

// The replacement notifications feed, authorized, with relations and a few read.
const value = (data: unknown) => JSON.stringify({ v: 1, data });

// A MiniMedia card over a media title in the home feed.
const hovered = await newContext({ ...seed, 'void-verified-settings': value({ miniMediaEnabled: true }) });
const mediaPage = await hovered.newPage();
await mediaPage.goto('https://anilist.co/home', { waitUntil: 'load' });
await mediaPage.waitForTimeout(1500);
await mediaPage.locator('.activity-entry a.title').nth(1).hover();
await mediaPage.waitForTimeout(1500);
await mediaPage.screenshot({ path: 'docs/mini-media.png' });
const notified = await newContext({
  ...seed,
  'void-verified-auth': value({ token: 'valid-token', expires: Date.now() + 300 * 86_400_000 }),
  'void-verified-settings': value({ replaceNotifications: true }),
  'void-verified-notifications-config': value({ addActivityRelation: true }),
});
const feedPage = await notified.newPage();
await feedPage.goto('https://anilist.co/notifications', { waitUntil: 'load' });
await feedPage.locator('.vv-notification').nth(4).waitFor();
await feedPage
  .locator('.vv-notification')
  .nth(1)
  .click({ position: { x: 400, y: 10 } });
await feedPage.waitForTimeout(500);
await feedPage.screenshot({ path: 'docs/notifications.png' });
await browser.close();
