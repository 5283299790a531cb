import {
  MEDIA_NOTIFICATION_TYPES,
  NOTIFICATION_TYPES,
  type ActivityRelation,
  type NotificationType,
  type NotificationUser,
  type RawNotification,
  type RelationActivity,
} from './documents';
import type { NotificationSummary } from './storage';
import { activityPath, characterPath, mediaPath, staffPath, threadCommentPath, threadPath, userPath } from '../paths';

/**
 * The pure rules of notifications: which types a filter asks for, how consecutive notifications
 * group, what each one says and where it links, how the text filter matches, and which related
 * activities to ask for. No DOM, no network.
 */

/** The feed's sidebar filters, in order. */
export const FEED_FILTERS = ['custom', 'all', 'airing', 'activity', 'forum', 'follows', 'likes', 'media'] as const;
export type FeedFilter = (typeof FEED_FILTERS)[number];
/** A filter's name in the sidebar and the palette ('Airing'). */
export const filterLabel = (filter: FeedFilter): string => filter[0]!.toUpperCase() + filter.slice(1);

const FILTER_TYPES: Record<Exclude<FeedFilter, 'custom' | 'all'>, readonly NotificationType[]> = {
  airing: ['AIRING'],
  activity: ['ACTIVITY_MENTION', 'ACTIVITY_MESSAGE', 'ACTIVITY_REPLY', 'ACTIVITY_REPLY_SUBSCRIBED'],
  forum: ['THREAD_COMMENT_LIKE', 'THREAD_COMMENT_MENTION', 'THREAD_COMMENT_REPLY', 'THREAD_LIKE', 'THREAD_SUBSCRIBED'],
  follows: ['FOLLOWING'],
  likes: ['ACTIVITY_LIKE', 'ACTIVITY_REPLY_LIKE'],
  // Everything about the site's data: additions, changes, merges, deletions and submissions.
  media: MEDIA_NOTIFICATION_TYPES,
};

/** The types a filter asks the API for; 'custom' is the config's list (all when it is empty). */
export function typesForFilter(filter: FeedFilter, custom: readonly NotificationType[]): NotificationType[] {
  if (filter === 'custom') return custom.length ? [...custom] : [...NOTIFICATION_TYPES];
  if (filter === 'all') return [...NOTIFICATION_TYPES];
  return [...FILTER_TYPES[filter]];
}

/** Merges both feeds' answers into relations, one per activity id. */
export function toRelations(data: {
  following: { activities: (RelationActivity | null)[] | null } | null;
  global: { activities: (RelationActivity | null)[] | null } | null;
}): ActivityRelation[] {
  const out = new Map<number, ActivityRelation>();
  for (const a of [...(data.following?.activities ?? []), ...(data.global?.activities ?? [])]) {
    if (!a || typeof a.id !== 'number' || out.has(a.id)) continue;
    if (a.__typename === 'ListActivity') {
      const m = a.media;
      out.set(a.id, {
        id: a.id,
        kind: 'ListActivity',
        image: m?.coverImage?.large ?? null,
        label: m?.title?.userPreferred ?? null,
        mediaPath: m ? mediaPath(m) : null,
      });
    } else if (a.__typename === 'TextActivity') {
      out.set(a.id, { id: a.id, kind: 'TextActivity', image: a.user?.avatar?.large ?? null, label: a.user?.name ?? null, mediaPath: null });
    } else if (a.__typename === 'MessageActivity') {
      out.set(a.id, {
        id: a.id,
        kind: 'MessageActivity',
        image: a.recipient?.avatar?.large ?? null,
        label: a.recipient?.name ?? null,
        mediaPath: null,
      });
    }
  }
  return [...out.values()];
}

/** The activity ids whose relation is worth asking for (messages point at the viewer's own profile). */
export function relationIds(list: readonly RawNotification[]): number[] {
  return [...new Set(list.filter((n) => typeof n.activityId === 'number' && n.type !== 'ACTIVITY_MESSAGE').map((n) => n.activityId!))];
}

