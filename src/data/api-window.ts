/**
 * The request window every open tab shares: AniList allows 30 requests a minute per user, not per
 * tab, so five tabs must not send 150. Starts are handed out by one allocator at a time, never by
 * a read-modify-write of shared storage (tabs racing on a shared list lost each other's starts).
 *
 * - One tab leads: it holds a Web Lock, so a closed or crashed leader hands over at once. It keeps
 *   the recent starts in memory and answers every tab's "when may I start?" with a reserved time,
 *   at once, from its message handler (no timer of its own, so a hidden, throttled leader delays
 *   no one). The asking tab waits until that time itself.
 * - Every reservation, release and pause is broadcast, so whichever tab leads next already knows
 *   the window.
 * - A tab that gets no answer within REPLY_TIMEOUT_MS (no leader yet, a leader that hangs) takes
 *   its start from what it has heard, and still paces itself.
 * - Without Web Locks or BroadcastChannel each tab paces itself alone (the old behaviour).
 */

/** What AniList really allows; its headers count from 90 but throttle at 30 a minute. */
export const REQUESTS_PER_MINUTE = 30;
/**
 * A burst is spread: at most this many requests start in any BURST_WINDOW_MS (30 queued at once
 * take six seconds, not one), which typing in a search box never reaches.
 */
export const BURST = 5;
export const BURST_WINDOW_MS = 1_000;
/** The longest a 429 may pause us, whatever its Retry-After says (a huge value must not spin timers). */
export const MAX_PAUSE_MS = 120_000;
export const MINUTE = 60_000;
/** How long a tab waits for the leader's answer before pacing from what it has heard. */
export const REPLY_TIMEOUT_MS = 1_500;

export const API_WINDOW_CHANNEL = 'void-verified-api-window';
export const API_WINDOW_LOCK = 'void-verified-api-window';

export interface Slot {
  readonly id: string;
  readonly at: number;
}

/** Hands out request starts so that every rule of the window holds. */
export interface SlotAllocator {
  /** Reserves the earliest start at or after `notBefore`. */
  reserve(notBefore: number): Promise<Slot>;
  /** Gives back a reserved start that was not used (its caller aborted, a pause came first). */
  release(slot: Slot): void;
  /** Pauses every tab until `until` (a 429). */
  pause(until: number): void;
  pausedUntil(): number;
  /** When a start asked for now could happen, without reserving it. */
  estimate(now: number): number;
  /** The reserved starts this tab knows of (tests and Health read it). */
  starts(): number[];
  close(): void;
}

interface Rule {
  span: number;
  limit: number;
}

/**
 * The minute is counted a little long: the server counts arrivals, which a busy network or a late
 * timer moves by some milliseconds, and the 31st request must not land inside AniList's minute.
 */
export const MINUTE_MARGIN_MS = 500;

const rulesFor = (perMinute: number): Rule[] => [
  { span: MINUTE + MINUTE_MARGIN_MS, limit: perMinute },
  { span: BURST_WINDOW_MS, limit: BURST },
];

/** Whether one more start at `t` keeps every window of `rule.span` at or under its limit. */
function fits(starts: readonly number[], t: number, rule: Rule): boolean {
  // The fullest window that holds t begins at t or at one of the starts before it.
  for (const from of [t, ...starts.filter((s) => s <= t && s > t - rule.span)]) {
    let count = 1;
    for (const s of starts) if (s >= from && s < from + rule.span) count++;
    if (count > rule.limit) return false;
  }
  return true;
}

/**
 * The earliest time at or after `notBefore` at which one more start keeps every rule. Candidates
 * are `notBefore` and the moments a start leaves a window; there are never more than a few dozen.
 */
export function earliestStart(starts: readonly number[], notBefore: number, perMinute = REQUESTS_PER_MINUTE): number {
  const rules = rulesFor(perMinute);
  const candidates = [notBefore, ...rules.flatMap((r) => starts.map((s) => s + r.span))]
    .filter((t) => t >= notBefore)
    .sort((a, b) => a - b);
  for (const t of candidates) if (rules.every((r) => fits(starts, t, r))) return t;
  // Unreachable: after the last start plus the longest span every window is empty.
  return Math.max(notBefore, ...starts.map((s) => s + MINUTE + MINUTE_MARGIN_MS));
}

const capPause = (now: number, until: number) => Math.min(until, now + MAX_PAUSE_MS);

/** The window's state, kept by every tab; only the leader (or a lone tab) reserves from it. */
class WindowBook {
  private readonly slots = new Map<string, number>();
  paused = 0;

  constructor(
    private readonly now: () => number,
    private readonly perMinute: number,
  ) {}

  private prune(): void {
    const horizon = this.now() - MINUTE - MINUTE_MARGIN_MS;
    for (const [id, at] of this.slots) if (at <= horizon) this.slots.delete(id);
  }

  list(): number[] {
    this.prune();
    return [...this.slots.values()].sort((a, b) => a - b);
  }

  /** The earliest a start may be, from `from`: not before a pause ends (capped). */
  private floor(from: number, now: number): number {
    return Math.max(from, capPause(now, this.paused));
  }

  reserve(id: string, notBefore: number): Slot {
    const now = this.now();
    const at = earliestStart(this.list(), this.floor(Math.max(notBefore, now), now), this.perMinute);
    this.slots.set(id, at);
    return { id, at };
  }

  record(slot: Slot): void {
    this.slots.set(slot.id, slot.at);
    this.prune();
  }

  release(id: string): void {
    this.slots.delete(id);
  }

  estimate(now: number): number {
    return earliestStart(this.list(), this.floor(now, now), this.perMinute);
  }
}

let nextId = 0;
const newId = () => `${Math.random().toString(36).slice(2, 10)}-${++nextId}`;

