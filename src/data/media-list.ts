import { mutation } from './graphql';

/**
 * The viewer's list entries as several features change them (In Progress's -, + and ✓, Reply with
 * list update): AniList's statuses and the one save of an entry's status and progress.
 */

export const LIST_STATUSES = ['CURRENT', 'PLANNING', 'COMPLETED', 'DROPPED', 'PAUSED', 'REPEATING'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/**
 * Saves a list entry's status and progress: `id` is the entry's (null for a media not yet on the
 * list, which AniList then adds), `mediaId` its media. The status is always sent, as
 * 2.0.2 learned to (document 3, C19).
 */
export const saveListProgress = mutation<
  { SaveMediaListEntry: { id: number } | null },
  { id: number | null; mediaId: number; status: ListStatus; progress: number }
>(
  `mutation SaveListProgress($id: Int, $mediaId: Int, $status: MediaListStatus, $progress: Int) { SaveMediaListEntry(id: $id, mediaId: $mediaId, status: $status, progress: $progress) { id } }`,
);
