/**
 * A stateful mock of https://graphql.anilist.co for tests and the sandbox.
 *
 * Documents are validated and executed with graphql-js against the real schema
 * (schema/anilist.graphql), so a misspelt field fails here as it would on the site. Data is
 * the deterministic seed of tests/host/seed.ts, deep-copied per instance and changed by mutations.
 * Behaviour follows the AniList host facts (docs/host-facts.md (c)): error shapes, rate-limit headers, 429s,
 * "Invalid token". Fields without a resolver here fall back to a property lookup (or null).
 *
 *   const api = createMockApi();
 *   const res = await api.handle({ body: JSON.stringify({ query }), headers: { authorization: 'Bearer valid-token' } });
 */
import {
  execute,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type GraphQLTypeResolver,
} from 'graphql';
import { loadAniListSchema } from '../../schema';
import { renderMarkdown } from './replica-runtime';
import { mediaOverviewFields } from './media-overview';
import {
  createSeed,
  VIEWER_ID,
  type SeedActivity,
  type SeedData,
  type SeedMedia,
  type SeedMediaListEntry,
  type SeedReply,
  type SeedUser,
} from './seed';

// ---------------------------------------------------------------------------------------------
// Public types

interface MockRequest {
  body: string;
  /** Header names in any case. */
  headers: Record<string, string>;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Set for a `{ network: true }` failure: the caller must abort the request instead of answering. */
  abort?: true;
}

export type MockFailure = { status: 429; retryAfter?: number } | { status: 500 } | { status: 400; message?: string } | { network: true };

export interface RecordedRequest {
  /** Date.now() when it arrived. */
  at: number;
  operationName: string | null;
  query: string;
  variables: unknown;
  authorization: string | null;
  /** HTTP status answered (0 for an aborted request). */
  status: number;
}

export interface MockApiOptions {
  /** Bearer tokens accepted; each identifies the seeded viewer (user id 1). */
  validTokens?: string[];
  /** Requests per rolling minute in the rate-limit headers. Default 90. */
  rateLimit?: number;
  /** Answer 429 once the rolling minute is used up (off by default: the headers just reach 0). */
  enforceRateLimit?: boolean;
  /** Clock in ms. Default Date.now. */
  now?: () => number;
  /** The starting data. Default createSeed(). It is deep-copied, also on reset(). */
  data?: SeedData;
}

export interface MockApi {
  handle(req: MockRequest): Promise<MockResponse>;
  /** The next `count` requests (with `operation`, the next calls of that operation only) get `failure` instead of being executed. */
  failNext(count: number, failure: MockFailure, operation?: string): void;
  /** From now on every request (with `operation`, the calls of that operation only) is answered `ms` later, as a busy API answers; 0 ends it. */
  slow(ms: number, operation?: string): void;
  /** Every request handled, oldest first. */
  readonly requests: RecordedRequest[];
  /** Back to the seed: data, requests, pending failures and the rate-limit window. */
  reset(): void;
  /** The live, mutable data (for assertions and for the replica). */
  readonly state: SeedData;
  readonly schema: GraphQLSchema;
}

// ---------------------------------------------------------------------------------------------
// Schema

/** The vendored AniList schema (schema/anilist.graphql), built once. */
export function loadSchema(): GraphQLSchema {
  return loadAniListSchema();
}

const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After, X-RateLimit-Reset',
};

/** The answer to a CORS preflight (OPTIONS) for the API. */
export function corsPreflight(): MockResponse {
  return {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, Cache-Control',
      'Access-Control-Max-Age': '86400',
    },
    body: '',
  };
}

// ---------------------------------------------------------------------------------------------
// Errors

/** An error with AniList's `status` (also used as the HTTP status) and optional `validation` map. */
class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly validation?: Record<string, string[]>,
  ) {
    super(message);
  }
}

const unauthorized = () => new ApiError('Unauthorized.', 401);
const notFound = () => new ApiError('Not Found.', 404);
const forbidden = () => new ApiError('Forbidden.', 403);
const invalid = (field: string, text: string) => new ApiError('validation', 400, { [field]: [text] });

interface ErrorItem {
  message: string;
  status: number;
  locations?: readonly { line: number; column: number }[];
  validation?: Record<string, string[]>;
}

function errorItem(e: GraphQLError, fallbackStatus: number): ErrorItem {
  const original = e.originalError;
  const item: ErrorItem = {
    message: e.message,
    status: original instanceof ApiError ? original.status : original ? 500 : fallbackStatus,
  };
  if (e.locations) item.locations = e.locations;
  if (original instanceof ApiError && original.validation) item.validation = original.validation;
  return item;
}

// ---------------------------------------------------------------------------------------------
// Resolvers

interface Ctx {
  state: SeedData;
  viewer: SeedUser | null;
  now: () => number;
}

/** The object `Page` resolves to; list fields record their total for `pageInfo`. */
interface PageCtx {
  page: number;
  perPage: number;
  total: number;
}

/**
 * Resolver for `Type.field`. Sources differ per type, so the map stores them with `never` parameters
 * (any function type is assignable to that) and calls them through `callResolver`.
 */
type Resolver = (source: never, args: never, ctx: Ctx, info: GraphQLResolveInfo) => unknown;
type Args = Record<string, unknown>;

const has = (v: unknown): boolean => v !== undefined && v !== null;
const nowSeconds = (ctx: Ctx) => Math.floor(ctx.now() / 1000);

function requireViewer(ctx: Ctx): SeedUser {
  if (!ctx.viewer) throw unauthorized();
  return ctx.viewer;
}

const userById = (ctx: Ctx, id: number | undefined) => (id === undefined ? undefined : ctx.state.users.find((u) => u.id === id));
const mediaById = (ctx: Ctx, id: number | undefined) => (id === undefined ? undefined : ctx.state.media.find((m) => m.id === id));
const activityById = (ctx: Ctx, id: number | undefined) => ctx.state.activities.find((a) => a.id === id);
const repliesOf = (ctx: Ctx, activityId: number) =>
  ctx.state.replies.filter((r) => r.activityId === activityId).sort((a, b) => a.id - b.id);
