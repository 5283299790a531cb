import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryBackend } from '../../src/data/backend';
import type { GqlDocument } from '../../src/data/graphql';
import { NotificationCounter } from '../../src/data/notifications/count';
import { NOTIFICATION_TYPES, type ActivityRelation, type RawNotification } from '../../src/data/notifications/documents';
import {
  cacheDead,
  cacheRelations,
  deadRelationsKey,
  feedConfigKey,
  MAX_READ_NOTIFICATIONS,
  readNotificationsKey,
  relationsCacheKey,
  unreadStateKey,
  withRead,
} from '../../src/data/notifications/storage';
import { countUnread, readState } from '../../src/data/notifications/read-state';

const unreadCount = (store: Store) => countUnread(store.get(unreadStateKey).items, readState(store));
import {
  FEED_FILTERS,
  fuzzyMatch,
  groupIds,
  groupNotifications,
  matchesFilter,
  notificationParts,
  notificationPath,
  notificationText,
  relationIds,
  splitRelationIds,
  toRelations,
  typesForFilter,
} from '../../src/data/notifications/rules';
import { loadNotificationPage, QueryThrottle, resetCount } from '../../src/data/notifications/loading';
import { failureText } from '../../src/data/api-errors';
import { Store } from '../../src/data/storage';
import { unreadCountGuard } from '../../src/panels/notifications/actions';
import { notifications } from '../../src/commands/features/notifications';
import { Registry } from '../../src/commands/registry';
import { authKey } from '../../src/data/auth';
import { settingsKey } from '../../src/data/config';
import { feedFilter } from '../../src/data/notifications/feed-view';
import { makeTestServices } from './helpers';

const user = (id: number, name = `User${id}`) => ({ id, name, avatar: { large: `https://img/${id}.png` } });
const n = (over: Partial<RawNotification> & { id: number }): RawNotification => ({
  __typename: 'X',
  type: 'ACTIVITY_LIKE',
  createdAt: 100,
  ...over,
});
const newStore = () => new Store(memoryBackend(), () => {});

describe('notification filters', () => {
  it('gives each filter its types; custom is the config list, or everything when it is empty', () => {
    expect(typesForFilter('custom', ['AIRING', 'FOLLOWING'])).toEqual(['AIRING', 'FOLLOWING']);
    expect(typesForFilter('custom', [])).toEqual([...NOTIFICATION_TYPES]);
    expect(typesForFilter('all', ['AIRING'])).toHaveLength(20);
    expect(typesForFilter('airing', [])).toEqual(['AIRING']);
    expect(typesForFilter('follows', [])).toEqual(['FOLLOWING']);
    expect(typesForFilter('likes', []).sort()).toEqual(['ACTIVITY_LIKE', 'ACTIVITY_REPLY_LIKE']);
    expect(typesForFilter('forum', []).every((t) => t.startsWith('THREAD'))).toBe(true);
    expect(typesForFilter('activity', [])).toContain('ACTIVITY_MESSAGE');
    expect(typesForFilter('media', [])).toContain('MEDIA_DELETION');
  });

  it('reaches every type of the schema through a named filter', () => {
    const named = FEED_FILTERS.filter((f) => f !== 'custom' && f !== 'all').flatMap((f) => typesForFilter(f, []));
    expect(new Set(named)).toEqual(new Set(NOTIFICATION_TYPES));
  });
});

