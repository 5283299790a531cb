import { API_ERROR_TEXTS, wrapFailure } from './api-errors';
import { FRESH, mutation, query } from './graphql';
import { read, write, type ReadContext } from './swr';

/**
 * Activities and replies: the GraphQL documents our own activity entries use,
 * and the pure rules about who may do what and which badges show. No DOM.
 */

export interface ActivityUser {
  id: number;
  name: string;
  avatar: { large: string | null } | null;
  donatorTier: number | null;
  donatorBadge: string | null;
  moderatorRoles: string[] | null;
}

export interface Liker {
  name: string;
  avatar: { large: string | null } | null;
}

interface ActivityBase {
  id: number;
  createdAt: number;
  isLiked: boolean | null;
  isSubscribed: boolean | null;
  likeCount: number;
  replyCount: number;
  likes: (Liker | null)[] | null;
}

export type Activity =
  | (ActivityBase & { __typename: 'TextActivity'; text: string | null; html: string | null; user: ActivityUser | null })
  | (ActivityBase & {
      __typename: 'ListActivity';
      status: string | null;
      progress: string | null;
      user: ActivityUser | null;
      media: {
        id: number;
        type: 'ANIME' | 'MANGA' | null;
        title: { userPreferred: string | null } | null;
        coverImage: { large: string | null } | null;
      } | null;
    })
  | (ActivityBase & {
      __typename: 'MessageActivity';
      message: string | null;
      html: string | null;
      messenger: ActivityUser | null;
      recipient: ActivityUser | null;
    });

export interface Reply {
  id: number;
  /** The markdown, for editing. */
  text: string | null;
  /** The server's rendering, for showing (sanitized before it reaches the page). */
  html: string | null;
  createdAt: number;
  likeCount: number;
  isLiked: boolean | null;
  user: ActivityUser | null;
  likes: (Liker | null)[] | null;
}

const USER = 'id name avatar { large } donatorTier donatorBadge moderatorRoles';
const LIKES = 'likes { name avatar { large } }';
/** The fields our activity entries show, for every kind (text and messages as markdown and as server HTML). */
export const ACTIVITY_FIELDS = `
  __typename
  ... on TextActivity { id createdAt isLiked isSubscribed likeCount replyCount ${LIKES} text html: text(asHtml: true) user { ${USER} } }
  ... on ListActivity { id createdAt isLiked isSubscribed likeCount replyCount ${LIKES} status progress user { ${USER} } media { id type title { userPreferred } coverImage { large } } }
  ... on MessageActivity { id createdAt isLiked isSubscribed likeCount replyCount ${LIKES} message html: message(asHtml: true) messenger { ${USER} } recipient { ${USER} } }
`;
const REPLY_FIELDS = `id text html: text(asHtml: true) createdAt likeCount isLiked user { ${USER} } ${LIKES}`;

export interface PageInfo {
  currentPage: number | null;
  hasNextPage: boolean | null;
  total?: number | null;
  perPage?: number | null;
}

export const REPLIES_PER_PAGE = 25;

export const activityReplies = query<
  { Page: { pageInfo: PageInfo; activityReplies: (Reply | null)[] } },
  { activityId: number; page: number; perPage: number }
>(
  `query ActivityReplies($activityId: Int, $page: Int, $perPage: Int) {
    Page(page: $page, perPage: $perPage) { pageInfo { currentPage hasNextPage total } activityReplies(activityId: $activityId) { ${REPLY_FIELDS} } }
  }`,
  { lifetime: FRESH },
);

export const replyToActivity = mutation<{ SaveActivityReply: Reply | null }, { activityId: number; text: string }>(
  `mutation ReplyToActivity($activityId: Int, $text: String) { SaveActivityReply(activityId: $activityId, text: $text) { ${REPLY_FIELDS} } }`,
);

/** One page of an activity's replies; `signal` aborts it (the list closed). */
export async function loadReplies(
  ctx: ReadContext,
  activityId: number,
  page: number,
  signal?: AbortSignal,
): Promise<{ replies: Reply[]; hasNextPage: boolean }> {
  const { Page } = await read(ctx, activityReplies, { activityId, page, perPage: REPLIES_PER_PAGE }, { signal });
  return { replies: Page.activityReplies.filter((r): r is Reply => r !== null), hasNextPage: !!Page.pageInfo.hasNextPage };
}

