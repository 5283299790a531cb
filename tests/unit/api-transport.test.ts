import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientReports } from '../../src/commands/api-reports';
import { managerApiTransport, parseResponseHeaders, type ApiRequest } from '../../src/data/api-transport';
import { memoryBackend } from '../../src/data/backend';
import { requestHost, type GmXhr } from '../../src/data/gm-request';
import { GraphQLClient, rateLimitKey, type Clock, type GqlDocument } from '../../src/data/graphql';
import { decodeStored, Store } from '../../src/data/storage';
import { authKey } from '../../src/data/auth';
import { catboxRequest, imgurRefreshRequest } from '../../src/data/image-hosts';
import { fragmentParams } from '../../src/data/oauth';
import { ToastBus, type Toast } from '../../src/commands/toast-bus';

/**
 * The GraphQL client's requests through the userscript manager (issue 25): the token goes to the
 * manager's request function, never through the page's fetch, and everything the client reads of
 * an answer (status, the rate-limit headers, Retry-After, the body) comes from the manager's plain
 * response; aborts, network errors and time-outs behave as they do with fetch.
 */

type Details = Parameters<GmXhr>[0];
type Answer = { status: number; responseText: string; responseHeaders?: string };

/** A manager whose request function hands each request to `answer` (or keeps it pending). */
function manager(answer?: (d: Details) => void) {
  const seen: Details[] = [];
  const aborted: Details[] = [];
  const xhr: GmXhr = (d) => {
    seen.push(d);
    answer?.(d);
    return { abort: () => aborted.push(d) };
  };
  return { xhr, seen, aborted };
}

const request = (init: Partial<ApiRequest> = {}): ApiRequest => ({
  url: 'https://graphql.anilist.co',
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
  body: '{"query":"query Q { Viewer { id } }"}',
  ...init,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the manager's transport", () => {
  it('posts the JSON with the headers as given, no cookies, a time-out; reads status, headers and body', async () => {
    const { xhr, seen } = manager((d) =>
      d.onload({
        status: 200,
        responseText: '{"data":{"ok":1}}',
        responseHeaders: 'content-type: application/json\r\nX-RateLimit-Remaining: 77\r\nx-ratelimit-limit: 90\r\n',
      } as Answer),
    );
    const answer = await managerApiTransport(xhr)(request());
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: 'https://graphql.anilist.co',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
      data: '{"query":"query Q { Viewer { id } }"}',
      anonymous: true,
    });
    expect(seen[0]!.timeout).toBeGreaterThan(0);
    expect(answer.status).toBe(200);
    expect(answer.header('x-ratelimit-remaining')).toBe('77');
    expect(answer.header('X-RateLimit-Limit')).toBe('90');
    expect(answer.header('Retry-After')).toBeNull();
    expect(await answer.text()).toBe('{"data":{"ok":1}}');
  });

  it('reads response headers as Headers.get does: any case, repeats joined, odd lines skipped', () => {
    const headers = parseResponseHeaders('A: 1\r\nb:2\nA: 3\r\nno colon\r\n: empty name\r\nRetry-After:  5 \r\n');
    expect([...headers]).toEqual([
      ['a', '1, 3'],
      ['b', '2'],
      ['retry-after', '5'],
    ]);
    expect(parseResponseHeaders(undefined).size).toBe(0);
  });

  it("an abort aborts the manager's request and rejects with the signal's reason, as fetch does", async () => {
    const { xhr, aborted } = manager();
    const controller = new AbortController();
    const pending = managerApiTransport(xhr)(request({ signal: controller.signal }));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborted).toHaveLength(1);
    // Already aborted: nothing is sent.
    const { xhr: idle, seen } = manager();
    await expect(managerApiTransport(idle)(request({ signal: controller.signal }))).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['onerror', 'network error'],
    ['ontimeout', 'timed out'],
    ['onabort', 'aborted'],
  ] as const)('%s rejects with an Error that names the host only', async (how, what) => {
    const { xhr } = manager((d) => d[how]({}));
    await expect(managerApiTransport(xhr)(request({ url: 'https://graphql.anilist.co/?x=secret' }))).rejects.toThrow(
      new Error(`POST graphql.anilist.co: ${what}`),
    );
  });

  it('a load without a status (no answer) is a network error; a promise the manager returns is not left unhandled', async () => {
    const { xhr } = manager((d) => d.onload({ status: 0, responseText: '' }));
    await expect(managerApiTransport(xhr)(request())).rejects.toThrow('network error');
    const rejecting: GmXhr = (d) => {
      d.onerror({});
      return Object.assign(Promise.reject(new Error('manager promise')), { abort: () => undefined });
    };
    await expect(managerApiTransport(rejecting)(request())).rejects.toThrow('network error');
  });
});

