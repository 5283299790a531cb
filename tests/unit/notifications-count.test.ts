import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryBackend } from '../../src/data/backend';
import type { GqlDocument } from '../../src/data/graphql';
import { FOLLOWER_GRACE_MS, FOLLOWER_SPREAD_MS, NotificationCounter, TYPE_CHANGE_GAP_MS } from '../../src/data/notifications/count';
import type { RawNotification } from '../../src/data/notifications/documents';
import { feedConfigKey, unreadStateKey } from '../../src/data/notifications/storage';
import { countUnread, readState } from '../../src/data/notifications/read-state';
import { NOTIFICATION_CACHE_MS } from '../../src/data/notifications/rules';
import { Store } from '../../src/data/storage';
import { unreadCountGuard } from '../../src/panels/notifications/actions';

/** What the nav's dot counts: the stored newest notifications this device has not read. */
const unreadCount = (store: Store) => countUnread(store.get(unreadStateKey).items, readState(store));

/**
 * The unread count when the lock and the stored answer are not on our side: a page that holds or
 * steals the lock, an answer dated in the future, a flood of changes (where no manager stores for
 * us, the page can write what the tabs share).
 */

const n = (id: number): RawNotification => ({ __typename: 'X', id, type: 'ACTIVITY_LIKE', createdAt: 100 });
const answer = () => ({ Page: { pageInfo: { currentPage: 1, hasNextPage: false }, notifications: [n(2), n(1)] } });

/** A tab's client (its own cache and requests in flight); tabs may count into one `sent`. */
function fakeClient(sent: { vars: unknown }[] = []) {
  return {
    sent,
    async request<D, V>(_doc: GqlDocument<D, V>, vars: V): Promise<D> {
      sent.push({ vars });
      return answer() as D;
    },
  };
}