const owner = (a: SeedActivity) => (a.__typename === 'MessageActivity' ? a.messengerId : a.userId);
/** `userId` filters on the profile the activity appears on: the recipient for messages. */
const profileOf = (a: SeedActivity) => (a.__typename === 'MessageActivity' ? a.recipientId : a.userId);

function paginate<T>(page: PageCtx, items: T[]): T[] {
  page.total = items.length;
  const start = (page.page - 1) * page.perPage;
  return items.slice(start, start + page.perPage);
}

function canSee(a: SeedActivity, viewer: SeedUser | null): boolean {
  if (a.__typename !== 'MessageActivity' || !a.isPrivate) return true;
  return viewer !== null && (a.messengerId === viewer.id || a.recipientId === viewer.id);
}

function typeMatches(a: SeedActivity, type: unknown): boolean {
  return type === a.type || (type === 'MEDIA_LIST' && (a.type === 'ANIME_LIST' || a.type === 'MANGA_LIST'));
}

/** The activity filters shared by Query.Activity and Page.activities. */
function filterActivities(ctx: Ctx, args: Args): SeedActivity[] {
  const inList = (v: unknown, x: number | string) => Array.isArray(v) && v.includes(x);
  const mediaOf = (a: SeedActivity) => (a.__typename === 'ListActivity' ? a.mediaId : undefined);
  const messengerOf = (a: SeedActivity) => (a.__typename === 'MessageActivity' ? a.messengerId : undefined);
  const replyCount = (a: SeedActivity) => ctx.state.replies.filter((r) => r.activityId === a.id).length;
  const circle = ctx.viewer ? new Set([ctx.viewer.id, ...ctx.viewer.following]) : null;
  let list = ctx.state.activities.filter((a) => {
    if (!canSee(a, ctx.viewer)) return false;
    if (has(args.id) && a.id !== args.id) return false;
    if (has(args.id_not) && a.id === args.id_not) return false;
    if (has(args.id_in) && !inList(args.id_in, a.id)) return false;
    if (has(args.id_not_in) && inList(args.id_not_in, a.id)) return false;
    if (has(args.userId) && profileOf(a) !== args.userId) return false;
    if (has(args.userId_not) && profileOf(a) === args.userId_not) return false;
    if (has(args.userId_in) && !inList(args.userId_in, profileOf(a))) return false;
    if (has(args.userId_not_in) && inList(args.userId_not_in, profileOf(a))) return false;
    const messenger = messengerOf(a);
    if (has(args.messengerId) && messenger !== args.messengerId) return false;
    if (has(args.messengerId_not) && messenger === args.messengerId_not) return false;
    if (has(args.messengerId_in) && (messenger === undefined || !inList(args.messengerId_in, messenger))) return false;
    if (has(args.messengerId_not_in) && messenger !== undefined && inList(args.messengerId_not_in, messenger)) return false;
    const mediaId = mediaOf(a);
    if (has(args.mediaId) && mediaId !== args.mediaId) return false;
    if (has(args.mediaId_not) && mediaId === args.mediaId_not) return false;
    if (has(args.mediaId_in) && (mediaId === undefined || !inList(args.mediaId_in, mediaId))) return false;
    if (has(args.mediaId_not_in) && mediaId !== undefined && inList(args.mediaId_not_in, mediaId)) return false;
    if (has(args.type) && !typeMatches(a, args.type)) return false;
    if (has(args.type_not) && typeMatches(a, args.type_not)) return false;
    if (has(args.type_in) && !(args.type_in as unknown[]).some((t) => typeMatches(a, t))) return false;
    if (has(args.type_not_in) && (args.type_not_in as unknown[]).some((t) => typeMatches(a, t))) return false;
    if (has(args.createdAt) && a.createdAt !== args.createdAt) return false;
    if (has(args.createdAt_greater) && !(a.createdAt > (args.createdAt_greater as number))) return false;
    if (has(args.createdAt_lesser) && !(a.createdAt < (args.createdAt_lesser as number))) return false;
    if (args.hasReplies === true && replyCount(a) === 0) return false;
    if (args.hasRepliesOrTypeText === true && replyCount(a) === 0 && a.type !== 'TEXT') return false;
    // The following feed: the viewer and the people they follow (ignored when signed out).
    if (args.isFollowing === true && circle && !circle.has(owner(a))) return false;
    return true;
  });
  const sort = Array.isArray(args.sort) ? (args.sort as string[]) : ['ID_DESC'];
  const asc = sort.includes('ID') && !sort.includes('ID_DESC');
  list = list.sort((x, y) => {
    if (sort.includes('PINNED') && x.isPinned !== y.isPinned) return x.isPinned ? -1 : 1;
    return asc ? x.id - y.id : y.id - x.id;
  });
  return list;
}

function filterUsers(ctx: Ctx, args: Args): SeedUser[] {
  const search = typeof args.search === 'string' ? args.search.toLowerCase() : null;
  const name = typeof args.name === 'string' ? args.name.toLowerCase() : null;
  let list = ctx.state.users.filter(
    (u) =>
      (!has(args.id) || u.id === args.id) &&
      (name === null || u.name.toLowerCase() === name) &&
      (search === null || u.name.toLowerCase().includes(search)) &&
      (args.isModerator !== true || (u.moderatorRoles?.length ?? 0) > 0),
  );
  const sort = Array.isArray(args.sort) ? (args.sort as string[]) : [];
  if (sort.includes('USERNAME')) list = list.sort((a, b) => a.name.localeCompare(b.name));
  else if (sort.includes('USERNAME_DESC')) list = list.sort((a, b) => b.name.localeCompare(a.name));
  else if (sort.includes('ID_DESC')) list = list.sort((a, b) => b.id - a.id);
  else if (search !== null) {
    // SEARCH_MATCH: exact, then prefix, then the rest, each by id.
    const rank = (u: SeedUser) => (u.name.toLowerCase() === search ? 0 : u.name.toLowerCase().startsWith(search) ? 1 : 2);
    list = list.sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  } else list = list.sort((a, b) => a.id - b.id);
  return list;
}

