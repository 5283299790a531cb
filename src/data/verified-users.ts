import { API_ERROR_TEXTS, wrapFailure } from './api-errors';
import { hexToTriple, profileColorToTriple } from './colors';
import { FRESH, query, type GraphQLClient, type QueryDocument } from './graphql';
import { safeUrl } from './guards';
import { sameUserName } from './pages';
import { read, readsFor, type ReadContext } from './swr';
import { s } from './schema';
import { defineKey, type Store, fixedShape, refusedPast } from './storage';

/**
 * Verified users: the stored list, the rules that resolve each
 * user's features and colour, and the one batched query that refreshes their profile data.
 * Pure: no DOM, no storage side effects.
 */

export interface VerifiedUser {
  username: string;
  id: number | null;
  avatar: string | null;
  banner: string | null;
  /** "r, g, b" from the profile colour. */
  color: string | null;
  lastFetch: number | null;
  /** Empty means the default sign. */
  sign: string;
  /** '#rrggbb', or '' for none. */
  colorOverride: string;
  copyColorFromProfile: boolean;
  enabledForUsername: boolean;
  highlightEnabled: boolean;
  highlightEnabledForReplies: boolean;
  colorUserActivity: boolean;
  colorUserReplies: boolean;
  quickAccessEnabled: boolean;
  quickAccessBadge: boolean;
  quickAccessBadgeDisplay: boolean;
}

/** Per-user switches; each combines with the global option of the same name. */
export const USER_FLAGS = [
  'copyColorFromProfile',
  'enabledForUsername',
  'highlightEnabled',
  'highlightEnabledForReplies',
  'colorUserActivity',
  'colorUserReplies',
  'quickAccessEnabled',
  'quickAccessBadge',
] as const;
export type UserFlag = (typeof USER_FLAGS)[number];

export const USER_FLAG_LABELS: Record<UserFlag, string> = {
  copyColorFromProfile: 'Copy colour from profile',
  enabledForUsername: 'Sign after username',
  highlightEnabled: 'Highlight activities',
  highlightEnabledForReplies: 'Highlight replies',
  colorUserActivity: 'Colour activity links',
  colorUserReplies: 'Colour reply links',
  quickAccessEnabled: 'Quick access',
  quickAccessBadge: 'Quick access badge',
};

const USER_DEFAULTS: Omit<VerifiedUser, 'username'> = {
  id: null,
  avatar: null,
  banner: null,
  color: null,
  lastFetch: null,
  sign: '',
  colorOverride: '',
  copyColorFromProfile: false,
  enabledForUsername: false,
  highlightEnabled: false,
  highlightEnabledForReplies: false,
  colorUserActivity: false,
  colorUserReplies: false,
  quickAccessEnabled: false,
  quickAccessBadge: false,
  quickAccessBadgeDisplay: false,
};

const flag = s.boolean();
const userSchema = s.object(
  {
    username: s.string({ min: 1, max: 64 }),
    id: s.nullable(s.number({ int: true, min: 1 })),
    avatar: s.nullable(s.string({ max: 2048 })),
    banner: s.nullable(s.string({ max: 2048 })),
    color: s.nullable(s.string({ max: 32 })),
    lastFetch: s.nullable(s.number({ min: 0 })),
    sign: s.string({ max: 32 }),
    colorOverride: s.string({ max: 16 }),
    copyColorFromProfile: flag,
    enabledForUsername: flag,
    highlightEnabled: flag,
    highlightEnabledForReplies: flag,
    colorUserActivity: flag,
    colorUserReplies: flag,
    quickAccessEnabled: flag,
    quickAccessBadge: flag,
    quickAccessBadgeDisplay: flag,
  },
  // The original left fields undefined until set (and stored null for some): defaults fill them.
  { defaults: USER_DEFAULTS, keepUnknown: true },
);

