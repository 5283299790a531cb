/**
 * Playwright fixtures for the end-to-end tests: an offline anilist.co.
 *
 *   import { test, expect } from './fixtures';
 *   test('…', async ({ page, host, api }) => {
 *     await host.goto('/home');                       // replica + GM shim + dist/voidverified.user.js
 *     await host.goto('/home', { script: false });    // the replica alone
 *     await host.goto('/home', { gm: 'async', seed: { 'void-verified-auth': '{"v":1,"data":{...}}' } });
 *   });
 *
 * Every request of the browser *context* is routed (so pages opened with context.newPage() work too):
 * - https://anilist.co/… documents → renderPage(path, options of the last host.goto) with the GM shim
 *   and the userscript at the end of <body>; the OAuth authorize URLs redirect back to
 *   /settings/developer with a token fragment; other anilist.co requests → 404.
 * - https://graphql.anilist.co → the `api` fixture (a fresh createMockApi() per test).
 * - catbox.moe, api.imgbb.com, api.imgur.com → canned upload answers (or the error statuses set in
 *   host.imageFailures), recorded in host.imageRequests; imgur's GET /3/account/me names the account
 *   of the Bearer token as host.oauth.imgurAccounts says (403 for a token it does not know).
 * - images on *.anilist.co and i.ytimg.com → a 1×1 PNG. Anything else is aborted (no internet).
 *
 * The `world` option (a Playwright project option) picks where the userscript runs:
 * - 'page' (default): a <script> at the end of <body>, in the page's own JavaScript world, like a
 *   manager that injects into the page;
 * - 'isolated': an isolated world of its own, as Greasemonkey 4, the Firefox managers and
 *   Tampermonkey's or Violentmonkey's sandbox modes run it: the DOM is shared, the page's objects
 *   (`#app.__vue__`, the router, `history` wrappers) are not, and there is no `unsafeWindow`.
 *   Chromium makes the world with the DevTools protocol (`Page.addScriptToEvaluateOnNewDocument`
 *   with a `worldName`); the shim and the script run there at DOMContentLoaded (document-end).
 *   `host.evalInScript(fn, arg)` evaluates in whichever world the script runs in.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  test as base,
  expect,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
  type Request,
  type Response,
  type Route,
} from '@playwright/test';
import { gmNetSource, gmShimSource, type GmMode } from '../host/gm-shim';
import { OPEN_SHADOW_ROOTS } from '../host/open-shadow-roots';
import { corsPreflight, createMockApi, type MockApi } from '../host/mock-api';
import { renderPage, scriptTag, type ReplicaOptions } from '../host/replica';
import { REPLICA_DATA_PATH } from '../host/replica-runtime';

export { expect };

/**
 * Clicks a palette row (a command id, or any row's locator) once the list shows the results for
 * what was typed: it is aria-busy until then. A row the filter moves between the press and the
 * release takes no click, as a real one would not.
 */
export async function clickPaletteRow(page: Page, row: string | Locator): Promise<void> {
  await expect(page.locator('[cmdk-list][aria-busy="true"]')).toHaveCount(0);
  await (typeof row === 'string' ? page.locator(`[cmdk-item][data-command="${row}"]`) : row).click();
}

/**
 * On /home, shows our messages feed (its choice in the feed's dropdown) and the replies of its
 * first entry that has some: the entry, its activity id, and the first reply with its id.
 */
export async function openMessageReplies(page: Page) {
  await page.locator('.feed-select .feed-filter').click();
  await page.locator('ul.el-dropdown-menu li[data-void-messages]').click();
  const feed = page.getByRole('region', { name: 'Messages' });
  const entry = feed
    .locator('article')
    .filter({ has: page.locator('.vv-act-actions button', { hasText: /^[1-9]\d* repl/ }) })
    .first();
  const activityId = await entry.getAttribute('data-activity-id');
  await entry.locator('.vv-act-actions button', { hasText: /repl/ }).click();
  const reply = entry.locator('.vv-reply').first();
  const replyId = await reply.getAttribute('data-reply-id');
  return { feed, entry, activityId, reply, replyId };
}

