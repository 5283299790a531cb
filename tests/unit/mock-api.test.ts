import { describe, expect, it } from 'vitest';
import { getNamedType, isLeafType, isUnionType, type GraphQLObjectType } from 'graphql';
import { corsPreflight, createMockApi, loadSchema, type MockApi } from '../host/mock-api';
import { createSeed, SEED_NOW } from '../host/seed';
import { NOTIFICATION_FIELDS, NOTIFICATION_TYPES } from '../../src/data/notifications/documents';

const AUTH = { Authorization: 'Bearer valid-token' };

async function call(api: MockApi, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await api.handle({ body: JSON.stringify({ query, variables }), headers });
  return { ...res, json: JSON.parse(res.body) as { data: Record<string, unknown> | null; errors?: Record<string, unknown>[] } };
}

describe('mock API', () => {
  it('is deterministic and answers a users search with paging and rate-limit headers', async () => {
    expect(createSeed()).toEqual(createSeed());
    const api = createMockApi();
    const res = await call(
      api,
      'query Find($s: String) { Page(perPage: 2) { pageInfo { total perPage currentPage lastPage hasNextPage } users(search: $s) { id name } } }',
      { s: 'a' },
    );
    expect(res.status).toBe(200);
    const page = (res.json.data as { Page: { pageInfo: Record<string, unknown>; users: { name: string }[] } }).Page;
    expect(page.users).toHaveLength(2);
    expect(page.pageInfo).toMatchObject({ perPage: 2, currentPage: 1, hasNextPage: true });
    expect(page.pageInfo.total).toBeGreaterThan(2);
    expect(res.headers['X-RateLimit-Limit']).toBe('90');
    expect(res.headers['X-RateLimit-Remaining']).toBe('89');
    expect(res.headers['Access-Control-Allow-Origin']).toBe('*');
    expect(api.requests[0]).toMatchObject({ operationName: 'Find', authorization: null, status: 200, variables: { s: 'a' } });
    expect(corsPreflight().status).toBe(204);
  });

  it('counts the rolling minute down to 0 and never below', async () => {
    let now = 1_000_000;
    const api = createMockApi({ now: () => now, rateLimit: 3 });
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) remaining.push((await call(api, '{ Media(id: 1) { id } }')).headers['X-RateLimit-Remaining'] ?? '');
    expect(remaining).toEqual(['2', '1', '0', '0', '0']);
    now += 61_000;
    expect((await call(api, '{ Media(id: 1) { id } }')).headers['X-RateLimit-Remaining']).toBe('2');
  });

  it('rejects invalid documents with 400 and locations', async () => {
    const res = await call(createMockApi(), '{ User { notAField } }');
    expect(res.status).toBe(400);
    expect(res.json.data).toBeNull();
    expect(res.json.errors?.[0]).toMatchObject({ status: 400, locations: [{ line: 1, column: 10 }] });
    const syntax = await call(createMockApi(), '{ User {');
    expect(syntax.status).toBe(400);
  });

  it('needs a valid token for Viewer and mutations; unknown tokens are invalid', async () => {
    const api = createMockApi();
    const anonymous = await call(api, '{ Viewer { id } }');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.errors?.[0]).toMatchObject({ message: 'Unauthorized.', status: 401 });
    const mutation = await call(api, 'mutation { ToggleFollow(userId: 2) { id } }');
    expect(mutation.json.errors?.[0]).toMatchObject({ message: 'Unauthorized.', status: 401 });
    expect((await call(api, '{ Viewer { id name } }', {}, AUTH)).json.data).toEqual({ Viewer: { id: 1, name: 'Viewer' } });
    const bad = await call(api, '{ Media(id: 1) { id } }', {}, { authorization: 'Bearer nope' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ data: null, errors: [{ message: 'Invalid token', status: 400 }] });
  });

  it('persists UpdateUser, likes, posts, replies and deletes; reset() restores the seed', async () => {
    const api = createMockApi({ now: () => SEED_NOW * 1000 });
    await call(api, 'mutation ($a: String) { UpdateUser(about: $a, profileColor: "pink") { id } }', { a: 'new bio' }, AUTH);
    expect((await call(api, '{ User(id: 1) { about options { profileColor } } }')).json.data).toEqual({
      User: { about: 'new bio', options: { profileColor: 'pink' } },
    });

    const like = 'mutation { ToggleLikeV2(id: 700000001, type: ACTIVITY) { ... on ListActivity { isLiked likeCount } } }';
    const before = api.state.activities.find((a) => a.id === 700000001)!.likeIds.length;
    expect((await call(api, like, {}, AUTH)).json.data).toEqual({ ToggleLikeV2: { isLiked: true, likeCount: before + 1 } });
    expect((await call(api, like, {}, AUTH)).json.data).toEqual({ ToggleLikeV2: { isLiked: false, likeCount: before } });

    const posted = await call(api, 'mutation { SaveTextActivity(text: "hello") { id createdAt user { name } } }', {}, AUTH);
    const { id, createdAt } = (posted.json.data as { SaveTextActivity: { id: number; createdAt: number } }).SaveTextActivity;
    expect(createdAt).toBe(SEED_NOW);
    const reply = await call(
      api,
      'mutation ($id: Int) { SaveActivityReply(activityId: $id, text: "first") { id activityId } }',
      { id },
      AUTH,
    );
    expect(reply.json.data).toMatchObject({ SaveActivityReply: { activityId: id } });
    const read = await call(
      api,
      'query ($id: Int) { Activity(id: $id) { __typename ... on TextActivity { text replyCount isSubscribed } } }',
      { id },
      AUTH,
    );
    expect(read.json.data).toEqual({ Activity: { __typename: 'TextActivity', text: 'hello', replyCount: 1, isSubscribed: true } });
    expect((await call(api, 'mutation ($id: Int) { DeleteActivity(id: $id) { deleted } }', { id }, AUTH)).json.data).toEqual({
      DeleteActivity: { deleted: true },
    });
    expect((await call(api, 'query ($id: Int) { Activity(id: $id) { __typename } }', { id })).status).toBe(404);

    const empty = await call(api, 'mutation { SaveTextActivity(text: "") { id } }', {}, AUTH);
    expect(empty.json.errors?.[0]).toMatchObject({ message: 'validation', status: 400, validation: { text: [expect.any(String)] } });

    api.reset();
    expect(api.requests).toHaveLength(0);
    expect(api.state.users[0]?.about).not.toBe('new bio');
  });

  it('serves every notification type of the schema with its fields', async () => {
    // The query is built from the schema itself: one inline fragment per member of NotificationUnion,
    // asking for every field the type has (objects with a small selection of their own).
    const union = loadSchema().getType('NotificationUnion');
    if (!isUnionType(union)) throw new Error('NotificationUnion is not a union');
    const objects: Record<string, string> = {
      user: '{ id name avatar { large } }',
      media: '{ id type title { userPreferred } coverImage { medium } }',
      activity: '{ __typename ... on TextActivity { id } ... on ListActivity { id } ... on MessageActivity { id } }',
      message: '{ id }',
      thread: '{ id title }',
      comment: '{ id }',
      staff: '{ id name { userPreferred } image { large } }',
      character: '{ id name { userPreferred } image { large } }',
    };
    const selection = (type: GraphQLObjectType) =>
      Object.values(type.getFields())
        .map((f) => {
          if (isLeafType(getNamedType(f.type))) return f.name;
          const sub = objects[f.name];
          if (!sub) throw new Error(`No selection for ${type.name}.${f.name}`);
          return `${f.name} ${sub}`;
        })
        .join(' ');
    const fragments = union.getTypes().map((t) => `... on ${t.name} { ${selection(t)} }`);
    expect(fragments).toHaveLength(20);
    const api = createMockApi();
    const res = await call(api, `{ Page(perPage: 50) { notifications { __typename ${fragments.join(' ')} } } }`, undefined, AUTH);
    expect(res.json.errors).toBeUndefined();
    const list = (res.json.data as { Page: { notifications: Record<string, unknown>[] } }).Page.notifications;
    expect(list).toHaveLength(50);
    expect(new Set(list.map((n) => n.__typename))).toEqual(new Set(union.getTypes().map((t) => t.name)));
    expect(new Set(list.map((n) => n.type)).size).toBe(20);
    // One of each has every field filled, but for the two the site leaves empty too: a liked
    // thread has no comment, and a submission that edits an existing entry has no submitted title.
    const one = (typename: string) => list.find((n) => n.__typename === typename)!;
    for (const t of union.getTypes()) {
      const empty = Object.entries(one(t.name))
        .filter(([, v]) => v === null)
        .map(([k]) => k);
      expect([t.name, empty]).toEqual([
        t.name,
        t.name === 'ThreadLikeNotification' ? ['comment'] : t.name === 'MediaSubmissionUpdateNotification' ? ['submittedTitle'] : [],
      ]);
    }
    const user = { name: expect.any(String), avatar: { large: expect.stringMatching(/^https:/) } };
    const thread = { id: expect.any(Number), title: expect.any(String) };
    expect(one('ThreadCommentMentionNotification')).toMatchObject({
      type: 'THREAD_COMMENT_MENTION',
      context: ' mentioned you, in the forum thread ',
      commentId: expect.any(Number),
      comment: { id: expect.any(Number) },
      thread,
      user,
    });
    expect(one('ThreadCommentReplyNotification')).toMatchObject({
      type: 'THREAD_COMMENT_REPLY',
      context: ' replied to your comment, in the forum thread ',
      thread,
      user,
    });
    expect(one('ThreadCommentSubscribedNotification')).toMatchObject({
      type: 'THREAD_SUBSCRIBED',
      context: ' commented in your subscribed forum thread ',
      thread,
      user,
    });
    expect(one('ThreadCommentLikeNotification')).toMatchObject({
      type: 'THREAD_COMMENT_LIKE',
      context: ' liked your comment, in the forum thread ',
      thread,
      user,
    });
    const liked = one('ThreadLikeNotification');
    expect(liked).toMatchObject({ type: 'THREAD_LIKE', context: ' liked your forum thread, ', thread, user });
    expect(liked.threadId).toBe((liked.thread as { id: number }).id);
    for (const n of list.filter((x) => String(x.type).startsWith('THREAD_COMMENT') || x.type === 'THREAD_SUBSCRIBED'))
      expect(n.commentId).toBe((n.comment as { id: number }).id);
    expect(one('AiringNotification')).toMatchObject({
      episode: expect.any(Number),
      contexts: ['Episode ', ' of ', ' aired.'],
      media: { title: { userPreferred: expect.any(String) } },
    });
    const merge = one('MediaMergeNotification');
    expect(merge).toMatchObject({
      type: 'MEDIA_MERGE',
      context: ' was merged into ',
      deletedMediaTitles: [expect.any(String)],
      reason: expect.any(String),
      media: { id: expect.any(Number) },
    });
    expect(merge.mediaId).toBe((merge.media as { id: number }).id);
    expect(one('MediaDeletionNotification')).toMatchObject({
      type: 'MEDIA_DELETION',
      deletedMediaTitle: expect.any(String),
      context: expect.stringMatching(/^ was deleted from the site/),
      reason: expect.any(String),
    });
    const contexts = ['Your submission for ', ' has been ', '.'];
    expect(one('MediaSubmissionUpdateNotification')).toMatchObject({
      type: 'MEDIA_SUBMISSION_UPDATE',
      contexts,
      status: 'accepted',
      notes: expect.any(String),
      media: { id: expect.any(Number), title: { userPreferred: expect.any(String) } },
    });
    expect(one('StaffSubmissionUpdateNotification')).toMatchObject({
      type: 'STAFF_SUBMISSION_UPDATE',
      contexts,
      status: 'rejected',
      staff: { id: expect.any(Number), name: { userPreferred: expect.any(String) }, image: { large: expect.stringMatching(/^https:/) } },
    });
    expect(one('CharacterSubmissionUpdateNotification')).toMatchObject({
      type: 'CHARACTER_SUBMISSION_UPDATE',
      contexts,
      status: 'partially accepted',
      character: {
        id: expect.any(Number),
        name: { userPreferred: expect.any(String) },
        image: { large: expect.stringMatching(/^https:/) },
      },
    });
    // Newest first, ids unique; and ids increase with time in the seed.
    const ids = list.map((n) => n.id as number);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => b - a));
    const seeded = createSeed().notifications;
    expect(seeded.every((n, i) => i === 0 || (n.id > seeded[i - 1]!.id && n.createdAt >= seeded[i - 1]!.createdAt))).toBe(true);
  });

  it("answers the app's own notification query for every type", async () => {
    const api = createMockApi();
    const res = await call(api, `{ Page(perPage: 50) { notifications { ${NOTIFICATION_FIELDS} } } }`, undefined, AUTH);
    expect(res.json.errors).toBeUndefined();
    const list = (res.json.data as { Page: { notifications: Record<string, unknown>[] } }).Page.notifications;
    expect(new Set(list.map((n) => n.type))).toEqual(new Set(NOTIFICATION_TYPES));
  });

  it('filters activities and resets the notification count', async () => {
    const api = createMockApi();
    const res = await call(
      api,
      '{ Page(perPage: 50) { activities(userId: 1, type: TEXT, sort: ID) { ... on TextActivity { id userId } } } }',
    );
    const list = (res.json.data as { Page: { activities: { id: number; userId: number }[] } }).Page.activities;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((a) => a.userId === 1)).toBe(true);
    expect(list.map((a) => a.id)).toEqual([...list.map((a) => a.id)].sort((a, b) => a - b));

    const q =
      '{ Page { notifications(type_in: [AIRING, ACTIVITY_REPLY], resetNotificationCount: true) { __typename ... on AiringNotification { episode media { id } } } } }';
    const n = await call(api, q, {}, AUTH);
    const items = (n.json.data as { Page: { notifications: { __typename: string }[] } }).Page.notifications;
    expect(new Set(items.map((i) => i.__typename))).toEqual(new Set(['AiringNotification', 'ActivityReplyNotification']));
    expect((await call(api, '{ Viewer { unreadNotificationCount } }', {}, AUTH)).json.data).toEqual({
      Viewer: { unreadNotificationCount: 0 },
    });
  });

  it('failNext answers 429, 500, 400 and network failures in order', async () => {
    const api = createMockApi();
    api.failNext(1, { status: 429, retryAfter: 7 });
    api.failNext(1, { status: 500 });
    api.failNext(1, { status: 400, message: 'nope' });
    api.failNext(1, { network: true });
    const q = '{ Media(id: 1) { id } }';
    const limited = await call(api, q);
    expect(limited.status).toBe(429);
    expect(limited.headers['Retry-After']).toBe('7');
    expect(limited.json).toEqual({ data: null, errors: [{ message: 'Too Many Requests.', status: 429 }] });
    expect((await call(api, q)).status).toBe(500);
    expect((await call(api, q)).json.errors?.[0]).toMatchObject({ message: 'nope', status: 400 });
    const dropped = await api.handle({ body: JSON.stringify({ query: q }), headers: {} });
    expect(dropped.abort).toBe(true);
    expect((await call(api, q)).status).toBe(200);
    expect(api.requests.map((r) => r.status)).toEqual([429, 500, 400, 0, 200]);
  });
});
