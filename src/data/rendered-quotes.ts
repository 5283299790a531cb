import { createStore } from './store';

/**
 * Referenced quotes as we draw them: `<blockquote href="{activityId}">` or
 * `<blockquote href="{activityId}/{replyId}">` (Reply To's, 2.0.3's C3 and C4; AniList keeps `href`
 * on a blockquote). The one sanitizer keeps such an `href` only in this checked form; our activity
 * cards ask it to mark the quotes so they lead back while the reply-to feature is on
 * (`quotesAsLinks`). Shared by that feature, the sanitizer and the cards. No DOM.
 */

/** Where a quote comes from: an activity's own text, or one of its replies. */
export interface QuoteRef {
  readonly activityId: number;
  readonly replyId: number | null;
}

/** A navigable quote's class, 2.0.3's: a user's global CSS written for the original styles ours too. */
export const QUOTE_CLASS = 'void-quote';

/** On while the reply-to feature is on: our activity cards then have the sanitizer mark their referenced quotes (class, tab stop). */
export const quotesAsLinks = createStore(false);

const ID = /^[1-9][0-9]{0,15}$/;
const idOf = (text: string): number | null => {
  if (!ID.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
};

/** A quote's `href` as a reference: `{activityId}` or `{activityId}/{replyId}`, plain positive integers; anything else is null. */
export function parseQuoteHref(href: string | null | undefined): QuoteRef | null {
  if (typeof href !== 'string' || href.length > 40) return null;
  const [activity, reply, ...rest] = href.split('/');
  if (rest.length || activity === undefined) return null;
  const activityId = idOf(activity);
  if (activityId === null) return null;
  if (reply === undefined) return { activityId, replyId: null };
  const replyId = idOf(reply);
  return replyId === null ? null : { activityId, replyId };
}

/** A reference as a quote's `href`. */
export const quoteHref = (ref: QuoteRef): string => (ref.replyId === null ? `${ref.activityId}` : `${ref.activityId}/${ref.replyId}`);
