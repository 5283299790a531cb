/**
 * Memory (issue 30): the JavaScript heap the script keeps on a page, measured from outside.
 *
 * The figure: after load and two forced collections (CDP `HeapProfiler.collectGarbage`),
 * `Runtime.getHeapUsage`'s used heap plus its backing store (array buffers and external strings:
 * the script's own source text is one, 1.68 MB, which V8 keeps for the functions it compiles
 * later), minus the same for a no-op userscript on the same replica page, with every on/off option
 * on and an API token present. The DOM the script adds (Blink's heap) is shown beside it, not counted.
 *
 *   per page        /home, /notifications, a profile, /settings/developer       ≤ 5 MB (goal 2.5)
 *   an hour         one tab, the day bench's loop (bench/day.ts) on Playwright's clock, moving
 *                   with the host's router as its links do, so the document stays open: growth
 *                   over the simulated hour after the loop's first 56 minutes      ≤ 1 MB
 *                   (split by snapshots into compiled code and the rest). The 56 minutes from
 *                   load are printed beside it: V8 compiles the code paths the loop reaches and
 *                   optimises what it repeats, a curve that flattens (a snapshot every lap shows
 *                   it, and counts functions, scripts and regular expressions: none is made per
 *                   call, so it is no leak)
 *   navigations     50 rounds of a page change, the palette opened and closed, the changelog
 *                   dialog opened and closed, settings tabs switched, after a warm-up (every
 *                   page, panel and settings tab once: every lazy module evaluated): growth,
 *                   less the growth of the script's compiled code (V8 optimising what the
 *                   rounds repeat, which is no panel's data)                       ≤ 0.25 MB
 *   who holds it    a heap snapshot of /home and /settings/developer, attributed to holders and
 *                   modules (heap-attribution.ts, script-modules.ts): the top 15, per module,
 *                   per constructor, and the source text per package
 *
 * `--original=PATH`: also measures another build (the original VoidVerified's
 * dist/index.prod.user.js, built from voidnyan/void-verified) the same way, for comparison.
 *
 * On its own: `npx tsup && npx tsx bench/heap.ts [--quick] [--original=PATH]`
 * [--heap=pages,hour,navigations,snapshots]` (only those parts); in the whole bench:
 * `npm run bench -- --only=heap`.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { OPEN_SHADOW_ROOTS } from '../tests/host/open-shadow-roots';
import { gmShimSource, type GmMode } from '../tests/host/gm-shim';
import { corsPreflight, createMockApi } from '../tests/host/mock-api';
import { renderPage } from '../tests/host/replica';
import { allOnSettings, CHANGELOG_SEEN_SEED, SCRIPT, stored, tokenSeed } from './context';
import { ACTIVITIES, MEDIA, palette, PROFILES, SEARCHES } from './day';
import { attributeScript, type Attribution, type Holder } from './heap-attribution';
import { HeapSnapshot } from './heap-snapshot';
import { scriptModules, type ScriptModules } from './script-modules';

export interface HeapRow {
  figure: string;
  value: string;
  budget: string;
  ok: boolean | null;
}

const BUDGET = { page: 5e6, goal: 2.5e6, hour: 1e6, navigations: 0.25e6 };
const PAGES = ['/home', '/notifications', '/user/Viewer/', '/settings/developer'];
const SNAPSHOT_PAGES = ['/home', '/settings/developer'];
const TOP = 15;

/** A userscript to measure: its source, the GM API it is given, what is stored before it runs. */
interface Subject {
  name: string;
  source: string;
  gm: GmMode;
  /** GM storage values (the shim's seed). */
  seed: (now: number) => Record<string, string>;
  /** Page localStorage values written before the script runs (the original keeps its settings there). */
  localStorage?: Record<string, string>;
  /** Scripts its manager runs first (the original's @require). */
  requires?: string[];
  ours: boolean;
}

interface Heap {
  used: number;
  backing: number;
  embedder: number;
}
/** The figure: the used heap plus its backing store (external strings, array buffers). */
const js = (h: Heap) => h.used + h.backing;
const minus = (a: Heap, b: Heap): Heap => ({ used: a.used - b.used, backing: a.backing - b.backing, embedder: a.embedder - b.embedder });
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const kb = (bytes: number) => `${(bytes / 1e3).toFixed(0)} KB`;
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${mb(Math.abs(bytes))}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

// ---------------------------------------------------------------------------------------------
// Subjects

