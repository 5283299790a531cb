/**
 * What sending AniList's requests through the userscript manager costs (issue 25): the GraphQL
 * client's transport (src/data/api-transport.ts) over the manager's GM_xmlhttpRequest, against the
 * same transport over a plain fetch, both sending the same authorized query to the mock API through
 * the same route. The manager is the GM shim, which sends with the fetch it took when installed, as
 * a manager sends from outside the page: the difference is our adapter plus the manager's request
 * object and its callbacks, not the network. (A real manager adds its own messaging between the
 * page and its background page, which no bench here can measure.)
 *
 *   latency: one request at a time, median and p95
 *   requests per second: many requests, several in flight at once
 *
 * The client's pacing (5 a second, 30 a minute) is left out: it would measure the pacing.
 */
import type { Browser } from 'playwright-core';
import { build } from 'esbuild';
import { gmShimSource } from '../tests/host/gm-shim';
import { corsPreflight, createMockApi } from '../tests/host/mock-api';

export interface TransportFigures {
  /** 'manager': GM_xmlhttpRequest (the shim); 'fetch': the page's fetch. */
  path: 'manager' | 'fetch';
  /** Milliseconds per request, one at a time. */
  latencies: number[];
  /** Requests per second with `inFlight` at a time. */
  perSecond: number;
}

const TOKEN = 'valid-token';
const QUERY = JSON.stringify({ query: 'query Probe { Viewer { id name } }', variables: {} });

/** The transports module, bundled for the page as `window.__transports`. */
async function transportsSource(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `export { fetchApiTransport, managerApiTransport } from './data/api-transport';`,
      resolveDir: new URL('../src/', import.meta.url).pathname,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__transports',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

export async function requestCost(
  browser: Browser,
  opts: { sequential: number; concurrent: number; inFlight: number; rounds: number },
): Promise<TransportFigures[]> {
  const api = createMockApi();
  const context = await browser.newContext();
  // tsx keeps function names with a `__name` helper that page.evaluate'd functions then call.
  await context.addInitScript('window.__name = (fn) => fn;');
  const page = `<!doctype html><html><body><script>${gmShimSource({ mode: 'sync' })}</script><script>${(await transportsSource()).replace(/<\/script/gi, '<\\/script')}</script></body></html>`;
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.hostname === 'anilist.co') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: page });
    if (url.hostname === 'graphql.anilist.co') {
      if (request.method() === 'OPTIONS') {
        const pre = corsPreflight();
        return route.fulfill({ status: pre.status, headers: pre.headers, body: pre.body });
      }
      const answer = await api.handle({ body: request.postData() ?? '', headers: request.headers() });
      return route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  const tab = await context.newPage();
  await tab.goto('https://anilist.co/bench', { waitUntil: 'load' });
  const run = await tab.evaluate(
    async ({ token, query, sequential, concurrent, inFlight, rounds }) => {
      type Transport = (r: {
        url: string;
        headers: Record<string, string>;
        body: string;
      }) => Promise<{ status: number; text(): Promise<string> }>;
      const w = window as unknown as {
        __transports: { managerApiTransport(xhr: unknown): Transport; fetchApiTransport(f: typeof fetch): Transport };
        GM_xmlhttpRequest: unknown;
      };
      const paths = {
        manager: w.__transports.managerApiTransport(w.GM_xmlhttpRequest),
        fetch: w.__transports.fetchApiTransport((input, init) => fetch(input, init)),
      };
      const one = async (send: Transport) => {
        const answer = await send({
          url: 'https://graphql.anilist.co',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
          body: query,
        });
        const text = await answer.text();
        if (answer.status !== 200 || !text.includes('"Viewer"'))
          throw new Error(`unexpected answer ${answer.status}: ${text.slice(0, 80)}`);
      };
      const latencies: Record<string, number[]> = { manager: [], fetch: [] };
      const rates: Record<string, number[]> = { manager: [], fetch: [] };
      for (let i = 0; i < 5; i++) for (const send of Object.values(paths)) await one(send); // warm-up
      // One request at a time, the two paths taking turns (each goes first every other time), so
      // that both meet the same load on the machine.
      for (let i = 0; i < sequential; i++) {
        const order = i % 2 ? (['fetch', 'manager'] as const) : (['manager', 'fetch'] as const);
        for (const path of order) {
          const start = performance.now();
          await one(paths[path]);
          latencies[path]!.push(performance.now() - start);
        }
      }
      // Bursts with several in flight, in alternating rounds.
      for (let round = 0; round < rounds; round++)
        for (const path of round % 2 ? (['fetch', 'manager'] as const) : (['manager', 'fetch'] as const)) {
          let next = 0;
          const start = performance.now();
          const worker = async () => {
            while (next < concurrent) {
              next++;
              await one(paths[path]);
            }
          };
          await Promise.all(Array.from({ length: inFlight }, worker));
          rates[path]!.push(concurrent / ((performance.now() - start) / 1000));
        }
      return { latencies, rates };
    },
    { token: TOKEN, query: QUERY, ...opts },
  );
  await context.close();
  const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  const figures: TransportFigures[] = (['manager', 'fetch'] as const).map((path) => ({
    path,
    latencies: run.latencies[path]!,
    perSecond: middle(run.rates[path]!),
  }));
  return figures;
}
