import { ACTIVITY_FIELDS, statusText, type Activity, type Reply } from './activities';
import type { MediaSearchResult, UserSearchResult } from './documents';
import { FRESH, query } from './graphql';
import { mediaSchema } from './media-search';
import { s, type Schema } from './schema';
import { defineKey, refusedPast } from './storage';

/**
 * Activity search: its parameters, the variables they become, the
 * search document and the saved searches (the media search box's history is data/media-search.ts). Pure: no DOM.
 */

/** The palette page showing one result as a full activity entry. */
export const ACTIVITY_VIEW = 'activity-search.view';

export type SearchKind = 'MEDIA_LIST' | 'TEXT' | 'MESSAGE';
export const SEARCH_KINDS: readonly { value: SearchKind; label: string }[] = [
  { value: 'MEDIA_LIST', label: 'List' },
  { value: 'TEXT', label: 'Text' },
  { value: 'MESSAGE', label: 'Message' },
];

export const DEFAULT_PER_PAGE = 15;
export const MIN_PER_PAGE = 1;
export const MAX_PER_PAGE = 50;

/** A picked user; `selectAll` marks users added by 'Select All' (picking them again keeps them). */
export type PickedUser = UserSearchResult & { selectAll: boolean };

export interface ActivitySearchParams {
  kind: SearchKind;
  feed: 'FOLLOWING' | 'GLOBAL';
  sort: 'NEWEST' | 'OLDEST';
  perPage: number;
  /** Owners (userId_in) in list and text modes. */
  users: PickedUser[];
  /** Message mode: senders (messengerId_in) and recipients (userId_in). */
  messengers: PickedUser[];
  recipients: PickedUser[];
  /** List mode only (mediaId_in). */
  media: MediaSearchResult[];
  /** 'yyyy-mm-dd' from a date input, or '' for none. */
  after: string;
  before: string;
  hasReplies: boolean;
  preloadReplies: boolean;
}

export const defaultParams = (): ActivitySearchParams => ({
  kind: 'MEDIA_LIST',
  feed: 'FOLLOWING',
  sort: 'NEWEST',
  perPage: DEFAULT_PER_PAGE,
  users: [],
  messengers: [],
  recipients: [],
  media: [],
  after: '',
  before: '',
  hasReplies: false,
  preloadReplies: false,
});

// ---------------------------------------------------------------------------------------------
// Schemas (stored media cache and saved searches)

const url = () => s.nullable(s.string({ max: 2000 }));

const userSchema: Schema<PickedUser> = s.object(
  {
    id: s.number({ int: true, min: 1 }),
    name: s.string({ max: 100 }),
    avatar: s.nullable(s.object({ large: url() })),
    selectAll: s.boolean(),
  },
  { defaults: { avatar: null, selectAll: false } },
);

const DEFAULTS = defaultParams();
const users = () => s.array(userSchema, { max: 200 });

export const paramsSchema: Schema<ActivitySearchParams> = s.object(
  {
    kind: s.enum(['MEDIA_LIST', 'TEXT', 'MESSAGE']),
    feed: s.enum(['FOLLOWING', 'GLOBAL']),
    sort: s.enum(['NEWEST', 'OLDEST']),
    perPage: s.number({ int: true, min: MIN_PER_PAGE, max: MAX_PER_PAGE }),
    users: users(),
    messengers: users(),
    recipients: users(),
    media: s.array(mediaSchema, { max: 200 }),
    after: s.string({ max: 10 }),
    before: s.string({ max: 10 }),
    hasReplies: s.boolean(),
    preloadReplies: s.boolean(),
  },
  // Fields a later version adds take their default in searches saved before.
  { defaults: DEFAULTS },
);

export interface SavedSearch {
  name: string;
  params: ActivitySearchParams;
}

export const SAVED_SEARCH_NAME_MAX = 60;
export const SAVED_SEARCHES_MAX = 50;