/** The two verified users the day bench keeps fresh. */
const DAY_USERS = {
  'void-verified-users': stored([
    { id: 2, username: 'Akira', copyColorFromProfile: true, quickAccessEnabled: true },
    { id: 13, username: 'Lain', copyColorFromProfile: true, quickAccessEnabled: true },
  ]),
};

async function ourScript(): Promise<Subject> {
  const settings = await allOnSettings();
  return {
    name: 'ours',
    source: SCRIPT,
    gm: 'sync',
    seed: (now) => ({ ...CHANGELOG_SEEN_SEED, ...tokenSeed(now), 'void-verified-settings': settings }),
    ours: true,
  };
}

/** The original VoidVerified: settings in localStorage, every boolean option of its defaultSettings on. */
function originalScript(path: string): Subject {
  const source = readFileSync(path, 'utf8');
  const start = source.indexOf('const defaultSettings = {');
  const block = start < 0 ? '' : source.slice(start, source.indexOf('\n};', start));
  const keys = [...block.matchAll(/^\s*(\w+): \{\s*\n\s*defaultValue: (?:true|false),/gm)].map((m) => m[1]!);
  const version = /@version\s+(\S+)/.exec(source)?.[1] ?? '?';
  return {
    name: `the original VoidVerified ${version}`,
    source,
    gm: 'both',
    seed: (now) => ({
      // As it stores it: the JSON text of { token, expires } with the date as an ISO string.
      'void-verified-auth': JSON.stringify({ token: 'valid-token', expires: new Date(now + 300 * 86_400_000) }),
    }),
    localStorage: {
      'void-verified-settings': JSON.stringify(Object.fromEntries(keys.map((k) => [k, { value: true }]))),
      'void-verified-changelog-last-version': '99.99',
    },
    // Its @require (DOMPurify 3.2.4 from cdnjs); the DOMPurify this project installs stands in.
    requires: [readFileSync(new URL('../node_modules/dompurify/dist/purify.min.js', import.meta.url), 'utf8')],
    ours: false,
  };
}

/** A userscript that does nothing, given what `like` is given: what every figure is measured against. */
const noOp = (like: Subject): Subject => ({ ...like, name: 'no-op', source: '(() => {})();', requires: [], ours: false });

// ---------------------------------------------------------------------------------------------
// Tabs

interface Tab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Lines of the last served document before the script's first line (V8 counts from the document's). */
  lineOffset: number;
}

const inline = (code: string) => `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`;

async function openTab(
  browser: Browser,
  subject: Subject,
  path: string,
  opts: { clockAt?: number; seed?: Record<string, string> } = {},
): Promise<Tab> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with a `__name` helper that page.evaluate'd functions then call.
  await context.addInitScript('window.__name = (fn) => fn;');
  // Our roots are closed; the probes look inside them, as the rest of the bench does (one wrapped
  // function, the same for every subject).
  await context.addInitScript(OPEN_SHADOW_ROOTS);
  if (opts.clockAt !== undefined) await context.clock.install({ time: opts.clockAt });
  const api = createMockApi();
  const now = opts.clockAt ?? Date.now();
  const setup = subject.localStorage
    ? inline(
        `for (const [k, v] of Object.entries(${JSON.stringify(subject.localStorage)})) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);`,
      )
    : '';
  const bodyEnd =
    inline(gmShimSource({ mode: subject.gm, seed: { ...subject.seed(now), ...opts.seed } })) +
    setup +
    (subject.requires ?? []).map(inline).join('') +
    inline(subject.source);
  const tab = { context, lineOffset: 0 } as Tab;
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.hostname === 'anilist.co' && request.resourceType() === 'document') {
      const html = renderPage(url.pathname, { bodyEnd, data: api.state });
      tab.lineOffset = html.slice(0, html.indexOf(subject.source.slice(0, 200))).split('\n').length - 1;
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
    }
    if (url.hostname === 'graphql.anilist.co') {
      if (request.method() === 'OPTIONS') {
        const pre = corsPreflight();
        return route.fulfill({ status: pre.status, headers: pre.headers, body: pre.body });
      }
      const answer = await api.handle({ body: request.postData() ?? '', headers: request.headers() });
      if (answer.abort) return route.abort('failed');
      return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  tab.page = await context.newPage();
  tab.cdp = await context.newCDPSession(tab.page);
  await tab.page.goto(`https://anilist.co${path}`, { waitUntil: 'load' });
  return tab;
}

