/**
 * A day of browsing: three tabs of one browser open for eight simulated hours with every feature's
 * option on and an API token present, each tab following a scripted loop (home, a profile, an
 * activity, notifications, a media page, the palette, a search). Playwright's clock stands still
 * between steps and is run forward on purpose, so eight hours take a few minutes: every timer the
 * script sets fires at its simulated time, and the mock API counts its rate-limit minute on the same
 * simulated clock.
 *
 * What it reports: GraphQL requests in total, per simulated hour and per feature, the busiest
 * minute (any 60 s, all tabs together), answers 429 (the mock's, and the requests AniList would
 * refuse: more than 30 in a rolling minute) and defects: a read asked again with the same operation
 * and variables while an earlier answer to it was still inside its cache lifetime (the lifetime
 * its document declares in src/data, or the feature's own cache where that is longer).
 */
import type { Browser, Page } from 'playwright-core';
import { createMockApi, type RecordedRequest } from '../tests/host/mock-api';
import { allFeaturesOn, scriptedContext, stored, tokenSeed } from './context';
import { srcData, type DeclaredDocument, type SrcData } from './src-data';

/** What AniList really allows per rolling minute (its headers count from 90). */
export const API_MINUTE_LIMIT = 30;
/**
 * Operation name → the feature that sends it (the documents, in src/data, say how long a read's
 * answer stays good; this says whose it is). Update it with the documents.
 */
const FEATURES: Record<string, string> = {
  VerifiedUsers: 'verified-users',
  VerifiedUser: 'verified-users',
  MiniProfile: 'mini-profile',
  Notifications: 'notifications',
  NotificationActivityRelations: 'notifications',
  ResetNotificationCount: 'notifications',
  Following: 'following (search, activity-search, messages)',
  SearchUsers: 'search',
  SearchMedia: 'search',
  SearchActivities: 'activity-search',
  ActivitySearchMedia: 'activity-search',
  ActivityById: 'activity (replies, touches)',
  ActivityReplies: 'activity (replies, touches)',
  MessagesFeed: 'messages-feed',
  GoalsMediaList: 'goals',
  GoalsUserAbout: 'goals',
  LayoutUserAbout: 'layout-designer',
  LayoutViewer: 'layout-designer',
  SaveUserAbout: 'goals, layout-designer',
  MediaProgress: 'reply-update',
  CreatedMediaActivity: 'reply-update',
  ExactPreview: 'markdown',
  TokenViewer: 'authorization',
};

/**
 * Reads whose answer a feature keeps in a cache of its own, beyond its document's lifetime: the
 * unread page (3 minutes), mini profiles, verified users' profile data (refreshed when older than
 * its interval). Repeats inside these count as defects too. Each names the constant it is from.
 */
function featureCaches(src: SrcData): Map<string, number> {
  const constant = (file: string, name: string): number => {
    const value = src.modules[file]?.[name];
    if (typeof value !== 'number') throw new Error(`bench: src/data/${file} no longer exports ${name}`);
    return value;
  };
  return new Map([
    ['Notifications', constant('notifications/rules.ts', 'NOTIFICATION_CACHE_MS')],
    ['MiniProfile', constant('mini-profile.ts', 'CACHE_LIFETIME_MS')],
    ['VerifiedUsers', constant('verified-users.ts', 'REFRESH_MS')],
    ['VerifiedUser', constant('verified-users.ts', 'REFRESH_MS')],
  ]);
}

/** The documents with each read's lifetime the longer of its own and its feature's cache. */
function effectiveLifetimes(src: SrcData): Map<string, DeclaredDocument> {
  const out = new Map(src.documents);
  for (const [name, ms] of featureCaches(src)) {
    const doc = out.get(name);
    out.set(name, { name, kind: 'query', lifetime: Math.max(ms, doc?.lifetime ?? 0) });
  }
  return out;
}

interface Repeat {
  operation: string;
  variables: string;
  /** Simulated ms since the previous identical request. */
  afterMs: number;
  /** The read's declared lifetime (0: never reused; null: no document declares this operation). */
  lifetimeMs: number | null;
}