function filterMedia(ctx: Ctx, args: Args): SeedMedia[] {
  const search = typeof args.search === 'string' ? args.search.toLowerCase() : null;
  const titles = (m: SeedMedia) => [m.title.romaji, m.title.english ?? '', m.title.native ?? ''].map((t) => t.toLowerCase());
  let list = ctx.state.media.filter(
    (m) =>
      (!has(args.id) || m.id === args.id) &&
      (!has(args.id_in) || (args.id_in as unknown[]).includes(m.id)) &&
      (!has(args.id_not_in) || !(args.id_not_in as unknown[]).includes(m.id)) &&
      (!has(args.type) || m.type === args.type) &&
      (!has(args.format) || m.format === args.format) &&
      (!has(args.format_in) || (args.format_in as unknown[]).includes(m.format)) &&
      (!has(args.status) || m.status === args.status) &&
      (!has(args.seasonYear) || m.startDate.year === args.seasonYear) &&
      (!has(args.isAdult) || m.isAdult === args.isAdult) &&
      (search === null || titles(m).some((t) => t.includes(search))),
  );
  const sort = Array.isArray(args.sort) ? (args.sort as string[]) : search !== null ? ['SEARCH_MATCH'] : ['ID'];
  const rank = (m: SeedMedia) =>
    search === null ? 0 : titles(m).some((t) => t === search) ? 0 : titles(m).some((t) => t.startsWith(search)) ? 1 : 2;
  list = list.sort((a, b) => {
    if (sort.includes('POPULARITY_DESC') || sort.includes('TRENDING_DESC')) return b.popularity - a.popularity;
    if (sort.includes('SCORE_DESC')) return b.averageScore - a.averageScore;
    if (sort.includes('ID_DESC')) return b.id - a.id;
    if (sort.includes('SEARCH_MATCH')) return rank(a) - rank(b) || b.popularity - a.popularity;
    return a.id - b.id;
  });
  return list;
}

function filterMediaList(ctx: Ctx, args: Args): SeedMediaListEntry[] {
  const user = has(args.userName) ? ctx.state.users.find((u) => u.name.toLowerCase() === String(args.userName).toLowerCase()) : undefined;
  const userId = has(args.userId) ? (args.userId as number) : user?.id;
  return ctx.state.mediaList.filter(
    (e) =>
      (!has(args.id) || e.id === args.id) &&
      (userId === undefined || e.userId === userId) &&
      (!has(args.mediaId) || e.mediaId === args.mediaId) &&
      (!has(args.mediaId_in) || (args.mediaId_in as unknown[]).includes(e.mediaId)) &&
      (!has(args.status) || e.status === args.status) &&
      (!has(args.status_in) || (args.status_in as unknown[]).includes(e.status)) &&
      (!has(args.status_not) || e.status !== args.status_not) &&
      (!has(args.type) || mediaById(ctx, e.mediaId)?.type === args.type),
  );
}

function textRequired(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(field, `The ${field} field is required.`);
  return value;
}

const nextId = (items: { id: number }[], floor: number) => items.reduce((max, x) => Math.max(max, x.id), floor) + 1;

function toggleIn(list: number[], id: number, on?: boolean): boolean {
  const i = list.indexOf(id);
  const want = on ?? i < 0;
  if (want && i < 0) list.push(id);
  if (!want && i >= 0) list.splice(i, 1);
  return want;
}

/** What a list update writes as the activity's status phrase. */
function listStatusPhrase(type: SeedMedia['type'], status: string): string {
  const anime = type === 'ANIME';
  switch (status) {
    case 'CURRENT':
      return anime ? 'watched episode' : 'read chapter';
    case 'REPEATING':
      return anime ? 'rewatched episode' : 'reread chapter';
    case 'COMPLETED':
      return 'completed';
    case 'PLANNING':
      return anime ? 'plans to watch' : 'plans to read';
    case 'DROPPED':
      return anime ? 'dropped' : 'dropped';
    default:
      return anime ? 'paused watching' : 'paused reading';
  }
}

const activityFields: Record<string, Resolver> = {
  user: (a: SeedActivity & { userId?: number }, _args: Args, ctx: Ctx) => userById(ctx, a.userId),
  replyCount: (a: SeedActivity, _args: Args, ctx: Ctx) => repliesOf(ctx, a.id).length,
  replies: (a: SeedActivity, _args: Args, ctx: Ctx) => repliesOf(ctx, a.id),
  likeCount: (a: SeedActivity) => a.likeIds.length,
  isLiked: (a: SeedActivity, _args: Args, ctx: Ctx) => (ctx.viewer ? a.likeIds.includes(ctx.viewer.id) : false),
  likes: (a: SeedActivity, _args: Args, ctx: Ctx) => a.likeIds.map((id) => userById(ctx, id)).filter(Boolean),
  isSubscribed: (a: SeedActivity, _args: Args, ctx: Ctx) => (ctx.viewer ? a.subscriberIds.includes(ctx.viewer.id) : false),
  siteUrl: (a: SeedActivity) => `https://anilist.co/activity/${a.id}`,
};

const markdownField = (key: 'text' | 'message' | 'about') => (source: Record<string, unknown>, args: { asHtml?: boolean | null }) => {
  const value = source[key];
  if (typeof value !== 'string') return null;
  return args.asHtml ? renderMarkdown(value) : value;
};

const notificationFields: Record<string, Resolver> = {
  user: (n: { userId?: number }, _args: Args, ctx: Ctx) => userById(ctx, n.userId),
  activity: (n: { activityId?: number }, _args: Args, ctx: Ctx) => activityById(ctx, n.activityId) ?? null,
  message: (n: { activityId?: number }, _args: Args, ctx: Ctx) => activityById(ctx, n.activityId) ?? null,
  media: (n: { animeId?: number; mediaId?: number }, _args: Args, ctx: Ctx) => mediaById(ctx, n.animeId ?? n.mediaId),
};

