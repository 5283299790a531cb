import { s } from './schema';
import { defineKey, fixedShape, type Store } from './storage';

/**
 * The request window every open tab shares: AniList allows 30 requests a minute per user, not per
 * tab, so five tabs must not send 150. Starts are handed out by one allocator at a time, never by
 * a read-modify-write of shared storage (tabs racing on a shared list lost each other's starts).
 *
 * - One tab leads: it holds a Web Lock, so a closed or crashed leader hands over at once. It keeps
 *   the recent starts in memory and answers every tab's "when may I start?" with a reserved time,
 *   at once, from its message handler (no timer of its own, so a hidden, throttled leader delays
 *   no one). The asking tab waits until that time itself.
 * - Every start is announced as an ask and its answer, and so is every pause, so whichever tab
 *   leads next already knows the window.
 * - A tab that gets no answer within REPLY_TIMEOUT_MS (no leader yet, a leader that hangs, a page
 *   that holds the lock) takes its start from what it has heard, and for LEADER_SILENT_MS after
 *   that it does so at once, without asking.
 * - Without Web Locks or BroadcastChannel each tab paces itself alone (the old behaviour).
 *
 * Everything on the channel is input: any script on anilist.co that learns the channel's name
 * can post there (a page script that wrapped BroadcastChannel before we ran sees it), and any can
 * take the lock. So nothing heard there can stop this tab or make it exceed its own pace:
 * - each tab keeps its own 30 a minute and 5 a second (its own starts only): the shared window
 *   can delay a start, never allow one sooner;
 * - an answer counts only for this tab's own ask, once, and only up to MAX_SLOT_AHEAD_MS ahead;
 *   starts heard from others are kept only as the first answer to an ask seen on the channel,
 *   at most MAX_SLOTS of them, and the book is scanned in linear time;
 * - a release is not believed from the channel: a start given back frees this tab's own books
 *   only (other tabs count it until it leaves the window);
 * - pauses heard on the channel hold this tab for at most REMOTE_PAUSE_MAX_MS in any
 *   REMOTE_PAUSE_PERIOD_MS, however often they are sent; this tab's own 429 pauses it as long as
 *   the answer says (up to MAX_PAUSE_MS);
 * - the channel's and the lock's names come from a random value kept in the manager's storage
 *   (crossTabNames), which a page cannot read and an export never carries.
 * What remains: a page that hooked BroadcastChannel before us can pose as other busy tabs, and
 * then each request waits its turn in the window, at most MAX_SLOT_AHEAD_MS.
 */

/** What AniList really allows; its headers count from 90 but throttle at 30. */
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
/** After an unanswered ask, how long a tab paces from what it has heard without asking again. */
export const LEADER_SILENT_MS = 30_000;

/**
 * The minute is counted a little long: the server counts arrivals, which a busy network or a late
 * timer moves by some milliseconds, and the 31st request must not land inside AniList's minute.
 */
export const MINUTE_MARGIN_MS = 500;

/**
 * The furthest ahead a start heard on the channel may be: a minute, with its margin and a burst's
 * second. The leader never grants further (a full window frees a start within the minute); an
 * answer beyond it is not one.
 */
export const MAX_SLOT_AHEAD_MS = MINUTE + MINUTE_MARGIN_MS + BURST_WINDOW_MS;
/** The most starts a book keeps: two full minutes of the window, twice over. */
export const MAX_SLOTS = 4 * REQUESTS_PER_MINUTE;
/** The longest pauses heard from other tabs may hold this one in any REMOTE_PAUSE_PERIOD_MS (AniList's 429 lasts a minute). */
export const REMOTE_PAUSE_MAX_MS = MINUTE;
export const REMOTE_PAUSE_PERIOD_MS = 10 * MINUTE;
/** How long an ask seen on the channel waits for its answer to be recorded. */
const ASK_MEMORY_MS = MINUTE;

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
  /** The backoff after failures and the low-remaining notice, as every tab sees them. */
  readonly state: SharedState;
  close(): void;
}

