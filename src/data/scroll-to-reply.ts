import { loadReplies, REPLIES_PER_PAGE } from './activities';
import type { ReadContext } from './swr';

/**
 * Scroll to the reply a link names (VoidVerified 2.0.3's C6): `?void-reply-id={replyId}` on an
 * activity's page, the link its direct links and ours write (`replyPath`). No DOM.
 */

/** The query parameter naming the reply, as 2.0.3 writes it. */
export const REPLY_QUERY_PARAMETER = 'void-reply-id';
/**
 * How long after the page opened the named reply may still appear and be scrolled to: replies
 * load with the activity, within a second or two; a reply appearing later (after Load More, say)
 * must not pull the page away from where the reader went since. 2.0.3 looks for it forever.
 */
export const SCROLL_TO_REPLY_GIVE_UP_MS = 10_000;
/** How long the reply stays marked once scrolled to, so that the eye finds it. */
export const REPLY_MARK_MS = 2_500;
/** Space left above the reply below the host's top bar. */
export const REPLY_ROOM_PX = 12;

/** The reply a query string names (`?void-reply-id=123`), or null: absent, 0, or not a plain positive integer. */
export function replyIdInQuery(search: string): number | null {
  const value = new URLSearchParams(search).get(REPLY_QUERY_PARAMETER);
  if (value === null || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** Pages of an activity's replies looked through for the named one (AniList shows them all on the page). */
const MAX_REPLY_PAGES = 8;

/**
 * Where the reply stands among its activity's replies (the host lists them in AniList's order),
 * with its author's name to check the element against: the way to the reply when the page's Vue
 * objects, which carry each reply's id, are out of reach. Null when it is not among them.
 */
export async function replyPosition(
  ctx: ReadContext,
  activityId: number,
  replyId: number,
  signal: AbortSignal,
): Promise<{ index: number; author: string } | null> {
  for (let page = 1; page <= MAX_REPLY_PAGES; page++) {
    const { replies, hasNextPage } = await loadReplies(ctx, activityId, page, signal);
    const at = replies.findIndex((r) => r.id === replyId);
    if (at >= 0) return { index: (page - 1) * REPLIES_PER_PAGE + at, author: replies[at]!.user?.name ?? '' };
    if (!hasNextPage) return null;
  }
  return null;
}
