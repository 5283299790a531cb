import type { GraphQLClient } from '../graphql';
import { NOTIFICATIONS_PER_PAGE, notificationsQuery } from './documents';
import { feedConfigKey, unreadStateKey } from './storage';
import { NOTIFICATION_CACHE_MS, present, summarize, typesForFilter } from './rules';
import { defineKey, fixedShape, type Store } from '../storage';
import { s } from '../schema';
import type { Attempt } from '../api-errors';
import { read } from '../swr';
import { crossTabNames } from '../api-window';
import { noteAniListCount, resetsOnQuery } from './read-state';

/**
 * The unread notifications count, fetched once for all open tabs. One tab leads (it holds a Web
 * Lock, so a closed or crashed leader hands over at once); the leader asks for the newest page of
 * the feed's types every three minutes and stores it through the storage adapter, whose cross-tab
 * channel brings it to every other tab. Each tab counts what it has not read, and read state is
 * stored the same way, so marking read in one tab updates the count in all of them.
 * Where Web Locks are missing every tab leads, and the stored fetch time still keeps a tab from
 * asking again while another tab's answer is fresh.
 *
 * What the lock and storage bring is input: a page can hold or steal the lock (it can list held
 * locks' names), and where no manager stores for us the page can write the stored answer. So a
 * tab that does not lead still asks itself once the stored answer has been stale for
 * FOLLOWER_GRACE_MS and no tab is asking (every tab that asks says so first, in
 * unreadAskingKey, so that an answer on its way is waited for, up to ASK_TIMEOUT_MS): the count is
 * never more than a few minutes late, whoever holds the lock. A time in the future (an answer's,
 * an ask's) counts from when this tab first saw it, not from its date; and changes of the type
 * list refresh at most once every TYPE_CHANGE_GAP_MS, however many arrive.
 */

/**
 * How long a tab that does not lead waits past a stale answer before asking itself: longer than a
 * leader's answer can take to reach the other tabs (the day bench, whose clock runs a hundred times
 * faster than its requests, needs minutes), and short enough that the count is at most a few
 * minutes late whoever holds the lock.
 */
export const FOLLOWER_GRACE_MS = 4 * 60_000;
/** Followers spread their asks over this much more, so that one answers for all. */
export const FOLLOWER_SPREAD_MS = 60_000;
/** The least time between two asks that changes of the type list start. */
export const TYPE_CHANGE_GAP_MS = 5_000;
/**
 * How long an ask is waited for before another tab asks itself: longer than a busy request window
 * and a 429's pause together can hold it (the backoff's pause refuses a request at once).
 */
export const ASK_TIMEOUT_MS = 2 * NOTIFICATION_CACHE_MS;

/** When a tab last started asking for the count (so that the others wait for its answer). */
export const unreadAskingKey = defineKey({
  name: 'void-verified-notifications-asking',
  cap: fixedShape,
  description: 'When a tab last started asking for the unread count (the others wait for its answer).',
  schema: s.number(),
  defaultValue: () => 0,
  exported: false,
});

/** A time read from shared storage, believed no later than when this tab first saw it. */
class SeenTime {
  private value = Number.NaN;
  private seenAt = 0;

  constructor(private readonly now: () => number) {}

  believe(value: number): number {
    if (value !== this.value) {
      this.value = value;
      this.seenAt = this.now();
    }
    return Math.min(value, this.seenAt);
  }
}

interface LockLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

export interface CounterDeps {
  client: Pick<GraphQLClient, 'request'>;
  store: Store;
  /**
   * Runs one ask and reports its failure: the owner's report, with the count's texts
   * (unreadCountGuard). `repeat`: the ask before failed too (a run of failures is said once).
   */
  guard<T>(ask: () => Promise<T>, repeat: boolean): Promise<Attempt<T>>;
  locks?: LockLike | null;
  now?: () => number;
  /** Where a follower's ask falls in FOLLOWER_SPREAD_MS (0 to 1); random by default. */
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/** The types the count asks for (the feed's custom list), as stored with the answer. */
const typesKeyOf = (store: Store) => typesForFilter('custom', store.get(feedConfigKey).notificationTypes).join(',');

export class NotificationCounter {
  private readonly now: () => number;
  private readonly spread: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private typeTimer: ReturnType<typeof setTimeout> | null = null;
  private lastTypeRefresh = -Infinity;
  private readonly answeredAt: SeenTime;
  private readonly askedAt: SeenTime;
  private leading = false;
  private stopped = false;
  private inFlight: Promise<void> | null = null;
  private failedLast = false;
  private readonly abort = new AbortController();
  private releaseLock: (() => void) | null = null;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly deps: CounterDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.spread = (deps.random ?? Math.random)() * FOLLOWER_SPREAD_MS;
    this.answeredAt = new SeenTime(this.now);
    this.askedAt = new SeenTime(this.now);
  }

  /** Starts competing for the lead; returns the stop. */
  start(): () => void {
    const store = this.deps.store;
    // A changed type list makes the stored answer stale at once.
    this.unsubscribe.push(
      store.subscribe(feedConfigKey, () => {
        if (this.leading && store.get(unreadStateKey).types !== typesKeyOf(store)) this.typesChanged();
      }),
      // Another tab's answer (or its failure) moves when a follower would ask.
      store.subscribe(unreadStateKey, () => {
        if (!this.leading) this.follow();
      }),
      // Read when a follower would ask: kept current.
      store.subscribe(unreadAskingKey, () => undefined),
    );
    if (this.deps.locks) {
      this.follow();
      this.queueForLead(this.deps.locks);
    } else {
      this.lead();
    }
    return () => this.stop();
  }