/**
 * Waits until `test(arg)` holds in the page, asking every 100 ms. Waits go through page.evaluate
 * only: Playwright's locators would install its selector engine (about 0.8 MB) in the very heap
 * being measured, and only on the pages where we wait for our UI.
 */
async function until<A, R>(page: Page, what: string, probe: (arg: A) => R, arg: A, ok: (result: R) => boolean = Boolean): Promise<R> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    // Plain data in and out (Playwright's generic Unboxed<A> cannot be named for a type parameter).
    const result = await page.evaluate(probe as (arg: unknown) => R, arg);
    if (ok(result)) return result;
    if (Date.now() > deadline) throw new Error(`bench (heap): ${what} did not happen within 20 s`);
    await page.waitForTimeout(100);
  }
}

/** After load: requests answered, our overlay mounted (it mounts in idle time), then one idle callback. */
async function settle(tab: Tab, subject: Subject): Promise<void> {
  await tab.page.waitForLoadState('networkidle').catch(() => undefined);
  if (subject.ours)
    await until(
      tab.page,
      'the overlay mount',
      () => !!document.querySelector('[data-void-ui="overlay"]')?.shadowRoot?.firstElementChild,
      null,
    );
  await tab.page.waitForTimeout(1_500);
  await tab.page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })));
}

async function heapNow(cdp: CDPSession): Promise<Heap> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as {
    usedSize: number;
    backingStorageSize?: number;
    embedderHeapUsedSize?: number;
  };
  return { used: usage.usedSize, backing: usage.backingStorageSize ?? 0, embedder: usage.embedderHeapUsedSize ?? 0 };
}

async function snapshotOf(cdp: CDPSession): Promise<string> {
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.send('HeapProfiler.disable');
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  return chunks.join('');
}

/** A move inside the document, as the host's links make it (its router), not a new page load. */
async function routeTo(page: Page, path: string): Promise<void> {
  await page.evaluate(async (p) => {
    type App = Element & { __vue__?: { $router?: { push(p: string): Promise<unknown> } } };
    await (document.querySelector('#app') as App | null)?.__vue__?.$router?.push(p).catch(() => undefined);
  }, path);
}

// ---------------------------------------------------------------------------------------------
// Per page

async function pageHeap(browser: Browser, subject: Subject, path: string): Promise<Heap> {
  const tab = await openTab(browser, subject, path);
  try {
    await settle(tab, subject);
    return await heapNow(tab.cdp);
  } finally {
    await tab.context.close();
  }
}

/** The subject's heap on `path` minus the no-op's: medians of `runs` fresh loads each. */
async function addedHeap(browser: Browser, subject: Subject, path: string, runs: number): Promise<Heap> {
  const mine: Heap[] = [];
  const control: Heap[] = [];
  for (let i = 0; i < runs; i++) {
    control.push(await pageHeap(browser, noOp(subject), path));
    mine.push(await pageHeap(browser, subject, path));
  }
  const pick = (hs: Heap[], key: keyof Heap) => median(hs.map((h) => h[key]));
  return minus(
    { used: pick(mine, 'used'), backing: pick(mine, 'backing'), embedder: pick(mine, 'embedder') },
    { used: pick(control, 'used'), backing: pick(control, 'backing'), embedder: pick(control, 'embedder') },
  );
}

const heapText = (h: Heap) => `${mb(js(h))} (heap ${mb(h.used)} + source, buffers ${mb(h.backing)}; DOM ${signedMb(h.embedder)})`;

async function pageRows(browser: Browser, subjects: Subject[], runs: number, rows: HeapRow[]): Promise<void> {
  for (const path of PAGES)
    for (const subject of subjects) {
      const added = await addedHeap(browser, subject, path, runs);
      if (subject.ours)
        rows.push({
          figure: `heap ${path}, every option on (goal ${mb(BUDGET.goal)})`,
          value: heapText(added),
          budget: `≤ ${mb(BUDGET.page)}`,
          ok: js(added) <= BUDGET.page,
        });
      else rows.push({ figure: `  heap ${path}: ${subject.name}`, value: heapText(added), budget: '', ok: null });
    }
}

// ---------------------------------------------------------------------------------------------
// An hour of the day bench's loop, in one document

const HOUR_START = Date.UTC(2026, 0, 5, 9, 0, 0);
type Run = (ms: number, sliceMs?: number) => Promise<void>;
type Step = (page: Page, lap: number, run: Run) => Promise<void>;