/** The original's key and shape, so its list keeps working. */
export const verifiedUsersKey = defineKey({
  name: 'void-verified-users',
  original: 'verifiedUSers',
  cap: refusedPast(1000, 'users'),
  description: 'Verified users and their options.',
  schema: s.array(userSchema, { max: 1000 }),
  defaultValue: () => [] as VerifiedUser[],
  migrations: {
    // The original stored null for unset strings and numbers; normalise them to our defaults.
    1: (old) =>
      Array.isArray(old)
        ? old.map((u) => {
            if (typeof u !== 'object' || u === null) return u;
            const out: Record<string, unknown> = { ...(u as Record<string, unknown>) };
            for (const key of ['sign', 'colorOverride'] as const) if (out[key] === null || out[key] === undefined) out[key] = '';
            for (const key of Object.keys(out))
              if (out[key] === null && typeof USER_DEFAULTS[key as keyof typeof USER_DEFAULTS] === 'boolean') out[key] = false;
            // The original stored when it last fetched the profile as a Date, which JSON writes as an ISO string.
            if (typeof out.lastFetch === 'string') {
              const at = Date.parse(out.lastFetch);
              out.lastFetch = Number.isFinite(at) ? at : null;
            }
            return out;
          })
        : old,
  },
});

export const DEFAULT_SIGN = '✔';
/** The site blue used when a user has no colour. */
export const DEFAULT_COLOR = '120, 180, 255';
/** Profile data is refreshed when older than this (15 minutes). */
export const REFRESH_MS = 15 * 60_000;

/** The global options these rules read (settings by key). */
export interface GlobalOptions {
  get(key: string): boolean | string | number;
}

/** A feature applies when the global switch or the user's own flag is on. */
export function userHas(user: VerifiedUser, key: UserFlag, global: GlobalOptions): boolean {
  return global.get(key) === true || user[key] === true;
}

/** The quick access users: every verified user while the global switch is on, else those flagged (the original's rule). */
export function quickAccessUsers(users: readonly VerifiedUser[], global: GlobalOptions): VerifiedUser[] {
  return users.filter((u) => userHas(u, 'quickAccessEnabled', global));
}

/** Colour: the override, else the profile colour when copying is on, else the default. */
export function resolveColor(user: VerifiedUser, global: GlobalOptions): string {
  const override = user.colorOverride ? hexToTriple(user.colorOverride) : null;
  if (override) return override;
  if (userHas(user, 'copyColorFromProfile', global) && user.color) return user.color;
  if (global.get('useDefaultHighlightColor') === true) return hexToTriple(String(global.get('defaultHighlightColor'))) ?? DEFAULT_COLOR;
  return DEFAULT_COLOR;
}

export function resolveSign(user: VerifiedUser, global: GlobalOptions): string {
  const own = user.sign.trim();
  if (own) return own;
  const fallback = String(global.get('defaultSign') ?? '').trim();
  return fallback || DEFAULT_SIGN;
}

export function findUser(users: readonly VerifiedUser[], name: string): VerifiedUser | undefined {
  return users.find((u) => sameUserName(u.username, name));
}

/** Adds a user by name; unchanged (same array) when the name is already there, in any case. */
export function addUser(users: readonly VerifiedUser[], name: string): VerifiedUser[] {
  const username = name.trim();
  if (!username || findUser(users, username)) return users as VerifiedUser[];
  return [...users, { username, ...USER_DEFAULTS }];
}

export function removeUser(users: readonly VerifiedUser[], name: string): VerifiedUser[] {
  return users.filter((u) => !sameUserName(u.username, name));
}

export function setUserField<K extends keyof VerifiedUser>(
  users: readonly VerifiedUser[],
  name: string,
  key: K,
  value: VerifiedUser[K],
): VerifiedUser[] {
  return users.map((u) => (sameUserName(u.username, name) ? { ...u, [key]: value } : u));
}

