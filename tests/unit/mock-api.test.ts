import { describe, expect, it } from 'vitest';
import { corsPreflight, createMockApi, type MockApi } from '../host/mock-api';
import { createSeed, SEED_NOW } from '../host/seed';
import { NOTIFICATION_FIELDS, NOTIFICATION_TYPES } from '../../src/data/notifications';

const AUTH = { Authorization: 'Bearer valid-token' };

async function call(api: MockApi, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await api.handle({ body: JSON.stringify({ query, variables }), headers });
  return { ...res, json: JSON.parse(res.body) as { data: Record<string, unknown> | null; errors?: Record<string, unknown>[] } };
}

describe('mock API', () => {
  it('is deterministic and answers a users search with paging and rate-limit headers', async () => {
    expect(createSeed()).toEqual(createSeed());
    const api = createMockApi();
    const res = await call(api, 'query Find($s: String) { Page(perPage: 2) { pageInfo { total perPage currentPage lastPage hasNextPage } users(search: $s) { id name } } }', { s: 'a' });
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
    expect((await call(api, '{ User(id: 1) { about options { profileColor } } }')).json.data).toEqual({ User: { about: 'new bio', options: { profileColor: 'pink' } } });

    const like = 'mutation { ToggleLikeV2(id: 700000001, type: ACTIVITY) { ... on ListActivity { isLiked likeCount } } }';
    const before = api.state.activities.find((a) => a.id === 700000001)!.likeIds.length;
    expect((await call(api, like, {}, AUTH)).json.data).toEqual({ ToggleLikeV2: { isLiked: true, likeCount: before + 1 } });
    expect((await call(api, like, {}, AUTH)).json.data).toEqual({ ToggleLikeV2: { isLiked: false, likeCount: before } });

    const posted = await call(api, 'mutation { SaveTextActivity(text: "hello") { id createdAt user { name } } }', {}, AUTH);
    const { id, createdAt } = (posted.json.data as { SaveTextActivity: { id: number; createdAt: number } }).SaveTextActivity;
    expect(createdAt).toBe(SEED_NOW);
    const reply = await call(api, 'mutation ($id: Int) { SaveActivityReply(activityId: $id, text: "first") { id activityId } }', { id }, AUTH);
    expect(reply.json.data).toMatchObject({ SaveActivityReply: { activityId: id } });
    const read = await call(api, 'query ($id: Int) { Activity(id: $id) { __typename ... on TextActivity { text replyCount isSubscribed } } }', { id }, AUTH);
    expect(read.json.data).toEqual({ Activity: { __typename: 'TextActivity', text: 'hello', replyCount: 1, isSubscribed: true } });
    expect((await call(api, 'mutation ($id: Int) { DeleteActivity(id: $id) { deleted } }', { id }, AUTH)).json.data).toEqual({ DeleteActivity: { deleted: true } });
    expect((await call(api, 'query ($id: Int) { Activity(id: $id) { __typename } }', { id })).status).toBe(404);

    const empty = await call(api, 'mutation { SaveTextActivity(text: "") { id } }', {}, AUTH);
    expect(empty.json.errors?.[0]).toMatchObject({ message: 'validation', status: 400, validation: { text: [expect.any(String)] } });

    api.reset();
    expect(api.requests).toHaveLength(0);
    expect(api.state.users[0]?.about).not.toBe('new bio');
  });

  it('serves every notification type of the schema, with the fields each has', async () => {
    const api = createMockApi();
    const res = await call(api, `{ Page(perPage: 50) { notifications { ${NOTIFICATION_FIELDS} } } }`, undefined, { authorization: 'Bearer valid-token' });
    expect(res.json.errors).toBeUndefined();
    const list = (res.json.data as { Page: { notifications: Record<string, unknown>[] } }).Page.notifications;
    expect(new Set(list.map((n) => n.type))).toEqual(new Set(NOTIFICATION_TYPES));
    const one = (type: string) => list.find((n) => n.type === type)!;
    expect(one('THREAD_COMMENT_REPLY')).toMatchObject({ commentId: expect.any(Number), thread: { id: expect.any(Number), title: expect.any(String) }, user: { name: expect.any(String) } });
    expect(one('THREAD_LIKE')).toMatchObject({ threadId: expect.any(Number), thread: { title: expect.any(String) } });
    expect(one('AIRING')).toMatchObject({ episode: expect.any(Number), contexts: ['Episode ', ' of ', ' aired.'], media: { title: { userPreferred: expect.any(String) } } });
    expect(one('MEDIA_MERGE')).toMatchObject({ deletedMediaTitles: [expect.any(String)], media: { id: expect.any(Number) } });
    expect(one('MEDIA_DELETION')).toMatchObject({ deletedMediaTitle: expect.any(String), reason: expect.any(String) });
    expect(one('MEDIA_SUBMISSION_UPDATE')).toMatchObject({ status: 'accepted', media: { id: expect.any(Number) } });
    expect(one('STAFF_SUBMISSION_UPDATE')).toMatchObject({ staff: { name: { userPreferred: expect.any(String) }, image: { large: expect.stringMatching(/^https:/) } } });
    expect(one('CHARACTER_SUBMISSION_UPDATE')).toMatchObject({ character: { id: expect.any(Number) }, status: 'partially accepted' });
    // Newest first, ids unique.
    const ids = list.map((n) => n.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
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

    const q = '{ Page { notifications(type_in: [AIRING, ACTIVITY_REPLY], resetNotificationCount: true) { __typename ... on AiringNotification { episode media { id } } } } }';
    const n = await call(api, q, {}, AUTH);
    const items = (n.json.data as { Page: { notifications: { __typename: string }[] } }).Page.notifications;
    expect(new Set(items.map((i) => i.__typename))).toEqual(new Set(['AiringNotification', 'ActivityReplyNotification']));
    expect((await call(api, '{ Viewer { unreadNotificationCount } }', {}, AUTH)).json.data).toEqual({ Viewer: { unreadNotificationCount: 0 } });
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
