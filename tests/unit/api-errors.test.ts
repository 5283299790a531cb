import { describe, expect, it } from 'vitest';
import { fetchActivity, postReply } from '../../src/data/activities';
import { publishSelfMessage } from '../../src/data/self-message';
import { API_ERROR_TEXTS, apiMessage, attempt, failureText, WrappedApiError } from '../../src/data/api-errors';
import { memoryBackend } from '../../src/data/backend';
import { ApiError, type GqlDocument, type GraphQLClient } from '../../src/data/graphql';
import { currentAbout } from '../../src/data/layout-designer';
import { publishAbout, publishBadge, publishColor, resetAbout } from '../../src/panels/layout-designer/publish';
import { loadNotificationPage, queryActivityRelations } from '../../src/data/notifications/loading';
import { loadProgress, replyWithUpdate } from '../../src/data/reply-update';
import { fetchFollowing, findMedia, followedFirst, followedMatching, FOLLOWING_PER_PAGE } from '../../src/data/lookups';
import { Store } from '../../src/data/storage';
import { ToastBus, type Toast } from '../../src/commands/toast-bus';
import { saveToBio } from '../../src/panels/goals/actions';
import { queryUser, verifiedUsersKey } from '../../src/data/verified-users';
import { verify } from '../../src/panels/verified-users/verify';

/**
 * Wrapped API errors: each API call that fails is rethrown under its fixed text, and where a toast reports it, the toast carries that text as its detail.
 */

type Handler = (name: string, variables: Record<string, unknown>) => unknown;
interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

/** A client that answers by document name; a thrown value from the handler is the request's failure. */
function fakeClient(handler: Handler) {
  const sent: Sent[] = [];
  const client = {
    async request<D, V>(doc: GqlDocument<D, V>, variables: V): Promise<D> {
      const vars = variables as Record<string, unknown>;
      sent.push({ name: doc.name, variables: vars });
      return handler(doc.name, vars) as D;
    },
  };
  // The functions under test take the real client type; this one has its only method.
  return { client: client as unknown as GraphQLClient, sent };
}

const down = () => {
  throw new ApiError('Internal Server Error', 500);
};

function toastBus() {
  const seen: Toast[] = [];
  const toasts = new ToastBus(() => ({ enabled: true, level: 0, duration: 5 }));
  toasts.listen((t) => seen.push(t));
  return { toasts, seen, errors: () => seen.filter((t) => t.type === 'error') };
}

const store = () => new Store(memoryBackend(), () => {});

async function rejection(promise: Promise<unknown>): Promise<WrappedApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrappedApiError);
  expect((error as WrappedApiError).cause).toBeInstanceOf(Error);
  return error as WrappedApiError;
}