const NOTIFICATION_TYPES = [
  'AiringNotification',
  'FollowingNotification',
  'ActivityMessageNotification',
  'ActivityMentionNotification',
  'ActivityReplyNotification',
  'ActivityReplySubscribedNotification',
  'ActivityLikeNotification',
  'ActivityReplyLikeNotification',
  'ThreadCommentMentionNotification',
  'ThreadCommentReplyNotification',
  'ThreadCommentSubscribedNotification',
  'ThreadCommentLikeNotification',
  'ThreadLikeNotification',
  'RelatedMediaAdditionNotification',
  'MediaDataChangeNotification',
  'MediaMergeNotification',
  'MediaDeletionNotification',
  'MediaSubmissionUpdateNotification',
  'StaffSubmissionUpdateNotification',
  'CharacterSubmissionUpdateNotification',
];

function viewerNotifications(ctx: Ctx, args: Args) {
  const viewer = requireViewer(ctx);
  const types = has(args.type_in) ? (args.type_in as string[]) : has(args.type) ? [args.type as string] : null;
  const list = ctx.state.notifications
    .filter((n) => n.recipientId === viewer.id && (types === null || types.includes(n.type)))
    .sort((a, b) => b.id - a.id);
  if (args.resetNotificationCount === true) viewer.unreadNotificationCount = 0;
  return list;
}

function mediaListCollection(ctx: Ctx, args: Args) {
  if (!has(args.userId) && !has(args.userName)) throw invalid('userId', 'A user id or name is required.');
  if (!has(args.type)) throw invalid('type', 'The type field is required.');
  const entries = filterMediaList(ctx, args);
  const user = has(args.userId)
    ? userById(ctx, args.userId as number)
    : ctx.state.users.find((u) => u.name.toLowerCase() === String(args.userName).toLowerCase());
  if (!user) throw notFound();
  const statuses = [...new Set(entries.map((e) => e.status))];
  return {
    user,
    hasNextChunk: false,
    lists: statuses.map((status) => ({
      name: status.charAt(0) + status.slice(1).toLowerCase(),
      status,
      isCustomList: false,
      isSplitCompletedList: false,
      entries: entries.filter((e) => e.status === status),
    })),
  };
}

/**
 * User favourites (for the mini profile). The seed has none, so they are derived from the user id:
 * 12 anime, 10 manga, 10 characters and 6 staff, each list rotated by the id; character and staff
 * nodes are made up here. The connection answers `nodes` and `pageInfo` (perPage at most 25).
 */
type FavouriteKind = 'anime' | 'manga' | 'characters' | 'staff';
function favouriteNodes(ctx: Ctx, userId: number, kind: FavouriteKind): unknown[] {
  const rotate = <T>(items: T[], count: number) => items.map((_, i) => items[(i + userId) % items.length]!).slice(0, count);
  if (kind === 'anime' || kind === 'manga')
    return rotate(
      ctx.state.media.filter((m) => m.type === kind.toUpperCase()),
      kind === 'anime' ? 12 : 10,
    );
  const role = kind === 'characters' ? 'character' : 'staff';
  return Array.from({ length: kind === 'characters' ? 10 : 6 }, (_, i) => {
    const id = (kind === 'characters' ? 80_000 : 90_000) + ((i + userId) % 40);
    const name = `${kind === 'characters' ? 'Character' : 'Staff'} ${id}`;
    return {
      id,
      name: { first: name, last: null, full: name, native: null, userPreferred: name },
      image: {
        large: `https://s4.anilist.co/file/anilistcdn/${role}/large/b${id}-seed.png`,
        medium: `https://s4.anilist.co/file/anilistcdn/${role}/medium/b${id}-seed.png`,
      },
      isFavourite: false,
      siteUrl: `https://anilist.co/${role}/${id}`,
    };
  });
}
const favouritesConnection =
  (kind: FavouriteKind) => (source: { userId: number }, args: { page?: number | null; perPage?: number | null }, ctx: Ctx) => {
    const page = Math.max(1, args.page ?? 1);
    const perPage = Math.min(25, Math.max(1, args.perPage ?? 25));
    const all = favouriteNodes(ctx, source.userId, kind);
    const lastPage = Math.max(1, Math.ceil(all.length / perPage));
    return {
      nodes: all.slice((page - 1) * perPage, page * perPage),
      pageInfo: { total: all.length, perPage, currentPage: page, lastPage, hasNextPage: page < lastPage },
    };
  };