/** An exclusive lock shared by tabs, which a page can hold or steal. */
function pageLocks() {
  let holder: { release(): void; reject(reason: unknown): void } | null = null;
  const queue: (() => void)[] = [];
  const grantNext = () => queue.shift()?.();
  return {
    request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const run = () => {
          holder = { release: () => resolve(undefined), reject };
          void callback().then(() => {
            holder = null;
            resolve(undefined);
            grantNext();
          });
        };
        if (!holder) return run();
        queue.push(run);
        options.signal?.addEventListener('abort', () => {
          const i = queue.indexOf(run);
          if (i >= 0) queue.splice(i, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
    /** The page takes the lock and keeps it (navigator.locks.request(name, { steal: true }, …)). */
    steal() {
      holder?.reject(new DOMException('stolen', 'AbortError'));
      holder = { release: () => undefined, reject: () => undefined };
    },
    /** The page holds the lock before any tab asks for it. */
    hold() {
      holder = { release: () => undefined, reject: () => undefined };
    },
  };
}

describe('the unread count against the page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const newStore = () => new Store(memoryBackend(), () => {});
  function tab(store: Store, client: ReturnType<typeof fakeClient>, locks: ReturnType<typeof pageLocks> | null, random = 0) {
    const counter = new NotificationCounter({
      client,
      store,
      guard: unreadCountGuard({ error: vi.fn() }),
      locks,
      now: () => Date.now(),
      random: () => random,
    });
    return { counter, stop: counter.start() };
  }
  const typesNow = (store: Store) => store.get(unreadStateKey).types;

  it('an answer dated in the future keeps no longer than any other, and no timer spins', async () => {
    const store = newStore();
    const client = fakeClient();
    const forged = Array.from({ length: 100 }, (_, i) => ({ id: 1000 + i, type: 'ACTIVITY_LIKE', text: 'x', path: null, createdAt: 1 }));
    // The types the count asks for, with a fetch time ten days ahead and a hundred made-up notifications.
    const a = tab(store, fakeClient(), null);
    await vi.advanceTimersByTimeAsync(10);
    a.stop();
    store.set(unreadStateKey, { fetchedAt: Date.now() + 10 * 86_400_000, types: typesNow(store), items: forged });
    expect(unreadCount(store)).toBe(100);
    const b = tab(store, client, null);
    // Counted from when the tab saw it: three minutes, not ten days.
    await vi.advanceTimersByTimeAsync(NOTIFICATION_CACHE_MS - 1_000);
    expect(client.sent).toHaveLength(0);
    expect(vi.getTimerCount()).toBeLessThanOrEqual(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.sent).toHaveLength(1);
    expect(unreadCount(store)).toBe(2);
    b.stop();
  });

  it('a page that holds the lock does not stop the count: a tab that never leads asks once the answer is stale past the grace', async () => {
    const store = newStore();
    const client = fakeClient();
    const locks = pageLocks();
    locks.hold();
    const a = tab(store, client, locks, 0);
    const b = tab(store, fakeClient(client.sent), locks, 0.5);
    await vi.advanceTimersByTimeAsync(FOLLOWER_GRACE_MS - 1_000);
    expect(client.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.sent).toHaveLength(1);
    expect(unreadCount(store)).toBe(2);
    // The other tab, later in the spread, finds the answer fresh; the next ask comes a grace after it goes stale.
    await vi.advanceTimersByTimeAsync(NOTIFICATION_CACHE_MS + FOLLOWER_GRACE_MS - 2_000);
    expect(client.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(FOLLOWER_SPREAD_MS);
    expect(client.sent).toHaveLength(2);
    expect(a.counter.isLeader() || b.counter.isLeader()).toBe(false);
    a.stop();
    b.stop();
  });

  it('a tab whose lock is stolen stops leading, keeps the count, and queues for the lock again', async () => {
    const store = newStore();
    const client = fakeClient();
    const locks = pageLocks();
    const a = tab(store, client, locks);
    await vi.advanceTimersByTimeAsync(10);
    expect(a.counter.isLeader()).toBe(true);
    expect(client.sent).toHaveLength(1);
    locks.steal();
    await vi.advanceTimersByTimeAsync(10);
    expect(a.counter.isLeader()).toBe(false);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_CACHE_MS + FOLLOWER_GRACE_MS + 1_000);
    expect(client.sent).toHaveLength(2);
    a.stop();
  });

  it('ten tabs still cost one tab’s asks: followers never ask while the leader answers', async () => {
    const store = newStore();
    const client = fakeClient();
    const locks = pageLocks();
    const tabs = Array.from({ length: 10 }, (_, i) => tab(store, fakeClient(client.sent), locks, i / 10));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(client.sent).toHaveLength(4);
    tabs.forEach((t) => t.stop());
  });

  it('an answer on its way is waited for: a follower does not ask while the leader’s ask is pending', async () => {
    const store = newStore();
    const sent: number[] = [];
    let answerNow: (() => void) | null = null;
    // Each tab has its own client (its own cache and requests in flight).
    const slowClient = () => ({
      request<D>(): Promise<D> {
        sent.push(Date.now());
        // The first answer takes four minutes (a busy window, a pause); the others come at once.
        if (sent.length > 1) return Promise.resolve(answer() as D);
        return new Promise<D>((resolve) => (answerNow = () => resolve(answer() as D)));
      },
    });
    const locks = pageLocks();
    const leader = new NotificationCounter({
      client: slowClient(),
      store,
      guard: unreadCountGuard({ error: vi.fn() }),
      locks,
      random: () => 0,
    });
    const stopLeader = leader.start();
    const follower = new NotificationCounter({
      client: slowClient(),
      store,
      guard: unreadCountGuard({ error: vi.fn() }),
      locks,
      random: () => 0,
    });
    const stopFollower = follower.start();
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(sent).toHaveLength(1);
    answerNow!();
    await vi.advanceTimersByTimeAsync(10);
    expect(unreadCount(store)).toBe(2);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_CACHE_MS);
    expect(sent).toHaveLength(2);
    stopLeader();
    stopFollower();
  });

  it('tabs whose clocks differ a little still agree the answer is fresh: a follower does not ask', async () => {
    const store = newStore();
    const client = fakeClient();
    const locks = pageLocks();
    const ahead = new NotificationCounter({
      client,
      store,
      guard: unreadCountGuard({ error: vi.fn() }),
      locks,
      now: () => Date.now() + 20_000,
    });
    const stopAhead = ahead.start();
    const behind = tab(store, fakeClient(client.sent), locks);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(ahead.isLeader()).toBe(true);
    expect(client.sent).toHaveLength(4);
    stopAhead();
    behind.stop();
  });

  it('a flood of type-list changes asks at most once every few seconds, and ends with the last list', async () => {
    const store = newStore();
    const client = fakeClient();
    const a = tab(store, client, null);
    await vi.advanceTimersByTimeAsync(10);
    expect(client.sent).toHaveLength(1);
    for (let i = 0; i < 50; i++) {
      store.set(feedConfigKey, { ...store.get(feedConfigKey), notificationTypes: i % 2 ? ['AIRING'] : ['FOLLOWING'] });
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(client.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(TYPE_CHANGE_GAP_MS);
    expect(client.sent).toHaveLength(3);
    expect(typesNow(store)).toBe('AIRING');
    a.stop();
  });
});