export interface DayReport {
  /** The simulated day's start (ms since the epoch). */
  start: number;
  hours: number;
  total: number;
  perHour: number[];
  perFeature: [string, number][];
  perOperation: [string, number][];
  busiestMinute: { count: number; at: number };
  mock429: number;
  /** Requests that arrived with API_MINUTE_LIMIT or more already in the previous 60 s. */
  over30: number;
  defects: Repeat[];
  /** Identical reads repeated within 10 minutes whose lifetime is 0 or undeclared (not defects; for the cache work). */
  unstatedRepeats: Repeat[];
  steps: number;
  realSeconds: number;
}

const START = Date.UTC(2026, 0, 5, 9, 0, 0);

/** Analyses a request log against the declared documents (pure, so it can be checked on its own). */
export function analyse(
  requests: readonly RecordedRequest[],
  start: number,
  hours: number,
  documents: ReadonlyMap<string, DeclaredDocument>,
) {
  const sorted = [...requests].sort((a, b) => a.at - b.at);
  const perHour = Array.from({ length: hours }, () => 0);
  const feature = new Map<string, number>();
  const operation = new Map<string, number>();
  for (const r of sorted) {
    const hour = Math.min(hours - 1, Math.max(0, Math.floor((r.at - start) / 3_600_000)));
    perHour[hour]! += 1;
    const name = r.operationName ?? '(anonymous)';
    const f = FEATURES[name] ?? `(unmapped: ${name})`;
    feature.set(f, (feature.get(f) ?? 0) + 1);
    operation.set(name, (operation.get(name) ?? 0) + 1);
  }
  // Busiest 60 s window (all tabs), and arrivals AniList would refuse.
  let busiest = { count: 0, at: start };
  let over30 = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]!.at - sorted[j]!.at >= 60_000) j++;
    const inWindow = i - j + 1;
    if (inWindow > busiest.count) busiest = { count: inWindow, at: sorted[j]!.at };
    if (inWindow > API_MINUTE_LIMIT) over30++;
  }
  const defects: Repeat[] = [];
  const unstatedRepeats: Repeat[] = [];
  const last = new Map<string, number>();
  for (const r of sorted) {
    const name = r.operationName ?? '(anonymous)';
    const doc = documents.get(name);
    if (doc?.kind === 'mutation' || /^\s*mutation\b/.test(r.query) || r.status !== 200) continue;
    const variables = JSON.stringify(r.variables ?? {});
    const key = `${name} ${variables}`;
    const before = last.get(key);
    last.set(key, r.at);
    if (before === undefined) continue;
    const lifetime = doc?.lifetime ?? null;
    const repeat = { operation: name, variables, afterMs: r.at - before, lifetimeMs: lifetime };
    if (lifetime) {
      if (repeat.afterMs < lifetime) defects.push(repeat);
    } else if (repeat.afterMs < 10 * 60_000) unstatedRepeats.push(repeat);
  }
  const byCount = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    perHour,
    perFeature: byCount(feature),
    perOperation: byCount(operation),
    busiestMinute: busiest,
    over30,
    defects,
    unstatedRepeats,
  };
}

/** One step of a tab's loop; `i` is the tab's iteration, so each lap visits other pages too. */
type Step = (tab: Page, i: number, run: (ms: number) => Promise<void>) => Promise<void>;

export const PROFILES = ['Akira', 'Bocchi', 'Lain'];
export const ACTIVITIES = [700000004, 700000005, 700000008];
export const MEDIA = ['/anime/1', '/manga/30002', '/anime/21'];
export const SEARCHES = ['Aki', 'Rei', 'Lain'];

const go = (path: string): Step => {
  return async (tab, _i, run) => {
    await tab.goto(`https://anilist.co${path}`, { waitUntil: 'load' });
    await run(3_000); // the replica's late app, the script's settle-then-idle mount, its first fetches
  };
};