/** This tab's own window: the allocator where tabs cannot talk to each other, and in unit tests. */
export function localAllocator(now: () => number = () => Date.now(), perMinute = REQUESTS_PER_MINUTE): SlotAllocator {
  const book = new WindowBook(now, perMinute);
  return {
    reserve: (notBefore) => Promise.resolve(book.reserve(newId(), notBefore)),
    release: (slot) => book.release(slot.id),
    pause: (until) => void (book.paused = Math.max(book.paused, capPause(now(), until))),
    pausedUntil: () => book.paused,
    estimate: (t) => book.estimate(t),
    starts: () => book.list(),
    close: () => undefined,
  };
}

/** The parts of BroadcastChannel the shared window uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface LocksLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

type Message =
  | { type: 'reserve'; id: string; notBefore: number }
  | { type: 'reserved'; id: string; at: number }
  | { type: 'release'; id: string }
  | { type: 'pause'; until: number }
  | { type: 'leader' };

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const shortId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 40;

/** A message from another tab (or from the page itself, which shares the channel): checked field by field. */
export function parseMessage(data: unknown): Message | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'reserve':
      return shortId(m.id) && finite(m.notBefore) ? { type: 'reserve', id: m.id, notBefore: m.notBefore } : null;
    case 'reserved':
      return shortId(m.id) && finite(m.at) ? { type: 'reserved', id: m.id, at: m.at } : null;
    case 'release':
      return shortId(m.id) ? { type: 'release', id: m.id } : null;
    case 'pause':
      return finite(m.until) ? { type: 'pause', until: m.until } : null;
    case 'leader':
      return { type: 'leader' };
    default:
      return null;
  }
}

export interface SharedAllocatorDeps {
  channel: ChannelLike;
  locks: LocksLike;
  now?: () => number;
  perMinute?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** The window shared by all tabs of the origin through a leader (see the top of this file). */
export function sharedAllocator(deps: SharedAllocatorDeps): SlotAllocator {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((t: unknown) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const book = new WindowBook(now, deps.perMinute ?? REQUESTS_PER_MINUTE);
  const abort = new AbortController();
  let leading = false;
  /** Asked of the leader and not answered yet. */
  const pending = new Map<string, { notBefore: number; resolve(slot: Slot): void; timer: unknown }>();

  const post = (message: Message) => {
    try {
      deps.channel.postMessage(message);
    } catch (error) {
      console.warn('[VoidVerified] could not tell other tabs about the request window', error);
    }
  };

  const answer = (id: string, slot: Slot) => {
    const asked = pending.get(id);
    if (!asked) return;
    pending.delete(id);
    clearTimer(asked.timer);
    asked.resolve(slot);
  };

  const grant = (id: string, notBefore: number): Slot => {
    const slot = book.reserve(id, notBefore);
    post({ type: 'reserved', id: slot.id, at: slot.at });
    return slot;
  };

  const onMessage = (event: { data: unknown }) => {
    const message = parseMessage(event.data);
    if (!message) return;
    switch (message.type) {
      case 'reserve':
        if (leading) grant(message.id, message.notBefore);
        break;
      case 'reserved':
        book.record({ id: message.id, at: message.at });
        answer(message.id, { id: message.id, at: message.at });
        break;
      case 'release':
        book.release(message.id);
        break;
      case 'pause':
        book.paused = Math.max(book.paused, capPause(now(), message.until));
        break;
      case 'leader':
        // A new leader: ask it again for what the old one had not answered.
        for (const [id, asked] of pending) post({ type: 'reserve', id, notBefore: asked.notBefore });
        break;
    }
  };
  deps.channel.addEventListener('message', onMessage);

  deps.locks
    .request(API_WINDOW_LOCK, { signal: abort.signal }, () => {
      if (abort.signal.aborted) return Promise.resolve();
      leading = true;
      post({ type: 'leader' });
      // What this tab asked of the old leader, it now answers itself.
      for (const [id, asked] of [...pending]) answer(id, grant(id, asked.notBefore));
      return new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve(), { once: true }));
    })
    .catch(() => undefined); // closed while waiting for the lead: nothing to do

  return {
    reserve(notBefore) {
      const id = newId();
      if (leading) return Promise.resolve(grant(id, notBefore));
      return new Promise<Slot>((resolve) => {
        const timer = setTimer(() => {
          if (!pending.has(id)) return;
          // No answer: pace from what this tab has heard, and tell the others what it took.
          answer(id, grant(id, notBefore));
        }, REPLY_TIMEOUT_MS);
        pending.set(id, { notBefore, resolve, timer });
        post({ type: 'reserve', id, notBefore });
      });
    },
    release(slot) {
      book.release(slot.id);
      post({ type: 'release', id: slot.id });
    },
    pause(until) {
      book.paused = Math.max(book.paused, capPause(now(), until));
      post({ type: 'pause', until: book.paused });
    },
    pausedUntil: () => book.paused,
    estimate: (t) => book.estimate(t),
    starts: () => book.list(),
    close() {
      abort.abort();
      leading = false;
      deps.channel.removeEventListener('message', onMessage);
      for (const asked of pending.values()) clearTimer(asked.timer);
      deps.channel.close();
    },
  };
}

/** The shared window where the browser can share it, else this tab's own. */
export function browserAllocator(): SlotAllocator {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as LocksLike) : null;
  if (!locks || typeof BroadcastChannel !== 'function') return localAllocator();
  try {
    return sharedAllocator({ channel: new BroadcastChannel(API_WINDOW_CHANNEL), locks });
  } catch (error) {
    console.warn('[VoidVerified] the request window cannot be shared between tabs; this tab paces itself', error);
    return localAllocator();
  }
}
