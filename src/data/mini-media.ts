import { FRESH, query } from './graphql';
import { anilistPath, mediaPage } from './pages';
import { read, type ReadContext } from './swr';
import { s, type Infer } from './schema';
import { definePrunedRecord, defineKey, fixedShape } from './storage';

/**
 * MiniMedia (document 3, C14): its stored configuration, the one query behind the media overview
 * card, a 31-day cache of its answers and the card's data list. Pure apart from the store and the
 * client it is handed: no DOM.
 */

export const MINI_MEDIA_TEXTS = {
  querying: 'Querying media overview data.',
  failed: 'Failed to query media overview data.',
} as const;

/** 2.0.3's lifetime for a media overview (C18). */
export const MEDIA_CACHE_LIFETIME_MS = 31 * 24 * 3_600_000;
/** Media kept in the cache (the newest win): an overview carries a description, relations and tags. */
export const MEDIA_CACHE_MAX = 100;
/** Characters and staff the card shows (2.0.3: the first 6); the query asks for no more. */
export const MEDIA_PEOPLE = 6;
const RELATIONS_MAX = 100;
const TAGS_MAX = 200;

export const MINI_MEDIA_DEFAULTS = {
  hoverActivityTitles: true,
  hoverEmbeds: false,
  hoverRelations: false,
  hideRelations: false,
  hideCharacters: false,
  hideStaff: false,
  hideBanner: false,
  hideCover: false,
  hideTags: false,
};
export type MiniMediaConfig = typeof MINI_MEDIA_DEFAULTS;
export type MiniMediaFlag = keyof MiniMediaConfig;

/** Any value (2.0.3's stored config, with its stray `localStorage` field) as a config: each bad or missing flag takes its default. */
export function normalizeMiniMediaConfig(raw: unknown): MiniMediaConfig {
  const input = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const config = { ...MINI_MEDIA_DEFAULTS };
  for (const flag of Object.keys(config) as MiniMediaFlag[]) if (typeof input[flag] === 'boolean') config[flag] = input[flag];
  return config;
}

export const miniMediaConfigKey = defineKey({
  name: 'void-verified-mini-media-config',
  original: 'miniMediaConfig',
  cap: fixedShape,
  description: 'Mini media configuration.',
  schema: s.object(
    Object.fromEntries(Object.keys(MINI_MEDIA_DEFAULTS).map((k) => [k, s.boolean()])) as {
      [K in MiniMediaFlag]: ReturnType<typeof s.boolean>;
    },
    { defaults: MINI_MEDIA_DEFAULTS },
  ),
  defaultValue: () => ({ ...MINI_MEDIA_DEFAULTS }),
  // Version 0 is 2.0.3's config, stored without an envelope: keep what is valid.
  migrations: { 1: normalizeMiniMediaConfig },
});

// ---------------------------------------------------------------------------------------------
// The media as the card shows it

const text = s.nullable(s.string({ max: 2_000 }));
const count = s.nullable(s.number());
const date = s.nullable(s.object({ year: count, month: count, day: count }));
const person = { id: s.number(), name: text, image: text };

const overviewSchema = s.object({
  id: s.number(),
  type: s.enum(['ANIME', 'MANGA']),
  isAdult: s.boolean(),
  title: s.object({ userPreferred: text, romaji: text, english: text, native: text }),
  /** AniList's HTML; sanitised where it is shown. */
  description: s.nullable(s.string({ max: 100_000 })),
  coverImage: text,
  bannerImage: text,
  format: text,
  status: text,
  episodes: count,
  duration: count,
  chapters: count,
  volumes: count,
  averageScore: count,
  meanScore: count,
  season: text,
  seasonYear: count,
  startDate: date,
  endDate: date,
  source: text,
  genres: s.array(s.string({ max: 200 }), { max: 100 }),
  studios: s.array(s.object({ name: s.string({ max: 500 }), isMain: s.boolean() }), { max: 100 }),
  relations: s.array(s.object({ id: s.number(), type: text, title: text, coverImage: text, relationType: text, status: text }), {
    max: RELATIONS_MAX,
  }),
  characters: s.array(s.object({ ...person, role: text, voiceActor: s.nullable(s.object(person)) }), { max: MEDIA_PEOPLE }),
  staff: s.array(s.object({ ...person, role: text }), { max: MEDIA_PEOPLE }),
  tags: s.array(s.object({ name: s.string({ max: 200 }), rank: count, spoiler: s.boolean() }), { max: TAGS_MAX }),
});
export type MediaOverview = Infer<typeof overviewSchema>;