interface Rule {
  span: number;
  limit: number;
}

const rulesFor = (perMinute: number): Rule[] => [
  { span: MINUTE + MINUTE_MARGIN_MS, limit: perMinute },
  { span: BURST_WINDOW_MS, limit: BURST },
];

/**
 * Moves `t` past every time `rule` forbids, looking at the runs of starts from `from` on. A run of
 * `limit` starts closer together than `span` forbids the open interval (last − span, first + span):
 * one more start there would make a window of `span` hold `limit + 1`. Both ends of these intervals
 * grow with the run, so one pass in order finds the first free time, and a run passed once stays
 * passed for any later `t`. Returns the time and the first run not passed.
 */
function passRule(starts: readonly number[], rule: Rule, t: number, from: number): { t: number; from: number } {
  let i = from;
  for (; i + rule.limit <= starts.length; i++) {
    const first = starts[i]!;
    const last = starts[i + rule.limit - 1]!;
    if (last - first >= rule.span) continue; // not a full run: forbids nothing
    if (first + rule.span <= t) continue; // its interval ends at or before t
    if (last - rule.span >= t) break; // its interval, and every later one, begins after t
    t = first + rule.span; // t is inside: the first free time is where the interval ends
  }
  return { t, from: i };
}

/**
 * The earliest time at or after `notBefore` at which one more start keeps every rule, given the
 * `starts` sorted ascending. Linear in the number of starts: each rule's runs are passed at most
 * once, whichever rule moves the time.
 */
export function earliestStart(starts: readonly number[], notBefore: number, perMinute = REQUESTS_PER_MINUTE): number {
  const rules = rulesFor(perMinute);
  const from = rules.map(() => 0);
  let t = notBefore;
  for (let moved = true; moved;) {
    moved = false;
    rules.forEach((rule, r) => {
      const passed = passRule(starts, rule, t, from[r]!);
      if (passed.t !== t) moved = true;
      t = passed.t;
      from[r] = passed.from;
    });
  }
  return t;
}

/** Starts kept in time order, each once by id, at most `cap`; those out of every window are dropped. */
class WindowBook {
  private readonly slots: Slot[] = [];
  private readonly ats = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly perMinute: number,
    private readonly cap = MAX_SLOTS,
  ) {}

  private prune(): void {
    const horizon = this.now() - MINUTE - MINUTE_MARGIN_MS;
    let old = 0;
    while (old < this.slots.length && this.slots[old]!.at <= horizon) this.ats.delete(this.slots[old++]!.id);
    if (old) this.slots.splice(0, old);
  }

  at(id: string): number | undefined {
    return this.ats.get(id);
  }

  /** Adds a start; false when its id is already booked or the book is full. */
  add(slot: Slot): boolean {
    this.prune();
    if (this.ats.has(slot.id) || this.slots.length >= this.cap) return false;
    // Most starts are the latest yet: look for the place from the end.
    let i = this.slots.length;
    while (i > 0 && this.slots[i - 1]!.at > slot.at) i--;
    this.slots.splice(i, 0, slot);
    this.ats.set(slot.id, slot.at);
    return true;
  }

  remove(id: string): void {
    if (!this.ats.delete(id)) return;
    this.slots.splice(
      this.slots.findIndex((slot) => slot.id === id),
      1,
    );
  }

  /** Books `slot`, moving its id's start if it was booked at another time. */
  put(slot: Slot): void {
    if (this.ats.get(slot.id) === slot.at) return;
    this.remove(slot.id);
    this.add(slot);
  }

  list(): number[] {
    this.prune();
    return this.slots.map((slot) => slot.at);
  }

  earliest(notBefore: number): number {
    return earliestStart(this.list(), notBefore, this.perMinute);
  }
}

