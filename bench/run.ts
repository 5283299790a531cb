/**
 * `npm run bench`: the figures the issues name, as one table. Medians of repeated runs in one
 * browser process, with a no-script control where one applies. Benchmarks print; tests assert.
 *
 *   bundle raw / gzip bytes, and bytes per package as shipped (bench/script-modules.ts)
 *   added scripting time loading /home with 40 activities (script vs no script)
 *   the script's top-level run with every option on, and where that run's time goes (bench/startup.ts)
 *   palette keydown-to-visible latency (median and p95 of 20 opens)
 *   filter latency with 3,000 commands
 *   scripting time over 10 s of idle (script vs no script)
 *   GraphQL requests in a scripted browsing run
 *   requests through the userscript manager against a plain fetch: latency and requests per second (bench/requests.ts)
 *   a day of browsing: three tabs, eight simulated hours (bench/day.ts)
 *   heavy users: the settings users tab, verified styles, the palette filter and storage caps (bench/heavy.ts)
 *   memory: the heap per page, after an hour, after 50 navigations, and who holds it (bench/heap.ts)
 *   markdown: the worst of the adversarial corpus at 10,000 and 160,000 characters, in Node and through the preview in Chromium (bench/markdown.ts)
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { packageOf } from '../build/licenses';
import { gmShimSource } from '../tests/host/gm-shim';
import { OPEN_SHADOW_ROOTS } from '../tests/host/open-shadow-roots';
// A returning user: the changelog of this version was already seen.
const CHANGELOG_SEEN_SEED = { 'void-verified-changelog-seen': JSON.stringify({ v: 1, data: '9999' }) };
import { createMockApi } from '../tests/host/mock-api';
import { renderPage } from '../tests/host/replica';
import { API_MINUTE_LIMIT, dayOfBrowsing } from './day';
import { HEAVY, heavyPage, verifiedStylesMs } from './heavy';
import { heapRows } from './heap';
import { scriptModules } from './script-modules';
import { markdownFigures } from './markdown';
import { srcData } from './src-data';
import { requestCost } from './requests';
import { topLevelRun } from './startup';
import { filterOnce, stored, tokenSeed } from './context';

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SCRIPT = readFileSync(new URL('../dist/voidverified.user.js', import.meta.url), 'utf8');
/** The test build (the same script plus `window.__voidVerified`): for the filter run, which defines 3,000 commands. */
const TEST_SCRIPT = readFileSync(new URL('../dist/test/voidverified.user.js', import.meta.url), 'utf8');
const QUICK = process.argv.includes('--quick');
/** `--only=day,heavy`: just those sections (load, startup, palette, filter, idle, browsing, requests, notifications, day, heavy, heap, markdown). */
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const want = (section: string) => !ONLY || ONLY.includes(section);

interface Row {
  figure: string;
  value: string;
  budget: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const row = (figure: string, value: string, budget = '', ok: boolean | null = null) => rows.push({ figure, value, budget, ok });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function newPage(
  browser: Browser,
  opts: {
    script: boolean;
    activities?: number;
    api?: ReturnType<typeof createMockApi>;
    seed?: Record<string, string>;
    clock?: boolean;
    /** Another build of the script (the test build). */
    source?: string;
  },
): Promise<Page> {
  const context = await browser.newContext();
  if (opts.clock) await context.clock.install();
  // tsx keeps function names with a `__name` helper that page.evaluate'd functions then call.
  await context.addInitScript('window.__name = (fn) => fn;');
  // The script's shadow roots are closed; the bench's probes look inside them.
  await context.addInitScript(OPEN_SHADOW_ROOTS);
  const api = opts.api ?? createMockApi();
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'anilist.co' && route.request().resourceType() === 'document') {
      const bodyEnd = opts.script
        ? `<script>${gmShimSource({ mode: 'sync', seed: { ...CHANGELOG_SEEN_SEED, ...opts.seed } })}</script><script>${(opts.source ?? SCRIPT).replace(/<\/script/gi, '<\\/script')}</script>`
        : '';
      return route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: renderPage(url.pathname, { activities: opts.activities, bodyEnd }),
      });
    }
    if (url.hostname === 'graphql.anilist.co') {
      if (route.request().method() === 'OPTIONS')
        return route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' } });
      const answer = await api.handle({ body: route.request().postData() ?? '', headers: route.request().headers() });
      return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  return context.newPage();
}

