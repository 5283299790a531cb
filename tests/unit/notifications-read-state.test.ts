import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryBackend } from '../../src/data/backend';
import { settingsKey } from '../../src/data/config';
import type { GqlDocument } from '../../src/data/graphql';
import { NotificationCounter } from '../../src/data/notifications/count';
import type { NotificationsVars, RawNotification } from '../../src/data/notifications/documents';
import { loadNotificationPage } from '../../src/data/notifications/loading';
import {
  aniListLine,
  countUnread,
  isReadHere,
  noteAniListCount,
  readState,
  readStateOf,
  resetsOnQuery,
} from '../../src/data/notifications/read-state';
import {
  aniListReadKey,
  feedConfigKey,
  markAllRead,
  markedUnreadKey,
  markRead,
  MAX_MARKED_UNREAD,
  readNotificationsKey,
  unreadStateKey,
} from '../../src/data/notifications/storage';
import { Store } from '../../src/data/storage';
import { unreadCountGuard } from '../../src/panels/notifications/actions';

/**
 * Read state across devices through AniList's own unread count: the rule that combines it with
 * this device's choices, the line an answer draws, and what the count and the feed's pages do with
 * the count that comes with them.
 */

const newStore = (sync = true) => {
  const store = new Store(memoryBackend(), () => {});
  store.set(settingsKey, { readStateFromAniList: sync });
  return store;
};
const n = (id: number): RawNotification => ({ __typename: 'ActivityLikeNotification', id, type: 'ACTIVITY_LIKE', createdAt: id });
/** The API's answer: `ids` newest first, and AniList's unread count. */
const answer = (ids: number[], count: number | null) => ({
  Viewer: { unreadNotificationCount: count },
  Page: { pageInfo: { currentPage: 1, hasNextPage: false }, notifications: ids.map(n) },
});

describe('the rule: a choice made here first, then AniList', () => {
  // Notification 5; AniList's line at 5 counts it read, at 4 unread.
  const table: [string, { read?: boolean; unread?: boolean }, number, boolean, boolean][] = [
    // what happened here,    choice,            line, option, shown read
    ['nothing', {}, 4, true, false],
    ['nothing, read elsewhere', {}, 5, true, true],
    ['marked read', { read: true }, 4, true, true],
    ['marked read, read elsewhere', { read: true }, 5, true, true],
    ['marked unread, read elsewhere', { unread: true }, 5, true, false],
    ['marked unread', { unread: true }, 4, true, false],
    ['nothing, read elsewhere, option off', {}, 5, false, false],
    ['marked read, option off', { read: true }, 4, false, true],
  ];
  it.each(table)('%s', (_what, choice, line, sync, shown) => {
    const state = readStateOf(choice.read ? [5] : [], choice.unread ? [5] : [], line, sync);
    expect(isReadHere(5, state)).toBe(shown);
  });

  it('the nav counts what the rule leaves unread', () => {
    const state = readStateOf([9], [6], 7, true);
    // 10 unread, 9 read here, 8 unread, 7 read elsewhere, 6 marked unread.
    expect(
      countUnread(
        [10, 9, 8, 7, 6].map((id) => ({ id })),
        state,
      ),
    ).toBe(3);
  });
});

describe('the line an answer draws (newest first, N unread)', () => {
  const list = [10, 9, 8].map((id) => ({ id }));
  const table: [string, number, number, number][] = [
    // what,                                   count, offset, line
    ['none unread: everything is read', 0, 0, 10],
    ['2 unread: the third and older are read', 2, 0, 8],
    ['as many unread as listed: nothing known', 3, 0, 0],
    ['more unread than listed', 40, 0, 0],
    ['page 2, fewer unread than page 1 holds: all read', 3, 25, 10],
    ['page 2, 27 unread: its third and older', 27, 25, 8],
    ['empty list', 0, 0, 0],
  ];
  it.each(table)('%s', (what, count, offset, line) => {
    expect(aniListLine(count, what === 'empty list' ? [] : list, offset)).toBe(line);
  });
});