/**
 * This tab's pause: its own (a 429 it got, up to MAX_PAUSE_MS) and what it takes from pauses heard
 * on the channel, which may hold it REMOTE_PAUSE_MAX_MS in a REMOTE_PAUSE_PERIOD_MS and no more:
 * a pause sent again and again cannot keep it waiting.
 */
class Pauses {
  private own = 0;
  private remote = 0;
  private periodStart = -Infinity;
  private spent = 0;

  constructor(private readonly now: () => number) {}

  until(): number {
    return Math.max(this.own, this.remote);
  }

  mine(until: number): number {
    this.own = Math.max(this.own, Math.min(until, this.now() + MAX_PAUSE_MS));
    return this.own;
  }

  heard(until: number): void {
    const t = this.now();
    if (t >= this.periodStart + REMOTE_PAUSE_PERIOD_MS) {
      this.periodStart = t;
      this.spent = 0;
    }
    const from = Math.max(t, this.remote);
    const to = Math.min(until, from + REMOTE_PAUSE_MAX_MS - this.spent);
    if (to <= from) return;
    this.spent += to - from;
    this.remote = to;
  }
}

/** Asks seen on the channel and not answered yet, oldest first; only their first answer is recorded. */
class AskMemory {
  private readonly seen = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  private forgetOld(): void {
    const horizon = this.now() - ASK_MEMORY_MS;
    for (const [id, at] of this.seen) {
      if (at > horizon) break;
      this.seen.delete(id);
    }
  }

  add(id: string): void {
    this.forgetOld();
    if (this.seen.has(id)) return;
    this.seen.set(id, this.now());
    if (this.seen.size > MAX_SLOTS) this.seen.delete(this.seen.keys().next().value!);
  }

  /** Whether `id` was asked and not answered yet; it is answered from now on. */
  take(id: string): boolean {
    this.forgetOld();
    return this.seen.delete(id);
  }
}

let nextId = 0;
const newId = () => `${Math.random().toString(36).slice(2, 10)}-${++nextId}`;

/** This tab's own window: the allocator where tabs cannot talk to each other, and in unit tests. */
export function localAllocator(now: () => number = () => Date.now(), perMinute = REQUESTS_PER_MINUTE, cell = memoryCell()): SlotAllocator {
  const book = new WindowBook(now, perMinute);
  const pauses = new Pauses(now);
  const reserve = (notBefore: number): Slot => {
    const slot = { id: newId(), at: book.earliest(Math.max(notBefore, now(), pauses.until())) };
    book.add(slot);
    return slot;
  };
  return {
    reserve: (notBefore) => Promise.resolve(reserve(notBefore)),
    release: (slot) => book.remove(slot.id),
    pause: (until) => void pauses.mine(until),
    pausedUntil: () => pauses.until(),
    estimate: (t) => book.earliest(Math.max(t, pauses.until())),
    starts: () => book.list(),
    state: new SharedState(cell, now),
    close: () => undefined,
  };
}

/**
 * 2.0.3's exponential backoff (document 3, C20), the window's one failure policy: three failures
 * (a network error, a 5xx or a 429; an answer with GraphQL errors is an answer) within
 * BACKOFF_FAILURE_WINDOW_MS raise the level, and each level pauses every tab's requests for its
 * time; the count restarts after BACKOFF_FAILURE_WINDOW_MS without a failure, and the level goes
 * back to 0 an hour after its pause ended. The state is kept in storage, so it outlives a reload
 * and every tab reads the same (the storage adapter's change events reach them all).
 */
export const BACKOFF_PAUSES_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 60 * MINUTE, 6 * 60 * MINUTE] as const;
export const BACKOFF_MAX_LEVEL = BACKOFF_PAUSES_MS.length;
export const BACKOFF_FAILURES = 3;
export const BACKOFF_FAILURE_WINDOW_MS = 2 * MINUTE;
export const BACKOFF_CLEAR_MS = 60 * MINUTE;
/** "Remaining queries before reset" is said at most once in this long, whichever tab hears it. */
export const LOW_REMAINING_EVERY_MS = MINUTE;