/** What the activity search says, as the spec words it (saving a search). */
export const ACTIVITY_SEARCH_TEXTS = {
  saved: (name: string) => `Saved the search '${name}': run it from the palette as 'Activity search: ${name}'.`,
} as const;

/** Named activity searches, each also a palette command. */
export const savedSearchesKey = defineKey({
  name: 'void-verified-activity-search-saved',
  cap: refusedPast(SAVED_SEARCHES_MAX, 'saved searches'),
  description: 'Saved activity searches.',
  schema: s.array(s.object({ name: s.string({ min: 1, max: SAVED_SEARCH_NAME_MAX }), params: paramsSchema }), { max: SAVED_SEARCHES_MAX }),
  defaultValue: () => [] as SavedSearch[],
});

// ---------------------------------------------------------------------------------------------
// Rules

/** Picking a selected user removes it, unless 'Select All' added it. */
export function toggleUser(selected: readonly PickedUser[], user: UserSearchResult): PickedUser[] {
  const found = selected.find((u) => u.id === user.id);
  if (!found) return [...selected, { id: user.id, name: user.name, avatar: user.avatar, selectAll: false }];
  return found.selectAll ? [...selected] : selected.filter((u) => u.id !== user.id);
}

/** 'Select All': adds every result not selected yet, marked as added by Select All. */
export function selectAllUsers(selected: readonly PickedUser[], results: readonly UserSearchResult[]): PickedUser[] {
  const ids = new Set(selected.map((u) => u.id));
  return [
    ...selected,
    ...results.filter((u) => !ids.has(u.id)).map((u) => ({ id: u.id, name: u.name, avatar: u.avatar, selectAll: true })),
  ];
}

export function clampPerPage(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_PER_PAGE;
  return Math.min(MAX_PER_PAGE, Math.max(MIN_PER_PAGE, Math.round(value)));
}

/** 'yyyy-mm-dd' to Unix seconds at local midnight of that day; undefined for none or invalid. */
export function dateToTimestamp(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (date.getMonth() !== Number(m[2]) - 1) return undefined; // 2024-02-31
  return Math.floor(date.getTime() / 1000);
}

export interface SearchVariables {
  page: number;
  perPage: number;
  type: SearchKind;
  sort: ('ID_DESC' | 'ID')[];
  withReplies: boolean;
  isFollowing?: boolean;
  hasReplies?: boolean;
  userId_in?: number[];
  messengerId_in?: number[];
  mediaId_in?: number[];
  createdAt_greater?: number;
  createdAt_lesser?: number;
}

/**
 * The request variables for page `page`. Filters that are off are left
 * out: media only in list mode; messengers and recipients only in message mode.
 */
export function searchVariables(p: ActivitySearchParams, page: number): SearchVariables {
  const ids = (list: readonly { id: number }[]) => (list.length ? list.map((x) => x.id) : undefined);
  const vars: SearchVariables = {
    page,
    perPage: clampPerPage(p.perPage),
    type: p.kind,
    sort: [p.sort === 'OLDEST' ? 'ID' : 'ID_DESC'],
    withReplies: p.preloadReplies,
    isFollowing: p.feed === 'FOLLOWING' ? true : undefined,
    hasReplies: p.hasReplies ? true : undefined,
    userId_in: ids(p.kind === 'MESSAGE' ? p.recipients : p.users),
    messengerId_in: p.kind === 'MESSAGE' ? ids(p.messengers) : undefined,
    mediaId_in: p.kind === 'MEDIA_LIST' ? ids(p.media) : undefined,
    createdAt_greater: dateToTimestamp(p.after),
    createdAt_lesser: dateToTimestamp(p.before),
  };
  for (const key of Object.keys(vars) as (keyof SearchVariables)[]) if (vars[key] === undefined) delete vars[key];
  return vars;
}

// ---------------------------------------------------------------------------------------------
// Documents

const USER = 'id name avatar { large } donatorTier donatorBadge moderatorRoles';
/** The fields of activities.ts's Reply (its REPLY_FIELDS), fetched with the activities only when preloading. */
const REPLIES = `replies @include(if: $withReplies) { id text html: text(asHtml: true) createdAt likeCount isLiked user { ${USER} } likes { name avatar { large } } }`;

