import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BURST,
  BURST_WINDOW_MS,
  crossTabNames,
  crossTabSecretKey,
  earliestStart,
  LEADER_SILENT_MS,
  localAllocator,
  madeOnFirstUse,
  MAX_PAUSE_MS,
  MAX_SLOT_AHEAD_MS,
  MAX_SLOTS,
  MINUTE,
  MINUTE_MARGIN_MS,
  parseMessage,
  REMOTE_PAUSE_MAX_MS,
  REMOTE_PAUSE_PERIOD_MS,
  REPLY_TIMEOUT_MS,
  REQUESTS_PER_MINUTE,
  sharedAllocator,
  type ChannelLike,
  type LocksLike,
  type Slot,
  type SlotAllocator,
} from '../../src/data/api-window';
import { memoryBackend } from '../../src/data/backend';
import { RateLimiter } from '../../src/data/graphql';
import { Store } from '../../src/data/storage';

/** Channels of one origin: a message reaches every other channel on the next task, like BroadcastChannel. */
function channelHub() {
  const members = new Set<FakeChannel>();
  class FakeChannel implements ChannelLike {
    private listeners = new Set<(event: { data: unknown }) => void>();
    constructor() {
      members.add(this);
    }
    postMessage(message: unknown) {
      const data = structuredClone(message);
      for (const other of members) if (other !== this) setTimeout(() => other.listeners.forEach((l) => l({ data })), 0);
    }
    addEventListener(_type: 'message', listener: (event: { data: unknown }) => void) {
      this.listeners.add(listener);
    }
    removeEventListener(_type: 'message', listener: (event: { data: unknown }) => void) {
      this.listeners.delete(listener);
    }
    close() {
      members.delete(this);
    }
  }
  return { channel: () => new FakeChannel(), page: () => new FakeChannel() };
}

/**
 * A page script on the channel (it hooked BroadcastChannel before us, so it knows the name): it
 * sees every message and may post anything. Made before the tabs, it hears an ask first and its
 * answer arrives before the leader's.
 */
function pageScript(hub: ReturnType<typeof channelHub>, react: (message: Record<string, unknown>, post: (m: unknown) => void) => void) {
  const page = hub.page();
  const post = (m: unknown) => page.postMessage(m);
  page.addEventListener('message', (event) => react(event.data as Record<string, unknown>, post));
  return post;
}