const go =
  (path: (lap: number) => string): Step =>
  async (page, lap, run) => {
    await routeTo(page, path(lap));
    await run(3_000);
  };

/** bench/day.ts's LOOP, with the host's router instead of page loads. */
const HOUR_LOOP: Step[] = [
  go(() => '/home'),
  go((lap) => `/user/${PROFILES[lap % PROFILES.length]}/`),
  go((lap) => `/activity/${ACTIVITIES[lap % ACTIVITIES.length]}`),
  go(() => '/notifications'),
  go((lap) => MEDIA[lap % MEDIA.length]!),
  (page, _lap, run) => palette(page, run, ['notif']),
  (page, lap, run) => palette(page, run, ['Go to user', '\n', SEARCHES[lap % SEARCHES.length]!]),
];

/** The heap at one moment and, for our script, a snapshot's account of what it holds. */
interface Moment {
  heap: Heap;
  owned: Attribution | null;
}

async function moment(tab: Tab, subject: Subject, modules: ScriptModules | null | undefined): Promise<Moment> {
  const heap = await heapNow(tab.cdp);
  return { heap, owned: modules === undefined ? null : await ownedBy(tab, subject, modules) };
}

/**
 * The moments at load and at the start of every lap after it (`laps`, one lap is
 * HOUR_LOOP.length steps of 2 simulated minutes), the last after `minutes`, each on /home.
 * Snapshots (`modules` given) only for our script.
 */
async function hourOfBrowsing(
  browser: Browser,
  subject: Subject,
  minutes: number,
  modules?: ScriptModules | null,
): Promise<{ load: Moment; laps: { minute: number; at: Moment }[]; end: Moment }> {
  const tab = await openTab(browser, subject, '/home', { clockAt: HOUR_START, seed: DAY_USERS });
  try {
    const clock = tab.context.clock;
    let now = (await tab.page.evaluate(() => Date.now())) + 1_000;
    await clock.pauseAt(now);
    const run: Run = async (ms, sliceMs = 1_000) => {
      for (let left = ms; left > 0; left -= sliceMs) {
        await clock.runFor(Math.min(sliceMs, left));
        now += Math.min(sliceMs, left);
      }
    };
    await run(6_000); // the host app, the overlay's settle-then-idle mount, first requests
    const load = await moment(tab, subject, modules);
    const start = now;
    const end = now + minutes * 60_000;
    const laps: { minute: number; at: Moment }[] = [];
    for (let step = 0; now < end; step++) {
      const slotEnd = now + 120_000;
      if (step > 0 && step % HOUR_LOOP.length === 0) {
        await HOUR_LOOP[0]!(tab.page, 0, run);
        laps.push({ minute: Math.round((now - start) / 60_000), at: await moment(tab, subject, modules) });
      } else await HOUR_LOOP[step % HOUR_LOOP.length]!(tab.page, Math.floor(step / HOUR_LOOP.length), run);
      if (now < slotEnd) await run(slotEnd - now, 10_000);
    }
    await HOUR_LOOP[0]!(tab.page, 0, run);
    return { load, laps, end: await moment(tab, subject, modules) };
  } finally {
    await tab.context.close();
  }
}

/** Heap growth between two moments, ours minus the no-op's, split into V8's compiled code and the rest. */
function growth(mine: [Moment, Moment], control: [Moment, Moment]): { total: number; code: number | null; dom: number } {
  const total = js(minus(mine[1].heap, mine[0].heap)) - js(minus(control[1].heap, control[0].heap));
  const [before, after] = [mine[0].owned, mine[1].owned];
  return { total, code: before && after ? after.code - before.code : null, dom: mine[1].heap.embedder - mine[0].heap.embedder };
}

const split = (g: ReturnType<typeof growth>) =>
  g.code === null
    ? `${signedMb(g.total)} (DOM ${signedMb(g.dom)})`
    : `${signedMb(g.total)} (compiled code ${signedMb(g.code)}, the rest ${signedMb(g.total - g.code)}; DOM ${signedMb(g.dom)})`;

/** Of a snapshot's owned nodes, how many of a kind: code made per call (closures, `new Function`, regular expressions) would keep rising. */
const CENSUS = ['(closure)', 'SharedFunctionInfo', 'Script', 'RegExp', 'BytecodeArray', 'FeedbackVector', 'Code'];
const count = (m: Moment, name: string) => m.owned?.byClass.find((c) => c.name === name)?.count ?? 0;
const census = (m: Moment) => (m.owned ? CENSUS.map((name) => `${name.replace(/[()]/g, '')} ${count(m, name)}`).join(', ') : '');

