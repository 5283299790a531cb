import { API_ERROR_TEXTS, wrapFailure } from './api-errors';
import { mutation } from './graphql';
import { safeUrl } from './guards';
import { isOwnProfile } from './pages';
import { write, type ReadContext } from './swr';
import { formatDateTime, type TimeConfig } from './time';

/**
 * Pure rules of the activity-page touches (src/commands/features/activity-touches.tsx): which
 * links preview as images, whose profile a path is, where a reply starts collapsed, which links
 * are AniList's own, and the self-message mutation. No DOM here.
 */

/** Self message (document 1 section 7): SaveMessageActivity with message, private false, recipientId; the answer's id. */
export const saveSelfMessage = mutation<
  { SaveMessageActivity: { id: number } | null },
  { message: string; recipientId: number; private: boolean }
>(
  'mutation SaveMessageActivity($message: String, $recipientId: Int, $private: Boolean) { SaveMessageActivity(message: $message, recipientId: $recipientId, private: $private) { id } }',
);

/**
 * Posts the self message and resolves with the new activity's id; any failure (also an answer
 * without an id) is 'Failed to publish a self-message' (document 1 section 8).
 */
export function publishSelfMessage(ctx: ReadContext, message: string, recipientId: number): Promise<number> {
  return wrapFailure(API_ERROR_TEXTS.selfMessage, async () => {
    const data = await write(ctx, saveSelfMessage, { message, recipientId, private: false });
    const id = data.SaveMessageActivity?.id;
    if (typeof id !== 'number') throw new Error('The answer carried no activity id.');
    return id;
  });
}

/** Image-link preview (document 1 section 5): these extensions, any case, on links without an inner image. */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'webp', 'apng', 'avif', 'jpeg', 'svg'] as const;
const IMAGE_PATH = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');
/** The preview sits this far from the pointer (document 1 section 9). */
export const PREVIEW_OFFSET_PX = 20;

/** The image a link points to (http or https; query and fragment allowed), or null when it is no image link. */
export function imageLinkSource(href: string | null | undefined, hasInnerImage: boolean, base = 'https://anilist.co/'): string | null {
  if (!href || hasInnerImage) return null;
  try {
    const url = new URL(href, base);
    return IMAGE_PATH.test(url.pathname) ? (safeUrl(url.href, 'image') ?? null) : null;
  } catch {
    return null;
  }
}

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

/** How a reply starts when nothing was remembered for it (document 2 section 4 'Replies collapse'). */
export function defaultCollapsed(f: ReplyFacts): boolean {
  return (f.autoCollapseLiked && f.liked) || (f.autoCollapseSelf && f.own);
}

/** A remembered explicit state wins; otherwise the automatic default. */
export function resolveCollapsed(remembered: boolean | undefined, fallback: boolean): boolean {
  return remembered ?? fallback;
}

/** The tooltip of a host `<time datetime>` in the configured format, or null when the attribute is no date. */
export function timestampTitle(datetime: string | null, config: TimeConfig): string | null {
  if (!datetime) return null;
  const date = new Date(datetime);
  return Number.isNaN(date.getTime()) ? null : formatDateTime(date, config);
}

const ANILIST_HOSTS = new Set(['anilist.co', 'www.anilist.co']);

/** The in-app path of a link to an AniList page (anilist.co or the page's own origin), or null for other sites. */
export function anilistPath(href: string | null | undefined, origin: string): string | null {
  const safe = safeUrl(href, 'link');
  if (safe === undefined) return null;
  try {
    const url = new URL(safe, origin);
    if (!/^https?:$/.test(url.protocol) || !(ANILIST_HOSTS.has(url.hostname) || url.origin === origin)) return null;
    if (/^\/(api|graphql)(\/|$)/.test(url.pathname)) return null; // not pages of the app
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