/** An activity as our activity entries show it, with its replies when they were preloaded. */
export type FoundActivity = Activity & { replies?: (Reply | null)[] | null };

export interface SearchPage {
  Page: {
    pageInfo: { currentPage: number | null; hasNextPage: boolean | null; total: number | null };
    activities: (FoundActivity | null)[] | null;
  } | null;
}

export const searchActivities = query<SearchPage, SearchVariables>(
  `query SearchActivities($page: Int, $perPage: Int, $type: ActivityType, $sort: [ActivitySort], $withReplies: Boolean!,
      $isFollowing: Boolean, $hasReplies: Boolean, $userId_in: [Int], $messengerId_in: [Int], $mediaId_in: [Int],
      $createdAt_greater: Int, $createdAt_lesser: Int) {
    Page(page: $page, perPage: $perPage) {
      pageInfo { currentPage hasNextPage total }
      activities(type: $type, sort: $sort, isFollowing: $isFollowing, hasReplies: $hasReplies, userId_in: $userId_in,
          messengerId_in: $messengerId_in, mediaId_in: $mediaId_in, createdAt_greater: $createdAt_greater, createdAt_lesser: $createdAt_lesser) {
        ${ACTIVITY_FIELDS}
        ... on TextActivity { ${REPLIES} }
        ... on ListActivity { ${REPLIES} }
        ... on MessageActivity { ${REPLIES} }
      }
    }
  }`,
  { lifetime: FRESH },
);

/** The media of an /anime/{id} or /manga/{id} page, to prefill the search. */
export const mediaById = query<{ Media: MediaSearchResult | null }, { id: number }>(
  `query ActivitySearchMedia($id: Int) { Media(id: $id) { id type title { userPreferred } coverImage { large } startDate { year } episodes chapters } }`,
  { lifetime: FRESH },
);

// ---------------------------------------------------------------------------------------------
// Showing results

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Server HTML as one line of plain text (shown as text, never as markup). */
export function htmlToText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (all, name: string) => {
      const named = name.toLowerCase();
      if (Object.hasOwn(ENTITIES, named)) return ENTITIES[named]!;
      const code = name[0] === '#' ? (name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)) : NaN;
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Who did it and what, for a compact row and the local filter. */
export function summarize(a: FoundActivity): { who: string; what: string } {
  switch (a.__typename) {
    case 'TextActivity':
      return { who: a.user?.name ?? 'someone', what: htmlToText(a.html ?? a.text) };
    case 'MessageActivity':
      return { who: `${a.messenger?.name ?? 'someone'} → ${a.recipient?.name ?? 'someone'}`, what: htmlToText(a.html ?? a.message) };
    case 'ListActivity':
      return { who: a.user?.name ?? 'someone', what: `${statusText(a.status, a.progress)} ${a.media?.title?.userPreferred ?? ''}`.trim() };
  }
}

// ---------------------------------------------------------------------------------------------
// Saved searches

/** Adds a search, replacing one of the same name (case-insensitive). */
export function withSavedSearch(list: readonly SavedSearch[], name: string, params: ActivitySearchParams): SavedSearch[] {
  const clean = name.trim().slice(0, SAVED_SEARCH_NAME_MAX);
  const entry = { name: clean, params: structuredClone(params) };
  const at = list.findIndex((x) => x.name.toLowerCase() === clean.toLowerCase());
  return at >= 0 ? list.map((x, i) => (i === at ? entry : x)) : [...list, entry].slice(-SAVED_SEARCHES_MAX);
}

export function withoutSavedSearch(list: readonly SavedSearch[], name: string): SavedSearch[] {
  return list.filter((x) => x.name.toLowerCase() !== name.toLowerCase());
}

export const savedSearchCommandId = (name: string) => `activity-search.saved.${encodeURIComponent(name.trim().toLowerCase())}`;
