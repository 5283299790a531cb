/**
 * Profiles loading /home (40 activities) with the userscript and prints the functions with the
 * most self time: `npx tsx bench/profile-load.ts` (after `npm run build`). A tool, not a benchmark.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gmShimSource } from '../tests/host/gm-shim';
import { renderPage } from '../tests/host/replica';

const SCRIPT = readFileSync(new URL('../dist/voidverified.user.js', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const totals = new Map<string, number>();
for (let run = 0; run < 5; run++) {
  const context = await browser.newContext();
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'anilist.co' && route.request().resourceType() === 'document') {
      const bodyEnd = `<script>${gmShimSource({ mode: 'sync', seed: { 'void-verified-changelog-seen': JSON.stringify({ v: 1, data: '9999' }) } })}</script><script>${SCRIPT.replace(/<\/script/gi, '<\\/script')}</script>`;
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: renderPage(url.pathname, { activities: 40, bodyEnd }) });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto('https://anilist.co/home', { waitUntil: 'load' });
  await page.waitForTimeout(500);
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber}${n.callFrame.url ? '' : ' (native)'}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000 / 5);
  });
  await context.close();
}
console.log(
  [...totals.entries()]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n'),
);
await browser.close();
