import { describe, expect, it } from 'vitest';
import { clientReports } from '../../src/commands/api-reports';
import { Registry } from '../../src/commands/registry';
import { authKey } from '../../src/data/auth';
import { expiredNoticeKey, MAX_TIMER_MS, TokenExpiryWatcher } from '../../src/data/auth-expiry';
import { memoryBackend } from '../../src/data/backend';
import { CLIENT_TEXTS, GraphQLClient, type Clock, type GqlDocument } from '../../src/data/graphql';
import { nextChange, RefreshClock } from '../../src/data/quick-access-refresh-clock';
import { Store } from '../../src/data/storage';
import { ToastBus, type Toast } from '../../src/commands/toast-bus';
import { REFRESH_MS, timeUntil } from '../../src/data/verified-users';
import { makeTestServices } from './helpers';

/** Pages left open for hours: the Quick Access clock, a token that expires, the authorization hint. */

/** Timers that run only when the test moves time on. */
function fakeTimers(start = 1_000_000) {
  let t = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const api = {
    now: () => t,
    setTimer: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: t + ms, fn });
      return id as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: (id: ReturnType<typeof setTimeout>) => void timers.delete(id as unknown as number),
    /** Moves time on by `ms`, firing each timer that falls due, in order. */
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, v]) => v.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        t = Math.max(t, due[1].at);
        due[1].fn();
      }
      t = end;
    },
    count: () => timers.size,
  };
  return api;
}