export interface ApiUser {
  id: number;
  name: string;
  avatar: { large: string | null } | null;
  bannerImage: string | null;
  options: { profileColor: string | null } | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** An image address from the API as the list stores it (an http(s) URL of at most 2,048 characters), else null. */
const apiImage = (value: unknown) => (typeof value === 'string' && value.length <= 2048 && safeUrl(value, 'image') ? value : null);

/**
 * A user as the API answered, checked against what the list may store: a positive integer id,
 * a name of 1 to 64 characters, image addresses, a profile colour of the documented set (others
 * are null). Null when the id or the name is unusable: one odd answer cannot make every later
 * save of the list fail (it is saved whole, and refused whole when a value does not fit).
 */
export function checkedApiUser(raw: unknown): ApiUser | null {
  if (!isObject(raw)) return null;
  const { id, name } = raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
  if (typeof name !== 'string' || name.length < 1 || name.length > 64) return null;
  const avatar = isObject(raw.avatar) ? { large: apiImage(raw.avatar.large) } : null;
  const color = isObject(raw.options) ? raw.options.profileColor : null;
  return {
    id,
    name,
    avatar,
    bannerImage: apiImage(raw.bannerImage),
    options: { profileColor: profileColorToTriple(color) === null ? null : (color as string) },
  };
}

/**
 * Merges fresh API data into the list: matched by id, else by name (case-insensitive). The badge
 * is raised when avatar, colour, banner or name changed and the badge feature is on globally or
 * for that user (not on a user's first fetch: nothing changed then, it was unknown).
 */
export function updateFromApi(
  users: readonly VerifiedUser[],
  fresh: readonly ApiUser[],
  global: GlobalOptions,
  now: number,
): VerifiedUser[] {
  return users.map((user) => {
    const api = fresh.find((f) => user.id !== null && f.id === user.id) ?? fresh.find((f) => sameUserName(f.name, user.username));
    if (!api) return user;
    const next: VerifiedUser = {
      ...user,
      id: api.id,
      username: api.name,
      avatar: api.avatar?.large ?? null,
      banner: api.bannerImage ?? null,
      color: profileColorToTriple(api.options?.profileColor) ?? user.color,
      lastFetch: now,
    };
    const known = user.lastFetch !== null;
    const changed =
      known && (next.avatar !== user.avatar || next.banner !== user.banner || next.color !== user.color || next.username !== user.username);
    if (changed && userHas(user, 'quickAccessBadge', global)) next.quickAccessBadgeDisplay = true;
    return next;
  });
}

/** Users whose data is missing or older than the refresh interval. */
export function staleUsers(users: readonly VerifiedUser[], now: number, maxAge = REFRESH_MS): VerifiedUser[] {
  return users.filter((u) => u.lastFetch === null || now - u.lastFetch >= maxAge);
}

const USER_FIELDS = 'id name avatar { large } bannerImage options { profileColor }';
/** Users per request: one aliased query asks for all of them. */
export const USERS_PER_QUERY = 25;

/**
 * One request for many users: `u0: User(id: $u0) {...} u1: User(name: $u1) {...}`. A user known
 * by id is asked by id (names change), otherwise by name.
 */
export function verifiedUsersQuery(users: readonly Pick<VerifiedUser, 'id' | 'username'>[]): {
  doc: QueryDocument<Record<string, ApiUser | null>, Record<string, number | string>>;
  variables: Record<string, number | string>;
} {
  const params: string[] = [];
  const fields: string[] = [];
  const variables: Record<string, number | string> = {};
  users.forEach((u, i) => {
    const byId = u.id !== null;
    params.push(`$u${i}: ${byId ? 'Int' : 'String'}`);
    fields.push(`u${i}: User(${byId ? 'id' : 'name'}: $u${i}) { ${USER_FIELDS} }`);
    variables[`u${i}`] = byId ? u.id! : u.username;
  });
  return {
    doc: query(`query VerifiedUsers(${params.join(', ')}) { ${fields.join(' ')} }`, { lifetime: FRESH, partial: true }),
    variables,
  };
}

/** One user by name (adding a user). */
export const userByName = query<{ User: ApiUser | null }, { name: string }>(
  `query VerifiedUser($name: String) { User(name: $name) { ${USER_FIELDS} } }`,
  { lifetime: FRESH },
);

/** One user by name; a failure (or no such user) is 'Failed to query user from host API'. */
export function queryUser(ctx: ReadContext, name: string): Promise<ApiUser> {
  return wrapFailure(API_ERROR_TEXTS.queryUser, async () => {
    const { User } = await read(ctx, userByName, { name });
    const user = checkedApiUser(User);
    if (!user) throw new Error('no such user');
    return user;
  });
}

/** When Quick Access was last refreshed (per device). */
export const quickAccessFetchKey = defineKey({
  name: 'void-verified-quick-access-last-fetch',
  cap: fixedShape,
  description: 'When quick access users were last refreshed.',
  schema: s.nullable(s.number({ min: 0 })),
  defaultValue: () => null as number | null,
  exported: false,
});

/** "12 minutes" above one minute (rounded up), else "40 seconds" or "1 second". */
export function timeUntil(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds > 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutes`;
  }
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** Asks for many users in as few requests as possible (USERS_PER_QUERY each). Missing users are skipped. */
export async function fetchUsers(ctx: ReadContext, users: readonly Pick<VerifiedUser, 'id' | 'username'>[]): Promise<ApiUser[]> {
  const out: ApiUser[] = [];
  for (let i = 0; i < users.length; i += USERS_PER_QUERY) {
    const { doc, variables } = verifiedUsersQuery(users.slice(i, i + USERS_PER_QUERY));
    const data = await read(ctx, doc, variables);
    for (const value of Object.values(data)) {
      const user = checkedApiUser(value);
      if (user) out.push(user);
    }
  }
  return out;
}

/** What the actions below need: storage, the API client and the global options. */
export interface VerifiedServices {
  store: Store;
  client: GraphQLClient;
  settings: GlobalOptions;
}

/** Adds `username` to the list; false (nothing changes) when it is already there, in any case. */
export function addVerifiedUser(store: Store, username: string): boolean {
  const before = store.get(verifiedUsersKey);
  if (findUser(before, username)) return false;
  store.set(verifiedUsersKey, addUser(before, username));
  return true;
}

/**
 * Fetches a just-added user's profile data into the list. A failure rejects with 'Failed to query
 * user from host API' and keeps the user listed: the next refresh tries again.
 */
export async function fetchNewUser(services: VerifiedServices, username: string, now = Date.now()): Promise<void> {
  const user = await queryUser(services, username);
  services.store.update(verifiedUsersKey, (users) => updateFromApi(users, [user], services.settings, now));
}

/** Refreshes of the list take turns under this key (see `refreshUsers`). */
const REFRESH_TURN = 'verified users refresh';

/**
 * Refreshes the given users' profile data in one batched query; rejects when it failed.
 * Refreshes never overlap: a call waits for the one in flight, then skips users it updated.
 */
export function refreshUsers(services: VerifiedServices, which: readonly VerifiedUser[], clock: () => number = Date.now): Promise<void> {
  const asked = clock();
  return readsFor(services).inTurn(REFRESH_TURN, async () => {
    const current = services.store.get(verifiedUsersKey);
    const todo = which.filter((w) => {
      const user = findUser(current, w.username);
      return user !== undefined && (user.lastFetch === null || user.lastFetch < asked);
    });
    if (!todo.length) return;
    const fresh = await fetchUsers(services, todo);
    services.store.update(verifiedUsersKey, (users) => updateFromApi(users, fresh, services.settings, clock()));
  });
}

/** What the verified users feature says, as the spec words it (verifying, removing, refreshing). */
export const VERIFIED_USERS_TEXTS = {
  alreadyVerified: (username: string) => `${username} is already verified.`,
  querying: (username: string) => `Querying ${username}.`,
  queryNewFailed: 'Failed to query new user.',
  removed: (username: string) => `Removed ${username} from verified users.`,
  refreshFailed: 'Failed to query verified users.',
  updated: 'Verified users updated.',
} as const;