/** Laps of the loop before the budgeted hour: the loop's code paths are first reached and compiled then. */
const WARM_LAPS = 4;

const WARM_MINUTES = WARM_LAPS * HOUR_LOOP.length * 2;
const HOUR_MINUTES = WARM_MINUTES + 60;

/**
 * `subject` and a no-op script through the warm-up and the hour after it: each one's moments at
 * load, at the hour's start (after WARM_LAPS laps) and at its end; snapshots with `modules`.
 */
async function warmedHour(browser: Browser, subject: Subject, modules?: ScriptModules | null) {
  const mine = await hourOfBrowsing(browser, subject, HOUR_MINUTES, modules);
  const control = await hourOfBrowsing(browser, noOp(subject), HOUR_MINUTES);
  const from = (run: typeof mine) => run.laps[WARM_LAPS - 1]?.at ?? run.load;
  return { mine, control, start: from(mine), controlStart: from(control) };
}

/**
 * An hour of the day loop, after WARM_LAPS laps of it. The first minutes compile what the loop
 * reaches and V8 optimises what it repeats: code made once, not data kept. The curve (a snapshot
 * at each lap) shows it flattening, and its census shows no function, script or regular expression
 * made per call; the growth from load is printed beside the budgeted hour, with its split.
 */
async function hourRows(browser: Browser, subject: Subject, modules: ScriptModules | null, rows: HeapRow[]): Promise<void> {
  const { mine, control, start, controlStart } = await warmedHour(browser, subject, modules);
  const hour = growth([start, mine.end], [controlStart, control.end]);
  rows.push({
    figure: `heap: an hour of the day loop in one tab, after ${WARM_MINUTES} min of it (${HOUR_LOOP.length} steps a lap, one every 2 min), growth`,
    value: split(hour),
    budget: `≤ ${mb(BUDGET.hour)}`,
    ok: hour.total <= BUDGET.hour,
  });
  rows.push({
    figure: `  heap: the ${WARM_MINUTES} min before it, from load (the loop's code first compiled and optimised)`,
    value: split(growth([mine.load, start], [control.load, controlStart])),
    budget: '',
    ok: null,
  });
  rows.push({
    figure: `  heap: all ${HOUR_MINUTES} min from load`,
    value: split(growth([mine.load, mine.end], [control.load, control.end])),
    budget: '',
    ok: null,
  });
  if (mine.end.owned) {
    const made = ['(closure)', 'SharedFunctionInfo', 'Script', 'RegExp'].map((name) => {
      const by = count(mine.end, name) - count(start, name);
      return `${name.replace(/[()]/g, '')} ${by >= 0 ? '+' : ''}${by}`;
    });
    rows.push({
      figure: '  heap: functions, scripts, regular expressions made in that hour',
      value: made.join(', '),
      budget: '',
      ok: null,
    });
  }
  rows.push({ figure: '  heap: the curve (growth from load; what the script owns, counted)', value: '', budget: '', ok: null });
  rows.push({ figure: `    load: ${census(mine.load)}`, value: '', budget: '', ok: null });
  mine.laps.forEach(({ minute, at }, i) => {
    const g = growth([mine.load, at], [control.load, control.laps[i]?.at ?? control.end]);
    rows.push({ figure: `    ${minute} min: ${census(at)}`, value: split(g), budget: '', ok: null });
  });
  rows.push({
    figure: `    ${HOUR_MINUTES} min: ${census(mine.end)}`,
    value: split(growth([mine.load, mine.end], [control.load, control.end])),
    budget: '',
    ok: null,
  });
  growthRows('in the budgeted hour', start, mine.end, rows);
}

/**
 * The same hour for another build (`--original`), measured the same way without snapshots: how much
 * of the growth from load any script of this kind shows (its code compiled, then optimised as the
 * loop repeats), beside ours.
 */
async function hourBeside(browser: Browser, subject: Subject, rows: HeapRow[]): Promise<void> {
  const { mine: theirs, control, start, controlStart } = await warmedHour(browser, subject);
  const spans: [string, [Moment, Moment], [Moment, Moment]][] = [
    [`the hour after ${WARM_MINUTES} min`, [start, theirs.end], [controlStart, control.end]],
    [`the ${WARM_MINUTES} min before it, from load`, [theirs.load, start], [control.load, controlStart]],
    [`all ${HOUR_MINUTES} min from load`, [theirs.load, theirs.end], [control.load, control.end]],
  ];
  for (const [span, mine, theirControl] of spans)
    rows.push({ figure: `  heap: ${span}: ${subject.name}`, value: split(growth(mine, theirControl)), budget: '', ok: null });
}

