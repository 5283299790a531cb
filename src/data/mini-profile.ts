import { FRESH, query } from './graphql';
import { anilistPath, profileOverviewName } from './pages';
import { read, type ReadContext } from './swr';
import { s, type Infer, type Schema } from './schema';
import { definePrunedRecord, defineKey, fixedShape } from './storage';
import { NAMED_COLORS, profileColorToTriple } from './colors';

/**
 * The mini profile: its stored configuration, the
 * one query behind the hover card, and a 12-hour cache of its answers. Pure apart from the store
 * and the client it is handed: no DOM.
 */

export const CACHE_LIFETIME_MS = 12 * 3_600_000;
/** Users kept in the cache (the newest win); bios can be long, so the cache stays small. */
export const CACHE_MAX_USERS = 50;
export const FAVOURITES_MIN = 1;
export const FAVOURITES_MAX = 25;

export const MINI_PROFILE_POSITIONS = ['top', 'center', 'bottom'] as const;
export type MiniProfilePosition = (typeof MINI_PROFILE_POSITIONS)[number];

export const MINI_PROFILE_DEFAULTS = {
  numberOfFavourites: 6,
  position: 'bottom' as MiniProfilePosition,
  hoverTags: true,
  /** 2.0.3's: the actor's name in a notification (AniList's list, our feed, quick access) shows the card too. */
  hoverNotifications: false,
  displayBio: true,
  displayAnime: true,
  displayManga: true,
  displayCharacters: false,
  displayStaff: false,
};
export type MiniProfileConfig = typeof MINI_PROFILE_DEFAULTS;
type Flag = { [K in keyof MiniProfileConfig]: MiniProfileConfig[K] extends boolean ? K : never }[keyof MiniProfileConfig];
const FLAGS = Object.keys(MINI_PROFILE_DEFAULTS).filter(
  (k): k is Flag => typeof MINI_PROFILE_DEFAULTS[k as keyof MiniProfileConfig] === 'boolean',
);

/** A whole number of favourites within the slider's range. */
export function clampFavourites(value: number): number {
  if (!Number.isFinite(value)) return MINI_PROFILE_DEFAULTS.numberOfFavourites;
  return Math.min(FAVOURITES_MAX, Math.max(FAVOURITES_MIN, Math.round(value)));
}

/** Any value (the original's stored config, say) as a config: each bad or missing field takes its default. */
export function normalizeConfig(raw: unknown): MiniProfileConfig {
  const input = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const config = { ...MINI_PROFILE_DEFAULTS };
  const n = typeof input.numberOfFavourites === 'string' ? Number(input.numberOfFavourites) : input.numberOfFavourites;
  if (typeof n === 'number' && Number.isFinite(n)) config.numberOfFavourites = clampFavourites(n);
  if (MINI_PROFILE_POSITIONS.includes(input.position as MiniProfilePosition)) config.position = input.position as MiniProfilePosition;
  for (const flag of FLAGS) if (typeof input[flag] === 'boolean') config[flag] = input[flag];
  return config;
}

const flag = s.boolean();
export const miniProfileConfigKey = defineKey({
  name: 'void-verified-mini-profile-config',
  original: 'miniProfileConfig',
  cap: fixedShape,
  description: 'Mini profile configuration.',
  schema: s.object(
    {
      numberOfFavourites: s.number({ min: FAVOURITES_MIN, max: FAVOURITES_MAX, int: true }),
      position: s.enum(MINI_PROFILE_POSITIONS),
      hoverTags: flag,
      hoverNotifications: flag,
      displayBio: flag,
      displayAnime: flag,
      displayManga: flag,
      displayCharacters: flag,
      displayStaff: flag,
    },
    { defaults: MINI_PROFILE_DEFAULTS },
  ),
  defaultValue: () => ({ ...MINI_PROFILE_DEFAULTS }),
  // Version 0 is the original's config, stored without an envelope: keep what is valid.
  migrations: { 1: normalizeConfig },
});