export interface WindowState {
  /** 0 (no backoff) to BACKOFF_MAX_LEVEL. */
  level: number;
  /** Failures counted towards the next level. */
  failures: number;
  lastFailureAt: number;
  /** Requests fail at once until then (0: not paused). */
  pausedUntil: number;
  /** When a tab last said that few queries remain. */
  lowWarnedAt: number;
}

const NO_BACKOFF: WindowState = { level: 0, failures: 0, lastFailureAt: 0, pausedUntil: 0, lowWarnedAt: 0 };

export const windowStateKey = defineKey({
  name: 'void-verified-palette-api-window',
  cap: fixedShape,
  description: 'The backoff after repeated AniList failures, and when few remaining queries were last said, shared by the tabs.',
  schema: s.object({
    level: s.number({ min: 0, max: BACKOFF_MAX_LEVEL, int: true }),
    failures: s.number({ min: 0, max: BACKOFF_FAILURES, int: true }),
    lastFailureAt: s.number(),
    pausedUntil: s.number(),
    lowWarnedAt: s.number(),
  }),
  defaultValue: (): WindowState => ({ ...NO_BACKOFF }),
  exported: false,
});

/**
 * The state as it holds at `now`, from a stored value that a page script may have written (in page
 * storage, without a manager; the key's schema bounds the level and the count): times from the
 * future count from now, a pause lasts at most its level's time, a level whose hour after its pause
 * has passed is 0, an old count is 0.
 */
export function currentState(stored: WindowState, now: number): WindowState {
  const { level } = stored;
  const lastFailureAt = Math.min(stored.lastFailureAt, now);
  const state = {
    level,
    failures: now - lastFailureAt <= BACKOFF_FAILURE_WINDOW_MS ? Math.min(stored.failures, BACKOFF_FAILURES - 1) : 0,
    lastFailureAt,
    pausedUntil: Math.min(stored.pausedUntil, now + (level && BACKOFF_PAUSES_MS[level - 1]!)),
    lowWarnedAt: Math.min(stored.lowWarnedAt, now),
  };
  return level && now >= state.pausedUntil + BACKOFF_CLEAR_MS ? { ...state, level: 0, pausedUntil: 0 } : state;
}

/** After one more failure at `now`: the count, or the next level and its pause once the count is full. */
export function afterFailure(state: WindowState, now: number): WindowState {
  const failures = state.failures + 1;
  if (failures < BACKOFF_FAILURES) return { ...state, failures, lastFailureAt: now };
  const level = Math.min(state.level + 1, BACKOFF_MAX_LEVEL);
  return { ...state, level, failures: 0, lastFailureAt: now, pausedUntil: now + BACKOFF_PAUSES_MS[level - 1]! };
}

/** Where the window's state is kept: the store (shared by tabs, kept across reloads), or this tab's memory. */
export interface StateCell {
  get(): WindowState;
  set(state: WindowState): void;
}

export function memoryCell(): StateCell {
  let state: WindowState = { ...NO_BACKOFF };
  return { get: () => state, set: (next) => void (state = next) };
}

/** The state in the store: followed as other tabs write it, kept across reloads. */
export function storeCell(store: Pick<Store, 'get' | 'set' | 'subscribe'>): StateCell {
  store.subscribe(windowStateKey, () => undefined);
  return { get: () => store.get(windowStateKey), set: (next) => store.set(windowStateKey, next) };
}

/** The backoff and the low-remaining notice, over a cell, read as they hold now. */
export class SharedState {
  constructor(
    private readonly cell: StateCell,
    private readonly now: () => number,
  ) {}

  private read(): WindowState {
    return currentState(this.cell.get(), this.now());
  }

  /** Until when requests are paused; 0 when they are not. */
  pausedUntil(): number {
    const { pausedUntil } = this.read();
    return pausedUntil > this.now() ? pausedUntil : 0;
  }

