import { decodeSegment, safeUrl } from './guards';

/**
 * Named checks on the host's paths: the one rule for every feature, panel and injection route.
 * - A path may carry a query or a hash: everything from the first '?' or '#' is ignored.
 * - The host's router ignores case, so fixed segments match in any case ('/Home', '/USER/x/').
 * - One trailing slash is optional ('/home' and '/home/').
 * - A user name is one segment, percent-decoded with decodeSegment (a malformed escape is kept as
 *   written); AniList's user names are case-insensitive in its URLs, so names compare that way.
 */

/** The path without its query and hash. */
const pathOf = (path: string): string => path.split(/[?#]/, 1)[0]!;

const HOME = /^\/home\/?$/i;
const NOTIFICATIONS = /^\/notifications\/?$/i;
const SETTINGS = /^\/settings(?:\/|$)/i;
const SETTINGS_DEVELOPER = /^\/settings\/developer\/?$/i;
/** /user/{name} and every tab under it; group 1 is the name as written. */
const PROFILE = /^\/user\/([^/]+)(?:\/|$)/i;
/** /user/{name} itself (the overview), not its tabs. */
const PROFILE_OVERVIEW = /^\/user\/([^/]+)\/?$/i;
/** /activity/{id}; group 1 is the id. */
const ACTIVITY = /^\/activity\/(\d{1,15})\/?$/i;
/** /anime/{id} and /manga/{id} with any tab or slug after them. */
const MEDIA = /^\/(anime|manga)\/(\d+)(?:\/|$)/i;

/** The home feed. */
export const isHome = (path: string): boolean => HOME.test(pathOf(path));

/** The notifications page. */
export const isNotifications = (path: string): boolean => NOTIFICATIONS.test(pathOf(path));

/** Any settings page (/settings and its tabs). */
export const isSettings = (path: string): boolean => SETTINGS.test(pathOf(path));

/** The settings page the product lives on (/settings/developer). */
export const isSettingsDeveloper = (path: string): boolean => SETTINGS_DEVELOPER.test(pathOf(path));

/** Two user names name the same user (AniList ignores case in user names). */
export const sameUserName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The user of a profile path (/user/{name} and its tabs), decoded; null on other pages. */
export function profileName(path: string): string | null {
  const segment = PROFILE.exec(pathOf(path))?.[1];
  return segment === undefined ? null : decodeSegment(segment);
}

/** Any page of a user's profile (the overview or one of its tabs). */
export const isProfile = (path: string): boolean => profileName(path) !== null;

/** The user of a profile overview (/user/{name} itself, no tab), decoded; null elsewhere. */
export function profileOverviewName(path: string): string | null {
  const segment = PROFILE_OVERVIEW.exec(pathOf(path))?.[1];
  return segment === undefined ? null : decodeSegment(segment);
}

/** A user's profile overview (not one of its tabs). */
export const isProfileOverview = (path: string): boolean => profileOverviewName(path) !== null;

/** Any page of the signed-in viewer's own profile; false when nobody is signed in. */
export function isOwnProfile(path: string, viewerName: string | null | undefined): boolean {
  const name = profileName(path);
  return name !== null && !!viewerName && sameUserName(name, viewerName);
}

/** The viewer is on a page of their own profile: the `when` of what only shows there. */
export const ownProfile = (ctx: { path: string; viewer: { name: string } | null }): boolean => isOwnProfile(ctx.path, ctx.viewer?.name);

/** The media id and type of an /anime/{id} or /manga/{id} page (and its tabs), or null. */
export function mediaPage(path: string): { id: number; type: 'ANIME' | 'MANGA' } | null {
  const m = MEDIA.exec(pathOf(path));
  return m ? { id: Number(m[2]), type: m[1]!.toLowerCase() === 'manga' ? 'MANGA' : 'ANIME' } : null;
}

/** The activity id of an /activity/{id} page, or null. */
export function activityPage(path: string): number | null {
  const m = ACTIVITY.exec(pathOf(path));
  return m ? Number(m[1]) : null;
}

const ANILIST_HOSTS = new Set(['anilist.co', 'www.anilist.co']);

/**
 * The AniList page a link points at (relative, on the page's origin, or a full anilist.co URL), or
 * null for another site, an address `safeUrl` refuses, or AniList's API and OAuth addresses (not
 * pages of the app). The one reader of AniList links: `anilistPath` and `anilistLocation` below.
 */
function anilistUrl(href: string | null | undefined, base: string): URL | null {
  if (safeUrl(href, 'link') === undefined) return null;
  let url: URL;
  try {
    url = new URL(href!, base);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !(ANILIST_HOSTS.has(url.hostname) || url.origin === new URL(base).origin)) return null;
  return /^\/(api|graphql)(\/|$)/.test(url.pathname) ? null : url;
}

/** The AniList path a link points at (what user and media links are read from), or null. */
export function anilistPath(href: string | null | undefined, base: string): string | null {
  return anilistUrl(href, base)?.pathname ?? null;
}

/** Where in the app a link goes, with its query and hash (what a same-tab move navigates to), or null. */
export function anilistLocation(href: string | null | undefined, base: string): string | null {
  const url = anilistUrl(href, base);
  return url && url.pathname + url.search + url.hash;
}