/** Gives activity `activityId` exactly `count` replies in the mock API, by user 2: "Reply number 1"… (a page holds 25). */
export function seedReplies(api: MockApi, activityId: number, count: number): void {
  const firstId = Math.max(...api.state.replies.map((r) => r.id)) + 1;
  api.state.replies = api.state.replies.filter((r) => r.activityId !== activityId);
  for (let i = 0; i < count; i++)
    api.state.replies.push({
      id: firstId + i,
      activityId,
      userId: 2,
      text: `Reply number ${i + 1}`,
      createdAt: 1_700_000_000 + i,
      likeIds: [],
    });
}

/** Where the userscript runs (see the header). */
export type ScriptWorld = 'page' | 'isolated';
/** The isolated world's name (the DevTools protocol keeps one world per name and frame). */
const SCRIPT_WORLD = 'VoidVerified userscript';

export interface HostGotoOptions extends ReplicaOptions {
  /** Inject the GM shim and dist/voidverified.user.js. Default true. */
  script?: boolean;
  /** Which GM API the shim offers. Default 'both' (like Tampermonkey). */
  gm?: GmMode;
  /** Stored values to start with (see gmShimSource). */
  seed?: Record<string, string>;
  /** Run this source instead of dist/voidverified.user.js (for testing the test bed). */
  userscript?: string;
  /**
   * Let the changelog open as on a fresh install. Default false: the seed marks every version as
   * seen, so the dialog does not cover the page in tests about something else.
   */
  changelog?: boolean;
  /**
   * Leave the userscript's shadow roots closed, as they are in production. Default false: the test
   * bed opens them (tests/host/open-shadow-roots.ts), since Playwright's locators do not reach into
   * closed roots.
   */
  closedShadowRoots?: boolean;
}

/** The attribute of <html> the userscript sets once it has started (its version, nothing else). */
export const READY_ATTRIBUTE = 'data-voidverified';

/**
 * Resolves once the userscript has started in `tab`: it marks <html> with its version then (the DOM
 * is shared by every world, so this works wherever the script runs). Waits as long as the test may.
 */
export async function scriptStarted(tab: Page): Promise<void> {
  await tab.waitForSelector(`html[${READY_ATTRIBUTE}]`, { state: 'attached' });
}

/**
 * The test build (`dist/test/voidverified.user.js`, built beside the shipped one): the same script
 * plus `window.__voidVerified` (tests/host/test-hooks.ts), for the few tests that need the script's
 * internals: `host.goto(path, { userscript: testBuild() })`. Everything else runs the shipped file.
 */
let testBuildCache: string | undefined;
export function testBuild(): string {
  if (testBuildCache === undefined) {
    try {
      // Beside VV_USERSCRIPT's build when that names one (`tsup --out-dir DIR` builds both).
      const shipped = process.env.VV_USERSCRIPT;
      const file = shipped
        ? join(dirname(shipped), 'test', 'voidverified.user.js')
        : new URL('../../dist/test/voidverified.user.js', import.meta.url);
      testBuildCache = readFileSync(file, 'utf8');
    } catch {
      throw new Error('dist/test/voidverified.user.js is missing: run `npx tsup` first.');
    }
  }
  return testBuildCache;
}

/** Seed that marks the changelog as seen (any version compares below 9999). */
const CHANGELOG_SEEN_SEED = { 'void-verified-changelog-seen': JSON.stringify({ v: 1, data: '9999' }) };

interface ImageRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  postData: string | null;
}