/** Posts a reply; a failure is rethrown as 'Failed to reply to activity with id {id}'. */
export function postReply(ctx: ReadContext, activityId: number, text: string): Promise<Reply | null> {
  return wrapFailure(
    API_ERROR_TEXTS.reply(activityId),
    async () => (await write(ctx, replyToActivity, { activityId, text })).SaveActivityReply,
  );
}

export interface Saved {
  id: number;
  text?: string | null;
  message?: string | null;
  html: string | null;
}

export const saveTextActivity = mutation<{ SaveTextActivity: Saved | null }, { id?: number; text: string }>(
  `mutation SaveTextActivity($id: Int, $text: String) { SaveTextActivity(id: $id, text: $text) { id text html: text(asHtml: true) } }`,
);

export const saveMessageActivity = mutation<{ SaveMessageActivity: Saved | null }, { id: number; message: string }>(
  `mutation SaveMessageActivity($id: Int, $message: String) { SaveMessageActivity(id: $id, message: $message) { id message html: message(asHtml: true) } }`,
);

export const saveReply = mutation<{ SaveActivityReply: Saved | null }, { id: number; text: string }>(
  `mutation SaveReply($id: Int, $text: String) { SaveActivityReply(id: $id, text: $text) { id text html: text(asHtml: true) } }`,
);

export const toggleSubscription = mutation<
  { ToggleActivitySubscription: { __typename: string; isSubscribed?: boolean | null } | null },
  { activityId: number; subscribe: boolean }
>(
  `mutation ToggleActivitySubscription($activityId: Int, $subscribe: Boolean) {
    ToggleActivitySubscription(activityId: $activityId, subscribe: $subscribe) {
      __typename
      ... on TextActivity { isSubscribed }
      ... on ListActivity { isSubscribed }
      ... on MessageActivity { isSubscribed }
    }
  }`,
);

export type LikeableType = 'ACTIVITY' | 'ACTIVITY_REPLY';

export const toggleLike = mutation<
  { ToggleLikeV2: { __typename: string; isLiked?: boolean | null; likeCount?: number } | null },
  { id: number; type: LikeableType }
>(
  `mutation ToggleLike($id: Int, $type: LikeableType) {
    ToggleLikeV2(id: $id, type: $type) {
      __typename
      ... on TextActivity { isLiked likeCount }
      ... on ListActivity { isLiked likeCount }
      ... on MessageActivity { isLiked likeCount }
      ... on ActivityReply { isLiked likeCount }
    }
  }`,
);

/** Likes or unlikes an activity or reply; answers whether it is liked now and its count. */
export async function toggleLikeOf(
  ctx: ReadContext,
  id: number,
  type: LikeableType,
): Promise<{ isLiked?: boolean | null; likeCount?: number } | null> {
  return (await write(ctx, toggleLike, { id, type })).ToggleLikeV2;
}

/** Subscribes to an activity or stops; answers whether the viewer is subscribed now. */
export async function setActivitySubscription(ctx: ReadContext, activityId: number, subscribe: boolean): Promise<boolean> {
  return !!(await write(ctx, toggleSubscription, { activityId, subscribe })).ToggleActivitySubscription?.isSubscribed;
}

export const deleteActivity = mutation<{ DeleteActivity: { deleted: boolean | null } | null }, { id: number }>(
  `mutation DeleteActivity($id: Int) { DeleteActivity(id: $id) { deleted } }`,
);

export const deleteReply = mutation<{ DeleteActivityReply: { deleted: boolean | null } | null }, { id: number }>(
  `mutation DeleteActivityReply($id: Int) { DeleteActivityReply(id: $id) { deleted } }`,
);

// ---------------------------------------------------------------------------------------------
// Rules

/** What can be edited: text activities, messages and replies (not list activities). */
export type EditType = 'TEXT' | 'MESSAGE' | 'REPLY';