const RESOLVERS: Record<string, Record<string, Resolver>> = {
  Query: {
    Page: (_root: unknown, args: { page?: number | null; perPage?: number | null }): PageCtx => ({
      page: Math.max(1, args.page ?? 1),
      perPage: Math.min(50, Math.max(1, args.perPage ?? 50)),
      total: 0,
    }),
    User: (_root: unknown, args: Args, ctx: Ctx) => {
      const user = filterUsers(ctx, args)[0];
      if (!user) throw notFound();
      return user;
    },
    Viewer: (_root: unknown, _args: Args, ctx: Ctx) => requireViewer(ctx),
    Media: (_root: unknown, args: Args, ctx: Ctx) => {
      const media = filterMedia(ctx, args)[0];
      if (!media) throw notFound();
      return media;
    },
    MediaList: (_root: unknown, args: Args, ctx: Ctx) => {
      const entry = filterMediaList(ctx, { ...args, userId: args.userId ?? (has(args.userName) ? undefined : ctx.viewer?.id) })[0];
      if (!entry) throw notFound();
      return entry;
    },
    MediaListCollection: (_root: unknown, args: Args, ctx: Ctx) => mediaListCollection(ctx, args),
    Activity: (_root: unknown, args: Args, ctx: Ctx) => {
      const activity = filterActivities(ctx, args)[0];
      if (!activity) throw notFound();
      return activity;
    },
    ActivityReply: (_root: unknown, args: Args, ctx: Ctx) => {
      const reply = ctx.state.replies.find(
        (r) => (!has(args.id) || r.id === args.id) && (!has(args.activityId) || r.activityId === args.activityId),
      );
      if (!reply) throw notFound();
      return reply;
    },
    Notification: (_root: unknown, args: Args, ctx: Ctx) => viewerNotifications(ctx, args)[0] ?? null,
    Markdown: (_root: unknown, args: { markdown: string }, ctx: Ctx) => {
      requireViewer(ctx);
      return { html: renderMarkdown(args.markdown) };
    },
  },
  Page: {
    pageInfo: (page: PageCtx) =>
      // Sibling list fields resolve synchronously in the same pass; read their total afterwards.
      Promise.resolve().then(() => {
        const lastPage = Math.max(1, Math.ceil(page.total / page.perPage));
        return { total: page.total, perPage: page.perPage, currentPage: page.page, lastPage, hasNextPage: page.page < lastPage };
      }),
    users: (page: PageCtx, args: Args, ctx: Ctx) => paginate(page, filterUsers(ctx, args)),
    media: (page: PageCtx, args: Args, ctx: Ctx) => paginate(page, filterMedia(ctx, args)),
    activities: (page: PageCtx, args: Args, ctx: Ctx) => paginate(page, filterActivities(ctx, args)),
    activityReplies: (page: PageCtx, args: Args, ctx: Ctx) =>
      paginate(
        page,
        ctx.state.replies
          .filter((r) => (!has(args.activityId) || r.activityId === args.activityId) && (!has(args.id) || r.id === args.id))
          .sort((a, b) => a.id - b.id),
      ),
    notifications: (page: PageCtx, args: Args, ctx: Ctx) => paginate(page, viewerNotifications(ctx, args)),
    following: (page: PageCtx, args: { userId: number }, ctx: Ctx) => {
      const user = userById(ctx, args.userId);
      if (!user) throw notFound();
      return paginate(
        page,
        user.following.map((id) => userById(ctx, id)).filter((u): u is SeedUser => !!u),
      );
    },
    followers: (page: PageCtx, args: { userId: number }, ctx: Ctx) =>
      paginate(
        page,
        ctx.state.users.filter((u) => u.following.includes(args.userId)),
      ),
    mediaList: (page: PageCtx, args: Args, ctx: Ctx) => paginate(page, filterMediaList(ctx, args)),
  },
  User: {
    // A test may give a user raw `aboutHtml`: about(asHtml: true) returns it unrendered (to test sanitising).
    about: (u: SeedUser & { aboutHtml?: string }, args: { asHtml?: boolean | null }) =>
      args.asHtml && typeof u.aboutHtml === 'string' ? u.aboutHtml : markdownField('about')(u as unknown as Record<string, unknown>, args),
    favourites: (u: SeedUser) => ({ userId: u.id }),
    isFollowing: (u: SeedUser, _args: Args, ctx: Ctx) => (ctx.viewer ? ctx.viewer.following.includes(u.id) : false),
    isFollower: (u: SeedUser, _args: Args, ctx: Ctx) => (ctx.viewer ? u.following.includes(ctx.viewer.id) : false),
    isBlocked: () => false,
    unreadNotificationCount: (u: SeedUser, _args: Args, ctx: Ctx) => (ctx.viewer?.id === u.id ? u.unreadNotificationCount : null),
    mediaListOptions: () => ({ scoreFormat: 'POINT_10', rowOrder: 'score' }),
  },
  Favourites: {
    anime: favouritesConnection('anime'),
    manga: favouritesConnection('manga'),
    characters: favouritesConnection('characters'),
    staff: favouritesConnection('staff'),
  },
  Media: {
    ...mediaOverviewFields,
    // The seed has no schedule: a releasing anime airs its next episode two days and three hours from now.
    airingSchedule: (m: SeedMedia, _args: Args, ctx: Ctx) => {
      if (m.type !== 'ANIME' || m.status !== 'RELEASING') return { nodes: [] };
      const airingAt = nowSeconds(ctx) + 2 * 86400 + 3 * 3600;
      const episode = 1 + (m.id % 1000);
      return { nodes: [{ id: m.id * 10_000 + episode, mediaId: m.id, episode, airingAt, timeUntilAiring: airingAt - nowSeconds(ctx) }] };
    },
    isFavourite: () => false,
    isFavouriteBlocked: () => false,
    mediaListEntry: (m: SeedMedia, _args: Args, ctx: Ctx) =>
      ctx.viewer ? (ctx.state.mediaList.find((e) => e.userId === ctx.viewer!.id && e.mediaId === m.id) ?? null) : null,
  },
  MediaList: {
    media: (e: SeedMediaListEntry, _args: Args, ctx: Ctx) => mediaById(ctx, e.mediaId),
    user: (e: SeedMediaListEntry, _args: Args, ctx: Ctx) => userById(ctx, e.userId),
    // A test may give an entry `startedAt` / `completedAt` (FuzzyDate); the seed has none.
    startedAt: (e: SeedMediaListEntry & { startedAt?: unknown }) => e.startedAt ?? { year: null, month: null, day: null },
    completedAt: (e: SeedMediaListEntry & { completedAt?: unknown }) => e.completedAt ?? { year: null, month: null, day: null },
  },
  TextActivity: { ...activityFields, text: markdownField('text') },
  ListActivity: { ...activityFields, media: (a: { mediaId: number }, _args: Args, ctx: Ctx) => mediaById(ctx, a.mediaId) },
  MessageActivity: {
    ...activityFields,
    user: () => null,
    message: markdownField('message'),
    messenger: (a: { messengerId: number }, _args: Args, ctx: Ctx) => userById(ctx, a.messengerId),
    recipient: (a: { recipientId: number }, _args: Args, ctx: Ctx) => userById(ctx, a.recipientId),
  },
  ActivityReply: {
    user: (r: SeedReply, _args: Args, ctx: Ctx) => userById(ctx, r.userId),
    text: markdownField('text'),
    likeCount: (r: SeedReply) => r.likeIds.length,
    isLiked: (r: SeedReply, _args: Args, ctx: Ctx) => (ctx.viewer ? r.likeIds.includes(ctx.viewer.id) : false),
    likes: (r: SeedReply, _args: Args, ctx: Ctx) => r.likeIds.map((id) => userById(ctx, id)).filter(Boolean),
  },
  ...Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, notificationFields])),
  Mutation: {
    UpdateUser: (_root: unknown, args: Args, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      if (has(args.about)) viewer.about = String(args.about);
      if (has(args.donatorBadge)) viewer.donatorBadge = String(args.donatorBadge);
      if (has(args.profileColor)) {
        const color = String(args.profileColor);
        if (!/^(blue|purple|green|orange|red|pink|gray|#[0-9a-fA-F]{6})$/.test(color))
          throw invalid('profileColor', 'The selected profile color is invalid.');
        viewer.options.profileColor = color;
      }
      for (const key of [
        'titleLanguage',
        'displayAdultContent',
        'airingNotifications',
        'timezone',
        'activityMergeTime',
        'restrictMessagesToFollowing',
      ] as const) {
        // The option fields are typed by the schema; graphql-js has already coerced them.
        if (has(args[key])) (viewer.options as Record<string, unknown>)[key] = args[key];
      }
      if (Array.isArray(args.disabledListActivity)) {
        for (const item of args.disabledListActivity as { type: string; disabled: boolean }[]) {
          const existing = viewer.options.disabledListActivity.find((d) => d.type === item.type);
          if (existing) existing.disabled = item.disabled;
        }
      }
      return viewer;
    },
    ToggleFollow: (_root: unknown, args: { userId?: number | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const user = userById(ctx, args.userId ?? undefined);
      if (!user) throw notFound();
      toggleIn(viewer.following, user.id);
      return user;
    },
    ToggleLikeV2: (_root: unknown, args: { id?: number | null; type?: string | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      if (args.type === 'ACTIVITY') {
        const a = activityById(ctx, args.id ?? undefined);
        if (!a || !canSee(a, viewer)) throw notFound();
        toggleIn(a.likeIds, viewer.id);
        return a;
      }
      if (args.type === 'ACTIVITY_REPLY') {
        const r = ctx.state.replies.find((x) => x.id === args.id);
        if (!r) throw notFound();
        toggleIn(r.likeIds, viewer.id);
        return r;
      }
      throw notFound();
    },
    ToggleLike: (_root: unknown, args: { id?: number | null; type?: string | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const target =
        args.type === 'ACTIVITY'
          ? activityById(ctx, args.id ?? undefined)
          : args.type === 'ACTIVITY_REPLY'
            ? ctx.state.replies.find((x) => x.id === args.id)
            : undefined;
      if (!target) throw notFound();
      toggleIn(target.likeIds, viewer.id);
      return target.likeIds.map((id) => userById(ctx, id)).filter(Boolean);
    },
    ToggleActivitySubscription: (_root: unknown, args: { activityId?: number | null; subscribe?: boolean | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const a = activityById(ctx, args.activityId ?? undefined);
      if (!a || !canSee(a, viewer)) throw notFound();
      toggleIn(a.subscriberIds, viewer.id, args.subscribe ?? undefined);
      return a;
    },
    SaveTextActivity: (_root: unknown, args: { id?: number | null; text?: string | null; locked?: boolean | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const text = textRequired(args.text, 'text');
      if (has(args.id)) {
        const a = activityById(ctx, args.id ?? undefined);
        if (!a || a.__typename !== 'TextActivity') throw notFound();
        if (a.userId !== viewer.id) throw forbidden();
        a.text = text;
        if (has(args.locked)) a.isLocked = !!args.locked;
        return a;
      }
      const a: SeedActivity = {
        __typename: 'TextActivity',
        type: 'TEXT',
        id: nextId(ctx.state.activities, 0),
        userId: viewer.id,
        text,
        createdAt: nowSeconds(ctx),
        likeIds: [],
        subscriberIds: [viewer.id],
        isLocked: !!args.locked,
        isPinned: false,
      };
      ctx.state.activities.push(a);
      return a;
    },
    SaveMessageActivity: (
      _root: unknown,
      args: { id?: number | null; message?: string | null; recipientId?: number | null; private?: boolean | null },
      ctx: Ctx,
    ) => {
      const viewer = requireViewer(ctx);
      const message = textRequired(args.message, 'message');
      if (has(args.id)) {
        const a = activityById(ctx, args.id ?? undefined);
        if (!a || a.__typename !== 'MessageActivity') throw notFound();
        if (a.messengerId !== viewer.id) throw forbidden();
        a.message = message;
        if (has(args.private)) a.isPrivate = !!args.private;
        return a;
      }
      const recipient = userById(ctx, args.recipientId ?? undefined);
      if (!recipient) throw invalid('recipientId', 'The selected recipient id is invalid.');
      const a: SeedActivity = {
        __typename: 'MessageActivity',
        type: 'MESSAGE',
        id: nextId(ctx.state.activities, 0),
        messengerId: viewer.id,
        recipientId: recipient.id,
        message,
        isPrivate: !!args.private,
        createdAt: nowSeconds(ctx),
        likeIds: [],
        subscriberIds: [viewer.id],
        isLocked: false,
        isPinned: false,
      };
      ctx.state.activities.push(a);
      return a;
    },
    SaveActivityReply: (_root: unknown, args: { id?: number | null; activityId?: number | null; text?: string | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const text = textRequired(args.text, 'text');
      if (has(args.id)) {
        const r = ctx.state.replies.find((x) => x.id === args.id);
        if (!r) throw notFound();
        if (r.userId !== viewer.id) throw forbidden();
        r.text = text;
        return r;
      }
      const a = activityById(ctx, args.activityId ?? undefined);
      if (!a || !canSee(a, viewer)) throw notFound();
      if (a.isLocked) throw forbidden();
      const r: SeedReply = {
        id: nextId(ctx.state.replies, 0),
        activityId: a.id,
        userId: viewer.id,
        text,
        createdAt: nowSeconds(ctx),
        likeIds: [],
      };
      ctx.state.replies.push(r);
      toggleIn(a.subscriberIds, viewer.id, true);
      return r;
    },
    DeleteActivity: (_root: unknown, args: { id?: number | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const i = ctx.state.activities.findIndex((a) => a.id === args.id);
      const a = ctx.state.activities[i];
      if (!a || !canSee(a, viewer)) throw notFound();
      const mine = a.__typename === 'MessageActivity' ? a.messengerId === viewer.id || a.recipientId === viewer.id : a.userId === viewer.id;
      if (!mine) throw forbidden();
      ctx.state.activities.splice(i, 1);
      ctx.state.replies = ctx.state.replies.filter((r) => r.activityId !== a.id);
      return { deleted: true };
    },
    DeleteActivityReply: (_root: unknown, args: { id?: number | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const i = ctx.state.replies.findIndex((r) => r.id === args.id);
      const r = ctx.state.replies[i];
      if (!r) throw notFound();
      const a = activityById(ctx, r.activityId);
      const activityOwner = a ? (a.__typename === 'MessageActivity' ? a.recipientId : a.userId) : undefined;
      if (r.userId !== viewer.id && activityOwner !== viewer.id) throw forbidden();
      ctx.state.replies.splice(i, 1);
      return { deleted: true };
    },
    SaveMediaListEntry: (_root: unknown, args: Args, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      let entry = has(args.id)
        ? ctx.state.mediaList.find((e) => e.id === args.id && e.userId === viewer.id)
        : ctx.state.mediaList.find((e) => e.mediaId === args.mediaId && e.userId === viewer.id);
      if (has(args.id) && !entry) throw notFound();
      const media = mediaById(ctx, entry?.mediaId ?? (args.mediaId as number | undefined));
      if (!media) throw invalid('mediaId', 'The selected media id is invalid.');
      const now = nowSeconds(ctx);
      if (!entry) {
        entry = {
          id: nextId(ctx.state.mediaList, 1000),
          userId: viewer.id,
          mediaId: media.id,
          status: 'CURRENT',
          progress: 0,
          progressVolumes: null,
          score: 0,
          repeat: 0,
          priority: 0,
          private: false,
          notes: null,
          hiddenFromStatusLists: false,
          createdAt: now,
          updatedAt: now,
        };
        ctx.state.mediaList.push(entry);
      }
      const before = { status: entry.status, progress: entry.progress };
      if (has(args.status)) entry.status = args.status as SeedMediaListEntry['status'];
      if (has(args.progress)) entry.progress = args.progress as number;
      if (has(args.progressVolumes)) entry.progressVolumes = args.progressVolumes as number;
      if (has(args.score)) entry.score = args.score as number;
      if (has(args.scoreRaw)) entry.score = (args.scoreRaw as number) / 10;
      if (has(args.repeat)) entry.repeat = args.repeat as number;
      if (has(args.priority)) entry.priority = args.priority as number;
      if (has(args.private)) entry.private = !!args.private;
      if (has(args.notes)) entry.notes = String(args.notes);
      if (has(args.hiddenFromStatusLists)) entry.hiddenFromStatusLists = !!args.hiddenFromStatusLists;
      entry.updatedAt = now;
      // Like the site, a status or progress change posts a list activity (unless private or disabled).
      const changed = before.status !== entry.status || before.progress !== entry.progress;
      const disabled = viewer.options.disabledListActivity.some((d) => d.type === entry.status && d.disabled);
      if (changed && !entry.private && !disabled) {
        const progressShown = entry.status === 'CURRENT' || entry.status === 'REPEATING' || entry.status === 'DROPPED';
        ctx.state.activities.push({
          __typename: 'ListActivity',
          type: media.type === 'ANIME' ? 'ANIME_LIST' : 'MANGA_LIST',
          id: nextId(ctx.state.activities, 0),
          userId: viewer.id,
          mediaId: media.id,
          status: listStatusPhrase(media.type, entry.status),
          progress: progressShown ? String(entry.progress) : null,
          createdAt: now,
          likeIds: [],
          subscriberIds: [viewer.id],
          isLocked: false,
          isPinned: false,
        });
      }
      return entry;
    },
    DeleteMediaListEntry: (_root: unknown, args: { id?: number | null }, ctx: Ctx) => {
      const viewer = requireViewer(ctx);
      const i = ctx.state.mediaList.findIndex((e) => e.id === args.id && e.userId === viewer.id);
      if (i < 0) throw notFound();
      ctx.state.mediaList.splice(i, 1);
      return { deleted: true };
    },
  },
};

/** Every Mutation field needs a signed-in viewer, implemented or not. */
const mutationAuth: Resolver = (_root: unknown, _args: Args, ctx: Ctx) => {
  requireViewer(ctx);
  return null;
};

function callResolver(resolver: Resolver, source: unknown, args: unknown, ctx: Ctx, info: GraphQLResolveInfo): unknown {
  // The map erases per-type source/argument types (see Resolver); the schema guarantees them.
  return (resolver as unknown as (s: unknown, a: unknown, c: Ctx, i: GraphQLResolveInfo) => unknown)(source, args, ctx, info);
}

const fieldResolver: GraphQLFieldResolver<unknown, Ctx> = (source, args, ctx, info) => {
  const resolver = RESOLVERS[info.parentType.name]?.[info.fieldName] ?? (info.parentType.name === 'Mutation' ? mutationAuth : undefined);
  if (resolver) return callResolver(resolver, source, args, ctx, info);
  // Default: a property lookup, as graphql-js does.
  if (source !== null && typeof source === 'object') return (source as Record<string, unknown>)[info.fieldName];
  return undefined;
};

/** Unions and interfaces: stored objects carry `__typename`; replies and list entries are recognised by shape. */
const typeResolver: GraphQLTypeResolver<unknown, Ctx> = (value) => {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.__typename === 'string') return v.__typename;
    if ('activityId' in v && 'text' in v) return 'ActivityReply';
  }
  return undefined;
};

// ---------------------------------------------------------------------------------------------
// The server

const json = (value: unknown) => JSON.stringify(value);

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}

/** The operation a request body names (its operationName, else its first operation's name), or null. */
export function operationOfBody(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { query?: unknown; operationName?: unknown };
    return operationNameOf(typeof parsed.query === 'string' ? parse(parsed.query) : null, parsed.operationName);
  } catch {
    return null;
  }
}

function operationNameOf(document: DocumentNode | null, given: unknown): string | null {
  if (typeof given === 'string' && given) return given;
  const op = document?.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  return op && op.kind === Kind.OPERATION_DEFINITION ? (op.name?.value ?? null) : null;
}

export function createMockApi(opts: MockApiOptions = {}): MockApi {
  const schema = loadSchema();
  const validTokens = opts.validTokens ?? ['valid-token', 'sandbox-token'];
  const limit = opts.rateLimit ?? 90;
  const now = opts.now ?? Date.now;
  const initial = opts.data ?? createSeed();
  const fresh = (): SeedData => structuredClone(initial);
  let state = fresh();
  const requests: RecordedRequest[] = [];
  const failures: { failure: MockFailure; operation?: string }[] = [];
  /** Delays in ms by operation name ('' for every operation). */
  const delays = new Map<string, number>();
  /** Arrival times (ms) within the rolling minute. */
  let window: number[] = [];

  function rateHeaders(): Record<string, string> {
    const t = now();
    window = window.filter((x) => x > t - 60_000);
    window.push(t);
    return {
      'Content-Type': 'application/json; charset=utf-8',
      ...CORS_HEADERS,
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - window.length)),
    };
  }

  function tooMany(headers: Record<string, string>, retryAfter: number): MockResponse {
    return {
      status: 429,
      headers: {
        ...headers,
        'Retry-After': String(retryAfter),
        'X-RateLimit-Reset': String(Math.floor(now() / 1000) + retryAfter),
        'X-RateLimit-Remaining': '0',
      },
      body: json({ data: null, errors: [{ message: 'Too Many Requests.', status: 429 }] }),
    };
  }

  async function answer(
    req: MockRequest,
    parsed: { query: string; variables: unknown; document: DocumentNode | null; operationName: unknown },
  ): Promise<MockResponse> {
    const headers = rateHeaders();
    const name = operationNameOf(parsed.document, parsed.operationName);
    const planned = failures.findIndex((f) => f.operation === undefined || f.operation === name);
    const failure = planned === -1 ? undefined : failures.splice(planned, 1)[0]!.failure;
    if (failure) {
      if ('network' in failure) return { status: 0, headers: {}, body: '', abort: true };
      if (failure.status === 429) return tooMany(headers, failure.retryAfter ?? 60);
      if (failure.status === 500)
        return { status: 500, headers, body: json({ data: null, errors: [{ message: 'Internal Server Error', status: 500 }] }) };
      return { status: 400, headers, body: json({ data: null, errors: [{ message: failure.message ?? 'Bad Request', status: 400 }] }) };
    }
    if (opts.enforceRateLimit && window.length > limit) return tooMany(headers, 60);
    const fail = (status: number, errors: ErrorItem[]) => ({ status, headers, body: json({ data: null, errors }) });

    // Auth: a valid Bearer token is the viewer; any other Authorization value is an invalid token.
    const authorization = lowerKeys(req.headers).authorization ?? null;
    let viewer: SeedUser | null = null;
    if (authorization) {
      const token = /^Bearer\s+(.+)$/i.exec(authorization.trim())?.[1];
      if (!token || !validTokens.includes(token)) return fail(400, [{ message: 'Invalid token', status: 400 }]);
      viewer = state.users.find((u) => u.id === VIEWER_ID) ?? null;
    }

    if (!parsed.query) return fail(400, [{ message: 'Must provide query string.', status: 400 }]);
    let document = parsed.document;
    if (!document) {
      try {
        document = parse(parsed.query);
      } catch (e) {
        return fail(400, [errorItem(e as GraphQLError, 400)]);
      }
    }
    const invalidDoc = validate(schema, document);
    if (invalidDoc.length > 0)
      return fail(
        400,
        invalidDoc.map((e) => errorItem(e, 400)),
      );

    const ctx: Ctx = { state, viewer, now };
    const result = await execute({
      schema,
      document,
      rootValue: {},
      contextValue: ctx,
      variableValues: (parsed.variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: typeof parsed.operationName === 'string' ? parsed.operationName : undefined,
      fieldResolver,
      typeResolver,
    });
    const errors = result.errors?.map((e) => errorItem(e, 400));
    // No data at all = a request error (bad variables, unknown operation): 400. Otherwise the first
    // error's status becomes the HTTP status, as on the site (404 for "Not Found.", 401, ...).
    const status = result.data === undefined ? 400 : (errors?.[0]?.status ?? 200);
    const body: Record<string, unknown> = { data: result.data ?? null };
    if (errors) body.errors = errors;
    return { status, headers, body: json(errors ? { errors, data: body.data } : body) };
  }

  return {
    schema,
    get state() {
      return state;
    },
    requests,
    failNext(count, failure, operation) {
      for (let i = 0; i < count; i++) failures.push({ failure, operation });
    },
    slow(ms, operation = '') {
      if (ms > 0) delays.set(operation, ms);
      else delays.delete(operation);
    },
    reset() {
      state = fresh();
      requests.length = 0;
      failures.length = 0;
      delays.clear();
      window = [];
    },
    async handle(req) {
      const at = now();
      let query = '';
      let variables: unknown = null;
      let operationName: unknown = null;
      let document: DocumentNode | null;
      let bodyError: string | null = null;
      try {
        const body = JSON.parse(req.body || '{}') as { query?: unknown; variables?: unknown; operationName?: unknown };
        query = typeof body.query === 'string' ? body.query : '';
        variables = typeof body.variables === 'string' ? JSON.parse(body.variables) : (body.variables ?? null);
        operationName = body.operationName ?? null;
      } catch (e) {
        bodyError = `Invalid JSON body: ${(e as Error).message}`;
      }
      try {
        document = query ? parse(query) : null;
      } catch {
        document = null; // reported by answer()
      }
      const delay = delays.get(operationNameOf(document, operationName) ?? '') ?? delays.get('');
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      const res = bodyError
        ? { status: 400, headers: rateHeaders(), body: json({ data: null, errors: [{ message: bodyError, status: 400 }] }) }
        : await answer(req, { query, variables, document, operationName });
      requests.push({
        at,
        operationName: operationNameOf(document, operationName),
        query,
        variables,
        authorization: lowerKeys(req.headers).authorization ?? null,
        status: res.abort ? 0 : res.status,
      });
      return res;
    },
  };
}
