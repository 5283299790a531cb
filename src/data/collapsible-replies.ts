import { isOwnProfile } from './pages';

/**
 * Collapsible replies: a reply's collapsed-containers id and how it starts. A state the user set is
 * remembered; otherwise a reply starts collapsed when the viewer liked it (with 'Collapse liked
 * replies' on) or wrote it (with 'Collapse own replies' on). No DOM here.
 */

/** Whether a user link (`/user/{name}/`, relative or absolute) points to `name`, case-insensitively. */
export function isUserLink(href: string | null | undefined, name: string | null | undefined): boolean {
  if (!href || !name) return false;
  try {
    return isOwnProfile(new URL(href, 'https://anilist.co/').pathname, name);
  } catch {
    return false;
  }
}

/** The collapsed-containers id of a reply (src/data/collapse.ts). */
export const replyCollapseId = (replyId: number): string => `reply-${replyId}`;

export interface ReplyFacts {
  liked: boolean;
  own: boolean;
  autoCollapseLiked: boolean;
  autoCollapseSelf: boolean;
}

/** How a reply starts when nothing was remembered for it: collapsed when liked or own, each with its option on. */
export function defaultCollapsed(f: ReplyFacts): boolean {
  return (f.autoCollapseLiked && f.liked) || (f.autoCollapseSelf && f.own);
}

/** A remembered explicit state wins; otherwise the automatic default. */
export function resolveCollapsed(remembered: boolean | undefined, fallback: boolean): boolean {
  return remembered ?? fallback;
}
