import { describe, expect, it } from 'vitest';
import { clientReports } from '../../src/commands/api-reports';
import { memoryBackend } from '../../src/data/backend';
import {
  ApiError,
  BURST,
  BURST_WINDOW_MS,
  GraphQLClient,
  MAX_PAUSE_MS,
  MINUTE,
  CLIENT_TEXTS,
  rateLimitKey,
  RateLimiter,
  type Clock,
  type GqlDocument,
} from '../../src/data/graphql';
import { formatTime } from '../../src/data/dates';
import { Store } from '../../src/data/storage';
import { ToastBus, type Toast } from '../../src/commands/toast-bus';

/** A clock that only moves when something sleeps, so pacing is tested without waiting. */
function fakeClock(): Clock & { t: number } {
  const clock = {
    t: 1_000_000,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

const doc = { name: 'Q', source: 'query Q { Viewer { id } }', auth: false } as GqlDocument<{ ok: number }, Record<string, never>>;
const authDoc = { ...doc, name: 'A', auth: true } as GqlDocument<{ ok: number }, Record<string, never>>;

function setup(answers: (() => Response | Promise<Response>)[], token: string | null = null, backoff = false) {
  const clock = fakeClock();
  const store = new Store(memoryBackend(), () => {});
  const toasts: Toast[] = [];
  const bus = new ToastBus(() => ({ enabled: true, level: 0, duration: 5 }));
  bus.listen((t) => toasts.push(t));
  const calls: { at: number; init: RequestInit; url: string }[] = [];
  let invalid = 0;
  const client = new GraphQLClient({
    fetch: async (url, init) => {
      calls.push({ at: clock.t, init: init!, url: String(url) });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    },
    store,
    ...clientReports(bus),
    getToken: () => token,
    clock,
    backoff: () => backoff,
    onInvalidToken: () => invalid++,
  });
  return { client, clock, store, toasts, calls, invalid: () => invalid };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('GraphQLClient', () => {
  it('posts JSON with the right headers, Bearer only with a token, and reads data', async () => {
    const { client, calls } = setup([() => json({ data: { ok: 1 } })], 'tok');
    await expect(client.request(doc, {})).resolves.toEqual({ ok: 1 });
    expect(calls[0]!.url).toBe('https://graphql.anilist.co');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json', Authorization: 'Bearer tok' });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ query: doc.source, variables: {} });
  });

  it('sends a document as written with each run of whitespace folded to one space', async () => {
    const { client, calls } = setup([() => json({ data: { ok: 1 } })]);
    const written = { ...doc, source: '\n  query Q {\n    Viewer {\n\t\tid\n    }\n  }\n' };
    await client.request(written, {});
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ query: 'query Q { Viewer { id } }', variables: {} });
  });

  it('refuses an authorized call without a token, with the spec toast', async () => {
    const { client, toasts, calls } = setup([]);
    await expect(client.request(authDoc, {})).rejects.toThrow(CLIENT_TEXTS.missingToken);
    expect(toasts).toMatchObject([{ type: 'error', message: CLIENT_TEXTS.missingToken }]);
    expect(calls).toHaveLength(0);
  });

  it('stores the remaining-rate-limit header, and treats a missing one as unknown', async () => {
    const { client, store } = setup([
      () => json({ data: { ok: 1 } }, 200, { 'X-RateLimit-Remaining': '77', 'X-RateLimit-Limit': '90' }),
      () => json({ data: { ok: 2 } }),
    ]);
    await client.request(doc, {});
    expect(store.get(rateLimitKey)).toMatchObject({ remaining: 77, limit: 90 });
    expect(client.realRemaining()).toBe(17);
    await client.request(doc, {});
    expect(store.get(rateLimitKey).remaining).toBe(77);
  });

  it('pauses every request until Retry-After on a 429, then retries and resumes', async () => {
    const { client, calls, clock } = setup([
      () => json({ data: null, errors: [{ message: 'Too Many Requests.', status: 429 }] }, 429, { 'Retry-After': '3' }),
      () => json({ data: { ok: 1 } }),
      () => json({ data: { ok: 2 } }),
    ]);
    // Another feature asks while the pause is on: it must wait for it too.
    let later: Promise<{ ok: number }> | null = null;
    const sleep = clock.sleep;
    clock.sleep = async (ms) => {
      later ??= client.request(doc, {});
      return sleep(ms);
    };
    const start = clock.t;
    const first = await client.request(doc, {});
    const second = await later!;
    expect([first.ok, second.ok].sort()).toEqual([1, 2]);
    expect(calls).toHaveLength(3);
    expect(calls[1]!.at - start).toBeGreaterThanOrEqual(3000);
    expect(calls[2]!.at - start).toBeGreaterThanOrEqual(3000);
  });

  it('gives up after repeated 429s with an ApiError, never an unhandled rejection', async () => {
    const tooMany = () => json({ data: null }, 429, { 'Retry-After': '1' });
    const { client } = setup([tooMany, tooMany, tooMany]);
    await expect(client.request(doc, {})).rejects.toBeInstanceOf(ApiError);
  });

  it('warns with the last known remaining count on a network failure; one failure pauses nothing', async () => {
    const { client, toasts, store, calls, clock } = setup([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json({ data: { ok: 1 } }),
    ]);
    store.set(rateLimitKey, { remaining: 64, limit: 90, at: 0 });
    await expect(client.request(doc, {})).rejects.toThrow(TypeError);
    expect(toasts.at(-1)).toMatchObject({ type: 'warning' });
    // The count the API last reported (64), not the adjusted 4.
    expect(toasts.at(-1)!.message).toBe(
      'Preflight check failed. This might be caused by too many requests. Last known remaining queries: 64.',
    );
    // The backoff (2.0.3's levels) is the one failure policy: a single failure holds nothing back.
    const before = clock.t;
    await client.request(doc, {});
    expect(calls[1]!.at - before).toBe(0);
  });

  it('logs errors, throws when there is no data, and reports an invalid token', async () => {
    const { client, invalid } = setup([() => json({ data: null, errors: [{ message: 'Invalid token', status: 400 }] }, 400)], 'bad');
    await expect(client.request(doc, {})).rejects.toThrow('Invalid token');
    expect(invalid()).toBe(1);
  });

  it('returns data even when errors come with it', async () => {
    const { client } = setup([() => json({ data: { ok: 3 }, errors: [{ message: 'partial' }] })]);
    await expect(client.request(doc, {})).resolves.toEqual({ ok: 3 });
  });
});

describe('GraphQLClient: the backoff (C20) and the remaining count (C28)', () => {
  const fail500 = () => json({ data: null, errors: [{ message: 'Internal Server Error', status: 500 }] }, 500);
  const ok = () => json({ data: { ok: 1 } });

  it('three 5xx answers raise level 1: a warning, then every request fails at once, saying until when, for a minute', async () => {
    const { client, toasts, calls, clock } = setup([fail500, fail500, fail500, ok], null, true);
    for (let i = 0; i < 3; i++) await expect(client.request(doc, {})).rejects.toThrow('Internal Server Error');
    expect(toasts.filter((t) => t.type === 'warning').map((t) => t.message)).toEqual(['Increased exponential backoff level to 1']);
    // In the user's time format (the default: a 12-hour clock).
    const hhmm = formatTime(new Date(clock.t + MINUTE), true);
    const paused = await client.request(doc, {}).catch((e: unknown) => e);
    expect(paused).toBeInstanceOf(ApiError);
    expect(paused).toMatchObject({ status: 'paused', message: `AniList requests are paused until ${hhmm} after repeated errors` });
    expect(calls).toHaveLength(3);
    clock.t += MINUTE;
    await expect(client.request(doc, {})).resolves.toEqual({ ok: 1 });
  });

  it("network failures and 429s count; an answer with errors (a deleted user's Not Found, a 400) does not", async () => {
    const notFound = () => json({ data: null, errors: [{ message: 'Not Found.', status: 404 }] }, 404);
    const bad = () => json({ data: null, errors: [{ message: 'Invalid token', status: 400 }] }, 400);
    const answers = [notFound, notFound, notFound, bad, bad, bad, () => Promise.reject(new TypeError('Failed to fetch')), fail500];
    const { client, toasts } = setup([...answers, () => json({ data: null }, 429, { 'Retry-After': '1' }), ok], null, true);
    for (let i = 0; i < answers.length; i++) await client.request(doc, {}).catch(() => undefined);
    expect(toasts.some((t) => t.message.startsWith('Increased'))).toBe(false);
    // The 429 is the third failure: the retry it would have had is refused, as the pause says.
    await expect(client.request(doc, {})).rejects.toMatchObject({ status: 'paused' });
    expect(toasts.filter((t) => t.message.startsWith('Increased')).map((t) => t.message)).toEqual([
      'Increased exponential backoff level to 1',
    ]);
  });

  it('with the option off: no pause and no toast', async () => {
    const { client, toasts, calls } = setup([fail500, fail500, fail500, fail500, ok], null, false);
    for (let i = 0; i < 4; i++) await client.request(doc, {}).catch(() => undefined);
    await expect(client.request(doc, {})).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(5);
    expect(toasts.filter((t) => t.type === 'warning')).toEqual([]);
  });

  it('says "Remaining queries before reset: {n}" when fewer than 5 remain (the header less 60, as 2.0.3), once a minute', async () => {
    const left = (n: number) => () => json({ data: { ok: 1 } }, 200, { 'X-RateLimit-Remaining': String(n), 'X-RateLimit-Limit': '90' });
    const { client, toasts, clock } = setup([left(70), left(65), left(63), left(62), left(61)]);
    await client.request(doc, {});
    await client.request(doc, {});
    expect(toasts).toEqual([]);
    await client.request(doc, {});
    await client.request(doc, {});
    expect(toasts.map((t) => [t.type, t.message])).toEqual([['warning', 'Remaining queries before reset: 3']]);
    clock.t += MINUTE;
    await client.request(doc, {});
    expect(toasts.at(-1)!.message).toBe('Remaining queries before reset: 1');
  });
});

/** A clock whose sleeps wait until the test moves time on (`advance`), as real timers would. */
function manualClock(): Clock & { t: number; sleeps: number; advance(ms: number): Promise<void> } {
  let pending: { until: number; resolve(): void }[] = [];
  const clock = {
    t: 1_000_000,
    sleeps: 0,
    now: () => clock.t,
    sleep: (ms: number) => {
      clock.sleeps++;
      return new Promise<void>((resolve) => pending.push({ until: clock.t + ms, resolve }));
    },
    async advance(ms: number) {
      const end = clock.t + ms;
      for (;;) {
        await new Promise((r) => setTimeout(r, 0));
        const next = pending.filter((p) => p.until <= end).sort((a, b) => a.until - b.until)[0];
        if (!next) break;
        clock.t = Math.max(clock.t, next.until);
        pending = pending.filter((p) => p !== next);
        next.resolve();
      }
      clock.t = end;
      await new Promise((r) => setTimeout(r, 0));
    },
  };
  return clock;
}

describe('RateLimiter', () => {
  it('lets at most 30 requests start in any minute, and spreads a burst: at most 5 in any second', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(clock);
    const starts: number[] = [];
    for (let i = 0; i < 45; i++) {
      await limiter.acquire();
      starts.push(clock.t);
    }
    for (let i = 30; i < 45; i++) expect(starts[i]! - starts[i - 30]!).toBeGreaterThanOrEqual(60_000);
    for (let i = BURST; i < 45; i++) expect(starts[i]! - starts[i - BURST]!).toBeGreaterThanOrEqual(BURST_WINDOW_MS);
    expect(starts[BURST - 1]).toBe(starts[0]);
    expect(starts[BURST]! - starts[0]!).toBe(BURST_WINDOW_MS);
  });

  it('caps the pause a 429 asks for: a huge Retry-After neither spins timers nor stops us for ever', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(clock);
    limiter.pauseFor(1e13 * 1000);
    expect(limiter.delay()).toBe(MAX_PAUSE_MS);
    limiter.pauseFor(Number.POSITIVE_INFINITY);
    expect(limiter.delay()).toBe(MAX_PAUSE_MS);
    let started = false;
    void limiter.acquire().then(() => (started = true));
    await clock.advance(MAX_PAUSE_MS - 1);
    expect(started).toBe(false);
    await clock.advance(1);
    expect(started).toBe(true);
    expect(clock.sleeps).toBeLessThanOrEqual(2);
  });

  it('a caller aborted while queued leaves the queue at once and takes no slot', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(clock);
    for (let i = 0; i < BURST; i++) await limiter.acquire(); // the burst is spent: the next ones wait
    const order: string[] = [];
    const first = limiter.acquire().then(() => order.push('first'));
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal).then(
      () => order.push('aborted ran'),
      (reason: unknown) => order.push(`aborted: ${(reason as Error).name}`),
    );
    const third = limiter.acquire().then(() => order.push('third'));
    controller.abort();
    await aborted;
    expect(order).toEqual(['aborted: AbortError']); // at once, without waiting for a slot
    await clock.advance(BURST_WINDOW_MS);
    await Promise.all([first, third]);
    expect(order).toEqual(['aborted: AbortError', 'first', 'third']);
    // The burst, then the first and the third: the aborted caller took no slot.
    expect(limiter.window.starts()).toHaveLength(BURST + 2);
  });
});