export async function palette(tab: Page, run: (ms: number) => Promise<void>, type: string[]): Promise<void> {
  await tab.keyboard.press('Control+Space');
  await run(500);
  for (const text of type) {
    if (text === '\n') await tab.keyboard.press('Enter');
    else await tab.keyboard.type(text);
    await run(1_000); // past the dashboard's and the user search's debounces
  }
  await tab.keyboard.press('Escape');
  await tab.keyboard.press('Escape');
  await run(500);
}

const LOOP: Step[] = [
  (tab, i, run) => go('/home')(tab, i, run),
  (tab, i, run) => go(`/user/${PROFILES[i % PROFILES.length]}/`)(tab, i, run),
  (tab, i, run) => go(`/activity/${ACTIVITIES[i % ACTIVITIES.length]}`)(tab, i, run),
  (tab, i, run) => go('/notifications')(tab, i, run),
  (tab, i, run) => go(MEDIA[i % MEDIA.length]!)(tab, i, run),
  (tab, _i, run) => palette(tab, run, ['notif']),
  (tab, i, run) => palette(tab, run, ['Go to user', '\n', SEARCHES[i % SEARCHES.length]!]),
];

/**
 * Runs the day. `hours` simulated hours; each tab takes one step of its loop every `stepMinutes`
 * (the tabs staggered), and the clock runs forward in `tickMs` slices in between so that timers
 * and the mock's minute stay within a slice of their simulated time.
 */
export async function dayOfBrowsing(browser: Browser, opts: { hours?: number; stepMinutes?: number } = {}): Promise<DayReport> {
  const hours = opts.hours ?? 8;
  const stepMinutes = opts.stepMinutes ?? 6;
  const realStart = performance.now();
  let now = START;
  /** When the request being answered was sent (the page's clock), else the clock's last known time. */
  let sentAt: number | null = null;
  const api = createMockApi({ now: () => sentAt ?? now, enforceRateLimit: true });
  const seed = {
    ...tokenSeed(START),
    // Two verified users, so the verified-users feature has someone to keep fresh.
    'void-verified-users': stored([
      { id: 2, username: 'Akira', copyColorFromProfile: true, quickAccessEnabled: true },
      { id: 13, username: 'Lain', copyColorFromProfile: true, quickAccessEnabled: true },
    ]),
  };
  const { context, open } = await scriptedContext(browser, api, { seed, onRequestAt: (at) => (sentAt = at) });
  await context.clock.install({ time: START });
  // Every feature on, then the clock stopped: from here on it moves only when run.
  const first = await open('/home');
  await allFeaturesOn(first);
  now = (await first.evaluate(() => Date.now())) + 1_000;
  await context.clock.pauseAt(now);
  const run = async (ms: number, sliceMs = 1_000) => {
    // In slices, so that what a timer sends is counted near its simulated time.
    for (let left = ms; left > 0; left -= sliceMs) {
      const slice = Math.min(sliceMs, left);
      await context.clock.runFor(slice);
      now += slice;
    }
  };
  api.reset();
  const tabs = [first, await context.newPage(), await context.newPage()];
  const laps = [0, 0, 0];
  const positions = [0, 2, 4]; // staggered: the tabs are not all on the same page
  const end = START + hours * 3_600_000;
  const slot = (stepMinutes * 60_000) / tabs.length;
  let steps = 0;
  while (now < end) {
    for (let t = 0; t < tabs.length && now < end; t++) {
      const sliceStart = now;
      const tab = tabs[t]!;
      await LOOP[positions[t]!]!(tab, laps[t]!, run);
      steps++;
      positions[t] = (positions[t]! + 1) % LOOP.length;
      if (positions[t] === 0) laps[t]! += 1;
      // The rest of this tab's slot: the user reads; the tabs' timers keep running.
      const rest = sliceStart + slot - now;
      if (rest > 0) await run(rest, 10_000);
    }
  }
  await context.close();
  const analysis = analyse(api.requests, START, hours, effectiveLifetimes(await srcData()));
  return {
    start: START,
    hours,
    total: api.requests.length,
    mock429: api.requests.filter((r) => r.status === 429).length,
    ...analysis,
    steps,
    realSeconds: (performance.now() - realStart) / 1000,
  };
}