describe('grouping', () => {
  const likes = [
    n({ id: 5, activityId: 1, user: user(11) }),
    n({ id: 4, activityId: 1, user: user(12) }),
    n({ id: 3, activityId: 1, user: user(13) }),
    n({ id: 2, activityId: 2, user: user(14) }),
    n({ id: 1, activityId: 1, user: user(15) }),
  ];

  it('folds consecutive ones of a type on the same activity into the first, with users and notification ids', () => {
    const groups = groupNotifications(likes, true);
    expect(groups.map((g) => g.notification.id)).toEqual([5, 2, 1]);
    expect(groups[0]!.group).toEqual([
      { ...user(12), notificationId: 4 },
      { ...user(13), notificationId: 3 },
    ]);
    expect(groupIds(groups[0]!)).toEqual([5, 4, 3]);
    expect(groups[2]!.group).toEqual([]);
  });

  it('keeps other types, other targets and user-less ones apart, and nothing when off', () => {
    const mixed = [
      n({ id: 4, type: 'ACTIVITY_REPLY', activityId: 1, user: user(1) }),
      n({ id: 3, type: 'ACTIVITY_LIKE', activityId: 1, user: user(2) }),
      n({ id: 2, type: 'AIRING', media: null }),
      n({ id: 1, type: 'AIRING', media: null }),
    ];
    expect(groupNotifications(mixed, true).map((g) => g.group.length)).toEqual([0, 0, 0, 0]);
    expect(groupNotifications(likes, false).every((g) => g.group.length === 0)).toBe(true);
    // Comments of a thread group by comment.
    const comments = [
      n({ id: 2, type: 'THREAD_COMMENT_LIKE', commentId: 7, user: user(1) }),
      n({ id: 1, type: 'THREAD_COMMENT_LIKE', commentId: 8, user: user(2) }),
    ];
    expect(groupNotifications(comments, true)).toHaveLength(2);
  });
});

describe('what a notification says and where it leads', () => {
  const media = { id: 9, type: 'MANGA' as const, title: { userPreferred: 'Berserk' }, coverImage: { large: 'https://c/9.png' } };

  it('links each kind to its target', () => {
    expect(notificationPath(n({ id: 1, type: 'ACTIVITY_REPLY', activityId: 42 }))).toBe('/activity/42');
    expect(notificationPath(n({ id: 1, type: 'ACTIVITY_MESSAGE', activityId: 43 }))).toBe('/activity/43');
    expect(notificationPath(n({ id: 1, type: 'THREAD_COMMENT_REPLY', commentId: 5, thread: { id: 3, title: 't' } }))).toBe(
      '/forum/thread/3/comment/5',
    );
    expect(notificationPath(n({ id: 1, type: 'THREAD_LIKE', threadId: 3 }))).toBe('/forum/thread/3/');
    expect(notificationPath(n({ id: 1, type: 'FOLLOWING', user: user(1, 'A b') }))).toBe('/user/A%20b/');
    expect(notificationPath(n({ id: 1, type: 'AIRING', media: { ...media, type: 'ANIME' } }))).toBe('/anime/9/');
    expect(notificationPath(n({ id: 1, type: 'MEDIA_DATA_CHANGE', media }))).toBe('/manga/9/');
    expect(notificationPath(n({ id: 1, type: 'MEDIA_DELETION', deletedMediaTitle: 'Gone' }))).toBeNull();
    expect(notificationPath(n({ id: 1, type: 'STAFF_SUBMISSION_UPDATE', staff: { id: 4, name: null, image: null } }))).toBe('/staff/4/');
    expect(notificationPath(n({ id: 1, type: 'CHARACTER_SUBMISSION_UPDATE', character: { id: 6, name: null, image: null } }))).toBe(
      '/character/6/',
    );
  });

  it('builds the sentence from contexts, names and titles', () => {
    expect(notificationText(n({ id: 1, type: 'AIRING', episode: 4, contexts: ['Episode ', ' of ', ' aired.'], media }))).toBe(
      'Episode 4 of Berserk aired.',
    );
    expect(
      notificationText(
        n({
          id: 1,
          type: 'THREAD_COMMENT_REPLY',
          user: user(1, 'Ann'),
          context: ' replied to your comment, in the forum thread ',
          thread: { id: 1, title: 'Spring' },
        }),
      ),
    ).toBe('Ann replied to your comment, in the forum thread Spring');
    expect(notificationText(n({ id: 1, type: 'MEDIA_DELETION', deletedMediaTitle: 'Gone', context: ' was deleted from the site.' }))).toBe(
      'Gone was deleted from the site.',
    );
    expect(notificationText(n({ id: 1, type: 'MEDIA_MERGE', deletedMediaTitles: ['Old'], context: ' was merged into ', media }))).toBe(
      'Old was merged into Berserk',
    );
    expect(
      notificationText(
        n({ id: 1, type: 'MEDIA_SUBMISSION_UPDATE', contexts: ['Your submission for ', ' has been ', '.'], status: 'accepted', media }),
      ),
    ).toBe('Your submission for Berserk has been accepted.');
    // The actor says who it is (the mini profile on notification names); 'Someone' is nobody's.
    expect(notificationParts(n({ id: 1, type: 'FOLLOWING', user: user(1, 'Ann'), context: ' started following you.' }))[0]).toEqual({
      text: 'Ann',
      strong: true,
      user: 'Ann',
    });
    expect(notificationParts(n({ id: 1, type: 'FOLLOWING', context: ' started following you.' }))[0]).toEqual({
      text: 'Someone',
      strong: true,
    });
  });
});