// ---------------------------------------------------------------------------------------------
// The user as the mini profile query's answer holds it

const text = s.nullable(s.string({ max: 2_000 }));
const mediaNode = s.object({
  id: s.number(),
  type: s.nullable(s.enum(['ANIME', 'MANGA'])),
  title: s.nullable(s.object({ userPreferred: text })),
  coverImage: s.nullable(s.object({ large: text })),
  isFavourite: s.nullable(s.boolean()),
});
const personNode = s.object({
  id: s.number(),
  name: s.nullable(s.object({ userPreferred: text })),
  image: s.nullable(s.object({ large: text })),
  isFavourite: s.nullable(s.boolean()),
});
const nodes = <T>(node: Schema<T>) => s.object({ nodes: s.array(node, { max: FAVOURITES_MAX }) });

const userSchema = s.object({
  name: s.string({ max: 100 }),
  avatar: s.nullable(s.object({ large: text })),
  bannerImage: text,
  options: s.nullable(s.object({ profileColor: text })),
  donatorTier: s.nullable(s.number()),
  donatorBadge: text,
  isFollower: s.nullable(s.boolean()),
  isFollowing: s.nullable(s.boolean()),
  /** Rendered HTML (asHtml); sanitised where it is shown. */
  about: s.nullable(s.string({ max: 500_000 })),
  favourites: s.object({ anime: nodes(mediaNode), manga: nodes(mediaNode), characters: nodes(personNode), staff: nodes(personNode) }),
});
export type MiniProfileUser = Infer<typeof userSchema>;
export type MediaFavourite = Infer<typeof mediaNode>;
export type PersonFavourite = Infer<typeof personNode>;

/** The API's user as a MiniProfileUser: null nodes and connections become empty lists; null if unusable. */
export function parseMiniProfile(raw: unknown): MiniProfileUser | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const user = raw as Record<string, unknown>;
  const favourites = (user.favourites ?? {}) as Record<string, { nodes?: unknown[] | null } | null>;
  const list = (kind: string) => ({ nodes: (favourites[kind]?.nodes ?? []).filter((n) => n !== null).slice(0, FAVOURITES_MAX) });
  const result = userSchema.parse({
    ...user,
    favourites: { anime: list('anime'), manga: list('manga'), characters: list('characters'), staff: list('staff') },
  });
  return result.ok ? result.value : null;
}

const MEDIA = 'id type title { userPreferred } coverImage { large } isFavourite';
const PERSON = 'id name { userPreferred } image { large } isFavourite';

/** The user by name with their favourites (page 1, perPage of each kind). */
export const miniProfileQuery = query<{ User: unknown }, { name: string; perPage: number }>(
  `query MiniProfile($name: String, $perPage: Int) {
    User(name: $name) {
      name avatar { large } bannerImage options { profileColor } donatorTier donatorBadge isFollower isFollowing
      about(asHtml: true)
      favourites {
        anime(page: 1, perPage: $perPage) { nodes { ${MEDIA} } }
        manga(page: 1, perPage: $perPage) { nodes { ${MEDIA} } }
        characters(page: 1, perPage: $perPage) { nodes { ${PERSON} } }
        staff(page: 1, perPage: $perPage) { nodes { ${PERSON} } }
      }
    }
  }`,
  { lifetime: FRESH },
);

// ---------------------------------------------------------------------------------------------
// Cache
//
// Kept here, not as a persisted read (a lifetime on miniProfileQuery): the read layer keeps an
// answer for the exact variables it was asked with, and this cache answers by more than that.
// - An answer fetched with more favourites serves a card that shows fewer (perPage 10 serves 6);
//   the read layer would send the request again for every smaller slider setting.
// - A user is one entry whatever the case of the link's name (/user/akira/ and /user/Akira/); the
//   read layer keys by the name as asked, so each spelling would be a request and an entry.
// - At most CACHE_MAX_USERS users, the newest kept: an answer carries the rendered bio (up to
//   500,000 characters). The query cache's cap counts answers of every document together (300)
//   and drops the soonest to expire first, so 12-hour profiles would be the last dropped and could
//   fill the storage the other reads share.
// The structure test lists it among the stored caches outside the read layer, with this reason.