  /** Counts a failure; the new level when it raised one, else null. */
  failed(): number | null {
    const before = this.read();
    const after = afterFailure(before, this.now());
    this.cell.set(after);
    // At the top level a full count pauses again, without saying the level rose.
    return after.level > before.level ? after.level : null;
  }

  /** Whether few remaining queries should be said now (not said in the last minute by any tab); records it. */
  lowRemainingOnce(): boolean {
    const state = this.read();
    const now = this.now();
    if (state.lowWarnedAt > 0 && now - state.lowWarnedAt < LOW_REMAINING_EVERY_MS) return false;
    this.cell.set({ ...state, lowWarnedAt: now });
    return true;
  }
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
    case 'pause':
      return finite(m.until) ? { type: 'pause', until: m.until } : null;
    case 'leader':
      return { type: 'leader' };
    default:
      return null;
  }
}

/** The names the tabs meet under: the window's channel and lock, and the unread count's lock. */
export interface CrossTabNames {
  readonly apiChannel: string;
  readonly apiLock: string;
  readonly countLock: string;
}

/** The names used before they came from a secret (unit tests use them still). */
export const DEFAULT_NAMES: CrossTabNames = {
  apiChannel: 'void-verified-api-window',
  apiLock: 'void-verified-api-window',
  countLock: 'void-verified-notification-count',
};

const SECRET = /^[0-9a-f]{32}$/;

export const crossTabSecretKey = defineKey({
  name: 'void-verified-cross-tab-secret',
  cap: fixedShape,
  description: 'A random value the tabs name their channel and locks after, so that the page cannot guess them.',
  schema: s.string({ max: 64 }),
  defaultValue: () => '',
  exported: false,
});

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The names tabs meet under, from a random value in the manager's storage (made on first use):
 * a page script cannot read it, so it cannot open the channel or queue for the locks by name.
 * The channel and the locks take independent halves, since a page can list the names of held
 * locks (navigator.locks.query) but not of channels.
 */
export function crossTabNames(store: Pick<Store, 'get' | 'set'>): CrossTabNames {
  let secret = store.get(crossTabSecretKey);
  if (!SECRET.test(secret)) {
    secret = randomHex(16);
    store.set(crossTabSecretKey, secret);
  }
  const channel = secret.slice(0, 16);
  const lock = secret.slice(16);
  return {
    apiChannel: `${DEFAULT_NAMES.apiChannel}-${channel}`,
    apiLock: `${DEFAULT_NAMES.apiLock}-${lock}`,
    countLock: `${DEFAULT_NAMES.countLock}-${lock}`,
  };
}

export interface SharedAllocatorDeps {
  channel: ChannelLike;
  locks: LocksLike;
  /** The lock's name (crossTabNames); DEFAULT_NAMES.apiLock when absent. */
  lockName?: string;
  now?: () => number;
  perMinute?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** Where the backoff is kept (storeCell: shared by the tabs); this tab's memory when absent. */
  cell?: StateCell;
}

type Pending = Map<string, { notBefore: number; resolve(slot: Slot): void; timer: unknown }>;

/**
 * What a tab knows of the shared window and how it answers: the starts it knows of, its own floor,
 * the pauses, the asks seen, its own asks awaiting an answer, and the rules that turn an ask or an
 * answer heard into a start.
 */
