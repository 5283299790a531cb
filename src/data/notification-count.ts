import type { GraphQLClient } from './graphql';
import { NOTIFICATIONS_PER_PAGE, notificationsQuery } from './notifications/documents';
import { feedConfigKey, readNotificationsKey, unreadStateKey } from './notifications/storage';
import { NOTIFICATION_CACHE_MS, present, summarize, typesForFilter } from './notifications/rules';
import type { Store } from './storage';
import type { ToastBus } from './toasts';
import { read } from './swr';
import { attempt } from './api-errors';

/**
 * The unread notifications count, fetched once for all open tabs. One tab leads (it holds a Web
 * Lock, so a closed or crashed leader hands over at once); the leader asks for the newest page of
 * the feed's types every three minutes and stores it through the storage adapter, whose cross-tab
 * channel brings it to every other tab. Each tab counts what it has not read, and read state is
 * stored the same way, so marking read in one tab updates the count in all of them.
 * Where Web Locks are missing every tab leads, and the stored fetch time still keeps a tab from
 * asking again while another tab's answer is fresh.
 */

export const NOTIFICATION_LOCK = 'void-verified-notification-count';

interface LockLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

export interface CounterDeps {
  client: Pick<GraphQLClient, 'request'>;
  store: Store;
  toasts: Pick<ToastBus, 'error'>;
  locks?: LockLike | null;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/** The types the count asks for (the feed's custom list), as stored with the answer. */
const typesKeyOf = (store: Store) => typesForFilter('custom', store.get(feedConfigKey).notificationTypes).join(',');

/** How many of the stored newest notifications this device has not read. */
export function unreadCount(store: Store): number {
  const read = new Set(store.get(readNotificationsKey));
  return store.get(unreadStateKey).items.filter((n) => !read.has(n.id)).length;
}

export class NotificationCounter {
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private leading = false;
  private stopped = false;
  private inFlight: Promise<void> | null = null;
  private failedLast = false;
  private readonly abort = new AbortController();
  private releaseLock: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: CounterDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  /** Starts competing for the lead; returns the stop. */
  start(): () => void {
    const locks = this.deps.locks;
    if (locks) {
      locks
        .request(NOTIFICATION_LOCK, { signal: this.abort.signal }, () => {
          if (this.stopped) return Promise.resolve();
          return new Promise<void>((resolve) => {
            this.releaseLock = resolve;
            this.lead();
          });
        })
        .catch(() => undefined); // aborted while waiting: nothing to do
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

  private lead(): void {
    this.leading = true;
    // A changed type list makes the stored answer stale at once.
    this.unsubscribe = this.deps.store.subscribe(feedConfigKey, () => {
      if (this.leading && this.deps.store.get(unreadStateKey).types !== typesKeyOf(this.deps.store))
        void this.refresh().then(() => this.schedule());
    });
    this.schedule();
  }

  /** Fetches when the stored answer is stale, else waits until it will be. */
  private schedule(): void {
    if (this.stopped || !this.leading) return;
    if (this.timer) (this.deps.clearTimer ?? clearTimeout)(this.timer);
    const state = this.deps.store.get(unreadStateKey);
    const age = this.now() - state.fetchedAt;
    const fresh = state.types === typesKeyOf(this.deps.store) && age >= 0 && age < NOTIFICATION_CACHE_MS;
    const wait = fresh ? NOTIFICATION_CACHE_MS - age : 0;
    this.timer = (this.deps.setTimer ?? setTimeout)(() => {
      this.timer = null;
      if (this.stopped) return;
      // Another tab (without locks, or a forced refresh) may have answered meanwhile.
      const latest = this.deps.store.get(unreadStateKey);
      const stillFresh = latest.types === typesKeyOf(this.deps.store) && this.now() - latest.fetchedAt < NOTIFICATION_CACHE_MS;
      if (stillFresh) return this.schedule();
      void this.refresh().then(() => this.schedule());
    }, wait);
  }

  private async fetch(): Promise<void> {
    const store = this.deps.store;
    const types = typesForFilter('custom', store.get(feedConfigKey).notificationTypes);
    const answer = await attempt(
      this.deps.toasts,
      // Said once per run of failures, not every three minutes.
      {
        log: 'Failed to query notifications.',
        toast: 'There was an error querying unread notifications',
        detail: false,
        quiet: this.failedLast,
      },
      () =>
        read(this.deps, notificationsQuery, {
          types,
          page: 1,
          perPage: NOTIFICATIONS_PER_PAGE,
          reset: store.get(feedConfigKey).resetDefaultNotifications,
        }),
    );
    if (answer.ok) {
      if (this.stopped) return;
      store.set(unreadStateKey, {
        fetchedAt: this.now(),
        types: types.join(','),
        items: present(answer.value.Page?.notifications).map(summarize),
      });
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
    if (this.timer) (this.deps.clearTimer ?? clearTimeout)(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.abort.abort();
    this.releaseLock?.();
  }
}