type Raw = Record<string, unknown> | null | undefined;
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'object' && x !== null) : []);
const edges = (connection: unknown) => list(obj(connection).edges);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const fuzzy = (v: unknown) =>
  typeof v === 'object' && v !== null ? { year: num(obj(v).year), month: num(obj(v).month), day: num(obj(v).day) } : null;
const personOf = (node: Raw, image: string) => ({
  id: num(obj(node).id) ?? 0,
  name: str(obj(obj(node).name).userPreferred),
  image: str(obj(obj(node).image)[image]),
});

/** The API's media as the card's MediaOverview: missing parts are null or empty; null if unusable. */
export function parseMediaOverview(raw: unknown): MediaOverview | null {
  const m = obj(raw);
  const title = obj(m.title);
  const value = {
    id: m.id,
    type: m.type,
    isAdult: m.isAdult === true,
    title: { userPreferred: str(title.userPreferred), romaji: str(title.romaji), english: str(title.english), native: str(title.native) },
    description: str(m.description),
    coverImage: str(obj(m.coverImage).large),
    bannerImage: str(m.bannerImage),
    ...Object.fromEntries(['format', 'status', 'season', 'source'].map((k) => [k, str(m[k])])),
    ...Object.fromEntries(
      ['episodes', 'duration', 'chapters', 'volumes', 'averageScore', 'meanScore', 'seasonYear'].map((k) => [k, num(m[k])]),
    ),
    startDate: fuzzy(m.startDate),
    endDate: fuzzy(m.endDate),
    genres: (Array.isArray(m.genres) ? m.genres : []).filter((g): g is string => typeof g === 'string'),
    studios: edges(m.studios).map((e) => ({ name: str(obj(e.node).name) ?? '', isMain: e.isMain === true })),
    relations: edges(m.relations)
      .filter((e) => num(obj(e.node).id) !== null)
      .slice(0, RELATIONS_MAX)
      .map((e) => {
        const node = obj(e.node);
        const cover = obj(node.coverImage);
        const coverImage = str(cover.medium) ?? str(cover.large);
        return {
          id: num(node.id)!,
          type: str(node.type),
          title: str(obj(node.title).userPreferred),
          coverImage,
          relationType: str(e.relationType),
          status: str(node.status),
        };
      }),
    characters: edges(m.characters)
      .slice(0, MEDIA_PEOPLE)
      .map((e) => {
        const actor = list(e.voiceActorRoles)[0]?.voiceActor;
        return { ...personOf(obj(e.node), 'medium'), role: str(e.role), voiceActor: actor ? personOf(obj(actor), 'medium') : null };
      }),
    staff: edges(m.staff)
      .slice(0, MEDIA_PEOPLE)
      .map((e) => ({ ...personOf(obj(e.node), 'medium'), role: str(e.role) })),
    tags: list(m.tags)
      .slice(0, TAGS_MAX)
      .map((t) => ({ name: str(t.name) ?? '', rank: num(t.rank), spoiler: t.isMediaSpoiler === true || t.isGeneralSpoiler === true }))
      .sort((a, b) => (b.rank ?? 0) - (a.rank ?? 0)),
  };
  const result = overviewSchema.parse(value);
  return result.ok ? result.value : null;
}

const IMAGE = 'image { medium }';
const NAME = 'name { userPreferred }';

