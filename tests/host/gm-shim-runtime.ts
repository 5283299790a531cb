/**
 * The GM shim's page side (see gm-shim.ts). Runs in the browser only, as a classic script built by
 * browser-script.ts: keep it self-contained (no imports, no references outside this file).
 */
import type { GmMode } from './gm-shim';

export interface GmShimConfig {
  mode: GmMode;
  seed: Record<string, string>;
  prefix: string;
  seededKey: string;
}

/**
 * What the shim's xmlHttpRequest sends with, taken once: a real manager sends from outside the page,
 * so nothing the page replaces later (`fetch`, `Headers`, timers, `JSON`) may see its requests.
 */
export interface GmNet {
  fetch: typeof fetch;
  AbortController: typeof AbortController;
  TextDecoder: typeof TextDecoder;
  Blob: typeof Blob;
  URL: typeof URL;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  parseJson: (text: string) => unknown;
  /** `response.arrayBuffer()` and `response.headers.forEach(...)`, through the methods as they were. */
  bytes: (response: Response) => Promise<ArrayBuffer>;
  eachHeader: (response: Response, visit: (value: string, name: string) => void) => void;
}

/**
 * Takes what the xmlHttpRequest uses from the window as it is now. The e2e fixtures take it in an
 * init script that runs before any page script (`window.__gmNet`, which the page cannot replace),
 * so that a page script wrapping `fetch` before the shim is installed cannot see its requests either.
 */
export function captureNet(): GmNet {
  const apply = Reflect.apply;
  const fetchAtStart = window.fetch;
  const arrayBuffer = Response.prototype.arrayBuffer;
  const forEach = Headers.prototype.forEach;
  const parse = JSON.parse;
  const timeout = window.setTimeout;
  const clear = window.clearTimeout;
  return Object.freeze({
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => apply(fetchAtStart, window, [input, init])) as typeof fetch,
    AbortController,
    TextDecoder,
    Blob,
    URL,
    setTimeout: (run: () => void, ms: number): unknown => apply(timeout, window, [run, ms]),
    clearTimeout: (id: unknown) => void apply(clear, window, [id]),
    parseJson: (text: string) => apply(parse, JSON, [text]) as unknown,
    bytes: (response: Response) => apply(arrayBuffer, response, []) as Promise<ArrayBuffer>,
    eachHeader: (response: Response, visit: (value: string, name: string) => void) => void apply(forEach, response.headers, [visit]),
  });
}