describe('the GraphQL client through the manager', () => {
  const doc = { name: 'Q', source: 'query Q { Viewer { id } }', auth: true } as GqlDocument<{ ok: number }, Record<string, never>>;
  /** A clock that moves only when something sleeps, so pacing and pauses cost no real time. */
  let t = 1_000_000;
  const clock: Clock = {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
  };

  function client(answers: Answer[]) {
    const { xhr, seen } = manager((d) => d.onload(answers.shift()!));
    const store = new Store(memoryBackend(), () => {});
    const toasts: Toast[] = [];
    const bus = new ToastBus(() => ({ enabled: true, level: 0, duration: 5 }));
    bus.listen((t) => toasts.push(t));
    const c = new GraphQLClient({ transport: managerApiTransport(xhr), store, ...clientReports(bus), getToken: () => 'tok', clock });
    return { c, seen, store, toasts };
  }

  it('sends the token to the manager only, and stores the remaining count it reports', async () => {
    const pageFetch = vi.fn();
    vi.stubGlobal('fetch', pageFetch);
    const { c, seen, store } = client([
      { status: 200, responseText: '{"data":{"ok":1}}', responseHeaders: 'x-ratelimit-remaining: 64\r\nx-ratelimit-limit: 90' },
    ]);
    expect(await c.request(doc, {})).toEqual({ ok: 1 });
    expect(seen[0]!.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(pageFetch).not.toHaveBeenCalled();
    expect(store.get(rateLimitKey)).toMatchObject({ remaining: 64, limit: 90 });
  });

  it("pauses for a 429's Retry-After, then retries; an unreadable body is an error with the status", async () => {
    const paused: number[] = [];
    const { c, seen } = client([
      { status: 429, responseText: '', responseHeaders: 'retry-after: 3\r\n' },
      { status: 200, responseText: '{"data":{"ok":2}}' },
      { status: 500, responseText: '<html>oops' },
    ]);
    const pauseFor = c.limiter.pauseFor.bind(c.limiter);
    c.limiter.pauseFor = (ms) => (paused.push(ms), pauseFor(ms));
    expect(await c.request(doc, {})).toEqual({ ok: 2 });
    expect(paused).toEqual([3000]);
    expect(seen).toHaveLength(2);
    await expect(c.request(doc, {})).rejects.toMatchObject({ name: 'ApiError', status: 500, message: 'HTTP 500' });
  });

  it('a network failure warns and rejects, as with fetch', async () => {
    const { xhr } = manager((d) => d.onerror({}));
    const bus = new ToastBus(() => ({ enabled: true, level: 0, duration: 5 }));
    const toasts: Toast[] = [];
    bus.listen((t) => toasts.push(t));
    const c = new GraphQLClient({
      transport: managerApiTransport(xhr),
      store: new Store(memoryBackend(), () => {}),
      ...clientReports(bus),
      getToken: () => 'tok',
      clock,
    });
    await expect(c.request(doc, {})).rejects.toThrow('POST graphql.anilist.co: network error');
    expect(toasts.at(-1)).toMatchObject({ type: 'warning' });
  });
});

describe('the ways out are taken when the script starts', () => {
  it("the manager's request function as it was: a later replacement is never called", async () => {
    const original = vi.fn((d: Details) => d.onload({ status: 200, responseText: '{"data":{"ok":1}}' }));
    vi.stubGlobal('GM_xmlhttpRequest', original);
    vi.resetModules(); // the modules are evaluated again, as at the script's start
    const { startApiTransport } = await import('../../src/data/api-transport');
    const later = vi.fn((d: Details) => d.onload({ status: 200, responseText: '{"data":{"ok":1}}' }));
    vi.stubGlobal('GM_xmlhttpRequest', later);
    const answer = await startApiTransport()(request());
    expect(answer.status).toBe(200);
    expect(original).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
  });

  it('without a manager, the fetch of that moment: a page script that wraps fetch later sees nothing', async () => {
    const original = vi.fn(async () => new Response('{"data":{"ok":1}}', { status: 200 }));
    vi.stubGlobal('fetch', original);
    vi.resetModules();
    const { startApiTransport } = await import('../../src/data/api-transport');
    const { defaultTransport } = await import('../../src/data/gm-request');
    const wrapper = vi.fn(async () => new Response('{"data":{"ok":1}}', { status: 200 }));
    vi.stubGlobal('fetch', wrapper);
    await startApiTransport()(request());
    await defaultTransport()({ method: 'POST', url: 'https://catbox.moe/user/api.php', body: 'x' });
    expect(original).toHaveBeenCalledTimes(2);
    expect(wrapper).not.toHaveBeenCalled();
  });
});

describe('nothing a page script replaces after start-up receives a credential', () => {
  it("the token's hash (every read's cache key) uses the string and number methods of start-up", () => {
    const c = new GraphQLClient({
      fetch: async () => new Response('{}'),
      store: new Store(memoryBackend(), () => {}),
      getToken: () => 'secret-token',
    });
    const before = c.identity();
    const seen: unknown[] = [];
    const { charCodeAt } = String.prototype;
    const { imul } = Math;
    String.prototype.charCodeAt = function (this: string, i: number) {
      seen.push(String(this));
      return charCodeAt.call(this, i);
    };
    Math.imul = (a: number, b: number) => (seen.push(a), imul(a, b));
    try {
      expect(c.identity('another-secret')).not.toBe(before);
      expect(c.identity()).toBe(before);
    } finally {
      String.prototype.charCodeAt = charCodeAt;
      Math.imul = imul;
    }
    expect(seen).toEqual([]);
  });

  it("an address's host is read with the URL constructor of start-up (imgbb's key is in its query)", () => {
    const Original = URL;
    const seen: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends Original {
        constructor(url: string | URL, base?: string | URL) {
          seen.push(String(url));
          super(url, base);
        }
      },
    );
    expect(requestHost('https://api.imgbb.com/1/upload?key=bb-secret')).toBe('api.imgbb.com');
    expect(seen).toEqual([]);
  });

  it('stored values (the token, image-host keys) are written and read with the JSON of start-up', () => {
    const backend = memoryBackend();
    const store = new Store(backend, () => {});
    const seen: unknown[] = [];
    const { parse, stringify } = JSON;
    JSON.stringify = ((value: unknown) => (seen.push(value), stringify(value))) as typeof JSON.stringify;
    JSON.parse = ((text: string) => (seen.push(text), parse(text))) as typeof JSON.parse;
    try {
      store.set(authKey, { token: 'secret-token', expires: null });
      expect(decodeStored(authKey, backend.data.get(authKey.name)).value.token).toBe('secret-token');
    } finally {
      JSON.stringify = stringify;
      JSON.parse = parse;
    }
    expect(seen).toEqual([]);
  });

  it("image-host bodies (catbox's user hash, imgbb's and imgur's fields, imgur's refresh token) go through FormData and URLSearchParams of start-up", () => {
    const seen: unknown[] = [];
    const { append } = FormData.prototype;
    const { toString } = URLSearchParams.prototype;
    FormData.prototype.append = function (this: FormData, ...args: Parameters<FormData['append']>) {
      seen.push(args[1]);
      return append.apply(this, args);
    } as FormData['append'];
    URLSearchParams.prototype.toString = function (this: URLSearchParams) {
      seen.push('toString');
      return toString.call(this);
    };
    try {
      const catbox = catboxRequest(new File(['x'], 'a.png'), 'catbox-hash');
      expect((catbox.body as FormData).get('userhash')).toBe('catbox-hash');
      const imgur = { clientId: 'id', clientSecret: 'imgur-secret', authToken: 'a', refreshToken: 'imgur-refresh', expires: null };
      expect(String(imgurRefreshRequest(imgur as never).body)).toContain('imgur-refresh');
    } finally {
      FormData.prototype.append = append;
      URLSearchParams.prototype.toString = toString;
    }
    expect(seen).toEqual([]);
  });

  it("a returned fragment's token is read with the URLSearchParams of start-up", () => {
    const seen: unknown[] = [];
    const { get } = URLSearchParams.prototype;
    URLSearchParams.prototype.get = function (this: URLSearchParams, name: string) {
      seen.push(String(this));
      return get.call(this, name);
    };
    try {
      expect(fragmentParams('#void_auth&access_token=returned-token&state=s', 'void_auth')?.get('access_token')).toBe('returned-token');
    } finally {
      URLSearchParams.prototype.get = get;
    }
    expect(seen).toEqual([]);
  });
});