/** 2.0.3's media overview query, with only the 6 characters and staff the card shows. */
export const mediaOverviewQuery = query<{ Media: unknown }, { mediaId: number; type: 'ANIME' | 'MANGA'; perPage: number }>(
  `query MediaOverview($mediaId: Int, $type: MediaType, $perPage: Int) {
    Media(id: $mediaId, type: $type) {
      id type isAdult title { userPreferred english native romaji } description coverImage { large } bannerImage
      episodes duration chapters volumes averageScore meanScore format genres status source season seasonYear
      startDate { day month year } endDate { day month year }
      studios { edges { isMain node { name id } } }
      relations { edges { relationType node { id type status title { userPreferred } coverImage { medium } } } }
      characters(sort: [ROLE, RELEVANCE, ID], perPage: $perPage) {
        edges { role node { id ${NAME} ${IMAGE} } voiceActorRoles(language: JAPANESE, sort: [RELEVANCE, ID]) { voiceActor { id ${NAME} ${IMAGE} } } }
      }
      staff(sort: [RELEVANCE, ID], perPage: $perPage) { edges { role node { id ${NAME} ${IMAGE} } } }
      tags { name rank isMediaSpoiler isGeneralSpoiler }
    }
  }`,
  { lifetime: FRESH },
);

// ---------------------------------------------------------------------------------------------
// Cache
//
// Kept here, not as a persisted read (a lifetime on mediaOverviewQuery): a read's answer lives in
// the query cache, whose cap counts the answers of every document together (300) and drops the
// soonest to expire first, so 31-day overviews (a description, relations, tags each) would be the
// last dropped and crowd out the shorter reads the other features share it with. Here a media is
// one entry by its id, at most MEDIA_CACHE_MAX of them, the newest kept. The structure test lists
// it among the stored caches outside the read layer, with this reason.

const entrySchema = s.object({ media: overviewSchema, cachedAt: s.number() });
export type MediaCacheEntry = Infer<typeof entrySchema>;
export type MediaOverviewCache = Record<string, MediaCacheEntry>;

/**
 * Overviews by media id, with when they were fetched (per device, never exported). Not under 2.0.3's
 * name (`mediaOverviewCache`): 2.0.3 keeps its cache under it in the same manager storage, as an
 * array, so an install in its place leaves it as it is, and the original, put back, still reads it.
 */
export const mediaOverviewCacheKey = definePrunedRecord({
  name: 'void-verified-palette-media-overview-cache',
  description: 'Cached media overview data.',
  max: MEDIA_CACHE_MAX,
  pruned: 'expired and the oldest',
  entry: entrySchema,
  age: (entry) => entry.cachedAt,
});

const fresh = (entry: MediaCacheEntry, now: number) => entry.cachedAt <= now && now - entry.cachedAt < MEDIA_CACHE_LIFETIME_MS;

/** The cached overview of media `id` while younger than 31 days. */
export function cachedOverview(cache: MediaOverviewCache, id: number, now: number): MediaOverview | null {
  const entry = Object.prototype.hasOwnProperty.call(cache, String(id)) ? cache[String(id)] : undefined;
  return entry && fresh(entry, now) ? entry.media : null;
}

/** The cache with `media` added and expired entries dropped (the store keeps the MEDIA_CACHE_MAX newest). */
export function withOverview(cache: MediaOverviewCache, media: MediaOverview, now: number): MediaOverviewCache {
  const live = Object.entries(cache).filter(([id, e]) => id !== String(media.id) && fresh(e, now));
  return Object.fromEntries([...live, [String(media.id), { media, cachedAt: now }]]);
}

export interface MediaRef {
  readonly id: number;
  readonly type: 'ANIME' | 'MANGA';
}

/** The media a link points at (`/anime/{id}/…`, `/manga/{id}/…`, also as a full AniList URL), or null. */
export function mediaFromHref(href: string | null, base: string): MediaRef | null {
  const path = anilistPath(href, base);
  return path === null ? null : mediaPage(path);
}