describe('the text filter', () => {
  it('always hits a substring, forgives a typo at 0.5, misses the unrelated', () => {
    expect(fuzzyMatch('ROCK', 'Bocchi the Rock!')).toBe(true);
    expect(fuzzyMatch('', 'anything')).toBe(true);
    expect(fuzzyMatch('bocchu', 'Bocchi the Rock!')).toBe(true);
    expect(fuzzyMatch('zzzzqq', 'Bocchi the Rock!')).toBe(false);
    expect(fuzzyMatch('bocchu', 'Bocchi the Rock!', 0.95)).toBe(false);
  });

  it('looks at the sentence, the thread and the activity it points at', () => {
    const item = n({ id: 1, type: 'ACTIVITY_LIKE', user: user(1, 'Kaede'), context: ' liked your activity.' });
    const relation: ActivityRelation = { id: 1, kind: 'ListActivity', image: null, label: 'Frieren', mediaPath: '/anime/1/' };
    expect(matchesFilter(item, undefined, 'kaede')).toBe(true);
    expect(matchesFilter(item, relation, 'frieren')).toBe(true);
    expect(matchesFilter(item, undefined, 'frieren')).toBe(false);
  });
});

describe('read state and caches', () => {
  it('adds, removes and dedupes read ids; the store keeps the newest', () => {
    expect(withRead([1, 2], [2, 3], true)).toEqual([1, 2, 3]);
    expect(withRead([1, 2, 3], [2], false)).toEqual([1, 3]);
    const many = Array.from({ length: MAX_READ_NOTIFICATIONS }, (_, i) => i);
    const next = newStore().update(readNotificationsKey, () => withRead(many, [-1], true));
    expect(next).toHaveLength(MAX_READ_NOTIFICATIONS);
    expect(next.at(-1)).toBe(-1);
    expect(next[0]).toBe(1);
  });

  it('splits ids into cached, dead and missing; merges both feeds into relations', () => {
    const cached: ActivityRelation = { id: 1, kind: 'TextActivity', image: null, label: 'Ann', mediaPath: null };
    expect(splitRelationIds([1, 2, 3], { '1': cached }, [2])).toEqual({ cached: [cached], missing: [3] });
    const relations = toRelations({
      following: {
        activities: [
          {
            __typename: 'ListActivity',
            id: 5,
            media: { id: 9, type: 'ANIME', title: { userPreferred: 'Frieren' }, coverImage: { large: 'https://c' } },
          },
        ],
      },
      global: {
        activities: [
          { __typename: 'ListActivity', id: 5, media: null },
          { __typename: 'MessageActivity', id: 6, recipient: { name: 'Bo', avatar: { large: 'https://b' } } },
          null,
        ],
      },
    });
    expect(relations).toEqual([
      { id: 5, kind: 'ListActivity', image: 'https://c', label: 'Frieren', mediaPath: '/anime/9/' },
      { id: 6, kind: 'MessageActivity', image: 'https://b', label: 'Bo', mediaPath: null },
    ]);
    expect(
      relationIds([n({ id: 1, activityId: 3 }), n({ id: 2, activityId: 3 }), n({ id: 3, type: 'ACTIVITY_MESSAGE', activityId: 4 })]),
    ).toEqual([3]);
    const stored = newStore().update(relationsCacheKey, () =>
      cacheRelations(
        {},
        Array.from({ length: 1200 }, (_, i) => ({ ...cached, id: i })),
      ),
    );
    expect(Object.keys(stored)).toHaveLength(1000);
    expect(cacheDead([1, 2], [2, 3])).toEqual([1, 2, 3]);
  });
});