/** Web Locks for one origin: one holder at a time, the next in line when it lets go or aborts. */
function fakeLocks(): LocksLike {
  const queue: { run(): void; signal?: AbortSignal }[] = [];
  let held = false;
  const next = () => {
    while (!held && queue.length) {
      const first = queue.shift()!;
      if (first.signal?.aborted) continue;
      held = true;
      first.run();
    }
  };
  return {
    request(_name, options, callback) {
      return new Promise((resolve, reject) => {
        const entry = {
          signal: options.signal,
          run: () =>
            void callback()
              .then(resolve, reject)
              .finally(() => {
                held = false;
                next();
              }),
        };
        options.signal?.addEventListener('abort', () => {
          const i = queue.indexOf(entry);
          if (i !== -1) {
            queue.splice(i, 1);
            reject(options.signal!.reason);
          }
        });
        queue.push(entry);
        next();
      });
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const settle = async () => {
  for (let i = 0; i < 5; i++) await tick();
};

/** Checks every window of a list of starts against AniList's limits. */
function expectPaced(starts: number[]) {
  const sorted = [...starts].sort((a, b) => a - b);
  for (let i = REQUESTS_PER_MINUTE; i < sorted.length; i++)
    expect(sorted[i]! - sorted[i - REQUESTS_PER_MINUTE]!).toBeGreaterThanOrEqual(MINUTE);
  for (let i = BURST; i < sorted.length; i++) expect(sorted[i]! - sorted[i - BURST]!).toBeGreaterThanOrEqual(BURST_WINDOW_MS);
}

/** A tab whose leader holds the lock and never answers (a page that hangs); its clock and timers are the test's. */
function tabWithSilentLeader() {
  const clock = { t: 0 };
  const timers: (() => void)[] = [];
  const locks: LocksLike = { request: () => new Promise(() => undefined) };
  const tab = sharedAllocator({
    channel: channelHub().channel(),
    locks,
    now: () => clock.t,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => undefined,
  });
  return { tab, timers, clock };
}

describe('earliestStart', () => {
  it('is the asked time while the window has room', () => {
    expect(earliestStart([], 100)).toBe(100);
    expect(earliestStart([0, 10, 20, 30], 100)).toBe(100);
  });

  it('waits for the burst to leave its second, and for the minute to make room', () => {
    expect(earliestStart([0, 1, 2, 3, 4], 5)).toBe(BURST_WINDOW_MS);
    const minute = Array.from({ length: 30 }, (_, i) => i * 1000);
    expect(earliestStart(minute, 30_000)).toBe(MINUTE + MINUTE_MARGIN_MS);
  });

  it('fills a gap before reserved future starts when it fits there', () => {
    // Starts reserved at 5 s and later: a start now fits before them.
    expect(earliestStart([5000, 5001, 5002], 0)).toBe(0);
  });

  it('never places a start that breaks a window, whatever came before', () => {
    const starts: number[] = [];
    for (let i = 0; i < 100; i++) {
      starts.push(earliestStart(starts, (i * 733) % 20_000));
      starts.sort((a, b) => a - b);
    }
    expectPaced(starts);
  });

  /** The rule checked the slow way: every window that could hold one more start at `t`. */
  function fitsEveryWindow(starts: readonly number[], t: number): boolean {
    const rules = [
      { span: MINUTE + MINUTE_MARGIN_MS, limit: REQUESTS_PER_MINUTE },
      { span: BURST_WINDOW_MS, limit: BURST },
    ];
    return rules.every((rule) =>
      [t, ...starts].every(
        (from) => from > t || 1 + starts.filter((s) => s >= from && s < from + rule.span).length <= rule.limit || from + rule.span <= t,
      ),
    );
  }

  it('finds the same start as checking every window, on books of any shape', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 200; round++) {
      const starts = Array.from({ length: Math.floor(random() * 60) }, () => Math.floor(random() * 90_000)).sort((a, b) => a - b);
      const notBefore = Math.floor(random() * 60_000);
      const found = earliestStart(starts, notBefore);
      expect(found).toBeGreaterThanOrEqual(notBefore);
      expect(fitsEveryWindow(starts, found)).toBe(true);
      // Nothing earlier fits: the candidates are the asked time and the moments a start leaves a window.
      const earlier = [notBefore, ...starts.flatMap((s) => [s + BURST_WINDOW_MS, s + MINUTE + MINUTE_MARGIN_MS])].filter(
        (c) => c >= notBefore && c < found,
      );
      for (const c of earlier) expect(fitsEveryWindow(starts, c)).toBe(false);
    }
  });

  it('reads each start a bounded number of times: the work is linear in the book, however full', () => {
    // A full window, minute after minute: 30 a minute in bursts of 5.
    const n = 240;
    const paced = Array.from(
      { length: n },
      (_, k) => Math.floor(k / 30) * (MINUTE + MINUTE_MARGIN_MS) + Math.floor((k % 30) / 5) * BURST_WINDOW_MS,
    );
    let reads = 0;
    const book = new Proxy(paced, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const at = earliestStart(book, 0);
    expect(at).toBe((n / 30) * (MINUTE + MINUTE_MARGIN_MS));
    expect(reads).toBeLessThanOrEqual(8 * n);
  });
});

describe('parseMessage', () => {
  it('takes only well-formed messages: anything on the channel may come from the page', () => {
    expect(parseMessage({ type: 'reserve', id: 'a', notBefore: 1 })).toEqual({ type: 'reserve', id: 'a', notBefore: 1 });
    expect(parseMessage({ type: 'pause', until: 5 })).toEqual({ type: 'pause', until: 5 });
    expect(parseMessage({ type: 'pause', until: Infinity })).toBeNull();
    expect(parseMessage({ type: 'reserved', id: 'x'.repeat(41), at: 1 })).toBeNull();
    expect(parseMessage({ type: 'reserve', id: 'a', notBefore: '1' })).toBeNull();
    expect(parseMessage('reserve')).toBeNull();
    expect(parseMessage(null)).toBeNull();
    expect(parseMessage({ type: 'unknown' })).toBeNull();
    // A release is not believed from the channel (see sharedAllocator).
    expect(parseMessage({ type: 'release', id: 'a' })).toBeNull();
  });
});

describe('localAllocator', () => {
  it('caps a pause: a huge value from a 429 or another tab stops requests for two minutes at most', () => {
    const window = localAllocator(() => 1000);
    window.pause(1e300);
    expect(window.pausedUntil()).toBe(1000 + MAX_PAUSE_MS);
  });
});

describe('madeOnFirstUse: the shared window is joined when first needed', () => {
  it('makes nothing at start-up, then one allocator on the first request or `make`, which every call uses', async () => {
    let made = 0;
    const window = madeOnFirstUse(() => {
      made++;
      return localAllocator(() => 1000);
    });
    expect(made).toBe(0);
    const slot = await window.reserve(1000);
    expect(made).toBe(1);
    expect(window.starts()).toEqual([slot.at]);
    window.pause(5000);
    expect(window.pausedUntil()).toBe(5000);
    expect(window.make()).toBe(window.make());
    expect(window.state).toBe(window.make().state);
    expect(made).toBe(1);
  });

  it('closing before any use makes nothing', () => {
    let made = 0;
    madeOnFirstUse(() => {
      made++;
      return localAllocator();
    }).close();
    expect(made).toBe(0);
  });
});

describe('sharedAllocator: the window shared by all tabs', () => {
  function tabs(count: number, now: () => number) {
    const hub = channelHub();
    const locks = fakeLocks();
    const list: SlotAllocator[] = [];
    for (let i = 0; i < count; i++) list.push(sharedAllocator({ channel: hub.channel(), locks, now }));
    return { hub, list };
  }

  afterEach(() => vi.useRealTimers());

  it('five tabs asking for 30 requests each start 150 that keep 30 a minute and 5 a second together', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const start = Date.now();
    const { list } = tabs(5, () => Date.now());
    await vi.advanceTimersByTimeAsync(10);
    // Each tab's requests go through its own limiter, as in the client: one ask at a time.
    const clock = { now: () => Date.now(), sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) };
    const started: number[] = [];
    for (const tab of list) {
      const limiter = new RateLimiter(clock, tab);
      for (let i = 0; i < 30; i++) void limiter.acquire().then(() => started.push(Date.now()));
    }
    await vi.advanceTimersByTimeAsync(6 * MINUTE);
    expect(started).toHaveLength(150);
    expectPaced(started);
    // Only the first 30 fit in the first minute.
    expect(started.filter((t) => t < start + MINUTE)).toHaveLength(30);
    list.forEach((t) => t.close());
  });

  it('a start given back is free for the next tab', async () => {
    const now = () => 0;
    const { list } = tabs(2, now);
    await settle();
    const [a, b] = list as [SlotAllocator, SlotAllocator];
    const first: Slot[] = [];
    for (let i = 0; i < BURST; i++) first.push(await a.reserve(0));
    expect((await b.reserve(0)).at).toBe(BURST_WINDOW_MS);
    a.release(first[0]!);
    await settle();
    expect((await b.reserve(0)).at).toBe(0);
  });

  it('a pause from one tab holds every tab', async () => {
    let t = 0;
    const { list } = tabs(3, () => t);
    await settle();
    list[2]!.pause(30_000);
    await settle();
    expect(list.map((tab) => tab.pausedUntil())).toEqual([30_000, 30_000, 30_000]);
    expect((await list[1]!.reserve(0)).at).toBe(30_000);
    t = 1;
  });

  it('when the leading tab closes, the next one leads and already knows the window', async () => {
    const now = () => 0;
    const { list } = tabs(3, now);
    await settle();
    for (let i = 0; i < BURST; i++) await list[1]!.reserve(0); // granted by the leader, list[0]
    list[0]!.close();
    await settle();
    const next = await list[2]!.reserve(0);
    expect(next.at).toBe(BURST_WINDOW_MS);
  });

  it('a tab whose question goes unanswered paces from what it has heard', async () => {
    // A leader that holds the lock but never answers (a page that hangs).
    const { tab, timers, clock } = tabWithSilentLeader();
    const slot = tab.reserve(0);
    clock.t = REPLY_TIMEOUT_MS;
    timers.forEach((fn) => fn());
    expect((await slot).at).toBe(REPLY_TIMEOUT_MS);
  });

  it('a forged message from the page cannot pause requests for longer than the cap', async () => {
    const now = () => 0;
    const hub = channelHub();
    const tab = sharedAllocator({ channel: hub.channel(), locks: fakeLocks(), now });
    hub.page().postMessage({ type: 'pause', until: 9e15 });
    await settle();
    expect(tab.pausedUntil()).toBe(REMOTE_PAUSE_MAX_MS);
  });
});