describe('Quick Access clock', () => {
  function setup(opts: { lastFetch: number | null; showTimer?: boolean }) {
    const timers = fakeTimers();
    let lastFetch = opts.lastFetch === null ? null : timers.now() + opts.lastFetch;
    let visible = true;
    let refreshes = 0;
    let renders = 0;
    const clock = new RefreshClock({
      interval: REFRESH_MS,
      lastFetch: () => lastFetch,
      showTimer: () => opts.showTimer ?? true,
      visible: () => visible,
      // A refresh stores the new fetch time, which wakes the clock (the feature subscribes it to the key).
      refresh: () => {
        refreshes++;
        lastFetch = timers.now();
        clock.wake();
      },
      now: timers.now,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    clock.subscribe(() => renders++);
    return {
      clock,
      timers,
      refreshes: () => refreshes,
      renders: () => renders,
      hide: () => {
        visible = false;
        clock.wake();
      },
      show: () => {
        visible = true;
        clock.wake();
      },
    };
  }

  it('refreshes at once when never fetched or due, then every 15 minutes while the page stays open', () => {
    const t = setup({ lastFetch: null });
    t.clock.wake();
    expect(t.refreshes()).toBe(1);
    t.timers.advance(REFRESH_MS - 1);
    expect(t.refreshes()).toBe(1);
    t.timers.advance(1);
    expect(t.refreshes()).toBe(2);
    t.timers.advance(2 * REFRESH_MS);
    expect(t.refreshes()).toBe(4);
  });

  it('waits for the time left when fetched recently', () => {
    const t = setup({ lastFetch: -10 * 60_000 });
    t.clock.wake();
    expect(t.refreshes()).toBe(0);
    t.timers.advance(5 * 60_000);
    expect(t.refreshes()).toBe(1);
  });

  it('has one timer at a time, waking only when the countdown text changes', () => {
    const t = setup({ lastFetch: 0 });
    t.clock.wake();
    expect(t.timers.count()).toBe(1);
    const before = t.renders();
    t.timers.advance(14 * 60_000); // 15 → 1 minute: one wake a minute
    expect(t.renders() - before).toBe(14);
    t.timers.advance(60_000 - 1); // the last minute: one wake a second
    expect(t.renders() - before).toBe(14 + 59);
    expect(t.timers.count()).toBe(1);
  });

  it('with the timer hidden, wakes only when the refresh is due', () => {
    const t = setup({ lastFetch: 0, showTimer: false });
    t.clock.wake();
    const before = t.renders();
    t.timers.advance(REFRESH_MS);
    expect(t.renders() - before).toBe(2); // the due wake, and the one after the refresh stored its time
    expect(t.refreshes()).toBe(1);
  });

  it('a hidden tab plans nothing and catches up when it is shown again', () => {
    const t = setup({ lastFetch: 0 });
    t.clock.wake();
    t.hide();
    expect(t.clock.pending()).toBe(false);
    t.timers.advance(40 * 60_000);
    expect(t.refreshes()).toBe(0);
    t.show();
    expect(t.refreshes()).toBe(1); // one catch-up, not one per missed interval
    expect(t.clock.pending()).toBe(true);
  });

  it('stops for good', () => {
    const t = setup({ lastFetch: 0 });
    t.clock.wake();
    t.clock.stop();
    t.timers.advance(REFRESH_MS * 2);
    t.clock.wake();
    expect(t.refreshes()).toBe(0);
    expect(t.timers.count()).toBe(0);
  });

  it('nextChange lands exactly where timeUntil changes its text', () => {
    for (const left of [REFRESH_MS, 14 * 60_000 + 1, 61_000, 60_001, 60_000, 59_999, 1500, 1000, 1]) {
      const wait = nextChange(left);
      expect(wait).toBeGreaterThan(0);
      expect(timeUntil(left - wait + 1)).toBe(timeUntil(left));
      expect(timeUntil(left - wait)).not.toBe(timeUntil(left));
    }
    expect(nextChange(0)).toBe(0);
  });
});

describe('a token that expires while pages are open', () => {
  function setup(token: { token: string | null; expires: number | null }, opts: { visible?: boolean; store?: Store } = {}) {
    const timers = fakeTimers();
    const store = opts.store ?? new Store(memoryBackend(), () => {});
    store.set(authKey, token);
    const told: 'told'[] = [];
    let visible = opts.visible ?? true;
    const watcher = new TokenExpiryWatcher({
      store,
      tell: () => void told.push('told'),
      visible: () => visible,
      now: timers.now,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    return {
      watcher,
      timers,
      store,
      told,
      show() {
        visible = true;
        watcher.check();
      },
    };
  }

  it('is forgotten at its expiry moment (its date kept), by one timer, and the user is told once', () => {
    const t = setup({ token: 'tok', expires: 1_000_000 + 60_000 });
    t.watcher.start();
    expect(t.timers.count()).toBe(1);
    t.timers.advance(59_999);
    expect(t.store.get(authKey).token).toBe('tok');
    t.timers.advance(1);
    expect(t.store.get(authKey)).toEqual({ token: null, expires: 1_060_000 });
    expect(t.told).toHaveLength(1);
    expect(t.store.get(expiredNoticeKey)).toBeNull();
    expect(t.timers.count()).toBe(0);
    t.watcher.check();
    t.timers.advance(60 * 60_000);
    expect(t.told).toHaveLength(1);
  });

  it('an already expired token (a page opened later) is forgotten at start, and said once', () => {
    const t = setup({ token: 'tok', expires: 1_000_000 - 1 });
    t.watcher.start();
    expect(t.store.get(authKey).token).toBeNull();
    expect(t.told).toHaveLength(1);
  });

  it('a hidden tab keeps the notice for when a tab is shown; another visible tab tells, and only one', () => {
    const store = new Store(memoryBackend(), () => {});
    const hidden = setup({ token: 'tok', expires: 1_000_000 + 1000 }, { visible: false, store });
    hidden.watcher.start();
    hidden.timers.advance(1000);
    expect(store.get(authKey).token).toBeNull();
    expect(hidden.told).toEqual([]);
    expect(store.get(expiredNoticeKey)).toBe(1_001_000);
    hidden.show();
    expect(hidden.told).toHaveLength(1);
    hidden.show();
    expect(hidden.told).toHaveLength(1);
  });

  it('a new token re-plans the timer; a token without expiry or no token plans none', () => {
    const t = setup({ token: null, expires: null });
    t.watcher.start();
    expect(t.timers.count()).toBe(0);
    t.store.set(authKey, { token: 'new', expires: 1_000_000 + 5000 });
    expect(t.timers.count()).toBe(1);
    t.store.set(authKey, { token: 'forever', expires: null });
    expect(t.timers.count()).toBe(0);
    t.store.set(authKey, { token: 'far', expires: 1_000_000 + 365 * 86_400_000 });
    t.timers.advance(MAX_TIMER_MS);
    expect(t.store.get(authKey).token).toBe('far'); // a long wait is reached in steps
    expect(t.timers.count()).toBe(1);
    t.watcher.stop();
    expect(t.timers.count()).toBe(0);
  });

  it('a request waiting for its turn when the token expires is sent without it', async () => {
    let t = 1_000_000;
    const clock: Clock = { now: () => t, sleep: async (ms) => void (t += ms) };
    const store = new Store(memoryBackend(), () => {});
    const toasts: Toast[] = [];
    const bus = new ToastBus(() => ({ enabled: true, level: 0, duration: 5 }));
    bus.listen((x) => toasts.push(x));
    const sent: (string | undefined)[] = [];
    const answers = [
      () => new Response(JSON.stringify({ data: null }), { status: 429, headers: { 'Retry-After': '5' } }),
      () => new Response(JSON.stringify({ data: { ok: 1 } }), { status: 200 }),
    ];
    const client = new GraphQLClient({
      fetch: async (_url, init) => {
        sent.push((init?.headers as Record<string, string>).Authorization);
        return answers.shift()!();
      },
      store,
      ...clientReports(bus),
      clock,
      getToken: () => (t < 1_002_000 ? 'tok' : null),
    });
    const doc = { name: 'Q', source: 'query Q { Viewer { id } }', auth: false } as GqlDocument<{ ok: number }, Record<string, never>>;
    await expect(client.request(doc, {})).resolves.toEqual({ ok: 1 });
    expect(sent).toEqual(['Bearer tok', undefined]);

    // A document that needs the token, asked while it was valid but waiting out a pause that lasts
    // past its expiry, is refused when its turn comes instead of being sent.
    t = 1_000_000;
    client.limiter.pauseFor(5000);
    await expect(client.request({ ...doc, auth: true }, {})).rejects.toThrow(CLIENT_TEXTS.missingToken);
    expect(sent).toHaveLength(2);
    expect(toasts.filter((x) => x.message === CLIENT_TEXTS.missingToken)).toHaveLength(1);
  });
});

describe('the authorization hint', () => {
  it('is a warning, shown at the default toast level (info is hidden by default)', async () => {
    const registry = new Registry();
    registry.define({
      id: 'probe',
      title: 'Probe',
      category: 'misc',
      description: 'needs a token',
      commands: [{ id: 'probe.run', title: 'Do it', section: 'Test', authRequired: true, run: () => {} }],
    });
    const { services, toastsSeen } = makeTestServices(registry);
    await services.run('probe.run');
    expect(toastsSeen).toMatchObject([{ type: 'warning', message: expect.stringContaining('"Do it" needs authorization') }]);
  });
});