function windowLedger(now: () => number, perMinute: number, post: (message: Message) => void, clearTimer: (timer: unknown) => void) {
  /** Every start this tab knows of: its own, those the leader granted, those other tabs announced. */
  const book = new WindowBook(now, perMinute);
  /** This tab's own starts: its floor, which nothing heard can lower. */
  const own = new WindowBook(now, perMinute);
  const pauses = new Pauses(now);
  const asks = new AskMemory(now);
  /** Asked of the leader and not answered yet. */
  const pending: Pending = new Map();

  /** The earliest a start may be from `notBefore`: not before now, nor before a pause ends. */
  const floor = (notBefore: number) => Math.max(notBefore, now(), pauses.until());

  /**
   * This tab's start for `id` from a proposed time (an answer, or its own reckoning): no further
   * ahead than an answer may be, and never sooner than its own floor allows.
   */
  const take = (id: string, proposed: number, notBefore: number): Slot => {
    const capped = Math.min(proposed, now() + MAX_SLOT_AHEAD_MS);
    const slot = { id, at: own.earliest(Math.max(floor(notBefore), capped)) };
    own.add(slot);
    book.put(slot);
    return slot;
  };

  /** A start this tab takes from what it has heard, announced as an ask and its answer. */
  const paceAlone = (id: string, notBefore: number, askedAlready: boolean): Slot => {
    const slot = take(id, book.earliest(floor(notBefore)), notBefore);
    if (!askedAlready) post({ type: 'reserve', id, notBefore });
    post({ type: 'reserved', id, at: slot.at });
    return slot;
  };

  /** Answers this tab's own ask, once: with `proposed` (an answer heard), or from what it has heard. */
  const answer = (id: string, proposed?: number) => {
    const asked = pending.get(id);
    if (!asked) return;
    pending.delete(id);
    clearTimer(asked.timer);
    asked.resolve(proposed === undefined ? paceAlone(id, asked.notBefore, true) : take(id, proposed, asked.notBefore));
  };

  /** The leader's answer to another tab's ask: the same start to the same id, and none beyond the cap. */
  const grant = (id: string, notBefore: number) => {
    const booked = book.at(id);
    if (booked !== undefined) return post({ type: 'reserved', id, at: booked });
    const t = now();
    const at = book.earliest(floor(Math.min(notBefore, t + MAX_SLOT_AHEAD_MS)));
    // Beyond the cap (a flood of asks filled the window) no answer: the asker paces itself.
    if (at > t + MAX_SLOT_AHEAD_MS || !book.add({ id, at })) return;
    asks.take(id);
    post({ type: 'reserved', id, at });
  };

  /** An answer heard: this tab's own ask's, or the first answer to an ask seen, within the cap. */
  const heard = (id: string, at: number) => {
    if (at > now() + MAX_SLOT_AHEAD_MS) return;
    if (pending.has(id)) return answer(id, at);
    if (asks.take(id)) book.add({ id, at });
  };

  /** A message from another tab; `leading`: this tab answers asks. */
  const hear = (message: Message, leading: boolean) => {
    switch (message.type) {
      case 'reserve':
        asks.add(message.id);
        if (leading) grant(message.id, message.notBefore);
        break;
      case 'reserved':
        heard(message.id, message.at);
        break;
      case 'pause':
        pauses.heard(message.until);
        break;
      case 'leader':
        // A new leader: ask it again for what the old one had not answered.
        for (const [id, asked] of pending) post({ type: 'reserve', id, notBefore: asked.notBefore });
        break;
    }
  };

  return { book, own, pauses, pending, paceAlone, answer, hear };
}

/**
 * Queues for the window's lock; `won` runs while this tab holds it, until `signal` aborts. Should
 * the lock be taken from this tab (a page may steal it), `lost` says whether it was leading, and it
 * queues again, so that two tabs never both grant.
 */
function queueForLead(locks: LocksLike, name: string, signal: AbortSignal, won: () => void, lost: () => boolean): void {
  locks
    .request(name, { signal }, () => {
      if (signal.aborted) return Promise.resolve();
      won();
      return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    })
    .catch(() => {
      // Closed while waiting: nothing to do. Taken from us: stop leading and queue again.
      if (lost() && !signal.aborted) queueForLead(locks, name, signal, won, lost);
    });
}

