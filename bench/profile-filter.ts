/**
 * Profiles the palette filter with 3,000 extra commands and prints the functions with the most
 * self time: `npx tsx bench/profile-filter.ts` (after `npm run build`). A tool, not a benchmark.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gmShimSource } from '../tests/host/gm-shim';
import { renderPage } from '../tests/host/replica';
// The test build: the 3,000 commands are defined through its registry (window.__voidVerified).
const SCRIPT = readFileSync(new URL('../dist/test/voidverified.user.js', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext();
await context.addInitScript('window.__name = (fn) => fn;');
await context.route('**/*', async (route) => {
  const url = new URL(route.request().url());
  if (url.hostname === 'anilist.co' && route.request().resourceType() === 'document') {
    const bodyEnd = `<script>${gmShimSource({ mode: 'sync', seed: { 'void-verified-changelog-seen': JSON.stringify({ v: 1, data: '9999' }) } })}</script><script>${SCRIPT.replace(/<\/script/gi, '<\\/script')}</script>`;
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: renderPage(url.pathname, { bodyEnd }) });
  }
  return route.fulfill({ status: 204, body: '' });
});
const page = await context.newPage();
await page.goto('https://anilist.co/home', { waitUntil: 'load' });
await page.waitForTimeout(1000);
await page.evaluate(() => {
  const vv = (window as unknown as { __voidVerified: { registry: { define(f: unknown): void } } }).__voidVerified;
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  vv.registry.define({
    id: 'bench-load',
    title: 'Bench',
    category: 'misc',
    description: 'x',
    commands: Array.from({ length: 3000 }, (_, i) => ({
      id: `bench.${i}`,
      title: `${words[i % 10]} ${words[Math.floor(i / 10) % 10]} command ${i}`,
      section: `Bench ${i % 12}`,
      run: () => {},
    })),
  });
});
await page.keyboard.press('Control+Space');
await page.waitForTimeout(300);
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
for (const q of [
  'alpha',
  'brav',
  'charlie d',
  'cmd 29',
  'echo golf',
  'x',
  'hotel',
  'india ju',
  'command 1',
  'zzz',
  'alpha',
  'brav',
  'charlie d',
  'cmd 29',
]) {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(q);
  await page.waitForTimeout(250);
}
const { profile } = (await cdp.send('Profiler.stop')) as {
  profile: {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
    samples: number[];
    timeDeltas: number[];
  };
};
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((id, i) => {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
console.log(
  [...self.entries()]
    .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n'),
);
await browser.close();