/** Splits ids into cached relations, ids known dead, and ids still to ask about. */
export function splitRelationIds(
  ids: readonly number[],
  cache: Readonly<Record<string, ActivityRelation>>,
  dead: readonly number[],
): { cached: ActivityRelation[]; missing: number[] } {
  const deadSet = new Set(dead);
  const cached: ActivityRelation[] = [];
  const missing: number[] = [];
  for (const id of ids) {
    const hit = cache[String(id)];
    if (hit) cached.push(hit);
    else if (!deadSet.has(id)) missing.push(id);
  }
  return { cached, missing };
}

export { NOTIFICATION_CACHE_MS } from './documents';

export interface GroupMember extends NotificationUser {
  notificationId: number;
}
export interface GroupedNotification {
  notification: RawNotification;
  /** The others folded into it: their users and notification ids (empty when alone). */
  group: GroupMember[];
}

/** What a notification is about, for grouping: its activity, thread comment or thread. */
function target(n: RawNotification): string {
  if (typeof n.activityId === 'number') return `a${n.activityId}`;
  if (typeof n.commentId === 'number') return `c${n.commentId}`;
  if (typeof n.threadId === 'number') return `t${n.threadId}`;
  return '';
}

/**
 * Folds consecutive notifications of the same type about the same target (and with a user) into
 * the first of them: "Ann +2 liked your activity". Follows group when consecutive, too.
 */
export function groupNotifications(list: readonly RawNotification[], enabled: boolean): GroupedNotification[] {
  if (!enabled) return list.map((notification) => ({ notification, group: [] }));
  const out: GroupedNotification[] = [];
  for (const n of list) {
    const last = out[out.length - 1];
    if (last && n.user && last.notification.user && last.notification.type === n.type && target(last.notification) === target(n)) {
      last.group.push({ ...n.user, notificationId: n.id });
    } else {
      out.push({ notification: n, group: [] });
    }
  }
  return out;
}

/** Every notification id a shown item stands for. */
export const groupIds = (item: GroupedNotification): number[] => [item.notification.id, ...item.group.map((g) => g.notificationId)];

/** Where a notification leads inside AniList, or null (a deleted media, a rejected new entry). */
export function notificationPath(n: RawNotification): string | null {
  switch (n.type) {
    case 'THREAD_COMMENT_MENTION':
    case 'THREAD_COMMENT_REPLY':
    case 'THREAD_SUBSCRIBED':
    case 'THREAD_COMMENT_LIKE':
      return n.thread && typeof n.commentId === 'number'
        ? threadCommentPath(n.thread.id, n.commentId)
        : n.thread
          ? threadPath(n.thread.id)
          : null;
    case 'THREAD_LIKE':
      return typeof n.threadId === 'number' ? threadPath(n.threadId) : n.thread ? threadPath(n.thread.id) : null;
    case 'FOLLOWING':
      return n.user ? userPath(n.user.name) : null;
    case 'MEDIA_DELETION':
      return null;
    case 'STAFF_SUBMISSION_UPDATE':
      return n.staff ? staffPath(n.staff.id) : null;
    case 'CHARACTER_SUBMISSION_UPDATE':
      return n.character ? characterPath(n.character.id) : null;
    default:
      if (typeof n.activityId === 'number') return activityPath(n.activityId);
      return n.media ? mediaPath(n.media) : null;
  }
}

/** The picture beside it: the user's avatar, the media's cover, the staff's or character's image. */
export function notificationImage(n: RawNotification): string | null {
  return n.user?.avatar?.large ?? n.media?.coverImage?.large ?? n.staff?.image?.large ?? n.character?.image?.large ?? null;
}