async function scriptDuration(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
}

/** Scripting while /home loads; with `shown`, until that element is shown too (what the seed switched on). */
async function loadScripting(browser: Browser, script: boolean, seed?: Record<string, string>, shown?: string): Promise<number> {
  const page = await newPage(browser, { script, activities: 40, seed });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto('https://anilist.co/home', { waitUntil: 'load' });
  if (script && shown) await page.locator(shown).first().waitFor();
  await page.waitForTimeout(300);
  const value = await scriptDuration(cdp);
  await page.context().close();
  return value;
}

async function idleScripting(browser: Browser, script: boolean, seconds: number): Promise<number> {
  const page = await newPage(browser, { script, activities: 40 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto('https://anilist.co/home', { waitUntil: 'load' });
  await page.waitForTimeout(5000); // past the lazy overlay mount at idle time
  const before = await scriptDuration(cdp);
  await page.waitForTimeout(seconds * 1000);
  const value = (await scriptDuration(cdp)) - before;
  await page.context().close();
  return value;
}

/**
 * A person's ctrl+space → the dialog is in the DOM and visible, and → its first list (a row or the
 * empty list's text) is, measured inside the page from the moment the key reaches the window (a
 * capture listener there before the script's own; the script ignores synthetic keys, as a page
 * script's are).
 */
async function paletteLatency(browser: Browser, opens: number): Promise<{ dialog: number[]; list: number[] }> {
  const page = await newPage(browser, { script: true, activities: 40 });
  await page.context().addInitScript(() =>
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.ctrlKey && event.code === 'Space') (window as unknown as { __keyAt?: number }).__keyAt = performance.now();
      },
      true,
    ),
  );
  await page.goto('https://anilist.co/home', { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const samples = { dialog: [] as number[], list: [] as number[] };
  for (let i = 0; i < opens; i++) {
    await page.evaluate(() => {
      const w = window as unknown as { __keyAt?: number; __opened?: Promise<[number, number]> };
      w.__keyAt = undefined;
      w.__opened = new Promise<[number, number]>((resolve) => {
        // Until the dialog, then its list, is in the DOM and laid out (ready for the next paint).
        // Waiting for a requestAnimationFrame would add up to a frame of vsync wait whatever the work costs.
        const root = document.querySelector('[data-void-ui="overlay"]')?.shadowRoot;
        let dialogAt = NaN;
        const done = () => {
          if (w.__keyAt === undefined) return;
          const dialog = root?.querySelector('[role="dialog"]');
          if (Number.isNaN(dialogAt) && dialog && dialog.getBoundingClientRect().width > 0) dialogAt = performance.now() - w.__keyAt;
          const first = dialog?.querySelector('[cmdk-item], [cmdk-empty]');
          if (!Number.isNaN(dialogAt) && first && first.getBoundingClientRect().width > 0) {
            observer.disconnect();
            resolve([dialogAt, performance.now() - w.__keyAt]);
          }
        };
        const observer = new MutationObserver(done);
        if (root) observer.observe(root, { childList: true, subtree: true });
        setTimeout(() => {
          observer.disconnect();
          resolve([dialogAt, NaN]);
        }, 2000);
      });
    });
    await page.keyboard.press('Control+Space');
    const [dialog, list] = await page.evaluate(() => (window as unknown as { __opened: Promise<[number, number]> }).__opened);
    if (!Number.isNaN(dialog)) samples.dialog.push(dialog);
    if (!Number.isNaN(list)) samples.list.push(list);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(50);
  }
  await page.context().close();
  return samples;
}

/** Registers 3,000 extra commands, then times the filter from the debounced query to the rendered list. */
async function filterLatency(browser: Browser): Promise<number[]> {
  const page = await newPage(browser, { script: true, source: TEST_SCRIPT });
  await page.goto('https://anilist.co/home', { waitUntil: 'load' });
  await page.waitForTimeout(1000);
  await page.evaluate(() => {
    const vv = (window as unknown as { __voidVerified: { registry: { define(f: unknown): void } } }).__voidVerified;
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
    vv.registry.define({
      id: 'bench-load',
      title: 'Bench',
      category: 'misc',
      description: 'Synthetic commands for the filter benchmark.',
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
  const samples: number[] = [];
  for (const q of ['alpha', 'brav', 'charlie d', 'cmd 29', 'echo golf', 'x', 'hotel', 'india ju', 'command 1', 'zzz']) {
    const elapsed = await filterOnce(page, q);
    if (!Number.isNaN(elapsed)) samples.push(elapsed);
  }
  await page.context().close();
  return samples;
}

async function browsingRequests(browser: Browser): Promise<Record<string, number>> {
  const api = createMockApi();
  const page = await newPage(browser, { script: true, api });
  for (const path of ['/home', '/user/Viewer/', '/activity/1', '/notifications', '/anime/1', '/settings/developer', '/home']) {
    await page.goto(`https://anilist.co${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(400);
  }
  // One palette search, twice: the second is served from the cache.
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('Control+Space');
    await page.keyboard.type('Go to user');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Akira');
    await page.waitForTimeout(1500);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  }
  await page.context().close();
  const counts: Record<string, number> = {};
  for (const r of api.requests) counts[r.operationName ?? '(anonymous)'] = (counts[r.operationName ?? '(anonymous)'] ?? 0) + 1;
  return counts;
}

/**
 * The unread notifications count with three tabs open for ten minutes (the clock fast-forwarded):
 * one tab leads and asks every 3 minutes, so the whole browser asks 4 times, not 12.
 */
async function notificationCountRequests(browser: Browser): Promise<number> {
  const api = createMockApi();
  const value = (data: unknown) => JSON.stringify({ v: 1, data });
  const seed = {
    'void-verified-auth': value({ token: 'valid-token', expires: Date.now() + 300 * 86_400_000 }),
    'void-verified-settings': value({ replaceNotifications: true }),
  };
  const first = await newPage(browser, { script: true, api, seed, clock: true });
  const context = first.context();
  await first.goto('https://anilist.co/home', { waitUntil: 'load' });
  for (const path of ['/user/Viewer/', '/anime/1']) {
    const tab = await context.newPage();
    await tab.goto(`https://anilist.co${path}`, { waitUntil: 'load' });
  }
  await first.waitForTimeout(1000);
  for (let minute = 0; minute < 10; minute++) {
    await context.clock.fastForward(60_000);
    await first.waitForTimeout(200);
  }
  await context.close();
  return api.requests.filter((r) => r.operationName === 'Notifications').length;
}

/** Simulated time as hh:mm since the start of the day. */
const clockTime = (ms: number) =>
  `${String(Math.floor(ms / 3_600_000)).padStart(2, '0')}:${String(Math.floor(ms / 60_000) % 60).padStart(2, '0')}`;

async function dayRows(browser: Browser, hours: number): Promise<void> {
  const day = await dayOfBrowsing(browser, { hours });
  row(`day: GraphQL requests, 3 tabs × ${hours} h (${day.steps} steps, ${day.realSeconds.toFixed(0)} s real)`, String(day.total));
  row('day: requests per hour', day.perHour.join(', '));
  for (const [feature, count] of day.perFeature) row(`  day: feature ${feature}`, String(count));
  for (const [operation, count] of day.perOperation) row(`  day: operation ${operation}`, String(count));
  const busiest = day.busiestMinute;
  row(`day: busiest minute, all tabs (from ${clockTime(busiest.at - day.start)})`, String(busiest.count), '≤ 20', busiest.count <= 20);
  row('day: 429 answers (mock API)', String(day.mock429), '0', day.mock429 === 0);
  row(`day: requests beyond AniList's ${API_MINUTE_LIMIT} a minute`, String(day.over30), '0', day.over30 === 0);
  row('day: defects (identical read inside its cache lifetime)', String(day.defects.length), '0', day.defects.length === 0);
  const grouped = new Map<string, { count: number; shortest: number; lifetime: number | null }>();
  for (const d of day.defects) {
    const key = `${d.operation} ${d.variables.length > 60 ? `${d.variables.slice(0, 57)}...` : d.variables}`;
    const g = grouped.get(key) ?? { count: 0, shortest: Infinity, lifetime: d.lifetimeMs };
    g.count++;
    g.shortest = Math.min(g.shortest, d.afterMs);
    grouped.set(key, g);
  }
  for (const [key, g] of grouped)
    row(
      `  defect: ${key}`,
      `${g.count}× (after ${(g.shortest / 1000).toFixed(0)} s; lifetime ${((g.lifetime ?? 0) / 60_000).toFixed(0)} min)`,
    );
  const unstated = new Map<string, number>();
  for (const r of day.unstatedRepeats) unstated.set(r.operation, (unstated.get(r.operation) ?? 0) + 1);
  for (const [operation, count] of unstated) row(`  day: ${operation} repeated within 10 min (lifetime 0 or undeclared)`, String(count));
}

/** The cost of sending through the userscript manager (issue 25) beside a plain fetch, to the mock API. */
async function requestRows(browser: Browser): Promise<void> {
  const inFlight = 8;
  const figures = await requestCost(browser, {
    sequential: QUICK ? 50 : 200,
    concurrent: QUICK ? 80 : 200,
    inFlight,
    rounds: QUICK ? 2 : 4,
  });
  const manager = figures.find((f) => f.path === 'manager')!;
  const plain = figures.find((f) => f.path === 'fetch')!;
  for (const f of [manager, plain]) {
    const name = f.path === 'manager' ? "through the manager's xhr (GM shim)" : 'through a plain fetch';
    row(`API request ${name}: latency median / p95 (${f.latencies.length})`, `${ms(median(f.latencies))} / ${ms(p95(f.latencies))}`);
    row(`API requests ${name}: per second, ${inFlight} in flight`, f.perSecond.toFixed(0));
  }
  // What the switch costs a request: the manager's median beside fetch's (the mock and the routing are
  // the same; the two took turns). The client sends 30 a minute at most.
  const added = median(manager.latencies) - median(plain.latencies);
  row("API request: the manager's added median latency", ms(added), '≤ 5 ms', added <= 5);
}

async function heavyRows(browser: Browser): Promise<void> {
  const sets = `${HEAVY.users} users, ${HEAVY.readNotifications} read ids, ${HEAVY.gifs} GIFs, ${HEAVY.layouts} layouts, ${HEAVY.savedSearches} searches`;
  row(`heavy: data sets`, sets);
  const styles = verifiedStylesMs();
  row(`heavy: verified-user styles, ${HEAVY.users} users (median)`, ms(styles), '≤ 5 ms', styles <= 5);
  const page = await heavyPage(browser);
  row(`heavy: settings users tab, ${page.usersRows} rows (first)`, ms(page.usersTabFirst), '≤ 100 ms', page.usersTabFirst <= 100);
  row(`heavy: settings users tab (median of 5 more)`, ms(page.usersTabMedian), '≤ 100 ms', page.usersTabMedian <= 100);
  row(
    `heavy: palette filter, ${page.commands} commands, per keystroke (median of ${page.filterSamples})`,
    ms(page.filterMedian),
    '≤ 8 ms',
    page.filterMedian <= 8,
  );
  const { keys } = await srcData();
  const uncapped = keys.filter((k) => k.cap === null);
  row(
    'storage keys declared / with a stated cap',
    `${keys.length} / ${keys.length - uncapped.length}`,
    'all capped',
    uncapped.length === 0,
  );
  for (const k of uncapped) row(`  no cap: ${k.name}`, `${page.sizes[k.name] ?? 0} stored`);
  const over = keys.filter((k) => k.max !== null && (page.sizes[k.name] ?? 0) > k.max);
  for (const k of over) row(`  over its cap: ${k.name}`, `${page.sizes[k.name]} > ${k.max}`, `≤ ${k.max}`, false);
  for (const k of keys.filter((k) => k.cap !== null))
    row(`  cap: ${k.name}`, `${k.cap}${k.max !== null && page.sizes[k.name] !== undefined ? ` (holds ${page.sizes[k.name]})` : ''}`);
}

const step = (name: string) => console.error(`bench: ${name}…`);

async function markdownRows(browser: Browser): Promise<void> {
  const md = await markdownFigures(browser);
  const worst = (label: string, t: { name: string; ms: number }, budget: number) =>
    row(`${label} (${t.name})`, ms(t.ms), `≤ ${budget} ms`, t.ms <= budget);
  worst(`markdown: worst of ${md.inputs} inputs at 10,000 chars`, md.worst10k, 50);
  worst('markdown: worst at 160,000 chars', md.worst160k, 1000);
  worst('markdown in Chromium: worst at 10,000', md.chromium10k, 50);
  worst('markdown in Chromium: worst at 160,000', md.chromium160k, 1000);
  for (const [size, p] of [
    ['10,000', md.preview10k],
    ['160,000', md.preview160k],
  ] as const)
    row(
      `  preview in Chromium, worst at ${size} (${p.name})`,
      `${ms(p.ms)}: render ${p.render.toFixed(0)}, sanitize ${p.sanitize.toFixed(0)}, insert ${p.insert.toFixed(0)}`,
    );
  row('  markdown: the first render of the process, 10,000 chars', ms(md.coldMs));
}

/** The ten largest of `by`, then the rest together, so growth has a name; what is no package (in brackets) last. */
function largest(by: Map<string, number>): [string, number][] {
  const sorted = [...by].filter(([name]) => !name.startsWith('(')).sort((a, b) => b[1] - a[1]);
  const rest = sorted.slice(10).reduce((sum, [, bytes]) => sum + bytes, 0);
  return [...sorted.slice(0, 10), [`${sorted.length - 10} other packages`, rest], ...[...by].filter(([name]) => name.startsWith('('))];
}

/**
 * Bytes per package in the shipped file, tidied as it ships (bench/script-modules.ts rebuilds the
 * bundle with a marker at each module's start): they add up to the file. When that map cannot be
 * made, esbuild's metafile (written by the build beside the script) says the same before tidying,
 * which adds up to more than the file.
 */
async function bundleComposition(): Promise<{ shipped: boolean; parts: [string, number][] }> {
  const by = new Map<string, number>();
  const add = (name: string, bytes: number) => by.set(name, (by.get(name) ?? 0) + bytes);
  const modules = await scriptModules(SCRIPT);
  if (modules) {
    for (const [module, bytes] of modules.sourceBytes) add(module.startsWith('src/') ? 'our code (src)' : module, bytes);
    return { shipped: true, parts: largest(by) };
  }
  let meta: { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
  try {
    meta = JSON.parse(readFileSync('dist/metafile-iife.json', 'utf8')) as typeof meta;
  } catch {
    return { shipped: false, parts: [['(no dist/metafile-iife.json: run the build)', 0]] };
  }
  for (const output of Object.values(meta.outputs))
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs))
      // Our style sheets are loaded in a namespace of their own (tidy-css:src/panels/common/base.css:tidied).
      add(packageOf(path) ?? (path.replace(/^tidy-css:/, '').startsWith('src/') ? 'our code (src)' : path), bytesInOutput);
  return { shipped: false, parts: largest(by) };
}

async function main() {
  const raw = Buffer.byteLength(SCRIPT);
  const gz = gzipSync(SCRIPT).length;
  row('bundle raw', `${(raw / 1e6).toFixed(2)} MB`, '≤ 1.5 MB', raw <= 1.5e6);
  row('bundle gzip', `${(gz / 1e3).toFixed(0)} KB`, '≤ 380 KB', gz <= 380e3);
  // Where the bytes come from: as shipped, or (when the module map cannot be made) before tidying.
  const { shipped, parts } = await bundleComposition();
  const libraries = parts.filter(([name]) => name !== 'our code (src)' && !name.startsWith('(')).reduce((sum, [, bytes]) => sum + bytes, 0);
  row(`  bundle parts${shipped ? ', as shipped' : ', before tidying'}: all libraries`, `${(libraries / 1e3).toFixed(0)} KB`);
  for (const [name, bytes] of parts) row(`  bundle part: ${name}`, `${(bytes / 1e3).toFixed(0)} KB`);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS });
  try {
    if (want('load')) {
      step('load');
      const runs = QUICK ? 3 : 7;
      const withScript: number[] = [];
      const control: number[] = [];
      for (let i = 0; i < runs; i++) {
        control.push(await loadScripting(browser, false));
        withScript.push(await loadScripting(browser, true));
      }
      const added = median(withScript) - median(control);
      row('load /home (40 activities): added scripting', ms(added), '≤ 150 ms', added <= 150);
      // In Progress on, with a token: its lists read and shown in place of AniList's list previews.
      const inProgress = { ...tokenSeed(Date.now()), 'void-verified-settings': stored({ replaceInProgressEnabled: true }) };
      const withInProgress: number[] = [];
      for (let i = 0; i < runs; i++) withInProgress.push(await loadScripting(browser, true, inProgress, '.vv-in-progress-entry'));
      const addedInProgress = median(withInProgress) - median(control);
      row('load /home with In Progress on: added scripting', ms(addedInProgress), '≤ 150 ms', addedInProgress <= 150);
    }

    if (want('startup')) {
      step('start-up');
      const { samples, profile } = await topLevelRun(browser, QUICK ? 7 : 15, await scriptModules(SCRIPT));
      row('top-level run, every option on (median)', ms(median(samples)), '≤ 10 ms', median(samples) <= 10);
      for (const [name, self] of profile.modules) row(`  top-level run, self time by module: ${name}`, ms(self));
      for (const [name, self] of profile.functions) row(`  top-level run, self time: ${name}`, ms(self));
    }

    if (want('palette')) {
      step('palette');
      const { dialog: opens, list } = await paletteLatency(browser, 20);
      row('palette keydown→rendered median', ms(median(opens)), '≤ 16 ms', median(opens) <= 16);
      row('palette keydown→rendered p95', ms(p95(opens)), '≤ 33 ms', p95(opens) <= 33);
      row('  palette keydown→first list median', ms(median(list)));
      row('  palette keydown→first list p95', ms(p95(list)));
    }

    if (want('filter')) {
      step('filter');
      const filters = await filterLatency(browser);
      row('filter 3,000 commands → rendered (median)', ms(median(filters)), '≤ 16 ms', median(filters) <= 16);
    }

    if (want('idle')) {
      step('idle');
      const idleSeconds = QUICK ? 5 : 10;
      const idleScript = await idleScripting(browser, true, idleSeconds);
      const idleControl = await idleScripting(browser, false, idleSeconds);
      const idleAdded = ((idleScript - idleControl) * 10) / idleSeconds;
      row('idle scripting per 10 s beyond control', ms(idleAdded), '≤ 10 ms', idleAdded <= 10);
    }

    if (want('browsing')) {
      step('browsing');
      const requests = await browsingRequests(browser);
      const total = Object.values(requests).reduce((a, b) => a + b, 0);
      row(
        'GraphQL requests, scripted browsing run',
        `${total} (${
          Object.entries(requests)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ') || 'none'
        })`,
      );
    }

    if (want('requests')) {
      step('requests through the manager');
      await requestRows(browser);
    }

    if (want('notifications')) {
      step('notifications');
      const counts = await notificationCountRequests(browser);
      row('unread-count requests, 3 tabs × 10 min', String(counts), '≤ 4', counts <= 4);
    }

    if (want('day')) {
      step(`day of browsing (${QUICK ? 2 : 8} simulated hours)`);
      await dayRows(browser, QUICK ? 2 : 8);
    }

    if (want('heavy')) {
      step('heavy users');
      await heavyRows(browser);
    }

    if (want('heap')) {
      for (const r of await heapRows(browser, { quick: QUICK }, step)) row(r.figure, r.value, r.budget, r.ok);
    }

    if (want('markdown')) {
      step('markdown');
      await markdownRows(browser);
    }
  } finally {
    await browser.close();
  }

  const width = Math.max(...rows.map((r) => r.figure.length));
  const vwidth = Math.max(...rows.map((r) => r.value.length));
  console.log(`\n| ${'figure'.padEnd(width)} | ${'value'.padEnd(vwidth)} | budget     | ok     |`);
  console.log(`| ${'-'.repeat(width)} | ${'-'.repeat(vwidth)} | ---------- | ------ |`);
  for (const r of rows)
    console.log(
      `| ${r.figure.padEnd(width)} | ${r.value.padEnd(vwidth)} | ${r.budget.padEnd(10)} | ${r.ok === null ? '      ' : r.ok ? '✓     ' : '✗ OVER'} |`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
