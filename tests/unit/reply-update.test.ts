import { describe, expect, it } from 'vitest';
import { clampProgress, replyWithUpdate, showsProgress, statusesFor } from '../../src/data/reply-update';
import { memoryBackend } from '../../src/data/backend';
import { Store } from '../../src/data/storage';

const store = () => new Store(memoryBackend(), () => {});

type Doc = { name: string };
function client(answers: Record<string, unknown | Error>) {
  const calls: string[] = [];
  return {
    calls,
    request: async (doc: Doc) => {
      calls.push(doc.name);
      const answer = answers[doc.name];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as { calls: string[]; request: never };
}
const input = { viewerId: 1, mediaId: 5, status: 'CURRENT' as const, progress: 3, text: 'hi', disabledTypes: [] };

describe('reply with list update', () => {
  it('offers REPEATING only when the media has more than one episode or chapter', () => {
    expect(statusesFor(1)).not.toContain('REPEATING');
    expect(statusesFor(12)).toContain('REPEATING');
    expect(statusesFor(null)).toContain('REPEATING');
  });
  it('shows progress for CURRENT and REPEATING only, kept within 0 and the total', () => {
    expect(['CURRENT', 'REPEATING'].every((s) => showsProgress(s as never))).toBe(true);
    expect(['PLANNING', 'COMPLETED', 'DROPPED', 'PAUSED'].some((s) => showsProgress(s as never))).toBe(false);
    expect(clampProgress(-3, 12)).toBe(0);
    expect(clampProgress(40, 12)).toBe(12);
    expect(clampProgress(4.7, null)).toBe(4);
    expect(clampProgress(NaN, 12)).toBe(0);
  });
  it('needs a media, and refuses a disabled list activity type with the spec text', async () => {
    const c = client({});
    expect(await replyWithUpdate({ client: c, store: store() }, { ...input, mediaId: null })).toEqual({
      ok: false,
      stage: 'input',
      message: 'Please search for a media before replying.',
    });
    expect(
      await replyWithUpdate({ client: c, store: store() }, { ...input, disabledTypes: [{ type: 'CURRENT', disabled: true }] }),
    ).toEqual({
      ok: false,
      stage: 'input',
      message: 'You have disabled CURRENT list activity type. Enable it in settings to create this activity.',
    });
    expect(c.calls).toEqual([]);
  });
  it('updates, finds the created activity, replies; stops at the first failure and says which', async () => {
    const ok = client({
      SaveListProgress: { SaveMediaListEntry: { id: 1 } },
      CreatedMediaActivity: { Activity: { __typename: 'ListActivity', id: 77 } },
      ReplyToActivity: { SaveActivityReply: { id: 9 } },
    });
    expect(await replyWithUpdate({ client: ok, store: store() }, input)).toEqual({ ok: true, activityId: 77 });
    expect(ok.calls).toEqual(['SaveListProgress', 'CreatedMediaActivity', 'ReplyToActivity']);
    const failUpdate = client({ SaveListProgress: new Error('x') });
    expect(await replyWithUpdate({ client: failUpdate, store: store() }, input)).toMatchObject({
      ok: false,
      stage: 'update',
      message: 'Failed to update media progress',
    });
    expect(failUpdate.calls).toEqual(['SaveListProgress']);
    const failReply = client({
      SaveListProgress: { SaveMediaListEntry: { id: 1 } },
      CreatedMediaActivity: { Activity: { __typename: 'ListActivity', id: 77 } },
      ReplyToActivity: new Error('x'),
    });
    expect(await replyWithUpdate({ client: failReply, store: store() }, input)).toMatchObject({
      ok: false,
      stage: 'reply',
      message: 'Failed to reply to activity',
    });
    const notFound = client({ SaveListProgress: { SaveMediaListEntry: { id: 1 } }, CreatedMediaActivity: { Activity: null } });
    expect(await replyWithUpdate({ client: notFound, store: store() }, input)).toMatchObject({ ok: false, stage: 'find' });
  });
});