/**
 * The overview of `media`: from the cache while it is fresh, else one request (concurrent identical
 * reads share it) whose answer is cached; `querying` is called before a request. Rejects on failure.
 */
export async function loadMediaOverview(
  deps: ReadContext,
  media: MediaRef,
  opts: { querying?: () => void; signal?: AbortSignal; now?: () => number } = {},
): Promise<MediaOverview> {
  const now = opts.now ?? Date.now;
  const cached = cachedOverview(deps.store.get(mediaOverviewCacheKey), media.id, now());
  if (cached) return cached;
  opts.querying?.();
  const data = await read(
    deps,
    mediaOverviewQuery,
    { mediaId: media.id, type: media.type, perPage: MEDIA_PEOPLE },
    { signal: opts.signal },
  );
  const overview = parseMediaOverview(data.Media);
  if (!overview) throw new Error(`Unexpected media overview data for ${media.id}`);
  try {
    deps.store.update(mediaOverviewCacheKey, (cache) => withOverview(cache, overview, now()));
  } catch (error) {
    console.warn('[VoidVerified] could not cache a media overview', error);
  }
  return overview;
}

// ---------------------------------------------------------------------------------------------
// The data list

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const lower = (v: string | null) => (v === null ? null : v.toLowerCase().replace(/_/g, ' '));

/** "Mon D, YYYY", or as much of it as AniList knows ("Mar 2024", "2024"); null when it knows nothing. */
export function fuzzyDate(date: MediaOverview['startDate']): string | null {
  if (!date?.year) return null;
  const month = date.month ? MONTHS[date.month - 1] : undefined;
  if (!month) return String(date.year);
  return date.day ? `${month} ${date.day}, ${date.year}` : `${month} ${date.year}`;
}

/** An episode's length as 2.0.3 writes it: "1 min", "24 mins", "1 hour 47 mins", "2 hours". */
export function duration(minutes: number | null): string | null {
  if (minutes === null || minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return plural(rest, 'min');
  return rest ? `${plural(hours, 'hour')} ${plural(rest, 'min')}` : plural(hours, 'hour');
}

const score = (n: number | null) => (n === null ? null : `${n}%`);

/**
 * The card's data list, in 2.0.3's order, each row only when the media has its value: a media with
 * no season, score or dates shows what it has (2.0.3 stopped drawing on `season: null` and wrote
 * "null%").
 */
export function mediaFacts(media: MediaOverview): [label: string, value: string][] {
  const anime = media.type === 'ANIME';
  const movie = media.format === 'MOVIE';
  const studios = (main: boolean) =>
    media.studios
      .filter((st) => st.isMain === main)
      .map((st) => st.name)
      .join(', ') || null;
  const preferred = media.title.userPreferred;
  const other = (t: string | null) => (t && t !== preferred ? t : null);
  const rows: [string, string | number | null][] = [
    ['Format', lower(media.format)],
    ['Episodes', media.episodes],
    ['Chapters', media.chapters],
    ['Volumes', media.volumes],
    ['Duration', anime ? duration(media.duration) : null],
    ['Status', lower(media.status)],
    [movie ? 'Release Date' : 'Start Date', fuzzyDate(media.startDate)],
    ['End Date', movie ? null : fuzzyDate(media.endDate)],
    ['Season', anime && media.season ? `${media.season.toLowerCase()}${media.seasonYear ? ` ${media.seasonYear}` : ''}` : null],
    ['Average Score', score(media.averageScore)],
    ['Mean Score', score(media.meanScore)],
    ['Studios', anime ? studios(true) : null],
    ['Producers', anime ? studios(false) : null],
    ['Source', lower(media.source)],
    ['Genres', media.genres.join(', ') || null],
    ['Romaji', other(media.title.romaji)],
    ['English', other(media.title.english)],
    ['Native', other(media.title.native)],
  ];
  return rows.flatMap(([label, value]) => (value === null || value === '' ? [] : [[label, String(value)]]));
}
