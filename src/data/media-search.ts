import type { MediaSearchResult } from './documents';
import { s, type Schema } from './schema';
import { definePrunedList } from './storage';

/**
 * The media search box's history and picking, shared by activity search and the reply panel: the
 * latest media picked (most recent first, unique by id) and how a pick changes a selection. Pure: no DOM.
 */

export const MEDIA_CACHE_SIZE = 10;

const url = () => s.nullable(s.string({ max: 2000 }));

export const mediaSchema: Schema<MediaSearchResult> = s.object(
  {
    id: s.number({ int: true, min: 1 }),
    type: s.nullable(s.enum(['ANIME', 'MANGA'])),
    title: s.nullable(s.object({ userPreferred: s.nullable(s.string({ max: 500 })) })),
    coverImage: s.nullable(s.object({ large: url() })),
    startDate: s.nullable(s.object({ year: s.nullable(s.number({ int: true })) })),
    episodes: s.nullable(s.number()),
    chapters: s.nullable(s.number()),
  },
  { defaults: { type: null, title: null, coverImage: null, startDate: null, episodes: null, chapters: null } },
);

/** The latest media searches (10, most recent first, unique by id). */
export const latestMediaSearchesKey = definePrunedList<MediaSearchResult>({
  name: 'void-verified-activity-search-media-cache',
  description: 'The latest media picked in search boxes.',
  max: MEDIA_CACHE_SIZE,
  pruned: 'the least recently picked',
  item: mediaSchema,
  newest: 'first',
});

/** `media` as the most recent (first), no duplicates by id; the store keeps the 10 most recent. */
export function rememberMedia(cache: readonly MediaSearchResult[], media: MediaSearchResult): MediaSearchResult[] {
  return [media, ...cache.filter((m) => m.id !== media.id)];
}

/** Multiple selection toggles a media (unique by id); single selection replaces it. */
export function pickMedia(selected: readonly MediaSearchResult[], media: MediaSearchResult, multiple: boolean): MediaSearchResult[] {
  if (!multiple) return [media];
  return selected.some((m) => m.id === media.id) ? selected.filter((m) => m.id !== media.id) : [...selected, media];
}
