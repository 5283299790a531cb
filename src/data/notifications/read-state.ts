import { settingsKey } from '../config';
import type { Store } from '../storage';
import { aniListReadKey, feedConfigKey, markedUnreadKey, readNotificationsKey } from './storage';

/**
 * Read state across devices with no server of ours: AniList's own unread count, which every
 * device sees, says how many of the newest notifications are unread; every older one has been
 * read somewhere AniList saw it (its /notifications page on a phone, "Mark all as read" in another
 * browser). Each answer that lists notifications also brings the count (`Viewer` in the same
 * request, read before the list), and moves a line: the newest notification AniList counts as
 * read (`aniListReadKey`). AniList lists notifications newest first (by id), so with N unread the
 * one at position N and everything older is read; a list filtered by type is a subset, so its
 * N-th is at least N-th of all and the line it gives is never too high. The line only rises: a
 * notification AniList counted as read stays read, whichever answer comes first.
 *
 * Combined with this device's choices (isReadHere): marked unread here → unread (an explicit
 * choice wins); marked read here → read; otherwise read when AniList counts it read.
 *
 * When AniList's count is reset (its /notifications page, our "Mark all as read" or the reset
 * command) the next answer brings 0, or the few that arrived since: the line moves up to the
 * newest notification older than those, so everything up to it shows read here, except what was
 * marked unread here. The line is moved only while the option is on, and while it is on loading
 * notifications never resets AniList's count (a reset by our own loading would read as "read
 * elsewhere"); marking all as read resets it on purpose.
 */

/** The option: AniList's count marks notifications read here. */
export const syncReadOn = (store: Store) => store.get(settingsKey).readStateFromAniList === true;

/** Loading notifications resets AniList's count: the feed's option, never while read state follows AniList. */
export const resetsOnQuery = (store: Store) => store.get(feedConfigKey).resetDefaultNotifications && !syncReadOn(store);

/**
 * The newest notification of `list` (newest first, starting at position `offset` of its list)
 * that AniList counts as read with `count` unread; 0 when the list holds none.
 */
export function aniListLine(count: number, list: readonly { id: number }[], offset = 0): number {
  return list[Math.max(0, count - offset)]?.id ?? 0;
}

/** Takes an answer's count and list into the line (while the option is on). */
export function noteAniListCount(
  store: Store,
  answer: { Viewer?: { unreadNotificationCount: number | null } | null },
  list: readonly { id: number }[],
  offset = 0,
): void {
  const count = answer.Viewer?.unreadNotificationCount;
  if (typeof count !== 'number' || count < 0 || !syncReadOn(store)) return;
  const line = aniListLine(count, list, offset);
  if (line > store.get(aniListReadKey)) store.set(aniListReadKey, line);
}

export interface ReadState {
  /** Marked read here. */
  read: ReadonlySet<number>;
  /** Marked unread here. */
  unread: ReadonlySet<number>;
  /** The newest notification AniList counts as read; 0 while the option is off. */
  line: number;
}

/** The rule: an explicit choice here first, then AniList's count. */
export function isReadHere(id: number, state: ReadState): boolean {
  if (state.unread.has(id)) return false;
  return state.read.has(id) || id <= state.line;
}

/** The state the rule reads: the two lists of choices here, AniList's line, the option. */
export function readStateOf(read: readonly number[], unread: readonly number[], line: number, sync: boolean): ReadState {
  return { read: new Set(read), unread: new Set(unread), line: sync ? line : 0 };
}

/** The state the rule reads, from storage. */
export const readState = (store: Store): ReadState =>
  readStateOf(store.get(readNotificationsKey), store.get(markedUnreadKey), store.get(aniListReadKey), syncReadOn(store));

/** How many of the stored newest notifications (`items`) are unread here: the nav's count. */
export function countUnread(items: readonly { id: number }[], state: ReadState): number {
  return items.filter((n) => !isReadHere(n.id, state)).length;
}