describe('sharedAllocator: what a page script on the channel cannot do', () => {
  /** A leader and a follower behind a page script that reacts to what it sees. */
  async function attacked(react: Parameters<typeof pageScript>[1], now: () => number) {
    const hub = channelHub();
    const post = pageScript(hub, react);
    const locks = fakeLocks();
    const leader = sharedAllocator({ channel: hub.channel(), locks, now });
    const follower = sharedAllocator({ channel: hub.channel(), locks, now });
    await settle();
    return { hub, post, leader, follower };
  }

  it('a far-future answer to every ask does not stop a tab: it is no answer, and the leader’s counts', async () => {
    let t = 1_000_000;
    const { follower } = await attacked(
      (m, post) => {
        if (m.type === 'reserve') post({ type: 'reserved', id: m.id, at: 9e15 });
      },
      () => t,
    );
    for (let i = 0; i < 10; i++) {
      const slot = await follower.reserve(t);
      expect(slot.at).toBeLessThanOrEqual(t + BURST_WINDOW_MS);
      t += BURST_WINDOW_MS;
    }
    expect(follower.estimate(t)).toBeLessThan(t + MAX_SLOT_AHEAD_MS);
  });

  it('an answer counts only for this tab’s ask, and once: a second, later answer moves nothing', async () => {
    const t = 1_000_000;
    const { follower, leader } = await attacked(
      (m, post) => {
        if (m.type === 'reserved') post({ type: 'reserved', id: m.id, at: t + 50_000 });
      },
      () => t,
    );
    const slot = await follower.reserve(t);
    await settle();
    expect(slot.at).toBe(t);
    expect(follower.starts()).toEqual([t]);
    expect(leader.starts()).toEqual([t]);
  });

  it('a flood of forged starts leaves the books bounded, within a minute ahead, and a start still comes within a minute', async () => {
    const t = 1_000_000;
    const { post, follower, leader } = await attacked(
      () => undefined,
      () => t,
    );
    // Answers to asks nobody made: not one is kept.
    for (let i = 0; i < 2_000; i++) post({ type: 'reserved', id: `forged-${i}`, at: t + i * 25 });
    await settle();
    expect(follower.starts()).toHaveLength(0);
    expect(leader.starts()).toHaveLength(0);
    // Asks with answers, as a tab pacing alone sends them: kept up to the cap, and none far ahead.
    for (let i = 0; i < 2_000; i++) {
      post({ type: 'reserve', id: `pair-${i}`, notBefore: t });
      post({ type: 'reserved', id: `pair-${i}`, at: t + ((i * 7919) % (10 * MINUTE)) });
    }
    await settle();
    for (const tab of [follower, leader]) {
      expect(tab.starts().length).toBeLessThanOrEqual(MAX_SLOTS);
      expect(Math.max(...tab.starts())).toBeLessThanOrEqual(t + MAX_SLOT_AHEAD_MS);
    }
    expect((await follower.reserve(t)).at).toBeLessThanOrEqual(t + MAX_SLOT_AHEAD_MS);
    expect((await leader.reserve(t)).at).toBeLessThanOrEqual(t + 2 * MAX_SLOT_AHEAD_MS);
  });

  it('forged releases and early answers never let a tab exceed its own 30 a minute and 5 a second', async () => {
    const t = 1_000_000;
    const { follower } = await attacked(
      (m, post) => {
        // Answers every ask at once with "now", and gives back every start it sees.
        if (m.type === 'reserve') post({ type: 'reserved', id: m.id, at: m.notBefore });
        if (m.type === 'reserved') post({ type: 'release', id: m.id });
      },
      () => t,
    );
    const slots: Slot[] = [];
    for (let i = 0; i < 40; i++) slots.push(await follower.reserve(t));
    expectPaced(slots.map((s) => s.at));
    expect(slots.filter((s) => s.at < t + MINUTE)).toHaveLength(REQUESTS_PER_MINUTE);
  });

  it('a release heard on the channel frees nothing: only the tab that took a start gives it back', async () => {
    const t = 0;
    const { post, leader, follower } = await attacked(
      () => undefined,
      () => t,
    );
    const taken: Slot[] = [];
    for (let i = 0; i < BURST; i++) taken.push(await follower.reserve(0));
    for (const slot of taken) post({ type: 'release', id: slot.id });
    await settle();
    expect(leader.starts()).toHaveLength(BURST);
    expect((await leader.reserve(0)).at).toBe(BURST_WINDOW_MS);
  });

  it('a pause sent again and again holds a tab a minute in ten at most; its own 429 still pauses it', async () => {
    let t = 1_000_000;
    const hub = channelHub();
    const page = hub.page();
    const tab = sharedAllocator({ channel: hub.channel(), locks: fakeLocks(), now: () => t });
    let paused = 0;
    const step = 5_000;
    for (let at = 0; at < 30 * MINUTE; at += step) {
      // Every 100 s a pause as long as a 429's may be, and a short one at every step between.
      page.postMessage({ type: 'pause', until: t + (at % 100_000 === 0 ? MAX_PAUSE_MS : 2 * step) });
      await tick();
      if (tab.pausedUntil() > t) paused += step;
      t += step;
    }
    // Half an hour: three periods of ten minutes, a minute each.
    expect(paused).toBeLessThanOrEqual((3 * REMOTE_PAUSE_MAX_MS * 30 * MINUTE) / REMOTE_PAUSE_PERIOD_MS);
    tab.pause(t + MINUTE);
    expect(tab.pausedUntil()).toBe(t + MINUTE);
  });

  it('a page that holds the lock costs one unanswered ask, not one per request', async () => {
    const { tab, timers, clock } = tabWithSilentLeader();
    const first = tab.reserve(0);
    clock.t = REPLY_TIMEOUT_MS;
    timers.splice(0).forEach((fn) => fn());
    expect((await first).at).toBe(REPLY_TIMEOUT_MS);
    // The next ones start without waiting for an answer again, paced from what the tab has heard.
    let resolved = 0;
    for (let i = 0; i < BURST; i++) void tab.reserve(clock.t).then(() => resolved++);
    await settle();
    expect(resolved).toBe(BURST);
    expect(timers).toHaveLength(0);
    expect(tab.starts()).toEqual([
      REPLY_TIMEOUT_MS,
      ...Array.from({ length: BURST - 1 }, () => REPLY_TIMEOUT_MS),
      BURST_WINDOW_MS + REPLY_TIMEOUT_MS,
    ]);
    // A while later it asks again, in case a leader came.
    clock.t += LEADER_SILENT_MS;
    void tab.reserve(clock.t);
    expect(timers).toHaveLength(1);
  });

  it('a tab whose lock is taken stops answering as leader, and leads again when the lock comes back', async () => {
    const t = 0;
    const hub = channelHub();
    let steal: (() => void) | null = null;
    let requests = 0;
    const locks: LocksLike = {
      request(_name, _options, callback) {
        requests++;
        if (requests > 1) return new Promise((resolve) => (steal = () => void callback().then(resolve)));
        return new Promise((_resolve, reject) => {
          void callback();
          steal = () => reject(new DOMException('stolen', 'AbortError'));
        });
      },
    };
    const leader = sharedAllocator({ channel: hub.channel(), locks, now: () => t });
    const timers: (() => void)[] = [];
    const other = sharedAllocator({
      channel: hub.channel(),
      locks: { request: () => new Promise(() => undefined) },
      now: () => t,
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => undefined,
    });
    await settle();
    // A page steals the lock: the tab that held it no longer grants, and queues for it again.
    steal!();
    await settle();
    expect(requests).toBe(2);
    let answered = false;
    const asked = other.reserve(0).then(() => (answered = true));
    await settle();
    expect(answered).toBe(false);
    timers.splice(0).forEach((fn) => fn());
    await asked;
    // The lock comes back: it leads and answers again.
    steal!();
    await settle();
    let again = false;
    void other.reserve(0).then(() => (again = true));
    await settle();
    expect(again).toBe(true); // for a while the tab that went unanswered paces alone, at once
    const later = sharedAllocator({
      channel: hub.channel(),
      locks: { request: () => new Promise(() => undefined) },
      now: () => t,
      setTimer: () => undefined,
      clearTimer: () => undefined,
    });
    let granted = false;
    void later.reserve(0).then(() => (granted = true));
    await settle();
    expect(granted).toBe(true); // answered by the leader, with no timer run
    leader.close();
  });
});

describe('crossTabNames: the names the page cannot guess', () => {
  it('come from a random value kept in the manager’s storage, the same for every tab, and never exported', () => {
    const shared = new Map<string, string>();
    const a = crossTabNames(new Store(memoryBackend(shared), () => {}));
    const b = crossTabNames(new Store(memoryBackend(shared), () => {}));
    expect(b).toEqual(a);
    const elsewhere = crossTabNames(new Store(memoryBackend(), () => {}));
    expect(elsewhere.apiChannel).not.toBe(a.apiChannel);
    expect(a.apiChannel).toMatch(/^void-verified-api-window-[0-9a-f]{16}$/);
    // A page can list held locks' names: the channel's part of the secret is not in them.
    const channelPart = a.apiChannel.slice(-16);
    expect(a.apiLock).not.toContain(channelPart);
    expect(a.countLock).not.toContain(channelPart);
    expect(crossTabSecretKey.exported).toBe(false);
  });
});