/** The holders whose data (their compiled code left out) grew most between two snapshots. */
function growthRows(span: string, from: Moment, to: Moment, rows: HeapRow[]): void {
  const [before, after] = [from.owned, to.owned];
  if (!before || !after) return;
  const key = (h: Holder) => `${h.label}\u0000${h.module}`;
  const data = (h: Holder) => h.retained - h.code;
  const was = new Map(before.holders.map((h) => [key(h), data(h)]));
  const grew = after.holders
    .map((h) => ({ h, by: data(h) - (was.get(key(h)) ?? 0) }))
    .sort((a, b) => b.by - a.by)
    .slice(0, 6);
  rows.push({ figure: `  heap, ${span}: holders whose data grew most (their compiled code left out)`, value: '', budget: '', ok: null });
  for (const { h, by } of grew)
    rows.push({
      figure: `    ${h.label}${h.count > 1 ? ` ×${h.count}` : ''} [${h.module}]`,
      value: `${by >= 0 ? '+' : ''}${kb(by)}`,
      budget: '',
      ok: null,
    });
  const codeOf = (a: Attribution) => {
    const m = new Map<string, number>();
    for (const h of a.holders) m.set(h.module, (m.get(h.module) ?? 0) + h.code);
    return m;
  };
  const codeWas = codeOf(before);
  const codeGrew = [...codeOf(after)]
    .map(([module, bytes]) => ({ module, by: bytes - (codeWas.get(module) ?? 0) }))
    .sort((a, b) => b.by - a.by)
    .slice(0, 6);
  rows.push({ figure: `  heap, ${span}: modules whose compiled code grew most`, value: '', budget: '', ok: null });
  for (const { module, by } of codeGrew)
    rows.push({ figure: `    ${module}`, value: `${by >= 0 ? '+' : ''}${kb(by)}`, budget: '', ok: null });
}

// ---------------------------------------------------------------------------------------------
// 50 navigations with panels opened and closed

const ROUND_PAGES = ['/home', '/user/Akira/', '/notifications', '/activity/700000004', '/anime/1', '/settings/developer'];

/** The overlay's shadow root holds an element matching `selector` (whose text includes `text`). */
const overlayHas = ({ selector, text }: { selector: string; text: string }) =>
  [...(document.querySelector('[data-void-ui="overlay"]')?.shadowRoot?.querySelectorAll(selector) ?? [])].some((e) =>
    (e.textContent ?? '').includes(text),
  );

/** Presses `key` until `closed` holds: a key pressed in the very render that opened a panel can come before its handlers. */
async function pressUntil(page: Page, key: string, what: string, test: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.keyboard.press(key);
    for (let i = 0; i < 20; i++) {
      if (await test()) return;
      await page.waitForTimeout(100);
    }
  }
  throw new Error(`bench (heap): ${what} did not happen after pressing ${key} 5 times`);
}

const PALETTE_INPUT = { selector: '[cmdk-input]', text: '' };
/** Focus is in the palette's input: it is mounted and its handlers are bound. */
const PALETTE_READY = { selector: '[cmdk-input]:focus', text: '' };

async function openPalette(page: Page): Promise<void> {
  await pressUntil(page, 'Control+Space', 'the palette opening', () => page.evaluate(overlayHas, PALETTE_READY));
}

async function paletteOpenClose(page: Page): Promise<void> {
  await openPalette(page);
  await pressUntil(page, 'Escape', 'the palette closing', async () => !(await page.evaluate(overlayHas, PALETTE_INPUT)));
}

async function changelogOpenClose(page: Page): Promise<void> {
  const dialog = { selector: '[role="dialog"]', text: 'VoidVerified Changelog' };
  await openPalette(page);
  await page.keyboard.type('View Changelog');
  await page.keyboard.press('Enter');
  await until(page, 'the changelog opening', overlayHas, { ...dialog, selector: '[role="dialog"]:focus-within' });
  await pressUntil(page, 'Escape', 'the changelog closing', async () => !(await page.evaluate(overlayHas, dialog)));
}