export interface Host {
  /** Navigates the test's page to https://anilist.co{path}; the options stay in force for later loads in this context. */
  goto(path: string, opts?: HostGotoOptions): Promise<Response | null>;
  /** Opens another page (tab) in the same context, optionally at a path. */
  newPage(path?: string): Promise<Page>;
  /** Options used for documents of this context. */
  readonly options: HostGotoOptions;
  /** Requests to the image hosts (catbox, imgbb, imgur), in order. */
  readonly imageRequests: ImageRequest[];
  /** Make an image host answer with this HTTP status (and an error body) instead of success: `host.imageFailures.catbox = 500`. */
  readonly imageFailures: ImageFailures;
  /** The world the userscript runs in for this test (the project's `world` option). */
  readonly world: ScriptWorld;
  /** What the fake OAuth authorize pages return (change it before the flow starts). */
  readonly oauth: OAuthReturns;
  /** Evaluates `fn(arg)` in the userscript's world of `tab` (default: the test's page): GM_*, __gm (and the test build's __voidVerified) live there. */
  evalInScript<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A, tab?: Page): Promise<R>;
  /** Resolves once the userscript has started in `tab` (default: the test's page). */
  scriptReady(tab?: Page): Promise<void>;
}

/**
 * What the fake authorize pages send back in the fragment after the marker (`#void_auth&…`,
 * `#void_imgur&…`). They echo the authorize request's `state`, as AniList's OAuth server (Laravel
 * Passport) and imgur do, unless `echoState` is false. Tests change these to return another token.
 */
export interface OAuthReturns {
  anilist: Record<string, string>;
  imgur: Record<string, string>;
  echoState: boolean;
  /** imgur's accounts by access token, as its API names them (`GET /3/account/me`). */
  imgurAccounts: Record<string, string>;
}

const defaultOAuthReturns = (): OAuthReturns => ({
  anilist: { access_token: OAUTH_TOKEN, token_type: 'Bearer', expires_in: '31536000' },
  imgur: {
    access_token: 'imgur-token',
    expires_in: '315360000',
    token_type: 'bearer',
    refresh_token: 'imgur-refresh',
    account_username: 'Viewer',
    account_id: '1',
  },
  echoState: true,
  imgurAccounts: { 'imgur-token': 'ImgurViewer' },
});

/**
 * A fake authorize page that approves at once: back to /settings/developer with `marker` and the
 * fields, as the real one does once the user approves. It sends the tab there itself (as the
 * sandbox's consent page does, tests/host/serve.ts) rather than answering 302: Playwright's routing
 * does not always see the request a fulfilled redirect leads to, and under load the tab then went
 * to the network for anilist.co (ERR_NAME_NOT_RESOLVED, four OAuth tests in one 4-worker run).
 */
