import { describe, expect, it } from 'vitest';
import {
  activityPermissions,
  DELETE_QUESTIONS,
  deleteActivityOrReply,
  moderatorBadge,
  replyPermissions,
  saveActivityText,
  roleLabel,
  statusText,
  type Activity,
  type ActivityUser,
  type Reply,
} from '../../src/data/activities';
import { authKey } from '../../src/data/auth';
import { memoryBackend } from '../../src/data/backend';
import type { GqlDocument } from '../../src/data/graphql';
import { Store } from '../../src/data/storage';
import { makeTestServices } from './helpers';

const user = (id: number): ActivityUser => ({ id, name: `u${id}`, avatar: null, donatorTier: 0, donatorBadge: null, moderatorRoles: null });
const base = { id: 1, createdAt: 0, isLiked: false, isSubscribed: false, likeCount: 0, replyCount: 0, likes: [] };
const text: Activity = { ...base, __typename: 'TextActivity', text: 'x', html: 'x', user: user(1) };
const list: Activity = { ...base, __typename: 'ListActivity', status: 'watched episode', progress: '5', user: user(1), media: null };
const message: Activity = { ...base, __typename: 'MessageActivity', message: 'x', html: 'x', messenger: user(1), recipient: user(2) };
const reply: Reply = { id: 9, text: 'x', html: 'x', createdAt: 0, likeCount: 0, isLiked: false, user: user(1), likes: [] };

describe('activity permissions', () => {
  it('text: edit and delete by the author', () => {
    expect(activityPermissions(text, 1)).toEqual({ edit: true, delete: true });
    expect(activityPermissions(text, 2)).toEqual({ edit: false, delete: false });
  });
  it('list: delete by the owner, never edit', () => {
    expect(activityPermissions(list, 1)).toEqual({ edit: false, delete: true });
    expect(activityPermissions(list, 2)).toEqual({ edit: false, delete: false });
  });
  it('message: edit by the messenger, delete by messenger or recipient', () => {
    expect(activityPermissions(message, 1)).toEqual({ edit: true, delete: true });
    expect(activityPermissions(message, 2)).toEqual({ edit: false, delete: true });
    expect(activityPermissions(message, 3)).toEqual({ edit: false, delete: false });
  });
  it('replies: their author only; nobody signed out', () => {
    expect(replyPermissions(reply, 1)).toEqual({ edit: true, delete: true });
    expect(replyPermissions(reply, 2)).toEqual({ edit: false, delete: false });
    expect(activityPermissions(text, null)).toEqual({ edit: false, delete: false });
    expect(replyPermissions(reply, undefined)).toEqual({ edit: false, delete: false });
  });
});

describe('badges', () => {
  it('moderator: only with roles and none retired; admin and developer without "mod"', () => {
    expect(moderatorBadge(null)).toBeNull();
    expect(moderatorBadge([])).toBeNull();
    expect(moderatorBadge(['COMMUNITY', 'RETIRED'])).toBeNull();
    expect(moderatorBadge(['COMMUNITY'])).toBe('community mod');
    expect(moderatorBadge(['ADMIN', 'DEVELOPER'])).toBe('admin, developer');
    expect(roleLabel('LEAD_DEVELOPER')).toBe('lead developer');
    expect(roleLabel('ANIME_DATA')).toBe('anime data mod');
    expect(roleLabel('SOCIAL_MEDIA')).toBe('social media mod');
  });
});

describe('saving and deleting', () => {
  it('saves only TEXT, MESSAGE and REPLY, each with its mutation and variables', async () => {
    const sent: [string, unknown][] = [];
    const saved = { id: 3, text: 'new', html: 'new' };
    const ctx = {
      store: new Store(memoryBackend(), () => {}),
      client: {
        request: async <D, V>(doc: GqlDocument<D, V>, variables: V): Promise<D> => {
          sent.push([doc.name, variables]);
          return { SaveTextActivity: saved, SaveMessageActivity: saved, SaveActivityReply: saved } as D;
        },
      },
    };
    expect(await saveActivityText(ctx, 'TEXT', 3, 'new')).toEqual(saved);
    expect(await saveActivityText(ctx, 'MESSAGE', 3, 'new')).toEqual(saved);
    expect(await saveActivityText(ctx, 'REPLY', 3, 'new')).toEqual(saved);
    await expect(saveActivityText(ctx, 'ANIME_LIST', 3, 'new')).rejects.toThrow('Unsupported type ANIME_LIST');
    expect(sent).toEqual([
      ['SaveTextActivity', { id: 3, text: 'new' }],
      ['SaveMessageActivity', { id: 3, message: 'new' }],
      ['SaveReply', { id: 3, text: 'new' }],
    ]);
  });
  it("status text gets 'of' with progress", () => {
    expect(statusText('watched episode', '5')).toBe('Watched episode 5 of');
    expect(statusText('read chapter', '10 - 12')).toBe('Read chapter 10 - 12 of');
    expect(statusText('completed', null)).toBe('Completed');
    expect(statusText(null, null)).toBe('');
  });
});

describe('deleting asks first, whoever calls it', () => {
  function services(answer: boolean) {
    const sent: string[] = [];
    const asked: string[] = [];
    const fetch = async (_url: unknown, init?: RequestInit) => {
      sent.push(/mutation (\w+)/.exec(String(init?.body))?.[1] ?? 'read');
      return new Response(JSON.stringify({ data: { DeleteActivity: { deleted: true }, DeleteActivityReply: { deleted: true } } }));
    };
    const t = makeTestServices(undefined, {
      fetch: fetch as typeof globalThis.fetch,
      storedToken: true,
      confirm: async (text) => (asked.push(text ?? ''), answer),
    });
    t.store.set(authKey, { token: 'token', expires: Date.now() + 86_400_000 });
    return { ctx: t.services.context(null), sent, asked };
  }

  it('declined, nothing is sent', async () => {
    const t = services(false);
    expect(await deleteActivityOrReply(t.ctx, 'ACTIVITY', 1)).toBe(false);
    expect(await deleteActivityOrReply(t.ctx, 'REPLY', 2)).toBe(false);
    expect(t.asked).toEqual([DELETE_QUESTIONS.activity, DELETE_QUESTIONS.reply]);
    expect(t.sent).toEqual([]);
  });

  it('agreed, the right mutation is sent', async () => {
    const t = services(true);
    expect(await deleteActivityOrReply(t.ctx, 'ACTIVITY', 1)).toBe(true);
    expect(await deleteActivityOrReply(t.ctx, 'REPLY', 2)).toBe(true);
    // ACTIVITY is an activity, anything else a reply.
    expect(await deleteActivityOrReply(t.ctx, 'whatever', 3)).toBe(true);
    expect(t.sent).toEqual(['DeleteActivity', 'DeleteActivityReply', 'DeleteActivityReply']);
  });
});
