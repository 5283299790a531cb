/**
 * A browser context for the bench's longer runs: the replica of anilist.co with the GM shim and the
 * built script on every document (every tab of the context), the mock API answering
 * graphql.anilist.co, anything else answered empty. The mock's live data renders the pages, so what
 * the script changes through the API shows up on the next load.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { settingsKey } from '../src/data/config';
import { booleanOptionKeys } from '../tests/host/feature-options';
import { gmShimSource } from '../tests/host/gm-shim';
import { OPEN_SHADOW_ROOTS } from '../tests/host/open-shadow-roots';
import { corsPreflight, type MockApi } from '../tests/host/mock-api';
import { renderPage } from '../tests/host/replica';

export const SCRIPT = readFileSync(new URL('../dist/voidverified.user.js', import.meta.url), 'utf8');
/**
 * The test build, built beside it: the same script plus `window.__voidVerified` (tests/host/test-hooks.ts),
 * for the runs that define thousands of commands through the registry. Everything else runs SCRIPT.
 */
export const TEST_SCRIPT = readFileSync(new URL('../dist/test/voidverified.user.js', import.meta.url), 'utf8');

/** A returning user: the changelog of this version was already seen. */
export const CHANGELOG_SEEN_SEED = { 'void-verified-changelog-seen': JSON.stringify({ v: 1, data: '9999' }) };

/** A stored value in the storage adapter's envelope (version 1 unless its key is at another). */
export const stored = (data: unknown, version = 1): string => JSON.stringify({ v: version, data });

/**
 * The stored settings with every on/off option on (the options read from the script's sources), as
 * this version writes them: a returning user's. In an older envelope every load would migrate them
 * and write them back, which a user's browser does once.
 */
export async function allOnSettings(): Promise<string> {
  const keys = await booleanOptionKeys();
  return stored(Object.fromEntries(keys.map((k) => [k, true])), settingsKey.version);
}

/** An API token the mock accepts, valid for most of a year from `now`. */
export const tokenSeed = (now: number): Record<string, string> => ({
  'void-verified-auth': stored({ token: 'valid-token', expires: now + 300 * 86_400_000 }),
});

/**
 * Stamps each API call with the page's clock (`x-bench-at`), which under Playwright's clock is the
 * simulated time: the mock then counts it at the moment the page sent it. The script sends through
 * the GM shim, which sends with the fetch it finds when installed: this one, wrapped before it.
 */
const STAMP_API_CALLS = `(() => {
  const realFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input && input.url;
    if (typeof url === 'string' && url.startsWith('https://graphql.anilist.co')) {
      const headers = new Headers((init && init.headers) || (input instanceof Request ? input.headers : undefined));
      headers.set('x-bench-at', String(Date.now()));
      init = Object.assign({}, init, { headers });
    }
    return realFetch.call(this, input, init);
  };
})();`;

export interface ScriptedContext {
  context: BrowserContext;
  api: MockApi;
  /** Opens a tab of the context at https://anilist.co{path}. */
  open(path: string): Promise<Page>;
}

export async function scriptedContext(
  browser: Browser,
  api: MockApi,
  opts: { seed?: Record<string, string>; activities?: number; onRequestAt?: (at: number) => void; script?: string } = {},
): Promise<ScriptedContext> {
  const script = opts.script ?? SCRIPT;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with a `__name` helper that page.evaluate'd functions then call.
  await context.addInitScript('window.__name = (fn) => fn;');
  // The script's shadow roots are closed; the bench's probes look inside them.
  await context.addInitScript(OPEN_SHADOW_ROOTS);
  if (opts.onRequestAt) await context.addInitScript(STAMP_API_CALLS);
  const bodyEnd = `<script>${gmShimSource({ mode: 'sync', seed: { ...CHANGELOG_SEEN_SEED, ...opts.seed } })}</script><script>${script.replace(/<\/script/gi, '<\\/script')}</script>`;
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.hostname === 'anilist.co' && request.resourceType() === 'document')
      return route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: renderPage(url.pathname, { activities: opts.activities, bodyEnd, data: api.state }),
      });
    if (url.hostname === 'graphql.anilist.co') {
      if (request.method() === 'OPTIONS') {
        const pre = corsPreflight();
        return route.fulfill({ status: pre.status, headers: pre.headers, body: pre.body });
      }
      const at = Number(request.headers()['x-bench-at']);
      if (opts.onRequestAt && Number.isFinite(at)) opts.onRequestAt(at);
      const answer = await api.handle({ body: request.postData() ?? '', headers: request.headers() });
      if (answer.abort) return route.abort('failed');
      return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  return {
    context,
    api,
    async open(path) {
      const tab = await context.newPage();
      await tab.goto(`https://anilist.co${path}`, { waitUntil: 'load' });
      return tab;
    },
  };
}

/**
 * Every on/off option the script registers, switched on (what the sandbox's "Switch every feature
 * on" does): read from the script's sources (tests/host/feature-options.ts), merged into the
 * stored settings of a page once the script has started there.
 */
export async function allFeaturesOn(page: Page): Promise<void> {
  const keys = await booleanOptionKeys();
  await page.waitForSelector('html[data-voidverified]', { state: 'attached' });
  await page.evaluate((keys) => {
    const w = window as unknown as {
      GM_getValue(key: string): unknown;
      GM_setValue(key: string, value: string): void;
    };
    let data: Record<string, unknown> = {};
    try {
      const raw = w.GM_getValue('void-verified-settings');
      if (typeof raw === 'string') data = (JSON.parse(raw) as { data?: Record<string, unknown> }).data ?? {};
    } catch {
      data = {};
    }
    for (const key of keys) data[key] = true;
    w.GM_setValue('void-verified-settings', JSON.stringify({ v: 1, data }));
  }, keys);
}

/**
 * Types `query` into the open palette and times the filter: from the moment the dashboard's 100 ms
 * debounce fires (its timer is wrapped here, in the bench only) to the re-rendered list, so the
 * filter's own latency and not the debounce wait. NaN when the list did not change within a second.
 * `attributes`: also count a change of attributes only (the selected row) as the list re-rendering.
 */
export function filterOnce(page: Page, query: string, attributes = false): Promise<number> {
  return page.evaluate(
    async ({ query, attributes }) => {
      const root = document.querySelector('[data-void-ui="overlay"]')!.shadowRoot!;
      const input = root.querySelector('input[cmdk-input]') as HTMLInputElement;
      const list = root.querySelector('[cmdk-list]')!;
      const w = window as unknown as { __filterStart?: number; __timerWrapped?: boolean };
      if (!w.__timerWrapped) {
        w.__timerWrapped = true;
        const original = window.setTimeout.bind(window);
        window.setTimeout = ((fn: () => void, delay?: number, ...rest: unknown[]) =>
          original(delay === 100 ? () => ((w.__filterStart = performance.now()), fn()) : fn, delay, ...rest)) as typeof window.setTimeout;
      }
      w.__filterStart = undefined;
      // Typed through the editing commands: an input event the browser makes (the script ignores
      // synthetic ones, as a page script's are).
      input.focus();
      input.select();
      if (query) document.execCommand('insertText', false, query);
      else document.execCommand('delete');
      return new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (w.__filterStart === undefined) return;
          observer.disconnect();
          // Force layout: the time until the new list is ready for the next paint.
          list.getBoundingClientRect();
          resolve(performance.now() - w.__filterStart);
        });
        observer.observe(list, { childList: true, subtree: true, characterData: true, attributes });
        setTimeout(() => (observer.disconnect(), resolve(NaN)), 1_000);
      });
    },
    { query, attributes },
  );
}
