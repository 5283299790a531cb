/**
 * Reply To and referenced quotes (VoidVerified 2.0.3's C3 and C4): a selection of an activity's or
 * a reply's text copied as `<blockquote href="{ref}">…</blockquote>`, where `{ref}` is the
 * activity's id or `{activityId}/{replyId}`; AniList keeps `href` on a blockquote, so such quotes
 * name where they come from and become links. No DOM.
 */

import { activityPath, replyPath } from './paths';
import { quoteHref, type QuoteRef } from './rendered-quotes';

/** What the quote's button, its palette command and the referenced quotes say. */
export const REPLY_TO_TEXTS = {
  button: 'Reply To',
  copied: 'Copied to Clipboard',
  directLink: 'Direct Link',
  inserted: 'Quote inserted in the reply box',
  copyFailed: 'Could not copy the quote to the clipboard.',
} as const;

/** How long "Copied to Clipboard" stays before the button goes (2.0.3's 800 ms). */
export const COPIED_MS = 800;
/** How long the selection must rest before the button shows (2.0.3's debounce). */
export const SELECTION_SETTLE_MS = 100;

/** Where a quote leads: the reply on its activity's page (`?void-reply-id=`), or the activity. */
export const quotePath = (ref: QuoteRef): string =>
  ref.replyId === null ? activityPath(ref.activityId) : replyPath(ref.activityId, ref.replyId);

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * The quote to paste: the selected text, trimmed, as text (`&`, `<`, `>` and `"` as entities, so no
 * selection can close the blockquote or open a tag of its own); its lines kept as `<br>`, since a
 * blank line would end AniList's HTML block and leave the rest outside the quote. Null for a
 * selection with nothing but white space.
 */
export function quoteMarkup(ref: QuoteRef, selected: string): string | null {
  const lines = selected
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (!lines.length) return null;
  const text = lines.map((line) => line.replace(/[&<>"]/g, (c) => ENTITIES[c]!)).join('<br>');
  return `<blockquote href="${quoteHref(ref)}">${text}</blockquote>`;
}

/** Whether a quote's reference is the activity it sits in (so it scrolls there rather than leaving). */
export const sameActivity = (ref: QuoteRef, activityId: number | null): boolean => activityId !== null && ref.activityId === activityId;