describe('taking the count into the line', () => {
  it('only rises, whatever order answers come in; nothing while the option is off or without a count', () => {
    const store = newStore();
    noteAniListCount(store, answer([10, 9, 8], 1), [10, 9, 8].map(n));
    expect(store.get(aniListReadKey)).toBe(9);
    // An older answer (3 unread then) arriving late moves nothing back.
    noteAniListCount(store, answer([9, 8, 7, 6], 3), [9, 8, 7, 6].map(n));
    expect(store.get(aniListReadKey)).toBe(9);
    noteAniListCount(store, answer([10, 9], null), [10, 9].map(n));
    expect(store.get(aniListReadKey)).toBe(9);
    const off = newStore(false);
    noteAniListCount(off, answer([10, 9], 0), [10, 9].map(n));
    expect(off.get(aniListReadKey)).toBe(0);
    // Turned off, a stored line counts for nothing.
    store.set(settingsKey, { readStateFromAniList: false });
    expect(isReadHere(9, readState(store))).toBe(false);
  });

  it('marking read or unread here moves the id between the two lists; Mark all as read clears the unread choices', () => {
    const store = newStore();
    markRead(store, [5, 6], false);
    expect(store.get(markedUnreadKey)).toEqual([5, 6]);
    markRead(store, [5], true);
    expect(store.get(readNotificationsKey)).toEqual([5]);
    expect(store.get(markedUnreadKey)).toEqual([6]);
    markAllRead(store, [6]);
    expect(store.get(markedUnreadKey)).toEqual([]);
    expect(store.get(readNotificationsKey)).toEqual([5, 6]);
    // The choices are capped: the oldest is forgotten and follows AniList again.
    markRead(
      store,
      Array.from({ length: MAX_MARKED_UNREAD + 1 }, (_, i) => i + 1),
      false,
    );
    expect(store.get(markedUnreadKey)).toHaveLength(MAX_MARKED_UNREAD);
    expect(store.get(markedUnreadKey)[0]).toBe(2);
  });

  it('loading never resets AniList\'s count while the option is on (a reset of ours would read as "read elsewhere")', () => {
    const store = newStore(false);
    expect(resetsOnQuery(store)).toBe(true);
    store.update(feedConfigKey, (c) => ({ ...c, resetDefaultNotifications: false }));
    expect(resetsOnQuery(store)).toBe(false);
    store.set(settingsKey, { readStateFromAniList: true });
    store.update(feedConfigKey, (c) => ({ ...c, resetDefaultNotifications: true }));
    expect(resetsOnQuery(store)).toBe(false);
  });
});

describe('AniList resets its count on another device', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the unread count: read elsewhere shows read here, marked unread here stays unread, newer ones stay unread', async () => {
    const store = newStore();
    const server = { ids: [10, 9, 8, 7, 6], count: 3 };
    const sent: NotificationsVars[] = [];
    const client = {
      async request<D, V>(_doc: GqlDocument<D, V>, vars: V): Promise<D> {
        sent.push(vars as NotificationsVars);
        return answer(server.ids, server.count) as D;
      },
    };
    const counter = new NotificationCounter({ client, store, guard: unreadCountGuard({ error: vi.fn() }), locks: null });
    const stop = counter.start();
    const unread = () => countUnread(store.get(unreadStateKey).items, readState(store));
    await vi.advanceTimersByTimeAsync(10);
    // 3 unread on AniList: 10, 9, 8; 7 and 6 were read there before.
    expect(unread()).toBe(3);
    expect(sent[0]!.reset).toBe(false);
    markRead(store, [9], false);
    // Read on AniList elsewhere (its /notifications page zeroes the count); then 11 arrives.
    server.ids = [11, ...server.ids];
    server.count = 1;
    await counter.refresh();
    expect(store.get(aniListReadKey)).toBe(10);
    const state = readState(store);
    expect([11, 10, 9, 8, 7, 6].filter((id) => !isReadHere(id, state))).toEqual([11, 9]);
    expect(unread()).toBe(2);
    stop();
  });

  it("the feed's later pages carry the count too", async () => {
    const store = newStore();
    const client = {
      async request<D, V>(_doc: GqlDocument<D, V>, vars: V): Promise<D> {
        expect((vars as NotificationsVars).reset).toBe(false);
        return answer([5, 4, 3], 27) as D;
      },
    };
    await loadNotificationPage({ client, store }, { types: ['ACTIVITY_LIKE'], page: 2, perPage: 25, reset: false }, false);
    // 27 unread: the 28th of all and older are read on AniList.
    expect(store.get(aniListReadKey)).toBe(3);
  });
});