/** Saves edited text with the right mutation and variables; returns what was saved. */
export async function saveActivityText(ctx: ReadContext, type: string, id: number, text: string): Promise<Saved | null> {
  if (type === 'TEXT') return (await write(ctx, saveTextActivity, { id, text })).SaveTextActivity;
  if (type === 'MESSAGE') return (await write(ctx, saveMessageActivity, { id, message: text })).SaveMessageActivity;
  if (type === 'REPLY') return (await write(ctx, saveReply, { id, text })).SaveActivityReply;
  throw new Error(`Unsupported type ${type}`);
}

/**
 * What the activity entries say, as the spec words it (liking, editing, replying, subscribing,
 * deleting, the replies' and the Messages feed's reads).
 */
export const ACTIVITY_TEXTS = {
  likeFailed: 'Failed to like activity or reply.',
  // The activity's type as the API and the original write it: 'Failed to save TEXT.'
  saveFailed: (type: string) => `Failed to save ${type}.`,
  replyFailed: 'Failed to save reply.',
  deleteFailed: 'Failed to delete activity or reply.',
  repliesFailed: 'Failed to query activity replies.',
  subscribeFailed: 'Failed to toggle activity subscription',
  messagesFailed: 'Failed to query messages feed.',
} as const;

/** What deleting asks first. */
export const DELETE_QUESTIONS = {
  activity: 'Delete this activity from AniList? This cannot be undone.',
  reply: 'Delete this reply from AniList? This cannot be undone.',
};

/**
 * Deletes an activity or a reply once the user agrees (asked here, so every caller asks);
 * resolves whether it was deleted, and rejects when the API refuses.
 */
export async function deleteActivityOrReply(
  ctx: ReadContext & { confirm(text: string): Promise<boolean> },
  type: string,
  id: number,
): Promise<boolean> {
  if (!(await ctx.confirm(type === 'ACTIVITY' ? DELETE_QUESTIONS.activity : DELETE_QUESTIONS.reply))) return false;
  if (type === 'ACTIVITY') await write(ctx, deleteActivity, { id });
  else await write(ctx, deleteReply, { id });
  return true;
}

export interface Permissions {
  edit: boolean;
  delete: boolean;
}

/**
 * Who may edit or delete an activity: list activities are deleted by their owner, never edited;
 * text activities are edited and deleted by their author; messages are edited by their sender and
 * deleted by sender or recipient. Signed out, nothing.
 */
export function activityPermissions(activity: Activity, viewerId: number | null | undefined): Permissions {
  if (viewerId === null || viewerId === undefined) return { edit: false, delete: false };
  switch (activity.__typename) {
    case 'ListActivity':
      return { edit: false, delete: activity.user?.id === viewerId };
    case 'TextActivity':
      return { edit: activity.user?.id === viewerId, delete: activity.user?.id === viewerId };
    case 'MessageActivity':
      return {
        edit: activity.messenger?.id === viewerId,
        delete: activity.messenger?.id === viewerId || activity.recipient?.id === viewerId,
      };
  }
}

/** Replies: edit and delete by their author only. */
export function replyPermissions(reply: Reply, viewerId: number | null | undefined): Permissions {
  const own = viewerId !== null && viewerId !== undefined && reply.user?.id === viewerId;
  return { edit: own, delete: own };
}

/** 'mod' suffix except for admin and developer roles: 'community mod', 'admin', 'lead developer'. */
export function roleLabel(role: string): string {
  const words = role.toLowerCase().replace(/_/g, ' ');
  return /^(lead )?(admin|developer)$/.test(words) ? words : `${words} mod`;
}

/** The moderator badge: only with roles, and none of them RETIRED. */
export function moderatorBadge(roles: readonly string[] | null | undefined): string | null {
  if (!roles?.length || roles.includes('RETIRED')) return null;
  return roles.map(roleLabel).join(', ');
}

/** Which icon a moderator badge shows; the first role that has one decides. */
export type ModeratorIcon = 'admin' | 'developer' | 'community' | 'social' | 'anime-data' | 'manga-data' | 'character-data' | 'staff-data';

