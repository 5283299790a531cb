import { describe, expect, it } from 'vitest';
import {
  BURST,
  BURST_WINDOW_MS,
  earliestStart,
  localAllocator,
  MAX_PAUSE_MS,
  MINUTE,
  MINUTE_MARGIN_MS,
  parseMessage,
  REPLY_TIMEOUT_MS,
  REQUESTS_PER_MINUTE,
  sharedAllocator,
  type ChannelLike,
  type LocksLike,
  type Slot,
  type SlotAllocator,
} from '../../src/data/api-window';

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
    for (let i = 0; i < 100; i++) starts.push(earliestStart(starts, (i * 733) % 20_000));
    expectPaced(starts);
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
  });
});

describe('localAllocator', () => {
  it('caps a pause: a huge value from a 429 or another tab stops requests for two minutes at most', () => {
    const window = localAllocator(() => 1000);
    window.pause(1e300);
    expect(window.pausedUntil()).toBe(1000 + MAX_PAUSE_MS);
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

  it('five tabs asking for 30 starts each get 150 starts that keep 30 a minute and 5 a second together', async () => {
    const now = () => 1_000_000;
    const { list } = tabs(5, now);
    await settle();
    const asked = list.flatMap((tab) => Array.from({ length: 30 }, () => tab.reserve(now())));
    const slots = await Promise.all(asked);
    expect(new Set(slots.map((s) => s.id)).size).toBe(150);
    expectPaced(slots.map((s) => s.at));
    // Only the first 30 fit in the first minute.
    expect(slots.filter((s) => s.at < now() + MINUTE)).toHaveLength(30);
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
    let t = 0;
    const timers: (() => void)[] = [];
    const hub = channelHub();
    // A leader that holds the lock but never answers (a page that hangs).
    const locks: LocksLike = { request: () => new Promise(() => undefined) };
    const tab = sharedAllocator({
      channel: hub.channel(),
      locks,
      now: () => t,
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => undefined,
    });
    const slot = tab.reserve(0);
    t = REPLY_TIMEOUT_MS;
    timers.forEach((fn) => fn());
    expect((await slot).at).toBe(REPLY_TIMEOUT_MS);
  });

  it('a forged message from the page cannot pause requests for longer than the cap', async () => {
    const now = () => 0;
    const hub = channelHub();
    const tab = sharedAllocator({ channel: hub.channel(), locks: fakeLocks(), now });
    hub.page().postMessage({ type: 'pause', until: 9e15 });
    await settle();
    expect(tab.pausedUntil()).toBe(MAX_PAUSE_MS);
  });
});