describe('wrapped API errors: a failed call is rethrown under its fixed text', () => {
  it('Error querying activity.', async () => {
    const { client } = fakeClient(down);
    expect((await rejection(fetchActivity({ client, store: store() }, 12))).message).toBe('Error querying activity.');
    const missing = fakeClient(() => ({ Activity: null }));
    expect((await rejection(fetchActivity({ client: missing.client, store: store() }, 12))).message).toBe('Error querying activity.');
  });

  it('Error querying user about. (layouts and goals), with the toast that reports it', async () => {
    const { client } = fakeClient(down);
    expect((await rejection(currentAbout({ client, store: store() }))).message).toBe('Error querying user about.');
    const { toasts, errors } = toastBus();
    expect(await resetAbout({ client, toasts, store: store() })).toBe(false);
    expect(errors()).toEqual([
      expect.objectContaining({
        message: 'Failed to query current about from AniList API.',
        detail: 'Error querying user about. (Internal Server Error)',
      }),
    ]);
  });

  it('failed to save user about. (publishing the about, saving goals)', async () => {
    const { client } = fakeClient((name) => (name === 'SaveUserAbout' ? down() : { Viewer: { id: 1, name: 'Viewer', about: 'hi' } }));
    const one = toastBus();
    expect(await publishAbout({ client, toasts: one.toasts, store: store(), confirm: async () => true }, 'new bio', 'old bio')).toBe(false);
    expect(one.errors()).toEqual([
      expect.objectContaining({ message: 'Failed to publish about.', detail: 'failed to save user about. (Internal Server Error)' }),
    ]);
    const two = toastBus();
    expect(await saveToBio({ client, toasts: two.toasts, store: store() })).toBeNull();
    expect(two.errors()).toEqual([
      expect.objectContaining({ message: 'Failed to save goals.', detail: 'failed to save user about. (Internal Server Error)' }),
    ]);
  });

  it('Failed to publish profile color / Failed to publish donator badge (no period)', async () => {
    const { client } = fakeClient(down);
    const { toasts, errors } = toastBus();
    expect(await publishColor({ client, toasts, store: store(), confirm: async () => true }, 'blue')).toBeNull();
    expect(await publishBadge({ client, toasts, store: store(), confirm: async () => true }, 'Mine')).toBeNull();
    expect(errors().map((t) => [t.message, t.detail])).toEqual([
      ['Failed to publish color.', 'Failed to publish profile color (Internal Server Error)'],
      ['Failed to publish donator badge.', 'Failed to publish donator badge (Internal Server Error)'],
    ]);
  });

  it('Failed to query user from host API (verifying a user keeps them listed)', async () => {
    const { client } = fakeClient(down);
    expect((await rejection(queryUser({ client, store: store() }, 'Someone'))).message).toBe('Failed to query user from host API');
    const s = store();
    const { toasts, errors } = toastBus();
    await verify({ client, toasts, store: s, settings: { get: () => false } } as never, 'Someone');
    expect(errors()).toEqual([
      expect.objectContaining({
        message: 'Failed to query new user.',
        detail: 'Failed to query user from host API (Internal Server Error)',
      }),
    ]);
    expect(s.get(verifiedUsersKey).map((u) => u.username)).toEqual(['Someone']);
  });

  it('Failed to publish a self-message (also for an answer without an id)', async () => {
    expect((await rejection(publishSelfMessage({ client: fakeClient(down).client, store: store() }, 'hi', 1))).message).toBe(
      'Failed to publish a self-message',
    );
    expect(
      (await rejection(publishSelfMessage({ client: fakeClient(() => ({ SaveMessageActivity: null })).client, store: store() }, 'hi', 1)))
        .message,
    ).toBe('Failed to publish a self-message');
    const ok = fakeClient(() => ({ SaveMessageActivity: { id: 41 } }));
    expect(await publishSelfMessage({ client: ok.client, store: store() }, 'hi', 7)).toBe(41);
    expect(ok.sent[0]!.variables).toEqual({ message: 'hi', recipientId: 7, private: false });
  });

  it('Failed to query activities. (notification relations; the notifications still come)', async () => {
    expect((await rejection(queryActivityRelations({ client: fakeClient(down).client, store: store() }, [1, 2]))).message).toBe(
      'Failed to query activities.',
    );
    const notifications = {
      Page: {
        pageInfo: { currentPage: 1, hasNextPage: false },
        notifications: [{ __typename: 'ActivityLikeNotification', id: 5, type: 'ACTIVITY_LIKE', activityId: 900, createdAt: 1 }],
      },
    };
    const { client } = fakeClient((name) => (name === 'Notifications' ? notifications : down()));
    const page = await loadNotificationPage({ client, store: store() }, { types: [], page: 1, reset: false }, true);
    expect(page.list).toHaveLength(1);
    expect(page).toMatchObject({ relationsFailed: true, relationsError: 'Failed to query activities. (Internal Server Error)' });
  });

  it('Failed to query media ({search})', async () => {
    expect((await rejection(findMedia({ client: fakeClient(down).client, store: store() }, 'Frieren'))).message).toBe(
      'Failed to query media (Frieren)',
    );
  });

  it('Failed to query media progress with media id {id}', async () => {
    expect((await rejection(loadProgress({ client: fakeClient(down).client, store: store() }, 5))).message).toBe(
      'Failed to query media progress with media id 5',
    );
  });

  describe('reply with list update', () => {
    const input = { viewerId: 1, mediaId: 5, mediaListId: 300, status: 'CURRENT' as const, progress: 3, text: 'hi', disabledTypes: [] };

    it('sends the entry id with mediaId, status and progress', async () => {
      const { client, sent } = fakeClient((name) =>
        name === 'CreatedMediaActivity'
          ? { Activity: { __typename: 'ListActivity', id: 77 } }
          : { SaveMediaListEntry: { id: 300 }, SaveActivityReply: { id: 1 } },
      );
      expect(await replyWithUpdate({ client: client, store: store() }, input)).toEqual({ ok: true, activityId: 77 });
      expect(sent[0]).toEqual({ name: 'SaveListProgress', variables: { id: 300, mediaId: 5, status: 'CURRENT', progress: 3 } });
      await replyWithUpdate({ client: client, store: store() }, { ...input, mediaListId: null });
      expect(sent.at(-3)!.variables).toMatchObject({ id: null, mediaId: 5 });
    });

    it('Failed to update media progress with media id {id}', async () => {
      expect(await replyWithUpdate({ client: fakeClient(down).client, store: store() }, input)).toEqual({
        ok: false,
        stage: 'update',
        message: 'Failed to update media progress',
        detail: 'Failed to update media progress with media id 5 (Internal Server Error)',
      });
    });

    it('Failed to get created media activity with media id {id}', async () => {
      const failing = fakeClient((name) => (name === 'CreatedMediaActivity' ? down() : { SaveMediaListEntry: { id: 300 } }));
      expect(await replyWithUpdate({ client: failing.client, store: store() }, input)).toMatchObject({
        ok: false,
        stage: 'find',
        detail: 'Failed to get created media activity with media id 5 (Internal Server Error)',
      });
      const none = fakeClient((name) => (name === 'CreatedMediaActivity' ? { Activity: null } : { SaveMediaListEntry: { id: 300 } }));
      expect(await replyWithUpdate({ client: none.client, store: store() }, input)).toMatchObject({
        ok: false,
        stage: 'find',
        detail: 'Failed to get created media activity with media id 5',
      });
    });

    it('Failed to reply to activity with id {id}', async () => {
      const { client } = fakeClient((name) =>
        name === 'ReplyToActivity'
          ? down()
          : name === 'CreatedMediaActivity'
            ? { Activity: { __typename: 'ListActivity', id: 77 } }
            : { SaveMediaListEntry: { id: 300 } },
      );
      expect(await replyWithUpdate({ client: client, store: store() }, input)).toEqual({
        ok: false,
        stage: 'reply',
        message: 'Failed to reply to activity',
        detail: 'Failed to reply to activity with id 77 (Internal Server Error)',
      });
      expect((await rejection(postReply({ client, store: store() }, 9, 'hi'))).message).toBe('Failed to reply to activity with id 9');
    });
  });

  it('failureText reads only wrapped errors', () => {
    expect(failureText(new WrappedApiError(API_ERROR_TEXTS.replies, new Error('x')))).toBe('Failed to query replies.');
    expect(failureText(new Error('other'))).toBeUndefined();
    expect(failureText('text')).toBeUndefined();
  });

  it("carries the API's first error message in parentheses, as 2.0.3 (C28), and never a credential", async () => {
    const invalid = new ApiError('Invalid token', 400, [{ message: 'Invalid token', status: 400 }]);
    expect(failureText(new WrappedApiError('Failed to query media progress', invalid))).toBe(
      'Failed to query media progress (Invalid token)',
    );
    // A transport failure is no answer: the spec's text alone.
    expect(failureText(new WrappedApiError(API_ERROR_TEXTS.replies, new Error('POST graphql.anilist.co: network error')))).toBe(
      'Failed to query replies.',
    );
    const jwt = `eyJhbGciOiJSUzI1NiJ9.${'a'.repeat(60)}.${'b'.repeat(40)}`;
    const leaky = new ApiError(`Bad token ${jwt}\nsecond line`, 400);
    expect(apiMessage(leaky)).toBe('Bad token … second line');
    expect(apiMessage(new ApiError('x'.repeat(500), 500))!.length).toBeLessThanOrEqual(200);
    // A failure that is not wrapped still says why, as the toast's detail.
    const { toasts, errors } = toastBus();
    await attempt(toasts, { toast: 'Failed to load.', log: 'loading failed' }, () => Promise.reject(invalid));
    expect(errors()).toEqual([expect.objectContaining({ message: 'Failed to load.', detail: 'Invalid token' })]);
    // Where a toast has no detail line, a refusal by the backoff's pause is still said.
    const paused = new ApiError('AniList requests are paused until 10:42 AM after repeated errors', 'paused');
    await attempt(toasts, { toast: 'Failed to search.', log: 'search failed', detail: false }, () => Promise.reject(invalid));
    await attempt(toasts, { toast: 'Failed to search.', log: 'search failed', detail: false }, () => Promise.reject(paused));
    expect(
      errors()
        .slice(1)
        .map((t) => t.detail),
    ).toEqual([undefined, 'AniList requests are paused until 10:42 AM after repeated errors']);
    // A toast whose text already says it (the followed users' read, refused while paused: its text is
    // failureText) says it once, not again on the detail line.
    const refused = new WrappedApiError(API_ERROR_TEXTS.following, paused);
    await attempt(toasts, { toast: (e) => failureText(e) ?? 'x', log: 'querying followed users failed', detail: false }, () =>
      Promise.reject(refused),
    );
    await attempt(toasts, { toast: (e) => failureText(e) ?? 'x', log: 'querying followed users failed' }, () => Promise.reject(refused));
    const said = 'Failed to query followed users. (AniList requests are paused until 10:42 AM after repeated errors)';
    expect(
      errors()
        .slice(3)
        .map((t) => [t.message, t.detail]),
    ).toEqual([
      [said, undefined],
      [said, undefined],
    ]);
  });

  it('a toast carries its detail to the console and the listener', () => {
    const { toasts, seen } = toastBus();
    toasts.error('Failed to save reply.', 'Failed to reply to activity with id 3');
    expect(seen[0]).toMatchObject({ type: 'error', message: 'Failed to save reply.', detail: 'Failed to reply to activity with id 3' });
  });
});