export function installGmShim(config: GmShimConfig): void {
  const { mode, seed, prefix, seededKey } = config;
  const w = window as unknown as Record<string, unknown>;
  // Taken before any page script when the test bed could (see captureNet), else now.
  const net = (w.__gmNet as GmNet | undefined) ?? captureNet();
  const ls = window.localStorage;
  type Listener = { key: string; cb: (name: string, oldValue: unknown, newValue: unknown, remote: boolean) => void };
  const listeners = new Map<number, Listener>();
  let nextListenerId = 1;
  const requests: { method: string; url: string; headers: Record<string, string>; bodyKind: string; body?: string; at: number }[] = [];

  const decode = (raw: string | null): unknown => {
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      return undefined;
    }
  };

  // Seed once per key.
  let seeded: string[] = [];
  try {
    const parsed = JSON.parse(ls.getItem(seededKey) ?? '[]');
    if (Array.isArray(parsed)) seeded = parsed;
  } catch {
    seeded = [];
  }
  for (const key of Object.keys(seed)) {
    if (seeded.includes(key)) continue;
    if (ls.getItem(prefix + key) === null) ls.setItem(prefix + key, JSON.stringify(seed[key]));
    seeded.push(key);
  }
  if (Object.keys(seed).length > 0) ls.setItem(seededKey, JSON.stringify(seeded));

  const notify = (key: string, oldValue: unknown, newValue: unknown, remote: boolean) => {
    for (const l of Array.from(listeners.values())) {
      if (l.key !== key) continue;
      try {
        l.cb(key, oldValue, newValue, remote);
      } catch (e) {
        console.error('[gm-shim] value change listener failed', e);
      }
    }
  };

  const getValue = (key: string, fallback?: unknown): unknown => {
    const value = decode(ls.getItem(prefix + key));
    return value === undefined ? fallback : value;
  };
  /** Keys whose writes are refused as over the quota (a test hook: `__gm.failWrites([...])`). */
  const refused = new Set<string>();
  const setValue = (key: string, value: unknown): void => {
    if (value === undefined) return deleteValue(key);
    if (refused.has(key)) throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
    const oldRaw = ls.getItem(prefix + key);
    const raw = JSON.stringify(value);
    ls.setItem(prefix + key, raw);
    if (oldRaw !== raw) queueMicrotask(() => notify(key, decode(oldRaw), decode(raw), false));
  };
  const deleteValue = (key: string): void => {
    const oldRaw = ls.getItem(prefix + key);
    ls.removeItem(prefix + key);
    if (oldRaw !== null) queueMicrotask(() => notify(key, decode(oldRaw), undefined, false));
  };
  const listValues = (): string[] => {
    const keys: string[] = [];
    for (let i = 0; i < ls.length; i++) {
      const k = ls.key(i);
      if (k !== null && k.startsWith(prefix)) keys.push(k.slice(prefix.length));
    }
    return keys.sort();
  };
  const addListener = (key: string, cb: Listener['cb']): number => {
    const id = nextListenerId++;
    listeners.set(id, { key, cb });
    return id;
  };
  const removeListener = (id: number): void => {
    listeners.delete(id);
  };

  // Other pages of the same origin (tabs) write the same localStorage: that is a remote change.
  window.addEventListener('storage', (e) => {
    if (e.storageArea !== ls) return;
    if (e.key === null) {
      // localStorage.clear() elsewhere: every key we listen to may be gone.
      for (const l of Array.from(listeners.values())) notify(l.key, undefined, undefined, true);
      return;
    }
    if (!e.key.startsWith(prefix)) return;
    notify(e.key.slice(prefix.length), decode(e.oldValue), decode(e.newValue), true);
  });

  interface XhrDetails {
    method?: string;
    url: string;
    headers?: Record<string, string>;
    data?: unknown;
    responseType?: '' | 'text' | 'json' | 'blob' | 'arraybuffer' | 'document';
    timeout?: number;
    context?: unknown;
    anonymous?: boolean;
    onload?: (r: unknown) => void;
    onerror?: (r: unknown) => void;
    onabort?: (r: unknown) => void;
    ontimeout?: (r: unknown) => void;
    onloadend?: (r: unknown) => void;
  }

  const bodyKind = (data: unknown): string => {
    if (data === undefined || data === null) return 'none';
    if (typeof data === 'string') return 'string';
    if (typeof FormData !== 'undefined' && data instanceof FormData) return 'formdata';
    if (typeof URLSearchParams !== 'undefined' && data instanceof URLSearchParams) return 'urlsearchparams';
    if (typeof Blob !== 'undefined' && data instanceof Blob) return 'blob';
    if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return 'arraybuffer';
    return 'other';
  };

  // A manager makes the request outside the page: when the page goes away, the request is dropped
  // and nothing of the script hears of it again. Here fetch runs in the page and fails as it
  // unloads; answering that failure would tell the script of errors a manager never reports (the
  // sandbox's every-feature-on reload counted three and paused requests for a minute).
  let leaving = false;
  window.addEventListener('pagehide', (e) => {
    if (e.isTrusted) leaving = true;
  });
  const dropped = () => new Promise<never>(() => undefined);

  const xhr = (d: XhrDetails): { abort(): void; done: Promise<unknown> } => {
    const method = (d.method ?? 'GET').toUpperCase();
    const headers = d.headers ?? {};
    requests.push({
      method,
      url: d.url,
      headers: { ...headers },
      bodyKind: bodyKind(d.data),
      ...(typeof d.data === 'string' ? { body: d.data } : {}),
      at: Date.now(),
    });
    const controller = new net.AbortController();
    let aborted = false;
    let timedOut = false;
    const timer = d.timeout ? net.setTimeout(() => ((timedOut = true), controller.abort()), d.timeout) : undefined;
    const base = { finalUrl: d.url, context: d.context, readyState: 4 };
    const body = method === 'GET' || method === 'HEAD' || d.data === undefined || d.data === null ? undefined : d.data;
    const done = net
      .fetch(new net.URL(d.url, location.href).href, {
        method,
        headers,
        // The body kinds fetch accepts; anything else is sent as its string form.
        body: body === undefined ? undefined : bodyKind(body) === 'other' ? String(body) : (body as BodyInit),
        signal: controller.signal,
        credentials: 'omit',
      })
      .then(
        async (res) => {
          net.clearTimeout(timer);
          if (leaving) return dropped();
          const buffer = await net.bytes(res);
          const text = new net.TextDecoder().decode(buffer);
          let response: unknown = text;
          let responseHeaders = '';
          let contentType = '';
          net.eachHeader(res, (value, name) => {
            responseHeaders += `${name}: ${value}\r\n`;
            if (name === 'content-type') contentType = value;
          });
          if (d.responseType === 'json') {
            try {
              response = net.parseJson(text);
            } catch {
              response = null;
            }
          } else if (d.responseType === 'blob') response = new net.Blob([buffer], { type: contentType });
          else if (d.responseType === 'arraybuffer') response = buffer;
          const result = {
            ...base,
            status: res.status,
            statusText: res.statusText,
            responseText: text,
            response,
            responseHeaders,
            finalUrl: res.url || d.url,
          };
          if (leaving) return dropped();
          d.onload?.(result);
          d.onloadend?.(result);
          return result;
        },
        (error: unknown) => {
          net.clearTimeout(timer);
          if (leaving) return dropped();
          const result = {
            ...base,
            status: 0,
            statusText: '',
            responseText: '',
            response: null,
            responseHeaders: '',
            error: String(error),
          };
          if (timedOut) d.ontimeout?.(result);
          else if (aborted) d.onabort?.(result);
          else d.onerror?.(result);
          d.onloadend?.(result);
          throw Object.assign(new Error(timedOut ? 'timeout' : aborted ? 'abort' : 'network error'), { response: result });
        },
      );
    return {
      abort() {
        aborted = true;
        controller.abort();
      },
      done,
    };
  };

  const info = { script: { name: 'VoidVerified Palette', version: 'test' }, scriptHandler: 'gm-shim', version: '1.0' };

  if (mode === 'sync' || mode === 'both') {
    w.GM_getValue = getValue;
    w.GM_setValue = setValue;
    w.GM_deleteValue = deleteValue;
    w.GM_listValues = listValues;
    w.GM_addValueChangeListener = addListener;
    w.GM_removeValueChangeListener = removeListener;
    w.GM_xmlhttpRequest = (d: XhrDetails) => {
      const r = xhr(d);
      r.done.catch(() => undefined); // reported through the callbacks
      return { abort: r.abort };
    };
    w.GM_info = info;
  }
  if (mode === 'async' || mode === 'both') {
    w.GM = {
      info,
      getValue: (key: string, fallback?: unknown) => Promise.resolve(getValue(key, fallback)),
      // A refused write rejects, as the managers' promise API does (it does not throw).
      setValue: (key: string, value: unknown) => new Promise<void>((resolve) => resolve(setValue(key, value))),
      deleteValue: (key: string) => new Promise<void>((resolve) => resolve(deleteValue(key))),
      listValues: () => Promise.resolve(listValues()),
      addValueChangeListener: (key: string, cb: Listener['cb']) => Promise.resolve(addListener(key, cb)),
      removeValueChangeListener: (id: number) => Promise.resolve(removeListener(id)),
      xmlHttpRequest: (d: XhrDetails) => {
        const r = xhr(d);
        // A promise (resolves on load, rejects on error/abort/timeout) with abort(), like Tampermonkey 5.
        return Object.assign(r.done, { abort: r.abort });
      },
    };
  }
  w.__gm = {
    requests,
    /** From now on (until the page unloads), writes of these keys are refused with a QuotaExceededError. */
    failWrites(keys: string[]): void {
      refused.clear();
      for (const key of keys) refused.add(key);
    },
    dump(): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const key of listValues()) out[key] = getValue(key);
      return out;
    },
  };
}
