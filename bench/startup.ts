/**
 * Start-up: the script's top-level run, from its first statement to the end of its synchronous
 * run, loading /home (40 activities) with every feature's option on and a token present. Each load
 * is a fresh browser context (nothing cached); markers written as the first and the last statement
 * of the script's element bracket the run, so parsing the file is not counted, nor whatever the
 * browser does between two script elements.
 * One more load is profiled (CPU sampling every 100 µs) and its functions with the most self time
 * are listed, so a regression has a name.
 */
import type { Browser } from 'playwright-core';
import { booleanOptionKeys } from '../tests/host/feature-options';
import { gmShimSource } from '../tests/host/gm-shim';
import { createMockApi } from '../tests/host/mock-api';
import { renderPage } from '../tests/host/replica';
import { CHANGELOG_SEEN_SEED, SCRIPT, stored, tokenSeed } from './context';

interface Marks {
  __vvStart?: number;
  __vvEnd?: number;
}

/** The stored settings with every on/off option on (the options read from the script's sources). */
async function allOnSettings(): Promise<string> {
  const keys = await booleanOptionKeys();
  return stored(Object.fromEntries(keys.map((k) => [k, true])));
}

async function loadOnce(
  browser: Browser,
  seed: Record<string, string>,
  profile: boolean,
): Promise<{ ms: number; top?: [string, number][] }> {
  const context = await browser.newContext();
  const api = createMockApi();
  const bodyEnd =
    `<script>${gmShimSource({ mode: 'sync', seed })}</script>` +
    `<script>window.__vvStart = performance.now();\n${SCRIPT.replace(/<\/script/gi, '<\\/script')}\nwindow.__vvEnd = performance.now();</script>`;
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.hostname === 'anilist.co' && request.resourceType() === 'document')
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: renderPage(url.pathname, { activities: 40, bodyEnd }) });
    if (url.hostname === 'graphql.anilist.co') {
      if (request.method() === 'OPTIONS')
        return route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' } });
      const answer = await api.handle({ body: request.postData() ?? '', headers: request.headers() });
      return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  const page = await context.newPage();
  const cdp = profile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  await page.goto('https://anilist.co/home', { waitUntil: 'load' });
  const ms = await page.evaluate(() => {
    const w = window as unknown as Marks;
    return (w.__vvEnd ?? NaN) - (w.__vvStart ?? NaN);
  });
  let top: [string, number][] | undefined;
  if (cdp) {
    const { profile: cpu } = (await cdp.send('Profiler.stop')) as {
      profile: {
        nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples: number[];
        timeDeltas: number[];
      };
    };
    const byId = new Map(cpu.nodes.map((n) => [n.id, n]));
    const totals = new Map<string, number>();
    cpu.samples.forEach((id, i) => {
      const node = byId.get(id)!;
      const name = `${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber + 1}`;
      if (/^\((idle|program|garbage collector)\)/.test(name)) return;
      totals.set(name, (totals.get(name) ?? 0) + (cpu.timeDeltas[i] ?? 0) / 1000);
    });
    top = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  }
  await context.close();
  return { ms, top };
}

/** The top-level run's duration over `runs` fresh loads, and the profile of one more. */
export async function topLevelRun(browser: Browser, runs: number): Promise<{ samples: number[]; top: [string, number][] }> {
  const seed = { ...CHANGELOG_SEEN_SEED, ...tokenSeed(Date.now()), 'void-verified-settings': await allOnSettings() };
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await loadOnce(browser, seed, false)).ms);
  const { top } = await loadOnce(browser, seed, true);
  return { samples, top: top ?? [] };
}