describe('followed users', () => {
  const user = (id: number) => ({ id, name: `User${id}`, avatar: { large: null } });

  it('asks `following` for the user id, page after page while hasNextPage', async () => {
    const pages = [[user(1), user(2)], [user(3)], [user(4)]];
    const { client, sent } = fakeClient((_name, vars) => {
      const page = vars.page as number;
      return { Page: { pageInfo: { currentPage: page, hasNextPage: page < pages.length }, following: pages[page - 1] } };
    });
    expect((await fetchFollowing({ client, store: store() }, 42)).map((u) => u.id)).toEqual([1, 2, 3, 4]);
    expect(sent).toEqual([1, 2, 3].map((page) => ({ name: 'Following', variables: { userId: 42, page, perPage: FOLLOWING_PER_PAGE } })));
  });

  it('Failed to query followed users. (also when a later page fails)', async () => {
    expect((await rejection(fetchFollowing({ client: fakeClient(down).client, store: store() }, 1))).message).toBe(
      'Failed to query followed users.',
    );
    const { client } = fakeClient((_n, vars) =>
      vars.page === 2 ? down() : { Page: { pageInfo: { hasNextPage: true }, following: [user(1)] } },
    );
    expect((await rejection(fetchFollowing({ client, store: store() }, 1))).message).toBe('Failed to query followed users.');
  });

  it('stops on an API that always has a next page', async () => {
    const { client, sent } = fakeClient(() => ({ Page: { pageInfo: { hasNextPage: true }, following: [user(1)] } }));
    expect(await fetchFollowing({ client, store: store() }, 1)).toHaveLength(1);
    expect(sent.length).toBeLessThanOrEqual(40);
  });

  it('puts the people you follow first and suggests them by name', () => {
    expect(followedFirst([user(5), user(2), user(9), user(3)], [user(3), user(9)]).map((u) => u.id)).toEqual([9, 3, 5, 2]);
    expect(followedMatching([user(12), user(3)], 'user1').map((u) => u.id)).toEqual([12]);
    expect(followedMatching([user(12), user(3)], '  ')).toHaveLength(2);
  });
});