/** The window shared by all tabs of the origin through a leader (see the top of this file). */
export function sharedAllocator(deps: SharedAllocatorDeps): SlotAllocator {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((t: unknown) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const abort = new AbortController();
  let leading = false;
  /** Until when this tab paces from what it has heard without asking (its last ask went unanswered). */
  let silentUntil = 0;

  const post = (message: Message) => {
    try {
      deps.channel.postMessage(message);
    } catch (error) {
      console.warn('[VoidVerified] could not tell other tabs about the request window', error);
    }
  };
  const { book, own, pauses, pending, paceAlone, answer, hear } = windowLedger(
    now,
    deps.perMinute ?? REQUESTS_PER_MINUTE,
    post,
    clearTimer,
  );

  const onMessage = (event: { data: unknown }) => {
    const message = parseMessage(event.data);
    if (message) hear(message, leading);
  };
  deps.channel.addEventListener('message', onMessage);

  queueForLead(
    deps.locks,
    deps.lockName ?? DEFAULT_NAMES.apiLock,
    abort.signal,
    () => {
      leading = true;
      post({ type: 'leader' });
      // What this tab asked of the old leader, it now answers itself.
      for (const id of [...pending.keys()]) answer(id);
    },
    () => {
      const was = leading;
      leading = false;
      return was;
    },
  );
  return {
    reserve(notBefore) {
      const id = newId();
      if (leading || now() < silentUntil) return Promise.resolve(paceAlone(id, notBefore, false));
      return new Promise<Slot>((resolve) => {
        const timer = setTimer(() => {
          if (!pending.has(id)) return;
          // No answer: pace from what this tab has heard, for a while without asking.
          silentUntil = now() + LEADER_SILENT_MS;
          answer(id);
        }, REPLY_TIMEOUT_MS);
        pending.set(id, { notBefore, resolve, timer });
        post({ type: 'reserve', id, notBefore });
      });
    },
    release(slot) {
      own.remove(slot.id);
      book.remove(slot.id);
    },
    pause(until) {
      post({ type: 'pause', until: pauses.mine(until) });
    },
    pausedUntil: () => pauses.until(),
    estimate(t) {
      const from = Math.max(t, pauses.until());
      return own.earliest(Math.max(from, Math.min(book.earliest(from), t + MAX_SLOT_AHEAD_MS)));
    },
    starts: () => book.list(),
    state: new SharedState(deps.cell ?? memoryCell(), now),
    close() {
      abort.abort();
      leading = false;
      deps.channel.removeEventListener('message', onMessage);
      for (const asked of pending.values()) clearTimer(asked.timer);
      deps.channel.close();
    },
  };
}

/**
 * An allocator made on its first use: the shared window's names, channel and lock queue are set up
 * when the tab first asks for a start or reads the window, or when `make` is called (idle time
 * after the page's load), not during the script's first run, which the host page waits for.
 */
export function madeOnFirstUse(make: () => SlotAllocator): SlotAllocator & { make(): SlotAllocator } {
  let made: SlotAllocator | null = null;
  const real = () => (made ??= make());
  return {
    make: real,
    reserve: (notBefore) => real().reserve(notBefore),
    release: (slot) => real().release(slot),
    pause: (until) => real().pause(until),
    pausedUntil: () => real().pausedUntil(),
    estimate: (now) => real().estimate(now),
    starts: () => real().starts(),
    get state() {
      return real().state;
    },
    close: () => made?.close(),
  };
}

/** The shared window where the browser can share it, else this tab's own. */
export function browserAllocator(store: Pick<Store, 'get' | 'set' | 'subscribe'>): SlotAllocator {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as LocksLike) : null;
  const cell = storeCell(store);
  if (!locks || typeof BroadcastChannel !== 'function') return localAllocator(undefined, undefined, cell);
  try {
    const names = crossTabNames(store);
    return sharedAllocator({ channel: new BroadcastChannel(names.apiChannel), locks, lockName: names.apiLock, cell });
  } catch (error) {
    console.warn('[VoidVerified] the request window cannot be shared between tabs; this tab paces itself', error);
    return localAllocator(undefined, undefined, cell);
  }
}
