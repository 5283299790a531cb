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
/** The reply a query string names (`?void-reply-id=123`), or null: absent, 0, or not a plain positive integer. */
export function replyIdInQuery(search: string): number | null {
  const value = new URLSearchParams(search).get(REPLY_QUERY_PARAMETER);
  if (value === null || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