/** The settings' feature tab `k` (cycling): how many there are, whether it is open, where it is. */
const featureTab = (k: number) => {
  const host = document.querySelector('[data-void-ui="settings"]');
  const list = (host?.shadowRoot ?? host)?.querySelector('[role="tablist"][aria-label="Feature settings"]');
  const tabs = [...(list?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const tab = tabs[k % Math.max(1, tabs.length)];
  tab?.scrollIntoView({ block: 'center' });
  const box = tab?.getBoundingClientRect();
  return {
    count: tabs.length,
    open: tab?.getAttribute('aria-selected') === 'true',
    x: box ? box.x + box.width / 2 : 0,
    y: box ? box.y + box.height / 2 : 0,
  };
};

/** Opens the settings' feature tabs `first` to `first + count - 1` (cycling) with real mouse clicks. */
async function settingsTabs(page: Page, first: number, count: number): Promise<void> {
  for (let k = first; k < first + count; k++) {
    const tab = await until(page, 'the settings tabs', featureTab, k, (t) => t.count > 0);
    await page.mouse.click(tab.x, tab.y);
    await until(page, 'a settings tab opening', featureTab, k, (t) => t.open);
  }
}

async function round(page: Page, i: number, subject: Subject, tabsPerVisit: number): Promise<void> {
  const path = ROUND_PAGES[i % ROUND_PAGES.length]!;
  await routeTo(page, path);
  await until(page, `the move to ${path}`, (p) => location.pathname === p, path);
  await page.waitForTimeout(300);
  if (!subject.ours) return;
  await paletteOpenClose(page);
  await changelogOpenClose(page);
  if (path === '/settings/developer') await settingsTabs(page, i * tabsPerVisit, tabsPerVisit);
}

/** The moments after a warm-up (every page, panel and settings tab once) and after `rounds` more, on /home. */
async function navigations(browser: Browser, subject: Subject, rounds: number, modules?: ScriptModules | null): Promise<[Moment, Moment]> {
  const tab = await openTab(browser, subject, '/home');
  const home = () => round(tab.page, 0, { ...subject, ours: false }, 0);
  try {
    await settle(tab, subject);
    for (let i = 0; i < ROUND_PAGES.length; i++) await round(tab.page, i, subject, 20);
    await home();
    const start = await moment(tab, subject, modules);
    for (let i = 1; i <= rounds; i++) await round(tab.page, i, subject, 3);
    await home();
    return [start, await moment(tab, subject, modules)];
  } finally {
    await tab.context.close();
  }
}

/**
 * What closed panels and left pages keep: the heap's growth over the rounds minus the script's
 * compiled code's (V8 optimises what the rounds repeat: machine code that is no panel's data).
 */
async function navigationRows(
  browser: Browser,
  subject: Subject,
  rounds: number,
  modules: ScriptModules | null,
  rows: HeapRow[],
): Promise<void> {
  const mine = await navigations(browser, subject, rounds, modules);
  const control = await navigations(browser, noOp(subject), rounds);
  const g = growth(mine, control);
  const kept = g.total - (g.code ?? 0);
  rows.push({
    figure: `heap: ${rounds} navigations (a page, the palette, the changelog, settings tabs), growth less compiled code`,
    value: signedMb(kept),
    budget: `≤ ${mb(BUDGET.navigations)}`,
    ok: kept <= BUDGET.navigations,
  });
  rows.push({ figure: `  heap: the same, all of it`, value: split(g), budget: '', ok: null });
  rows.push({
    figure: '  heap /home after every page, panel and settings tab once (the warm-up: lazy code evaluated)',
    value: heapText(minus(mine[0].heap, control[0].heap)),
    budget: '',
    ok: null,
  });
  growthRows(`${rounds} navigations`, mine[0], mine[1], rows);
}

// ---------------------------------------------------------------------------------------------
// Who holds it

/** A heap snapshot of the tab, attributed to the subject's holders. */
async function ownedBy(tab: Tab, subject: Subject, modules: ScriptModules | null): Promise<Attribution | null> {
  const snapshot = new HeapSnapshot(await snapshotOf(tab.cdp));
  return attributeScript(snapshot, subject.source.slice(0, 200), modules && { lineOffset: tab.lineOffset, ...modules });
}

async function attributed(browser: Browser, subject: Subject, path: string, modules: ScriptModules | null): Promise<Attribution | null> {
  const tab = await openTab(browser, subject, path);
  try {
    await settle(tab, subject);
    return await ownedBy(tab, subject, modules);
  } finally {
    await tab.context.close();
  }
}

function attributionRows(path: string, a: Attribution, full: boolean, rows: HeapRow[]): void {
  const info = (figure: string, value: string) => rows.push({ figure, value, budget: '', ok: null });
  info(`heap ${path}: owned by the script (snapshot; its top ${TOP} holders follow)`, `${mb(a.owned)} (V8 code objects ${mb(a.code)})`);
  a.holders
    .slice(0, TOP)
    .forEach((h, i) =>
      info(
        `  ${String(i + 1).padStart(2)}. ${h.label}${h.count > 1 ? ` ×${h.count}` : ''} [${h.module}]`,
        h.code > 0 ? `${kb(h.retained)} (code ${kb(h.code)})` : kb(h.retained),
      ),
    );
  if (!full) return;
  info(`heap ${path}: owned per module (top 10)`, '');
  for (const [module, bytes] of a.byModule.slice(0, 10)) info(`  module ${module}`, kb(bytes));
  info(`heap ${path}: per constructor (retained, self, instances; top 10)`, '');
  for (const c of a.byClass.slice(0, 10)) info(`  class ${c.name}`, `${kb(c.retained)}, ${kb(c.self)}, ${c.count}`);
}

function sourceRows(modules: ScriptModules, rows: HeapRow[]): void {
  const byPackage = new Map<string, number>();
  for (const [module, bytes] of modules.sourceBytes) {
    const name = module.startsWith('src/') ? 'our code (src)' : module;
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
  }
  const sorted = [...byPackage].sort((a, b) => b[1] - a[1]);
  rows.push({ figure: 'heap: the source text the engine keeps, per package (top 8)', value: mb(SCRIPT.length), budget: '', ok: null });
  for (const [name, bytes] of sorted.slice(0, 8)) rows.push({ figure: `  source ${name}`, value: kb(bytes), budget: '', ok: null });
}

// ---------------------------------------------------------------------------------------------

export async function heapRows(
  browser: Browser,
  opts: { quick?: boolean; original?: string } = {},
  progress: (step: string) => void = () => {},
): Promise<HeapRow[]> {
  const quick = opts.quick ?? process.argv.includes('--quick');
  const originalPath = opts.original ?? process.argv.find((a) => a.startsWith('--original='))?.slice('--original='.length);
  /** `--heap=pages,hour,navigations,snapshots`: only those parts. */
  const parts = process.argv
    .find((a) => a.startsWith('--heap='))
    ?.slice('--heap='.length)
    .split(',');
  const part = (name: string) => !parts || parts.includes(name);
  const ours = await ourScript();
  const subjects = [ours, ...(originalPath ? [originalScript(originalPath)] : [])];
  const rows: HeapRow[] = [];
  const modules = await scriptModules(SCRIPT);
  if (!modules)
    rows.push({ figure: 'heap: modules unknown (dist/ is not what src/ builds now: run the build)', value: '', budget: '', ok: null });
  if (part('pages')) {
    progress('heap: pages');
    await pageRows(browser, subjects, quick ? 1 : 3, rows);
  }
  if (part('hour')) {
    progress('heap: an hour');
    await hourRows(browser, ours, modules, rows);
    for (const other of subjects.filter((s) => !s.ours)) await hourBeside(browser, other, rows);
  }
  if (part('navigations')) {
    progress('heap: navigations');
    await navigationRows(browser, ours, quick ? 20 : 50, modules, rows);
  }
  if (part('snapshots')) {
    progress('heap: snapshots');
    for (const path of SNAPSHOT_PAGES) {
      const a = await attributed(browser, ours, path, modules);
      if (a) attributionRows(path, a, path === SNAPSHOT_PAGES[0], rows);
    }
    if (modules) sourceRows(modules, rows);
  }
  return rows;
}

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  let rows: HeapRow[];
  try {
    rows = await heapRows(browser, {}, (step) => console.error(`bench: ${step}…`));
  } finally {
    await browser.close();
  }
  const width = Math.max(...rows.map((r) => r.figure.length));
  const vwidth = Math.max(...rows.map((r) => r.value.length));
  for (const r of rows)
    console.log(
      `| ${r.figure.padEnd(width)} | ${r.value.padEnd(vwidth)} | ${r.budget.padEnd(10)} | ${r.ok === null ? '      ' : r.ok ? '✓     ' : '✗ OVER'} |`,
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
