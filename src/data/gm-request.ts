/**
 * Cross-origin requests through the userscript manager (GM_xmlhttpRequest in Tampermonkey and
 * Violentmonkey, GM.xmlHttpRequest in Greasemonkey 4): the image hosts do not all allow AniList's
 * origin (catbox sends no CORS headers). Outside a manager, plain fetch without credentials.
 * Callers get one small promise API whichever is used.
 */

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** FormData goes as multipart; a string with the Content-Type the caller sets. */
  body?: FormData | string;
}

export interface HttpResponse {
  status: number;
  text: string;
}

/** Sends a request; rejects only when no answer arrived (network error, timeout, abort). */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

interface GmDetails {
  method: string;
  url: string;
  headers?: Record<string, string>;
  data?: FormData | string;
  timeout?: number;
  anonymous?: boolean;
  onload(response: { status: number; responseText: string; responseHeaders?: string }): void;
  onerror(response: unknown): void;
  ontimeout(response: unknown): void;
  onabort(response: unknown): void;
}
export type GmXhr = (details: GmDetails) => unknown;

/* Injected by the manager into the script's scope; either may be missing. */
declare const GM_xmlhttpRequest: GmXhr | undefined;
declare const GM: { xmlHttpRequest?: GmXhr } | undefined;

/** Uploads can be large and hosts slow: give up after this long. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The manager's request function, or null outside a manager. */
export function managerXhr(): GmXhr | null {
  if (typeof GM_xmlhttpRequest === 'function') return GM_xmlhttpRequest;
  if (typeof GM === 'object' && GM !== null && typeof GM.xmlHttpRequest === 'function') return GM.xmlHttpRequest.bind(GM);
  return null;
}

/**
 * The ways out as they were when the script started: this module is evaluated in the script's
 * first synchronous run (main.tsx imports it), before any later page script can wrap `fetch`.
 * Requests carrying a credential use these, never the page's current `window.fetch`, which any
 * script on the page may replace to read what passes through it.
 */
const atStart = {
  xhr: managerXhr(),
  fetch: typeof fetch === 'function' ? fetch.bind(globalThis) : null,
  URL,
};

/** The manager's request function as it was at start-up, or null outside a manager. */
export function startXhr(): GmXhr | null {
  return atStart.xhr;
}

/** `fetch` as it was at start-up (bound to the window it came from). */
export function startFetch(): typeof fetch {
  if (!atStart.fetch) throw new Error('This browser has no fetch: requests cannot be sent.');
  return atStart.fetch;
}

/** The host of a request's address, for messages: never the path or query, which may carry credentials. */
export function requestHost(url: string): string {
  try {
    // The URL constructor as it was at start-up: the address may carry a credential (imgbb's key).
    return new atStart.URL(url).host;
  } catch {
    return 'an unreadable address';
  }
}

/** A transport over the manager's request function. */
export function gmTransport(xhr: GmXhr): Transport {
  return (request) =>
    new Promise<HttpResponse>((resolve, reject) => {
      // Names the host only: the address may carry a credential (imgbb's key is in its query).
      const fail = (what: string) => () => reject(new Error(`${request.method} ${requestHost(request.url)}: ${what}`));
      const pending = xhr({
        method: request.method,
        url: request.url,
        headers: request.headers,
        data: request.body,
        timeout: REQUEST_TIMEOUT_MS,
        // No cookies: an upload is never tied to anything but what the request itself carries.
        anonymous: true,
        onload: (r) => resolve({ status: r.status, text: typeof r.responseText === 'string' ? r.responseText : '' }),
        onerror: fail('network error'),
        ontimeout: fail('timed out'),
        onabort: fail('aborted'),
      });
      // GM.xmlHttpRequest of newer managers also returns a promise: its rejection is reported above.
      if (pending instanceof Promise) pending.catch(() => undefined);
    });
}

/** A transport over fetch (no manager; by default the one taken at start-up): works only with hosts that allow AniList's origin. */
export function fetchTransport(fetcher: typeof fetch = startFetch()): Transport {
  return async (request) => {
    const res = await fetcher(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: 'omit',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: res.status, text: await res.text() };
  };
}

/** The manager's cross-origin request when there is one, else fetch (both as they were at start-up). */
export function defaultTransport(): Transport {
  const xhr = startXhr();
  return xhr ? gmTransport(xhr) : fetchTransport();
}
