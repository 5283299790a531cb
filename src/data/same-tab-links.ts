import { safeUrl } from './guards';

const ANILIST_HOSTS = new Set(['anilist.co', 'www.anilist.co']);

/** The in-app path of a link to an AniList page (anilist.co or the page's own origin), or null for other sites. */
export function anilistPath(href: string | null | undefined, origin: string): string | null {
  const safe = safeUrl(href, 'link');
  if (safe === undefined) return null;
  try {
    const url = new URL(safe, origin);
    if (!/^https?:$/.test(url.protocol) || !(ANILIST_HOSTS.has(url.hostname) || url.origin === origin)) return null;
    if (/^\/(api|graphql)(\/|$)/.test(url.pathname)) return null; // not pages of the app
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