const entrySchema = s.object({ user: userSchema, cachedAt: s.number(), perPage: s.number() });
export type CacheEntry = Infer<typeof entrySchema>;
export type MiniProfileCache = Record<string, CacheEntry>;

/** Answers by lower-case user name, with when they were fetched (per device, never exported). */
export const miniProfileCacheKey = definePrunedRecord<CacheEntry>({
  name: 'void-verified-mini-profile-cache',
  original: 'miniProfileCache',
  description: 'Cached mini profile data.',
  max: CACHE_MAX_USERS,
  pruned: 'expired and the oldest',
  readMax: CACHE_MAX_USERS * 2,
  entry: entrySchema,
  age: (entry) => entry.cachedAt,
});

const cacheId = (name: string) => name.trim().toLowerCase();

/** The cached user when younger than the lifetime and fetched with at least `perPage` favourites. */
export function cachedProfile(cache: MiniProfileCache, name: string, perPage: number, now: number): MiniProfileUser | null {
  const entry = Object.prototype.hasOwnProperty.call(cache, cacheId(name)) ? cache[cacheId(name)] : undefined;
  if (!entry || now - entry.cachedAt >= CACHE_LIFETIME_MS || now < entry.cachedAt || entry.perPage < perPage) return null;
  return entry.user;
}

/** The cache with `user` added and expired entries dropped (the store keeps the CACHE_MAX_USERS newest). */
export function withProfile(cache: MiniProfileCache, name: string, user: MiniProfileUser, perPage: number, now: number): MiniProfileCache {
  const live = Object.entries(cache).filter(([id, e]) => id !== cacheId(name) && now - e.cachedAt < CACHE_LIFETIME_MS && e.cachedAt <= now);
  return Object.fromEntries([...live, [cacheId(name), { user, cachedAt: now, perPage }]]);
}

/**
 * The mini profile of `name` with `perPage` favourites of each kind: from the cache while it is
 * fresh, else one request (concurrent identical reads share it) whose answer is cached. Rejects on
 * failure.
 */
export async function loadMiniProfile(
  deps: ReadContext,
  name: string,
  perPage: number,
  now: () => number = Date.now,
): Promise<MiniProfileUser> {
  const cached = cachedProfile(deps.store.get(miniProfileCacheKey), name, perPage, now());
  if (cached) return cached;
  const data = await read(deps, miniProfileQuery, { name, perPage });
  const user = parseMiniProfile(data.User);
  if (!user) throw new Error(`Unexpected mini profile data for ${name}`);
  try {
    deps.store.update(miniProfileCacheKey, (cache) => withProfile(cache, name, user, perPage, now()));
  } catch (error) {
    console.warn('[VoidVerified] could not cache a mini profile', error);
  }
  return user;
}

/** A profile colour (named or hex) as "r, g, b"; the site blue when missing or unreadable. */
export function miniProfileColor(color: string | null | undefined): string {
  return profileColorToTriple(color) ?? NAMED_COLORS.get('blue')!;
}

/** The user name a link points at (`/user/{name}/`, also as a full AniList URL), or null. */
export function userNameFromHref(href: string | null, base: string): string | null {
  const path = anilistPath(href, base);
  const name = path === null ? undefined : profileOverviewName(path)?.trim();
  return name !== undefined && /^[\w.-]{1,64}$/.test(name) ? name : null;
}

export const MINI_PROFILE_TEXTS = { failed: (name: string) => `Failed to query mini profile data for ${name}` };