/** A piece of a notification's sentence; `strong` pieces are names and titles, `user` the actor's name (its mini profile). */
export interface Part {
  text: string;
  strong?: boolean;
  user?: string;
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');
const mediaTitle = (n: RawNotification) => n.media?.title?.userPreferred ?? null;

/** The sentence a notification says, in pieces (names and titles marked). */
export function notificationParts(n: RawNotification): Part[] {
  const contexts = (n.contexts ?? []).map((c) => c ?? '');
  switch (n.type) {
    case 'AIRING':
      return [
        { text: contexts[0] ?? 'Episode ' },
        { text: String(n.episode ?? ''), strong: true },
        { text: contexts[1] ?? ' of ' },
        { text: mediaTitle(n) ?? 'Unknown media', strong: true },
        { text: contexts[2] ?? ' aired.' },
      ];
    case 'RELATED_MEDIA_ADDITION':
    case 'MEDIA_DATA_CHANGE':
      return [{ text: mediaTitle(n) ?? 'Unknown media', strong: true }, { text: clean(n.context) }];
    case 'MEDIA_MERGE':
      return [
        { text: (n.deletedMediaTitles ?? []).filter(Boolean).join(', ') || 'Media', strong: true },
        { text: clean(n.context) },
        { text: mediaTitle(n) ?? '', strong: true },
      ].filter((p) => p.text);
    case 'MEDIA_DELETION':
      return [{ text: n.deletedMediaTitle ?? 'Media', strong: true }, { text: clean(n.context) }];
    case 'MEDIA_SUBMISSION_UPDATE':
    case 'STAFF_SUBMISSION_UPDATE':
    case 'CHARACTER_SUBMISSION_UPDATE': {
      const subject =
        mediaTitle(n) ?? n.submittedTitle ?? n.staff?.name?.userPreferred ?? n.character?.name?.userPreferred ?? 'your submission';
      return [
        { text: contexts[0] ?? 'Your submission for ' },
        { text: subject, strong: true },
        { text: contexts[1] ?? ' has been ' },
        { text: n.status ?? '', strong: true },
        { text: contexts[2] ?? '.' },
      ].filter((p) => p.text);
    }
    default: {
      const actor: Part = n.user?.name ? { text: n.user.name, strong: true, user: n.user.name } : { text: 'Someone', strong: true };
      const parts: Part[] = [actor, { text: clean(n.context) }];
      if (n.thread?.title) parts.push({ text: n.thread.title, strong: true });
      return parts;
    }
  }
}

export const notificationText = (n: RawNotification): string =>
  notificationParts(n)
    .map((p) => p.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** What the palette and the count keep of a notification. */
export const summarize = (n: RawNotification): NotificationSummary => ({
  id: n.id,
  type: n.type ?? n.__typename,
  text: notificationText(n).slice(0, 5000),
  path: notificationPath(n),
  createdAt: n.createdAt ?? 0,
});

/** The API's list without holes (a deleted item can come back as null). */
export const present = (list: (RawNotification | null)[] | null | undefined): RawNotification[] =>
  (list ?? []).filter((n): n is RawNotification => !!n && typeof n.id === 'number');

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/**
 * The notification filter's fuzzy match: a substring is always a hit;
 * otherwise the best similarity of the query to a stretch of the text of about its length
 * (1 − edit distance ÷ length) must reach the threshold (0.5 by default).
 */
export function fuzzyMatch(query: string, text: string, threshold = 0.5): boolean {
  const q = query.trim().toLowerCase();
  const t = text.toLowerCase();
  if (!q) return true;
  if (t.includes(q)) return true;
  if (!t) return false;
  let best = 0;
  for (const len of [q.length - 1, q.length, q.length + 1]) {
    if (len <= 0) continue;
    for (let i = 0; i + len <= Math.max(t.length, len); i++) {
      const window = t.slice(i, i + len);
      const similarity = 1 - levenshtein(q, window) / Math.max(q.length, window.length);
      if (similarity > best) best = similarity;
      if (best >= threshold) return true;
    }
  }
  return best >= threshold;
}

/** The feed's text filter: the sentence, the user, the thread, and the related activity's label. */
export function matchesFilter(n: RawNotification, relation: ActivityRelation | undefined, query: string): boolean {
  if (!query.trim()) return true;
  const fields = [notificationText(n), n.user?.name, n.thread?.title, mediaTitle(n), relation?.label].filter((f): f is string => !!f);
  return fields.some((f) => fuzzyMatch(query, f));
}
