import { quickStartConfigKey } from '../../data/config';
import type { Command, CommandContext, FeatureDef } from '../types';
import { userPath } from '../../data/paths';

/**
 * 'AniList Links': every AniList page path as a navigation command. Profile,
 * list and stats pages use the signed-in viewer's name from the host's auth snapshot.
 */

const SECTION = 'AniList Links';

interface Link {
  id: string;
  title: string;
  /** A path, or a function of the viewer's name for per-user pages. */
  path: string | ((name: string) => string);
  keywords?: string[];
}

const user = (suffix: string) => (name: string) => `${userPath(name)}${suffix}`;

const LINKS: Link[] = [
  { id: 'home', title: 'Home', path: '/home' },
  { id: 'notifications', title: 'Notifications', path: '/notifications' },
  { id: 'profile', title: 'Profile', path: user('') },
  { id: 'favorites', title: 'Profile: Favorites', path: user('favorites') },
  { id: 'social', title: 'Profile: Social', path: user('social') },
  { id: 'reviews-own', title: 'Profile: Reviews', path: user('reviews') },
  { id: 'submissions', title: 'Profile: Submissions', path: user('submissions') },
  ...(['overview', 'genres', 'tags', 'studios', 'staff'] as const).map((s): Link => ({
    id: `stats-anime-${s}`,
    title: `Stats: Anime ${s}`,
    path: user(`stats/anime/${s}`),
    keywords: ['statistics'],
  })),
  ...(['overview', 'genres', 'tags', 'staff'] as const).map((s): Link => ({
    id: `stats-manga-${s}`,
    title: `Stats: Manga ${s}`,
    path: user(`stats/manga/${s}`),
    keywords: ['statistics'],
  })),
  { id: 'animelist', title: 'Anime List', path: user('animelist') },
  ...['Watching', 'Planning', 'Completed', 'Rewatching', 'Paused', 'Dropped'].map((s): Link => ({
    id: `animelist-${s.toLowerCase()}`,
    title: `Anime List: ${s}`,
    path: user(`animelist/${s}`),
  })),
  { id: 'mangalist', title: 'Manga List', path: user('mangalist') },
  ...['Reading', 'Planning', 'Completed', 'Rereading', 'Paused', 'Dropped'].map((s): Link => ({
    id: `mangalist-${s.toLowerCase()}`,
    title: `Manga List: ${s}`,
    path: user(`mangalist/${s}`),
  })),
  { id: 'settings', title: 'Settings', path: '/settings' },
  ...['account', 'media', 'lists', 'notifications'].map((s): Link => ({
    id: `settings-${s}`,
    title: `Settings: ${s[0]!.toUpperCase()}${s.slice(1)}`,
    path: `/settings/${s}`,
  })),
  {
    id: 'settings-developer',
    title: 'Settings: Developer & VoidVerified',
    path: '/settings/developer',
    keywords: ['voidverified', 'options'],
  },
  ...['anime', 'manga', 'staff', 'characters'].map((s): Link => ({
    id: `search-${s}`,
    title: `Browse ${s}`,
    path: `/search/${s}`,
    keywords: ['search'],
  })),
  { id: 'anime-top-100', title: 'Browse anime: Top 100', path: '/search/anime/top-100' },
  { id: 'anime-trending', title: 'Browse anime: Trending', path: '/search/anime/trending' },
  { id: 'anime-top-movies', title: 'Browse anime: Top movies', path: '/search/anime/top-movies' },
  { id: 'manga-top-100', title: 'Browse manga: Top 100', path: '/search/manga/top-100' },
  { id: 'manga-trending', title: 'Browse manga: Trending', path: '/search/manga/trending' },
  { id: 'manga-top-manhwa', title: 'Browse manga: Top manhwa', path: '/search/manga/top-manhwa' },
  { id: 'reviews', title: 'Reviews', path: '/reviews' },
  { id: 'recommendations', title: 'Recommendations', path: '/recommendations' },
  ...['overview', 'recent', 'new', 'subscribed', 'search'].map((s): Link => ({
    id: `forum-${s}`,
    title: `Forum: ${s[0]!.toUpperCase()}${s.slice(1)}`,
    path: `/forum/${s}`,
  })),
  { id: 'apps', title: 'Apps', path: '/apps' },
  { id: 'site-stats', title: 'Site stats', path: '/site-stats' },
  { id: 'moderators', title: 'Moderators', path: '/moderators' },
  { id: 'terms', title: 'Terms', path: '/terms' },
];

/** '/settings/account' → 'settings'; '/user/Name/animelist' → 'user/name'. */
function sectionOf(path: string): string {
  const parts = path.toLowerCase().split('/').filter(Boolean);
  return parts[0] === 'user' ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
}

const linksShown = (ctx: CommandContext) => ctx.store.get(quickStartConfigKey).anilistLinksEnabled;

function toCommand(link: Link): Command {
  const perUser = typeof link.path === 'function';
  const target = (ctx: CommandContext) => (typeof link.path === 'function' ? link.path(ctx.viewer!.name) : link.path);
  return {
    id: `anilist-links.${link.id}`,
    title: link.title,
    section: SECTION,
    keywords: ['go', 'open', ...(link.keywords ?? [])],
    when: (ctx) => linksShown(ctx) && (!perUser || ctx.viewer !== null),
    reads: [quickStartConfigKey],
    hint: (ctx) => target(ctx),
    // On a settings page the other settings pages come first; on your profile, your lists and stats.
    relevant: (ctx) => {
      if (perUser && !ctx.viewer) return false;
      const here = sectionOf(ctx.path);
      const there = sectionOf(target(ctx));
      return here !== '' && here === there && target(ctx).replace(/\/$/, '') !== ctx.path.replace(/\/$/, '');
    },
    run: (ctx) => ctx.route.navigate(target(ctx)),
  };
}

export const anilistLinks: FeatureDef = {
  id: 'anilist-links',
  title: 'AniList Links',
  category: 'misc',
  description: 'Go to any AniList page from the palette.',
  commands: LINKS.map(toCommand),
};