/** A fake API: answers by document name and counts requests. */
function fakeClient(answers: Record<string, (vars: unknown) => unknown>) {
  const sent: { name: string; vars: unknown }[] = [];
  return {
    sent,
    async request<D, V>(doc: GqlDocument<D, V>, vars: V): Promise<D> {
      sent.push({ name: doc.name, vars });
      const answer = answers[doc.name];
      if (!answer) throw new Error(`unexpected ${doc.name}`);
      return answer(vars) as D;
    },
  };
}
const page = (list: RawNotification[], hasNextPage = false) => ({
  Page: { pageInfo: { currentPage: 1, hasNextPage }, notifications: list },
});

describe('loading a page', () => {
  const list = [n({ id: 3, activityId: 30 }), n({ id: 2, activityId: 20 }), n({ id: 1, activityId: 10 })];
  const relationAnswer = (vars: unknown) => ({
    following: {
      activities: (vars as { ids: number[] }).ids
        .filter((id) => id === 30)
        .map((id) => ({ __typename: 'TextActivity', id, user: { name: 'A', avatar: null } })),
    },
    global: { activities: [] },
  });

  it('asks for relations only of what is neither cached nor dead, and remembers both', async () => {
    const store = newStore();
    store.set(relationsCacheKey, { '20': { id: 20, kind: 'TextActivity', image: null, label: 'B', mediaPath: null } });
    store.set(deadRelationsKey, []);
    const client = fakeClient({ Notifications: () => page(list, true), NotificationActivityRelations: relationAnswer });
    const result = await loadNotificationPage({ client, store }, { types: ['ACTIVITY_LIKE'], page: 1, reset: false }, true);
    expect(result.hasNextPage).toBe(true);
    expect(client.sent.find((s) => s.name === 'NotificationActivityRelations')!.vars).toMatchObject({ ids: [30, 10] });
    expect(Object.keys(result.relations).sort()).toEqual(['20', '30']);
    expect(store.get(deadRelationsKey)).toEqual([10]);
    expect(store.get(relationsCacheKey)['30']).toMatchObject({ label: 'A' });
    // Again (fresh: not the 3-minute cached page): everything is known, so only the notifications are asked.
    const again = fakeClient({ Notifications: () => page(list) });
    await loadNotificationPage({ client: again, store }, { types: ['ACTIVITY_LIKE'], page: 1, reset: false }, true, undefined, true);
    expect(again.sent.map((s) => s.name)).toEqual(['Notifications']);
    // Not fresh: the page another tab or the home panel got within 3 minutes, nothing asked.
    const cached = fakeClient({ Notifications: () => page(list) });
    await loadNotificationPage({ client: cached, store }, { types: ['ACTIVITY_LIKE'], page: 1, reset: false }, true);
    expect(cached.sent).toEqual([]);
  });

  it('keeps the notifications when relations fail, and wraps a failed query in the spec text', async () => {
    const store = newStore();
    const failing = fakeClient({ Notifications: () => page(list), NotificationActivityRelations: () => Promise.reject(new Error('boom')) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await loadNotificationPage({ client: failing, store }, { types: [], page: 1, reset: false }, true);
    expect(result.relationsFailed).toBe(true);
    expect(result.list).toHaveLength(3);
    const broken = fakeClient({ Notifications: () => Promise.reject(new Error('HTTP 500')) });
    await expect(
      loadNotificationPage({ client: broken, store }, { types: [], page: 1, reset: false }, false, undefined, true),
    ).rejects.toThrow('Failed to query notifications.');
    // A wrapped failure: its text is what a toast shows as its detail line.
    const wrapped = await loadNotificationPage(
      { client: broken, store },
      { types: [], page: 1, reset: false },
      false,
      undefined,
      true,
    ).catch((error: unknown) => error);
    expect(failureText(wrapped)).toBe('Failed to query notifications.');
    const resetting = fakeClient({ ResetNotificationCount: () => Promise.reject(new Error('HTTP 500')) });
    expect(failureText(await resetCount({ client: resetting, store }).catch((error: unknown) => error))).toBe(
      'Failed to reset notification count.',
    );
  });

  it('throttles the home panel per type list, and forgets on reset', () => {
    const throttle = new QueryThrottle(180_000);
    expect(throttle.wait('a', 0)).toBe(0);
    throttle.mark('a', 1000);
    expect(throttle.wait('a', 61_000)).toBe(120_000);
    expect(throttle.wait('b', 61_000)).toBe(0);
    expect(throttle.wait('a', 181_000)).toBe(0);
    throttle.reset();
    expect(throttle.wait('a', 2000)).toBe(0);
  });

  it("asks the API again within 3 minutes of this tab's own answer, or when the user asks; else may take another tab's", () => {
    const throttle = new QueryThrottle(180_000);
    expect(throttle.fresh(0, false)).toBe(false);
    expect(throttle.fresh(0, true)).toBe(true);
    throttle.mark('a', 1000);
    throttle.answered('a', 2000);
    // Leaving home resets the throttle, not what this tab last got: a visit soon after asks again.
    throttle.reset();
    expect(throttle.fresh(100_000, false)).toBe(true);
    expect(throttle.fresh(182_000, false)).toBe(false);
  });

  it("counts the home panel's 3 minutes from the answer, so a slow send is not asked again early", () => {
    const throttle = new QueryThrottle(180_000);
    throttle.mark('a', 1000);
    throttle.answered('a', 3000);
    expect(throttle.wait('a', 181_000)).toBe(2000);
    // After a reset (home left meanwhile) or for other types, the answer changes nothing.
    throttle.reset();
    throttle.answered('a', 5000);
    expect(throttle.wait('a', 6000)).toBe(0);
    throttle.mark('b', 10_000);
    throttle.answered('a', 20_000);
    expect(throttle.wait('b', 190_000)).toBe(0);
  });

  it('forgets an ask aborted with the panel, so a remount asks at once, or when the answer before allows', () => {
    const throttle = new QueryThrottle(180_000);
    throttle.mark('a', 1000);
    throttle.aborted('a');
    expect(throttle.wait('a', 2000)).toBe(0);
    throttle.mark('a', 3000);
    throttle.answered('a', 4000);
    throttle.mark('a', 200_000);
    throttle.aborted('a');
    expect(throttle.wait('a', 200_000)).toBe(0);
    throttle.mark('a', 300_000);
    throttle.aborted('b');
    expect(throttle.wait('a', 300_000)).toBe(180_000);
  });
});

/** An exclusive lock shared by "tabs": the next waiter gets it when the holder's promise settles. */
function fakeLocks() {
  let held = false;
  const queue: (() => void)[] = [];
  return {
    request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const run = () => {
          held = true;
          void callback().finally(() => {
            held = false;
            resolve(undefined);
            queue.shift()?.();
          });
        };
        if (!held) return run();
        queue.push(run);
        options.signal?.addEventListener('abort', () => {
          const i = queue.indexOf(run);
          if (i >= 0) queue.splice(i, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
}

describe('the unread count across tabs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const answer = () => page([n({ id: 2 }), n({ id: 1 })]);

  function tab(
    store: Store,
    client: ReturnType<typeof fakeClient>,
    locks: ReturnType<typeof fakeLocks> | null,
    toasts = { error: vi.fn() },
  ) {
    const counter = new NotificationCounter({ client, store, guard: unreadCountGuard(toasts), locks, now: () => Date.now() });
    return { counter, stop: counter.start(), toasts };
  }

  it('one tab leads and asks every 3 minutes; the other only follows, and takes over while the answer is fresh', async () => {
    const store = newStore();
    const client = fakeClient({ Notifications: answer });
    const locks = fakeLocks();
    const a = tab(store, client, locks);
    const b = tab(store, client, locks);
    await vi.advanceTimersByTimeAsync(10);
    expect(a.counter.isLeader()).toBe(true);
    expect(b.counter.isLeader()).toBe(false);
    expect(client.sent).toHaveLength(1);
    expect(unreadCount(store)).toBe(2);
    store.set(readNotificationsKey, [2]);
    expect(unreadCount(store)).toBe(1);
    await vi.advanceTimersByTimeAsync(179_000);
    expect(client.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.sent).toHaveLength(2);
    // The leader goes: the other leads, and waits out the fresh answer before asking.
    a.stop();
    await vi.advanceTimersByTimeAsync(10);
    expect(b.counter.isLeader()).toBe(true);
    expect(client.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(client.sent).toHaveLength(3);
    b.stop();
  });

  it('asks at once when the feed types change, and says a run of failures once', async () => {
    const store = newStore();
    let fail = false;
    const client = fakeClient({ Notifications: () => (fail ? Promise.reject(new Error('HTTP 500')) : answer()) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const a = tab(store, client, fakeLocks());
    await vi.advanceTimersByTimeAsync(10);
    expect(client.sent).toHaveLength(1);
    store.set(feedConfigKey, { ...store.get(feedConfigKey), notificationTypes: ['AIRING'] });
    await vi.advanceTimersByTimeAsync(10);
    expect(client.sent).toHaveLength(2);
    expect(client.sent[1]!.vars).toMatchObject({ types: ['AIRING'] });
    expect(store.get(unreadStateKey).types).toBe('AIRING');
    fail = true;
    await vi.advanceTimersByTimeAsync(180_100);
    expect(client.sent).toHaveLength(3);
    expect(a.toasts.error).toHaveBeenCalledTimes(1);
    expect(a.toasts.error).toHaveBeenCalledWith('There was an error querying unread notifications', undefined);
    await vi.advanceTimersByTimeAsync(180_100);
    expect(client.sent).toHaveLength(4);
    expect(a.toasts.error).toHaveBeenCalledTimes(1);
    a.stop();
  });

  it('without Web Locks every tab leads, and the stored time still keeps them from asking twice', async () => {
    const store = newStore();
    const client = fakeClient({ Notifications: answer });
    const a = tab(store, client, null);
    await vi.advanceTimersByTimeAsync(10);
    const b = tab(store, client, null);
    await vi.advanceTimersByTimeAsync(10);
    expect(a.counter.isLeader() && b.counter.isLeader()).toBe(true);
    expect(client.sent).toHaveLength(1);
    a.stop();
    b.stop();
  });
});

describe("the feed's filters as commands (issue 31)", () => {
  function commandsOn(path: string, replace = true) {
    const registry = new Registry();
    registry.define(notifications);
    const t = makeTestServices(registry, { path, storedToken: true });
    t.store.set(authKey, { token: 'valid-token', expires: Date.now() + 86_400_000 });
    t.store.set(settingsKey, { replaceNotifications: replace });
    const ctx = t.services.context(null);
    return { ctx, commands: registry.commands(ctx).filter((c) => c.id.startsWith('notifications.filter-') && registry.allows(c, ctx)) };
  }
  afterEach(() => feedFilter.set('custom'));

  it('one per sidebar filter and the text filter, on /notifications only while the feed is replaced', async () => {
    const { ctx, commands } = commandsOn('/notifications');
    expect(commands.map((c) => c.title)).toEqual([
      ...FEED_FILTERS.map((f) => `Notifications filter: ${f[0]!.toUpperCase()}${f.slice(1)}`),
      'Filter notifications…',
    ]);
    await commands.find((c) => c.id === 'notifications.filter-airing')!.run!(ctx);
    expect(feedFilter.get()).toBe('airing');
    expect(commandsOn('/home').commands).toEqual([]);
    expect(commandsOn('/notifications', false).commands).toEqual([]);
  });
});
