/**
 * Start-up: the script's top-level run, from its first statement to the end of its synchronous
 * run, loading /home (40 activities) with every feature's option on and a token present. Each load
 * is a fresh browser context (nothing cached); markers written as the first and the last statement
 * of the script's element bracket the run, so parsing the file is not counted, nor whatever the
 * browser does between two script elements.
 * One more load is profiled (CPU sampling every 100 µs), the top-level run only: `console.profile`
 * and `console.profileEnd` bracket it in that load (never in the timed ones). Its functions with
 * the most self time, and the modules they belong to, are listed, so a regression has a name.
 */
import type { Browser } from 'playwright-core';
import { gmShimSource } from '../tests/host/gm-shim';
import { createMockApi } from '../tests/host/mock-api';
import { renderPage } from '../tests/host/replica';
import { allOnSettings, CHANGELOG_SEEN_SEED, SCRIPT, tokenSeed } from './context';
import type { ScriptModules } from './script-modules';

interface Marks {
  __vvStart?: number;
  __vvEnd?: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where the profiled run's time went: self time by function and by module, largest first. */
export interface RunProfile {
  functions: [string, number][];
  modules: [string, number][];
}

function attribute(cpu: CpuProfile, firstLine: number, modules: ScriptModules | null): RunProfile {
  const byId = new Map(cpu.nodes.map((n) => [n.id, n]));
  const functions = new Map<string, number>();
  const byModule = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  cpu.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const ms = (cpu.timeDeltas[i] ?? 0) / 1000;
    const { functionName, lineNumber } = node.callFrame;
    if (functionName === '(idle)') return;
    // The engine's own work (garbage collection, compiling, the profiler's root) has no line.
    if (/^\(/.test(functionName)) {
      add(functions, functionName, ms);
      add(byModule, functionName, ms);
      return;
    }
    const line = lineNumber - firstLine;
    const module = line < 0 ? '(outside the bundle: the page, the manager, the script element)' : (modules?.moduleAt(line) ?? '(script)');
    add(functions, `${functionName || '(anonymous)'}:${line + 1} ${module}`, ms);
    add(byModule, module, ms);
  });
  const largest = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
  return { functions: largest(functions), modules: largest(byModule) };
}

async function loadOnce(
  browser: Browser,
  seed: Record<string, string>,
  profile: ScriptModules | null | false,
): Promise<{ ms: number; profile?: RunProfile }> {
  const context = await browser.newContext();
  const api = createMockApi();
  const [open, close] = profile === false ? ['', ''] : ["console.profile('vv-top-level');", "console.profileEnd('vv-top-level');"];
  const bodyEnd =
    `<script>${gmShimSource({ mode: 'sync', seed })}</script>` +
    `<script>${open}window.__vvStart = performance.now();\n${SCRIPT.replace(/<\/script/gi, '<\\/script')}\nwindow.__vvEnd = performance.now();${close}</script>`;
  let firstLine = 0;
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.hostname === 'anilist.co' && request.resourceType() === 'document') {
      const body = renderPage(url.pathname, { activities: 40, bodyEnd });
      // The profile's lines are the document's: the script's first line follows the start marker's.
      firstLine = body.slice(0, body.indexOf('window.__vvStart')).split('\n').length;
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body });
    }
    if (url.hostname === 'graphql.anilist.co') {
      if (request.method() === 'OPTIONS')
        return route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' } });
      const answer = await api.handle({ body: request.postData() ?? '', headers: request.headers() });
      return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  const page = await context.newPage();
  const cdp = profile === false ? null : await context.newCDPSession(page);
  let cpu: Promise<CpuProfile> | undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    cpu = new Promise((resolve) =>
      cdp.on('event', ({ method, params }) => {
        if (method === 'Profiler.consoleProfileFinished') resolve((params as { profile: CpuProfile }).profile);
      }),
    );
  }
  await page.goto('https://anilist.co/home', { waitUntil: 'load' });
  const ms = await page.evaluate(() => {
    const w = window as unknown as Marks;
    return (w.__vvEnd ?? NaN) - (w.__vvStart ?? NaN);
  });
  const result = cpu && profile !== false ? { ms, profile: attribute(await cpu, firstLine, profile) } : { ms };
  await context.close();
  return result;
}

/** The top-level run's duration over `runs` fresh loads, and the profile of one more. */
export async function topLevelRun(
  browser: Browser,
  runs: number,
  modules: ScriptModules | null,
): Promise<{ samples: number[]; profile: RunProfile }> {
  const seed = { ...CHANGELOG_SEEN_SEED, ...tokenSeed(Date.now()), 'void-verified-settings': await allOnSettings() };
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await loadOnce(browser, seed, false)).ms);
  const { profile } = await loadOnce(browser, seed, modules);
  return { samples, profile: profile ?? { functions: [], modules: [] } };
}
