import { requestHost, startFetch, startXhr, type GmXhr } from './gm-request';

/**
 * How the GraphQL client's requests leave the page. The token travels in their Authorization
 * header, so they never pass through anything a page script can replace: in a userscript manager
 * they go through its GM_xmlhttpRequest / GM.xmlHttpRequest (which runs outside the page, and was
 * taken when the script started), and without one through the `fetch` taken in the script's first
 * synchronous run, not the page's current `window.fetch`. Requests are built from plain objects
 * (no `Headers`, `Request` or `XMLHttpRequest` of the page), and the manager's answer is read from
 * plain strings.
 */

export interface ApiRequest {
  url: string;
  /** Sent as given; the client's own plain object. */
  headers: Record<string, string>;
  /** The JSON text of the request. */
  body: string;
  signal?: AbortSignal;
}

/** What arrived: the status, the headers, and the body once. */
export interface ApiAnswer {
  readonly status: number;
  /** A response header by name (any case), or null when absent. */
  header(name: string): string | null;
  text(): Promise<string>;
  /** Drops a body that will not be read (a 429's). */
  discard(): Promise<void>;
}

/**
 * Sends a POST; rejects when no answer arrived: with the signal's reason when it aborted (as fetch
 * does), with an Error naming the host otherwise (network error, timeout).
 */
export type ApiTransport = (request: ApiRequest) => Promise<ApiAnswer>;

/** A request through the manager gives up after this long (fetch's own limits apply without one). */
export const API_TIMEOUT_MS = 60_000;

/** The client's requests over a fetch function (tests hand in their own). */
export function fetchApiTransport(fetcher: typeof fetch): ApiTransport {
  return async (request) => {
    const response = await fetcher(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: request.signal,
    });
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      text: () => response.text(),
      discard: async () => {
        await response.body?.cancel().catch(() => undefined);
      },
    };
  };
}

/**
 * The manager's `responseHeaders` ("name: value" lines) by lower-case name; a repeated header's
 * values joined with ", ", as `Headers.get` does.
 */
export function parseResponseHeaders(raw: unknown): Map<string, string> {
  const headers = new Map<string, string>();
  if (typeof raw !== 'string') return headers;
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const before = headers.get(name);
    headers.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  return headers;
}

/** Aborts a manager request: GM_xmlhttpRequest returns `{ abort }`, GM.xmlHttpRequest a promise that has one too. */
function abortRequest(handle: unknown): void {
  const abort = (handle as { abort?: unknown } | null | undefined)?.abort;
  if (typeof abort === 'function') abort.call(handle);
}

/** An answer from the manager's response object. */
function managerAnswer(response: { status: number; responseText: string; responseHeaders?: string }): ApiAnswer {
  const headers = parseResponseHeaders(response.responseHeaders);
  const text = typeof response.responseText === 'string' ? response.responseText : '';
  return {
    status: response.status,
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    text: () => Promise.resolve(text),
    discard: () => Promise.resolve(),
  };
}

/** The client's requests over the manager's request function. */
export function managerApiTransport(xhr: GmXhr): ApiTransport {
  return (request) =>
    new Promise<ApiAnswer>((resolve, reject) => {
      const { signal } = request;
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        abortRequest(handle);
        reject(signal!.reason);
      };
      const settle = () => signal?.removeEventListener('abort', onAbort);
      // Names the host only, like every request error (the address could carry a credential).
      const fail = (what: string) => () => {
        settle();
        reject(signal?.aborted ? signal.reason : new Error(`POST ${requestHost(request.url)}: ${what}`));
      };
      const handle = xhr({
        method: 'POST',
        url: request.url,
        headers: { ...request.headers },
        data: request.body,
        timeout: API_TIMEOUT_MS,
        // No cookies, like fetch from the page to another origin: only the token says who asks.
        anonymous: true,
        onload: (response) => {
          // Some managers report a request that got no answer as a load with status 0.
          if (!response || !response.status) return fail('network error')();
          settle();
          resolve(managerAnswer(response));
        },
        onerror: fail('network error'),
        ontimeout: fail('timed out'),
        onabort: fail('aborted'),
      });
      // GM.xmlHttpRequest of newer managers also returns a promise: its rejection is reported above.
      if (handle instanceof Promise) handle.catch(() => undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}

/** The manager's request when there is one, else fetch: both as they were when the script started. */
export function startApiTransport(): ApiTransport {
  const xhr = startXhr();
  return xhr ? managerApiTransport(xhr) : fetchApiTransport(startFetch());
}
