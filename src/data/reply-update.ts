import { activityReplies, replyToActivity } from './activities';
import { API_ERROR_TEXTS, failureText, wrapFailure } from './api-errors';
import { FRESH, query } from './graphql';
import { LIST_STATUSES, saveListProgress, type ListStatus } from './media-list';
import { read, write, type ReadContext } from './swr';

/**
 * Reply with list update: set a media's status and progress, find the list activity that creates,
 * reply to it with the composer's text. Pure rules and the flow; no DOM.
 */

export interface MediaProgress {
  mediaListId: number | null;
  status: ListStatus;
  progress: number;
  /** Episodes or chapters; null when unknown. */
  maxProgress: number | null;
}

/** REPEATING is not offered when the media has a single episode or chapter. */
export function statusesFor(maxProgress: number | null): ListStatus[] {
  return LIST_STATUSES.filter((s) => s !== 'REPEATING' || maxProgress !== 1);
}

/** The progress field is shown only for CURRENT and REPEATING. */
export const showsProgress = (status: ListStatus) => status === 'CURRENT' || status === 'REPEATING';

/** Progress kept within 0 and the media's total. */
export function clampProgress(value: number, maxProgress: number | null): number {
  const n = Number.isFinite(value) ? Math.floor(value) : 0;
  return Math.max(0, maxProgress ? Math.min(n, maxProgress) : n);
}

export const mediaProgress = query<
  {
    Media: {
      id: number;
      type: 'ANIME' | 'MANGA' | null;
      episodes: number | null;
      chapters: number | null;
      mediaListEntry: { id: number; status: ListStatus | null; progress: number | null } | null;
    } | null;
  },
  { mediaId: number }
>(`query MediaProgress($mediaId: Int) { Media(id: $mediaId) { id type episodes chapters mediaListEntry { id status progress } } }`, {
  lifetime: FRESH,
  auth: true,
});

export const createdMediaActivity = query<{ Activity: { __typename: string; id?: number } | null }, { userId: number; mediaId: number }>(
  `query CreatedMediaActivity($userId: Int, $mediaId: Int) { Activity(userId: $userId, mediaId: $mediaId, sort: ID_DESC) { __typename ... on ListActivity { id } } }`,
  { lifetime: FRESH, auth: true },
);

/** The media's list entry as the panel starts from: new media without an entry is PLANNING with 0. */
export async function loadProgress(ctx: ReadContext, mediaId: number, signal?: AbortSignal): Promise<MediaProgress> {
  const { Media } = await wrapFailure(API_ERROR_TEXTS.mediaProgress(mediaId), () => read(ctx, mediaProgress, { mediaId }, { signal }));
  const maxProgress = (Media?.type === 'MANGA' ? Media?.chapters : Media?.episodes) ?? null;
  const entry = Media?.mediaListEntry ?? null;
  return { mediaListId: entry?.id ?? null, status: entry?.status ?? 'PLANNING', progress: entry?.progress ?? 0, maxProgress };
}

/** A failure's `detail` is the wrapped API error's text. */
export type ReplyOutcome =
  { ok: true; activityId: number } | { ok: false; message: string; detail?: string; stage: 'input' | 'update' | 'find' | 'reply' };

/**
 * The whole flow, and nothing half-done silently: update the list entry (stops on failure), find
 * the list activity it created, reply to it. Each failure says which step failed.
 */
export async function replyWithUpdate(
  ctx: ReadContext,
  input: {
    viewerId: number;
    mediaId: number | null;
    /** The media's list entry id, when it has one (from loadProgress). */
    mediaListId?: number | null;
    status: ListStatus;
    progress: number;
    text: string;
    disabledTypes: readonly { type: string; disabled: boolean }[];
  },
): Promise<ReplyOutcome> {
  if (input.mediaId === null) return { ok: false, stage: 'input', message: REPLY_UPDATE_TEXTS.noMedia };
  const mediaId = input.mediaId;
  if (input.disabledTypes.some((d) => d.type === input.status && d.disabled))
    return {
      ok: false,
      stage: 'input',
      message: REPLY_UPDATE_TEXTS.typeDisabled(input.status),
    };
  try {
    await wrapFailure(API_ERROR_TEXTS.updateProgress(mediaId), () =>
      write(
        ctx,
        saveListProgress,
        { id: input.mediaListId ?? null, mediaId, status: input.status, progress: input.progress },
        { invalidates: [mediaProgress] },
      ),
    );
  } catch (error) {
    return { ok: false, stage: 'update', message: REPLY_UPDATE_TEXTS.updateFailed, detail: failureText(error) };
  }
  let activityId: number | undefined;
  let findError: unknown;
  try {
    activityId = await wrapFailure(API_ERROR_TEXTS.createdActivity(mediaId), async () => {
      const id = (await read(ctx, createdMediaActivity, { userId: input.viewerId, mediaId }, { fresh: true })).Activity?.id;
      if (!id) throw new Error('No list activity was found.');
      return id;
    });
  } catch (error) {
    findError = error;
  }
  if (!activityId)
    return {
      ok: false,
      stage: 'find',
      message: REPLY_UPDATE_TEXTS.notFound,
      detail: failureText(findError),
    };
  try {
    await wrapFailure(API_ERROR_TEXTS.reply(activityId), () =>
      write(ctx, replyToActivity, { activityId: activityId!, text: input.text }, { invalidates: [activityReplies] }),
    );
  } catch (error) {
    return { ok: false, stage: 'reply', message: REPLY_UPDATE_TEXTS.replyFailed, detail: failureText(error) };
  }
  return { ok: true, activityId };
}

/** What replying with a list update says, as the spec words it, beside its outcomes' own messages. */
export const REPLY_UPDATE_TEXTS = {
  progressFailed: 'Failed to query media progress',
  replyFailed: 'Failed to reply to activity',
  noMedia: 'Please search for a media before replying.',
  typeDisabled: (status: string) => `You have disabled ${status} list activity type. Enable it in settings to create this activity.`,
  updateFailed: 'Failed to update media progress',
  notFound: 'Your list was updated, but its activity was not found, so the reply was not posted.',
  loadingEntry: 'Loading your list entry…',
} as const;