function approvingPage(marker: string, fields: Record<string, string>, authorize: URL, echoState: boolean) {
  const params = new URLSearchParams(fields);
  const state = authorize.searchParams.get('state');
  if (echoState && state !== null) params.set('state', state);
  const back = `${ORIGIN}/settings/developer#${marker}&${params.toString()}`;
  return {
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><title>Authorize</title><script>location.replace(${JSON.stringify(back)})</script>`,
  };
}

/** Per image-host endpoint: the error status it answers with; absent means success. */
type ImageFailures = Partial<Record<'catbox' | 'imgbb' | 'imgur' | 'imgur-token' | 'imgur-account', number>>;

/** The userscript path the page loads when the source cannot be inlined (see scriptTag). */
const USERSCRIPT_SRC = '/__replica__/voidverified.user.js';
const ORIGIN = 'https://anilist.co';
/** Token handed out by the fake OAuth flows. */
export const OAUTH_TOKEN = 'valid-token';

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let userscriptCache: string | undefined;
/**
 * dist/voidverified.user.js (or the file VV_USERSCRIPT names, so that several people working in one
 * checkout can each test their own build), read once per worker.
 */
function builtUserscript(): string {
  if (userscriptCache === undefined) {
    try {
      const file = process.env.VV_USERSCRIPT ?? new URL('../../dist/voidverified.user.js', import.meta.url);
      userscriptCache = readFileSync(file, 'utf8');
    } catch {
      throw new Error('dist/voidverified.user.js is missing: run `npx tsup` first (or pass { script: false }).');
    }
  }
  return userscriptCache;
}

function scriptSource(opts: HostGotoOptions): string {
  return opts.userscript ?? builtUserscript();
}

function seedFor(opts: HostGotoOptions): Record<string, string> | undefined {
  return opts.changelog ? opts.seed : { ...CHANGELOG_SEEN_SEED, ...opts.seed };
}

/** Without a manager the script stores in page localStorage (prefix 'voidverified:'): the seed goes there. */
function pageSeedSource(opts: HostGotoOptions): string {
  const seed = seedFor(opts);
  return opts.gm === 'none' && seed
    ? `for (const [k, v] of Object.entries(${JSON.stringify(seed)})) if (localStorage.getItem('voidverified:' + k) === null) localStorage.setItem('voidverified:' + k, v);`
    : '';
}

/** The source that opens the userscript's shadow roots for the locators (see OPEN_SHADOW_ROOTS), unless the test keeps them closed. */
const openRoots = (opts: HostGotoOptions) => (opts.closedShadowRoots ? '' : OPEN_SHADOW_ROOTS);

function bodyEnd(opts: HostGotoOptions, world: ScriptWorld): string {
  if (opts.script === false || world === 'isolated') return '';
  const pageSeed = pageSeedSource(opts);
  return (
    (openRoots(opts) ? `<script>${openRoots(opts)}</script>` : '') +
    (pageSeed ? `<script>${pageSeed}</script>` : '') +
    `<script>${gmShimSource({ mode: opts.gm ?? 'both', seed: seedFor(opts) })}</script>` +
    scriptTag(scriptSource(opts), USERSCRIPT_SRC)
  );
}

/**
 * The source run in the isolated world of every new document: at DOMContentLoaded (the managers'
 * document-end), the shadow roots opened for the locators, the seed, the GM shim, then the
 * userscript, unmodified, inside a function.
 */
function isolatedSource(opts: HostGotoOptions): string {
  const body = `${openRoots(opts)}\n${pageSeedSource(opts)}\n${gmShimSource({ mode: opts.gm ?? 'both', seed: seedFor(opts) })}\n${scriptSource(opts)}\n`;
  return `(function () {\nconst run = function () {\n${body}};\nif (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true }); else run();\n})();`;
}

/** Per page: the DevTools session and the registered new-document script, for the isolated world. */
const isolated = new WeakMap<Page, { cdp: CDPSession; scriptId?: string }>();

async function cdpFor(tab: Page, context: BrowserContext): Promise<CDPSession> {
  let entry = isolated.get(tab);
  if (!entry) {
    entry = { cdp: await context.newCDPSession(tab) };
    isolated.set(tab, entry);
    await entry.cdp.send('Page.enable');
  }
  return entry.cdp;
}

/** (Re)registers the userscript for the isolated world of `tab`'s next documents. */
async function prepareIsolated(tab: Page, context: BrowserContext, opts: HostGotoOptions): Promise<void> {
  const cdp = await cdpFor(tab, context);
  const entry = isolated.get(tab)!;
  if (entry.scriptId) await cdp.send('Page.removeScriptToEvaluateOnNewDocument', { identifier: entry.scriptId });
  entry.scriptId = undefined;
  if (opts.script === false) return;
  const { identifier } = await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: isolatedSource(opts), worldName: SCRIPT_WORLD });
  entry.scriptId = identifier;
}

async function evalIsolated<R, A>(tab: Page, context: BrowserContext, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  const cdp = await cdpFor(tab, context);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  // The same name gives the same world the new-document script runs in.
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: SCRIPT_WORLD });
  const result = await cdp.send('Runtime.evaluate', {
    expression: `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`,
    contextId: executionContextId,
    awaitPromise: true,
    returnByValue: true,
  });
  if (result.exceptionDetails)
    throw new Error(`evalInScript: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`);
  return result.result.value as R;
}

/** CORS for the cross-origin hosts the page talks to: allow everything a real manager would bypass. */
function corsHeaders(request: Request): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': request.headers()['access-control-request-headers'] ?? '*',
    'Access-Control-Expose-Headers': '*',
  };
}

/** imgur's account base for the request's Bearer token (`data.url` is the user name), or 403 for a token it does not know. */
function imgurAccount(route: Route, headers: Record<string, string>, authorization: string | undefined, accounts: Record<string, string>) {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  const name = token !== undefined && Object.hasOwn(accounts, token) ? accounts[token] : undefined;
  if (name === undefined)
    return route.fulfill({
      status: 403,
      headers,
      json: { data: { error: 'The access token provided is invalid.', method: 'GET' }, success: false, status: 403 },
    });
  return route.fulfill({ status: 200, headers, json: { data: { id: 4711, url: name, bio: null }, success: true, status: 200 } });
}

async function imageHost(
  route: Route,
  url: URL,
  record: ImageRequest[],
  failures: ImageFailures,
  accounts: Record<string, string>,
): Promise<void> {
  const request = route.request();
  if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: corsHeaders(request) });
  let postData: string | null;
  try {
    postData = request.postData();
  } catch {
    postData = null; // binary bodies that do not decode
  }
  record.push({ url: url.href, method: request.method(), headers: await request.allHeaders(), postData });
  const headers = corsHeaders(request);
  const endpoint =
    url.hostname === 'catbox.moe'
      ? 'catbox'
      : url.hostname === 'api.imgbb.com'
        ? 'imgbb'
        : url.pathname.startsWith('/oauth2/token')
          ? 'imgur-token'
          : url.pathname === '/3/account/me'
            ? 'imgur-account'
            : 'imgur';
  const failure = failures[endpoint];
  if (failure !== undefined)
    return route.fulfill({
      status: failure,
      headers,
      json: { success: false, status: failure, data: { error: 'failing on purpose (fixture)' } },
    });
  if (endpoint === 'imgur-account') return imgurAccount(route, headers, record.at(-1)?.headers.authorization, accounts);
  if (url.hostname === 'catbox.moe')
    return route.fulfill({ status: 200, headers, contentType: 'text/plain', body: 'https://files.catbox.moe/abc123.png' });
  if (url.hostname === 'api.imgbb.com')
    return route.fulfill({
      status: 200,
      headers,
      json: {
        data: { id: 'x', url: 'https://i.ibb.co/x/y.png', display_url: 'https://i.ibb.co/x/y.png', delete_url: 'https://ibb.co/x/del' },
        success: true,
        status: 200,
      },
    });
  if (url.pathname.startsWith('/oauth2/token'))
    return route.fulfill({
      status: 200,
      headers,
      json: { access_token: 'imgur-new', expires_in: 3600, token_type: 'bearer', refresh_token: 'imgur-refresh' },
    });
  return route.fulfill({
    status: 200,
    headers,
    json: { data: { link: 'https://i.imgur.com/z.png', id: 'z' }, success: true, status: 200 },
  });
}

interface Bed {
  options: HostGotoOptions;
  imageRequests: ImageRequest[];
  imageFailures: ImageFailures;
  oauth: OAuthReturns;
}

export const test = base.extend<{ api: MockApi; host: Host; bed: Bed; world: ScriptWorld }>({
  world: ['page', { option: true }],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
  api: async ({}, use) => {
    await use(createMockApi());
  },

  // Routing for every page of the context; auto so that tests using only `page` or `context` get it too.
  bed: [
    async ({ context, api, world }, use) => {
      const bed: Bed = { options: {}, imageRequests: [], imageFailures: {}, oauth: defaultOAuthReturns() };
      // The GM shim sends as a manager does, from outside the page: what it sends with is taken
      // before any page script runs (a test's own init scripts come after the context's).
      await context.addInitScript(gmNetSource());
      // Playwright switches Chromium's file-chooser interception on when a page gets its first
      // 'filechooser' listener, asynchronously: a test's waitForEvent('filechooser') beside the key
      // that opens the chooser could lose that race, and the chooser went by unseen (puppeteer#6040).
      // Listening from the page's start keeps interception on before any action.
      context.on('page', (tab) => tab.on('filechooser', () => undefined));
      await context.route('**/*', async (route) => {
        const request = route.request();
        const url = new URL(request.url());
        try {
          if (url.hostname === 'anilist.co') {
            if (url.pathname === USERSCRIPT_SRC)
              return await route.fulfill({ contentType: 'text/javascript', body: scriptSource(bed.options) });
            // The implicit-grant OAuth flows approve at once and come back with the token in the fragment.
            if (url.pathname === '/api/v2/oauth/authorize')
              return await route.fulfill(approvingPage('void_auth', bed.oauth.anilist, url, bed.oauth.echoState));
            if (url.pathname === REPLICA_DATA_PATH)
              return await route.fulfill({ contentType: 'application/json', body: JSON.stringify(bed.options.data ?? api.state) });
            if (request.resourceType() === 'document') {
              const html = renderPage(url.pathname, {
                ...bed.options,
                data: bed.options.data ?? api.state,
                bodyEnd: (bed.options.bodyEnd ?? '') + bodyEnd(bed.options, world),
              });
              return await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
            }
            return await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found (replica)' });
          }
          if (url.hostname === 'graphql.anilist.co') {
            if (request.method() === 'OPTIONS') {
              const pre = corsPreflight();
              return await route.fulfill({ status: pre.status, headers: pre.headers, body: pre.body });
            }
            const res = await api.handle({ body: request.postData() ?? '', headers: await request.allHeaders() });
            if (res.abort) return await route.abort('failed');
            return await route.fulfill({ status: res.status, headers: res.headers, body: res.body });
          }
          if (url.hostname === 'api.imgur.com' && url.pathname === '/oauth2/authorize')
            return await route.fulfill(approvingPage('void_imgur', bed.oauth.imgur, url, bed.oauth.echoState));
          if (url.hostname === 'catbox.moe' || url.hostname === 'api.imgbb.com' || url.hostname === 'api.imgur.com')
            return await imageHost(route, url, bed.imageRequests, bed.imageFailures, bed.oauth.imgurAccounts);
          if (url.hostname.endsWith('.anilist.co') || url.hostname === 'i.ytimg.com')
            return await route.fulfill({
              status: 200,
              contentType: 'image/png',
              body: PNG,
              headers: { 'Access-Control-Allow-Origin': '*' },
            });
          return await route.abort();
        } catch (error) {
          // A failing handler would leave the request hanging; answer with the error instead.
          console.error(`[fixtures] route ${request.method()} ${url.href} failed:`, error);
          await route.fulfill({ status: 500, contentType: 'text/plain', body: String(error) }).catch(() => undefined);
        }
      });
      await use(bed);
    },
    { auto: true },
  ],

  host: async ({ page, context, bed, world }, use) => {
    await use({
      get options() {
        return bed.options;
      },
      imageRequests: bed.imageRequests,
      imageFailures: bed.imageFailures,
      oauth: bed.oauth,
      world,
      async goto(path, opts = {}) {
        if (opts.script !== false) scriptSource(opts); // fail here, clearly, when dist/ is missing
        bed.options = opts;
        if (world === 'isolated') await prepareIsolated(page, context, opts);
        return page.goto(ORIGIN + path);
      },
      async newPage(path) {
        const tab = await context.newPage();
        if (world === 'isolated') await prepareIsolated(tab, context, bed.options);
        if (path !== undefined) await tab.goto(ORIGIN + path);
        return tab;
      },
      async scriptReady(tab: Page = page) {
        await scriptStarted(tab);
      },
      evalInScript<R, A>(fn: (arg: A) => R | Promise<R>, arg?: A, tab: Page = page): Promise<R> {
        // Playwright's evaluate types its argument as "unboxed"; ours are plain JSON values.
        return world === 'isolated' ? evalIsolated(tab, context, fn, arg as A) : tab.evaluate(fn as (arg: unknown) => R | Promise<R>, arg);
      },
    });
  },
});
