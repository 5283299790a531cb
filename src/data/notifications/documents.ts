import { FRESH, query } from '../graphql';

/** Notifications older than this are asked again: notifications are cached for 3 minutes. */
export const NOTIFICATION_CACHE_MS = 3 * 60_000;

/**
 * The notification documents: the types the API knows, the fields asked of every kind of
 * notification, the feed's page query, the count reset, and the query for what activity
 * notifications point at. Types here are the API's answers, as asked.
 */

/** The types about the site's data (additions, changes, merges, deletions, submissions), in the schema's order; they close its list. */
export const MEDIA_NOTIFICATION_TYPES = [
  'RELATED_MEDIA_ADDITION',
  'MEDIA_DATA_CHANGE',
  'MEDIA_MERGE',
  'MEDIA_DELETION',
  'MEDIA_SUBMISSION_UPDATE',
  'STAFF_SUBMISSION_UPDATE',
  'CHARACTER_SUBMISSION_UPDATE',
] as const;

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
  ...MEDIA_NOTIFICATION_TYPES,
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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
export interface NamedEntity {
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
  /** AniList's own unread count, read before `Page` resets it (read-state.ts). */
  Viewer?: { unreadNotificationCount: number | null } | null;
  Page: {
    pageInfo: { currentPage: number | null; hasNextPage: boolean | null } | null;
    notifications: (RawNotification | null)[] | null;
  } | null;
}

/**
 * A page of the viewer's notifications of some types, with AniList's unread count (asked first, so
 * it is the count before the list's `reset`, which zeroes it). An answer is good for 3 minutes in
 * every tab: the feed or the home panel opened shortly after another tab asked the same shows that
 * answer. The unread count, a refresh the user asks for and the home panel's own next ask read
 * `fresh`.
 */
export const notificationsQuery = query<NotificationsPage, NotificationsVars>(
  `query Notifications($types: [NotificationType], $page: Int, $perPage: Int, $reset: Boolean) {
    Viewer { unreadNotificationCount }
    Page(page: $page, perPage: $perPage) {
      pageInfo { currentPage hasNextPage }
      notifications(type_in: $types, resetNotificationCount: $reset) { ${NOTIFICATION_FIELDS} }
    }
  }`,
  { lifetime: NOTIFICATION_CACHE_MS, auth: true },
);

/** Zeroes AniList's unread count (the host's dot). */
export const resetNotificationCount = query<
  { Page: { notifications: ({ __typename: string } | null)[] | null } | null },
  Record<string, never>
>(`query ResetNotificationCount { Page(page: 1, perPage: 1) { notifications(resetNotificationCount: true) { __typename } } }`, {
  lifetime: FRESH,
  auth: true,
});

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

export interface RelationActivity {
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
export const activityRelationsQuery = query<
  {
    following: { activities: (RelationActivity | null)[] | null } | null;
    global: { activities: (RelationActivity | null)[] | null } | null;
  },
  { ids: number[]; perPage: number }
>(
  `query NotificationActivityRelations($ids: [Int], $perPage: Int) {
    following: Page(page: 1, perPage: $perPage) { activities(id_in: $ids, isFollowing: true) { ${RELATION_FIELDS} } }
    global: Page(page: 1, perPage: $perPage) { activities(id_in: $ids, isFollowing: false) { ${RELATION_FIELDS} } }
  }`,
  { lifetime: FRESH, auth: true },
);
