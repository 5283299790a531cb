/**
 * Direct links to replies (VoidVerified 2.0.3's C5): each reply's link to its place on its
 * activity's page, `/activity/{activityId}?void-reply-id={replyId}` (`replyPath`). No DOM.
 */

/** What copying a reply's link says. */
export const REPLY_DIRECT_LINKS_TEXTS = {
  label: 'Direct link to this reply',
  copied: 'Copied to Clipboard',
  copyFailed: 'Could not copy the link to the clipboard.',
} as const;

/** The address to share: AniList's, whatever origin the page runs on. */
export const replyUrl = (path: string): string => new URL(path, 'https://anilist.co/').href;