  isLeader(): boolean {
    return this.leading;
  }

  /** Asks now (a refresh button, a changed type list); shared with other tabs like any answer. */
  refresh(): Promise<void> {
    this.inFlight ??= this.fetch().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private queueForLead(locks: LockLike): void {
    const lost = () => {
      // Taken from us (a page can steal the lock): follow, and queue for it again.
      if (this.stopped || !this.leading) return;
      this.leading = false;
      this.follow();
      this.queueForLead(locks);
    };
    locks
      .request(crossTabNames(this.deps.store).countLock, { signal: this.abort.signal }, () => {
        if (this.stopped) return Promise.resolve();
        return new Promise<void>((resolve) => {
          this.releaseLock = resolve;
          this.lead();
        });
      })
      .then(lost, lost); // aborted while waiting (stopped): nothing to do
  }

  private lead(): void {
    this.leading = true;
    this.schedule();
  }

  /** Changes of the type list ask at once, then at most once every TYPE_CHANGE_GAP_MS. */
  private typesChanged(): void {
    if (this.typeTimer) return;
    const wait = Math.max(0, this.lastTypeRefresh + TYPE_CHANGE_GAP_MS - this.now());
    this.typeTimer = this.setTimer(() => {
      this.typeTimer = null;
      if (this.stopped || !this.leading) return;
      this.lastTypeRefresh = this.now();
      void this.refresh().then(() => this.schedule());
    }, wait);
  }

  /**
   * How long the stored answer stays good: 0 when it is stale or for other types. Its time counts
   * from when this tab first saw it if it claims a later one: a forged date in the future keeps an
   * answer no longer than any other, and tabs whose clocks differ a little still agree.
   */
  private freshFor(): number {
    const state = this.deps.store.get(unreadStateKey);
    const age = this.now() - this.answeredAt.believe(state.fetchedAt);
    const fresh = state.types === typesKeyOf(this.deps.store) && age < NOTIFICATION_CACHE_MS;
    return fresh ? NOTIFICATION_CACHE_MS - age : 0;
  }

  /** How much longer the ask another tab started since the last answer is waited for (0: none). */
  private askPendingFor(): number {
    const asked = this.askedAt.believe(this.deps.store.get(unreadAskingKey));
    const answered = this.answeredAt.believe(this.deps.store.get(unreadStateKey).fetchedAt);
    return asked > answered ? Math.max(0, asked + ASK_TIMEOUT_MS - this.now()) : 0;
  }

  /** The leader: fetches when the stored answer is stale, else waits until it will be. */
  private schedule(): void {
    if (this.stopped || !this.leading) return;
    this.wake(this.freshFor(), () => this.schedule());
  }

  /**
   * A tab that does not lead: asks itself only once the answer has been stale for the grace and
   * no other tab is on its way to an answer.
   */
  private follow(): void {
    if (this.stopped || this.leading) return;
    const pending = this.askPendingFor();
    if (pending > 0) this.wake(pending, () => this.follow());
    else
      this.wake(
        this.freshFor() + FOLLOWER_GRACE_MS + this.spread,
        () => this.follow(),
        () => this.askPendingFor() > 0,
      );
  }

  /**
   * After `wait`, asks if the stored answer is (still) stale and `waitOn` says nothing else is
   * coming, then `next`; else just `next`.
   */
  private wake(wait: number, next: () => void, waitOn: () => boolean = () => false): void {
    if (this.timer) this.clearTimer(this.timer);
    this.timer = this.setTimer(() => {
      this.timer = null;
      if (this.stopped) return;
      // Another tab may have answered, or started asking, meanwhile.
      if (this.freshFor() > 0 || waitOn()) return next();
      void this.refresh().then(next);
    }, wait);
  }

  private setTimer(fn: () => void, ms: number): ReturnType<typeof setTimeout> {
    return (this.deps.setTimer ?? setTimeout)(fn, ms);
  }

  private clearTimer(timer: ReturnType<typeof setTimeout>): void {
    (this.deps.clearTimer ?? clearTimeout)(timer);
  }

  private async fetch(): Promise<void> {
    const store = this.deps.store;
    const types = typesForFilter('custom', store.get(feedConfigKey).notificationTypes);
    // The other tabs wait for this answer rather than ask too.
    store.set(unreadAskingKey, this.now());
    const answer = await this.deps.guard(
      () =>
        read(
          this.deps,
          notificationsQuery,
          {
            types,
            page: 1,
            perPage: NOTIFICATIONS_PER_PAGE,
            reset: resetsOnQuery(store),
          },
          { fresh: true },
        ),
      // Said once per run of failures, not every three minutes.
      this.failedLast,
    );
    if (answer.ok) {
      if (this.stopped) return;
      const list = present(answer.value.Page?.notifications);
      noteAniListCount(store, answer.value, list);
      store.set(unreadStateKey, { fetchedAt: this.now(), types: types.join(','), items: list.map(summarize) });
      this.failedLast = false;
    } else if (!answer.aborted) {
      this.failedLast = true;
      // A failure waits its three minutes too.
      if (!this.stopped) store.set(unreadStateKey, { ...store.get(unreadStateKey), fetchedAt: this.now(), types: types.join(',') });
    }
  }

  private stop(): void {
    this.stopped = true;
    this.leading = false;
    for (const timer of [this.timer, this.typeTimer]) if (timer) this.clearTimer(timer);
    this.timer = null;
    this.typeTimer = null;
    this.unsubscribe.splice(0).forEach((off) => off());
    this.abort.abort();
    this.releaseLock?.();
  }
}