export function moderatorIcon(roles: readonly string[] | null | undefined): ModeratorIcon | null {
  if (!roles?.length || roles.includes('RETIRED')) return null;
  for (const role of roles) {
    const r = role.replace(/^LEAD_/, '');
    if (r === 'ADMIN') return 'admin';
    if (r === 'DEVELOPER') return 'developer';
    if (r === 'COMMUNITY' || r === 'DISCORD_COMMUNITY') return 'community';
    if (r === 'SOCIAL_MEDIA') return 'social';
    if (r === 'ANIME_DATA') return 'anime-data';
    if (r === 'MANGA_DATA') return 'manga-data';
    if (r === 'CHARACTER_DATA') return 'character-data';
    if (r === 'STAFF_DATA') return 'staff-data';
  }
  return 'community';
}

/** 'Watched episode 5 of', 'Completed', 'Read chapter 10 - 12 of' ('of' follows when there is progress). */
export function statusText(status: string | null | undefined, progress: string | null | undefined): string {
  const s = (status ?? '').trim();
  const capital = s ? s[0]!.toUpperCase() + s.slice(1) : '';
  if (!progress) return capital;
  return `${capital} ${progress} of`;
}

export const MESSAGES_PER_PAGE = 20;

/** The Messages feed on /home: message activities, following or global. */
export const messagesFeed = query<
  { Page: { pageInfo: PageInfo; activities: (Activity | null)[] } },
  { page: number; perPage: number; isFollowing: boolean | null }
>(
  `query MessagesFeed($page: Int, $perPage: Int, $isFollowing: Boolean) {
    Page(page: $page, perPage: $perPage) {
      pageInfo { currentPage hasNextPage }
      activities(type: MESSAGE, isFollowing: $isFollowing, sort: ID_DESC) { ${ACTIVITY_FIELDS} }
    }
  }`,
  { lifetime: FRESH, auth: true },
);

/** One activity by id, as activity search loads it (with its replies). */
export const activityById = query<{ Activity: Activity | null }, { id: number }>(
  `query ActivityById($id: Int) { Activity(id: $id) { ${ACTIVITY_FIELDS} } }`,
  { lifetime: FRESH },
);

/** One activity by id; a failure (or no such activity) is 'Error querying activity.'. */
export function fetchActivity(ctx: ReadContext, id: number, signal?: AbortSignal): Promise<Activity> {
  return wrapFailure(API_ERROR_TEXTS.activity, async () => {
    const { Activity } = await read(ctx, activityById, { id }, { signal });
    if (!Activity) throw new Error(`No activity ${id}`);
    return Activity;
  });
}

/**
 * One page of the Messages feed: message activities of the people you follow, or everyone's;
 * `signal` aborts it (the feed switched or closed).
 */
export async function loadMessages(
  ctx: ReadContext,
  page: number,
  following: boolean,
  signal?: AbortSignal,
): Promise<{ activities: Activity[]; page: number; hasNextPage: boolean }> {
  const { Page } = await read(ctx, messagesFeed, { page, perPage: MESSAGES_PER_PAGE, isFollowing: following ? true : null }, { signal });
  return {
    activities: Page.activities.filter((a): a is Activity => a !== null),
    page: Page.pageInfo.currentPage ?? page,
    hasNextPage: !!Page.pageInfo.hasNextPage,
  };
}

/** Pages of an activity's replies looked through (AniList shows them all on the page). */
const MAX_REPLY_PAGES = 8;

/**
 * An activity's replies in the order the host lists them (AniList's), each with its author's name
 * to check an element against: the way to a reply's id when the page's Vue objects, which carry
 * it, are out of reach. Read through the read layer (one request per page, cached).
 */
export async function activityReplyIds(
  ctx: ReadContext,
  activityId: number,
  signal: AbortSignal,
): Promise<{ id: number; author: string }[]> {
  const ids: { id: number; author: string }[] = [];
  for (let page = 1; page <= MAX_REPLY_PAGES; page++) {
    const { replies, hasNextPage } = await loadReplies(ctx, activityId, page, signal);
    ids.push(...replies.map((r) => ({ id: r.id, author: r.user?.name ?? '' })));
    if (!hasNextPage) break;
  }
  return ids;
}
