import { API_ERROR_TEXTS, failureText, wrapFailure } from './api-errors';
import { gql, type GqlDocument } from './graphql';
import { s, type Schema } from './schema';
import { defineKey, type Store } from './storage';

/**
 * Notifications (document 2 sections 3, 4, 7 and 8): the documents, the configs, the read state,
 * the activity-relation caches, and the pure rules — which types a filter asks for, how
 * consecutive notifications group, what each one says and where it links. No DOM.
 */

/** Every member of the schema's NotificationType, in the schema's order. */
export const NOTIFICATION_TYPES = [
  'ACTIVITY_MESSAGE',
  'ACTIVITY_REPLY',
  'FOLLOWING',
  'ACTIVITY_MENTION',
  'THREAD_COMMENT_MENTION',
  'THREAD_SUBSCRIBED',
  'THREAD_COMMENT_REPLY',
  'AIRING',
  'ACTIVITY_LIKE',
  'ACTIVITY_REPLY_LIKE',
  'THREAD_LIKE',
  'THREAD_COMMENT_LIKE',
  'ACTIVITY_REPLY_SUBSCRIBED',
  'RELATED_MEDIA_ADDITION',
  'MEDIA_DATA_CHANGE',
  'MEDIA_MERGE',
  'MEDIA_DELETION',
  'MEDIA_SUBMISSION_UPDATE',
  'STAFF_SUBMISSION_UPDATE',
  'CHARACTER_SUBMISSION_UPDATE',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The feed's sidebar filters (document 2 section 4), in order. */
export const FEED_FILTERS = ['custom', 'all', 'airing', 'activity', 'forum', 'follows', 'likes', 'media'] as const;
export type FeedFilter = (typeof FEED_FILTERS)[number];

const FILTER_TYPES: Record<Exclude<FeedFilter, 'custom' | 'all'>, readonly NotificationType[]> = {
  airing: ['AIRING'],
  activity: ['ACTIVITY_MENTION', 'ACTIVITY_MESSAGE', 'ACTIVITY_REPLY', 'ACTIVITY_REPLY_SUBSCRIBED'],
  forum: ['THREAD_COMMENT_LIKE', 'THREAD_COMMENT_MENTION', 'THREAD_COMMENT_REPLY', 'THREAD_LIKE', 'THREAD_SUBSCRIBED'],
  follows: ['FOLLOWING'],
  likes: ['ACTIVITY_LIKE', 'ACTIVITY_REPLY_LIKE'],
  // Everything about the site's data: additions, changes, merges, deletions and submissions.
  media: [
    'RELATED_MEDIA_ADDITION',
    'MEDIA_DATA_CHANGE',
    'MEDIA_MERGE',
    'MEDIA_DELETION',
    'MEDIA_SUBMISSION_UPDATE',
    'STAFF_SUBMISSION_UPDATE',
    'CHARACTER_SUBMISSION_UPDATE',
  ],
};

/** The types a filter asks the API for; 'custom' is the config's list (all when it is empty). */
export function typesForFilter(filter: FeedFilter, custom: readonly NotificationType[]): NotificationType[] {
  if (filter === 'custom') return custom.length ? [...custom] : [...NOTIFICATION_TYPES];
  if (filter === 'all') return [...NOTIFICATION_TYPES];
  return [...FILTER_TYPES[filter]];
}

// ---------------------------------------------------------------------------------------------
// Documents

export interface NotificationUser {
  id: number;
  name: string;
  avatar: { large: string | null } | null;
}
export interface NotificationMedia {
  id: number;
  type: 'ANIME' | 'MANGA' | null;
  title: { userPreferred: string | null } | null;
  coverImage: { large: string | null } | null;
}
interface NamedEntity {
  id: number;
  name: { userPreferred: string | null } | null;
  image: { large: string | null } | null;
}

/** One notification as the API answers it (fields a type lacks are absent). */
export interface RawNotification {
  __typename: string;
  id: number;
  type: NotificationType | null;
  createdAt: number | null;
  user?: NotificationUser | null;
  userId?: number;
  activityId?: number;
  threadId?: number;
  commentId?: number;
  thread?: { id: number; title: string | null } | null;
  context?: string | null;
  contexts?: (string | null)[] | null;
  animeId?: number;
  episode?: number;
  mediaId?: number;
  media?: NotificationMedia | null;
  reason?: string | null;
  deletedMediaTitle?: string | null;
  deletedMediaTitles?: (string | null)[] | null;
  status?: string | null;
  notes?: string | null;
  submittedTitle?: string | null;
  staff?: NamedEntity | null;
  character?: NamedEntity | null;
}

const USER = 'user { id name avatar { large } }';
const MEDIA = 'media { id type title { userPreferred } coverImage { large } }';
const ACTIVITY = `id type activityId context createdAt ${USER}`;
const THREAD_COMMENT = `id type commentId context createdAt thread { id title } ${USER}`;
const NAMED = 'id name { userPreferred } image { large }';

/** The fields of every member of NotificationUnion. */
export const NOTIFICATION_FIELDS = `
  __typename
  ... on AiringNotification { id type animeId episode contexts createdAt ${MEDIA} }
  ... on FollowingNotification { id type userId context createdAt ${USER} }
  ... on ActivityMessageNotification { ${ACTIVITY} }
  ... on ActivityMentionNotification { ${ACTIVITY} }
  ... on ActivityReplyNotification { ${ACTIVITY} }
  ... on ActivityReplySubscribedNotification { ${ACTIVITY} }
  ... on ActivityLikeNotification { ${ACTIVITY} }
  ... on ActivityReplyLikeNotification { ${ACTIVITY} }
  ... on ThreadCommentMentionNotification { ${THREAD_COMMENT} }
  ... on ThreadCommentReplyNotification { ${THREAD_COMMENT} }
  ... on ThreadCommentSubscribedNotification { ${THREAD_COMMENT} }
  ... on ThreadCommentLikeNotification { ${THREAD_COMMENT} }
  ... on ThreadLikeNotification { id type threadId context createdAt thread { id title } ${USER} }
  ... on RelatedMediaAdditionNotification { id type mediaId context createdAt ${MEDIA} }
  ... on MediaDataChangeNotification { id type mediaId context reason createdAt ${MEDIA} }
  ... on MediaMergeNotification { id type mediaId deletedMediaTitles context reason createdAt ${MEDIA} }
  ... on MediaDeletionNotification { id type deletedMediaTitle context reason createdAt }
  ... on MediaSubmissionUpdateNotification { id type contexts status notes submittedTitle createdAt ${MEDIA} }
  ... on StaffSubmissionUpdateNotification { id type contexts status notes createdAt staff { ${NAMED} } }
  ... on CharacterSubmissionUpdateNotification { id type contexts status notes createdAt character { ${NAMED} } }
`;

export const NOTIFICATIONS_PER_PAGE = 25;

export interface NotificationsVars {
  types: NotificationType[];
  page: number;
  perPage: number;
  reset: boolean;
}
export interface NotificationsPage {
  Page: {
    pageInfo: { currentPage: number | null; hasNextPage: boolean | null } | null;
    notifications: (RawNotification | null)[] | null;
  } | null;
}

/** A page of the viewer's notifications of some types; `reset` also zeroes AniList's own count. */
export const notificationsQuery = gql<NotificationsPage, NotificationsVars>(
  'Notifications',
  `query Notifications($types: [NotificationType], $page: Int, $perPage: Int, $reset: Boolean) {
    Page(page: $page, perPage: $perPage) {
      pageInfo { currentPage hasNextPage }
      notifications(type_in: $types, resetNotificationCount: $reset) { ${NOTIFICATION_FIELDS} }
    }
  }`,
  true,
);

/** Zeroes AniList's unread count (the host's dot). */
export const resetNotificationCount = gql<
  { Page: { notifications: ({ __typename: string } | null)[] | null } | null },
  Record<string, never>
>(
  'ResetNotificationCount',
  `query ResetNotificationCount { Page(page: 1, perPage: 1) { notifications(resetNotificationCount: true) { __typename } } }`,
  true,
);

/** Zeroes AniList's own unread count; a failure is wrapped as the spec words it. */
export async function resetCount(client: { request<D, V>(doc: GqlDocument<D, V>, variables: V): Promise<D> }): Promise<void> {
  try {
    await client.request(resetNotificationCount, {});
  } catch (error) {
    throw new Error('Failed to reset notification count.', { cause: error });
  }
}

/** What an activity notification points at, when that activity still exists. */
export interface ActivityRelation {
  id: number;
  kind: 'ListActivity' | 'TextActivity' | 'MessageActivity';
  /** A picture of it: the media's cover, the author's or the recipient's avatar. */
  image: string | null;
  /** What it is about: the media's title or the user's name. */
  label: string | null;
  /** For list activities: the media's page. */
  mediaPath: string | null;
}

interface RelationActivity {
  __typename: string;
  id?: number;
  media?: NotificationMedia | null;
  user?: { name: string; avatar: { large: string | null } | null } | null;
  recipient?: { name: string; avatar: { large: string | null } | null } | null;
}
const RELATION_FIELDS = `
  __typename
  ... on ListActivity { id ${MEDIA} }
  ... on TextActivity { id user { name avatar { large } } }
  ... on MessageActivity { id recipient { name avatar { large } } }
`;

/**
 * Which of these activities still exist, asked of both feeds at once (an activity shows in only
 * one of following and global for a given viewer) and merged.
 */
export const activityRelationsQuery = gql<
  {
    following: { activities: (RelationActivity | null)[] | null } | null;
    global: { activities: (RelationActivity | null)[] | null } | null;
  },
  { ids: number[]; perPage: number }
>(
  'NotificationActivityRelations',
  `query NotificationActivityRelations($ids: [Int], $perPage: Int) {
    following: Page(page: 1, perPage: $perPage) { activities(id_in: $ids, isFollowing: true) { ${RELATION_FIELDS} } }
    global: Page(page: 1, perPage: $perPage) { activities(id_in: $ids, isFollowing: false) { ${RELATION_FIELDS} } }
  }`,
  true,
);

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

// ---------------------------------------------------------------------------------------------
// Storage

const NOTIFICATION_CONFIG_DEFAULTS = {
  collapsed: false,
  groupNotifications: true,
  addActivityRelation: false,
  notificationTypes: [...NOTIFICATION_TYPES] as NotificationType[],
  hideDefaultNotificationDot: false,
  dontGroupWhenFiltering: false,
  resetDefaultNotifications: true,
};
export type NotificationConfig = typeof NOTIFICATION_CONFIG_DEFAULTS;

/** Unknown type names (from an older schema, say) are dropped rather than failing the config. */
const typeList: Schema<NotificationType[]> = {
  describe: 'list of notification types',
  parse(value: unknown, path = '') {
    if (!Array.isArray(value)) return { ok: false as const, issues: [{ path, message: 'expected a list of notification types' }] };
    const known = new Set<string>(NOTIFICATION_TYPES);
    return { ok: true as const, value: [...new Set(value.filter((v): v is NotificationType => typeof v === 'string' && known.has(v)))] };
  },
};

const configSchema = s.object(
  {
    collapsed: s.boolean(),
    groupNotifications: s.boolean(),
    addActivityRelation: s.boolean(),
    notificationTypes: typeList,
    hideDefaultNotificationDot: s.boolean(),
    dontGroupWhenFiltering: s.boolean(),
    resetDefaultNotifications: s.boolean(),
  },
  { defaults: NOTIFICATION_CONFIG_DEFAULTS },
);

/** The replacement feed's config (the original's key). */
export const feedConfigKey = defineKey({
  name: 'void-verified-notifications-config',
  description: 'Notifications feed configuration.',
  schema: configSchema,
  defaultValue: () => ({ ...NOTIFICATION_CONFIG_DEFAULTS, notificationTypes: [...NOTIFICATION_TYPES] }),
});

/** The home page's quick-access notifications config (the original's key). */
export const quickAccessConfigKey = defineKey({
  name: 'void-verified-quick-access-notifications-config',
  description: 'Quick access notifications configuration.',
  schema: configSchema,
  defaultValue: () => ({ ...NOTIFICATION_CONFIG_DEFAULTS, notificationTypes: [...NOTIFICATION_TYPES] }),
});

export const MAX_READ_NOTIFICATIONS = 10_000;

/** Ids of notifications read here (per device, not exported), newest last. */
export const readNotificationsKey = defineKey({
  name: 'void-verified-read-notifications',
  description: 'Notifications marked as read.',
  schema: s.array(s.number(), { max: MAX_READ_NOTIFICATIONS * 2 }),
  defaultValue: () => [] as number[],
  exported: false,
});

/** Adds or removes ids from the read list; keeps the newest MAX_READ_NOTIFICATIONS. */
export function withRead(read: readonly number[], ids: readonly number[], on: boolean): number[] {
  const drop = new Set(ids);
  const rest = read.filter((id) => !drop.has(id));
  const next = on ? [...rest, ...new Set(ids)] : rest;
  return next.length > MAX_READ_NOTIFICATIONS ? next.slice(-MAX_READ_NOTIFICATIONS) : next;
}

const relationSchema = s.object({
  id: s.number(),
  kind: s.enum(['ListActivity', 'TextActivity', 'MessageActivity']),
  image: s.nullable(s.string({ max: 2000 })),
  label: s.nullable(s.string({ max: 2000 })),
  mediaPath: s.nullable(s.string({ max: 200 })),
});

export const MAX_CACHED_RELATIONS = 1000;

export const relationsCacheKey = defineKey({
  name: 'void-verified-notification-relations',
  description: 'Activities that notifications point at (a cache).',
  schema: s.record(relationSchema, { maxKeys: MAX_CACHED_RELATIONS * 2 }),
  defaultValue: () => ({}) as Record<string, ActivityRelation>,
  exported: false,
});

export const deadRelationsKey = defineKey({
  name: 'void-verified-notification-deadlink-relations',
  description: 'Activities known to be gone (a cache).',
  schema: s.array(s.number(), { max: MAX_CACHED_RELATIONS * 4 }),
  defaultValue: () => [] as number[],
  exported: false,
});

/** Adds relations to the cache, dropping the oldest beyond the limit. */
export function cacheRelations(
  cache: Readonly<Record<string, ActivityRelation>>,
  add: readonly ActivityRelation[],
): Record<string, ActivityRelation> {
  const entries = Object.entries(cache).filter(([id]) => !add.some((r) => String(r.id) === id));
  const next = [...entries, ...add.map((r) => [String(r.id), r] as const)];
  return Object.fromEntries(next.slice(-MAX_CACHED_RELATIONS));
}

export function cacheDead(dead: readonly number[], add: readonly number[]): number[] {
  const next = [...dead.filter((id) => !add.includes(id)), ...new Set(add)];
  return next.slice(-MAX_CACHED_RELATIONS * 2);
}

/** A notification as the count and the palette keep it: what it says and where it goes. */
export interface NotificationSummary {
  id: number;
  type: string;
  text: string;
  path: string | null;
  createdAt: number;
}

/**
 * The unread count's source, shared by every open tab: the newest page of the feed's types, as
 * fetched by whichever tab leads. Each tab counts the items it has not read.
 */
export const unreadStateKey = defineKey({
  name: 'void-verified-notifications-unread',
  description: 'The newest notifications, for the unread count (shared between tabs).',
  schema: s.object({
    fetchedAt: s.number(),
    types: s.string({ max: 2000 }),
    items: s.array(
      s.object({
        id: s.number(),
        type: s.string({ max: 64 }),
        text: s.string({ max: 5000 }),
        path: s.nullable(s.string({ max: 500 })),
        createdAt: s.number(),
      }),
      { max: 100 },
    ),
  }),
  defaultValue: () => ({ fetchedAt: 0, types: '', items: [] as NotificationSummary[] }),
  exported: false,
});

// ---------------------------------------------------------------------------------------------
// Rules

/** Notifications older than this are asked again (document 2 section 9: a 3-minute cache). */
export const NOTIFICATION_CACHE_MS = 3 * 60_000;

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

export const mediaPath = (m: { id: number; type: string | null }) => `/${(m.type ?? 'anime').toLowerCase()}/${m.id}/`;

/** Where a notification leads inside AniList, or null (a deleted media, a rejected new entry). */
export function notificationPath(n: RawNotification): string | null {
  switch (n.type) {
    case 'THREAD_COMMENT_MENTION':
    case 'THREAD_COMMENT_REPLY':
    case 'THREAD_SUBSCRIBED':
    case 'THREAD_COMMENT_LIKE':
      return n.thread && typeof n.commentId === 'number'
        ? `/forum/thread/${n.thread.id}/comment/${n.commentId}`
        : n.thread
          ? `/forum/thread/${n.thread.id}/`
          : null;
    case 'THREAD_LIKE':
      return typeof n.threadId === 'number' ? `/forum/thread/${n.threadId}/` : n.thread ? `/forum/thread/${n.thread.id}/` : null;
    case 'FOLLOWING':
      return n.user ? `/user/${encodeURIComponent(n.user.name)}/` : null;
    case 'MEDIA_DELETION':
      return null;
    case 'STAFF_SUBMISSION_UPDATE':
      return n.staff ? `/staff/${n.staff.id}/` : null;
    case 'CHARACTER_SUBMISSION_UPDATE':
      return n.character ? `/character/${n.character.id}/` : null;
    default:
      if (typeof n.activityId === 'number') return `/activity/${n.activityId}`;
      return n.media ? mediaPath(n.media) : null;
  }
}

/** The picture beside it: the user's avatar, the media's cover, the staff's or character's image. */
export function notificationImage(n: RawNotification): string | null {
  return n.user?.avatar?.large ?? n.media?.coverImage?.large ?? n.staff?.image?.large ?? n.character?.image?.large ?? null;
}

/** A piece of a notification's sentence; `strong` pieces are names and titles. */
export interface Part {
  text: string;
  strong?: boolean;
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
      const parts: Part[] = [{ text: n.user?.name ?? 'Someone', strong: true }, { text: clean(n.context) }];
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
 * The notification filter's fuzzy match (document 2 section 5): a substring is always a hit;
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

// ---------------------------------------------------------------------------------------------
// Loading

export interface LoadedPage {
  list: RawNotification[];
  currentPage: number;
  hasNextPage: boolean;
  /** Activity id → what it points at (only with relations asked for). */
  relations: Record<number, ActivityRelation>;
  /** The relations could not be asked for (the notifications still came). */
  relationsFailed: boolean;
  /** Why, in the spec's words ('Failed to query activities.'). */
  relationsError?: string;
}

interface Requester {
  request<D, V>(doc: GqlDocument<D, V>, variables: V): Promise<D>;
}

/** The activities these ids point at, from both feeds; a failure is 'Failed to query activities.' (document 1 section 8). */
export function queryActivityRelations(client: Requester, ids: number[]): Promise<ActivityRelation[]> {
  return wrapFailure(API_ERROR_TEXTS.activities, async () =>
    toRelations(await client.request(activityRelationsQuery, { ids, perPage: Math.min(50, ids.length) })),
  );
}

/**
 * A page of notifications, and with `relations` the activities they point at: cached ones from
 * the cache, known-dead ones skipped, the rest asked of both feeds at once; found ones are cached,
 * the others remembered as dead. Throws when the notifications themselves fail.
 */
export async function loadNotificationPage(
  client: Requester,
  store: Store,
  vars: Omit<NotificationsVars, 'perPage'> & { perPage?: number },
  relations: boolean,
): Promise<LoadedPage> {
  let data: NotificationsPage;
  try {
    data = await client.request(notificationsQuery, { perPage: NOTIFICATIONS_PER_PAGE, ...vars });
  } catch (error) {
    throw new Error('Failed to query notifications.', { cause: error });
  }
  const list = present(data.Page?.notifications);
  const page: LoadedPage = {
    list,
    currentPage: data.Page?.pageInfo?.currentPage ?? vars.page,
    hasNextPage: !!data.Page?.pageInfo?.hasNextPage,
    relations: {},
    relationsFailed: false,
  };
  if (!relations) return page;
  const ids = relationIds(list);
  if (!ids.length) return page;
  const { cached, missing } = splitRelationIds(ids, store.get(relationsCacheKey), store.get(deadRelationsKey));
  for (const r of cached) page.relations[r.id] = r;
  if (missing.length) {
    try {
      const found = await queryActivityRelations(client, missing);
      for (const r of found) page.relations[r.id] = r;
      store.update(relationsCacheKey, (cache) => cacheRelations(cache, found));
      const foundIds = new Set(found.map((r) => r.id));
      const dead = missing.filter((id) => !foundIds.has(id));
      if (dead.length) store.update(deadRelationsKey, (list) => cacheDead(list, dead));
    } catch (error) {
      console.error('[VoidVerified] notification relations', error);
      page.relationsFailed = true;
      page.relationsError = failureText(error);
    }
  }
  return page;
}

/**
 * The home panel's query throttle (document 2 section 4): at most once per 3 minutes for the same
 * types; leaving the home page resets it. It outlives the panel, which Vue re-renders may remount.
 */
export class QueryThrottle<T> {
  private last = 0;
  private key = '';
  cached: T | null = null;

  constructor(readonly ms: number = NOTIFICATION_CACHE_MS) {}

  /** Milliseconds until a query for `key` is allowed (0: now). */
  wait(key: string, now: number): number {
    if (key !== this.key || this.last === 0) return 0;
    return Math.max(0, this.last + this.ms - now);
  }

  mark(key: string, now: number): void {
    this.key = key;
    this.last = now;
  }

  reset(): void {
    this.last = 0;
    this.key = '';
    this.cached = null;
  }
}
