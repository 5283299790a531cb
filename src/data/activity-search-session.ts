import {
  defaultParams,
  mediaById,
  searchActivities,
  searchVariables,
  summarize,
  type ActivitySearchParams,
  type FoundActivity,
  type SearchPage,
} from './activity-search';
import { quickStartConfigKey } from './config';
import { latestMediaSearchesKey } from './media-search';
import { mediaPage } from './pages';
import type { MediaSearchResult } from './documents';
import { fuzzyScore } from './fuzzy';
import type { Store as KeyStore } from './storage';
import { createStore } from './store';
import { read, type ReadContext } from './swr';

/**
 * The search the palette's ActivitySearch mode shows, as far as it is not API data: the parameters,
 * which search is listed, and where the list was scrolled to. The results are a paged read
 * (`searchPage`, through the panel's usePagedRead, kept beyond the panel) that this names by its
 * key (`listKey`). With 'preserve activity search' on, all of it survives closing the palette; with
 * it off, closing resets it. Prefilling a media page's media and the local filter over what is loaded.
 */

export const ACTIVITIES_ERROR = 'There was an error querying activities.';
export const FOLLOWING_NEEDS_AUTH =
  'The Following feed needs authorization: authorize VoidVerified in its settings, or search the Global feed.';

export interface SearchState {
  params: ActivitySearchParams;
  /** The parameters of the listed search (its pages, and Load More's, are asked with these); null: none listed. */
  searched: ActivitySearchParams | null;
  /** Which list: a new one for every search started anew, so that the read never shows an earlier one's pages. */
  list: number;
  /** Why Search asked nothing (the Following feed without a token). */
  refused: string | null;
  /** Untouched since the last reset: a media page may prefill its media. */
  pristine: boolean;
}

/** The palette, as far as the search follows it: its closing resets the search. */
export interface SearchPalette {
  state(): { open: boolean };
  subscribe(listener: () => void): () => void;
}

const fresh = (list: number): SearchState => ({
  params: defaultParams(),
  searched: null,
  list,
  refused: null,
  pristine: true,
});

/** The search's state; React reads it with useStore. */
export const activitySearch = createStore<SearchState>(fresh(0));
/** Where the result list was scrolled to (restored when the mode mounts again). */
let scrollTop = 0;
/** Bumped by every reset: a prefill answer asked before it is dropped. */
let generation = 0;

const set = (patch: Partial<SearchState>) => activitySearch.set((current) => ({ ...current, ...patch }));

export const searchScrollTop = (): number => scrollTop;
export const keepSearchScrollTop = (top: number): void => void (scrollTop = top);

/** The paged read's key for the listed search (null: none, ask nothing). */
export const listKey = (state: SearchState): number | null => (state.searched ? state.list : null);

export function resetActivitySearch(): void {
  generation++;
  scrollTop = 0;
  activitySearch.set(fresh(activitySearch.get().list + 1));
}

/** Changes some parameters; the search is no longer untouched. */
export const setSearchParams = (patch: Partial<ActivitySearchParams>): void =>
  set({ params: { ...activitySearch.get().params, ...patch }, pristine: false });

/** Clear Feed: drops the listed results, keeps the parameters. */
export const clearSearchFeed = (): void => set({ searched: null });

/** Closing the palette resets the search unless 'preserve activity search' is on. */
const watched = new WeakSet<SearchPalette>();
export function resetOnClose(palette: SearchPalette, store: KeyStore): void {
  if (watched.has(palette)) return;
  watched.add(palette);
  palette.subscribe(() => {
    if (!palette.state().open && !store.get(quickStartConfigKey).preserveActivitySearch && !activitySearch.get().pristine) {
      resetActivitySearch();
    }
  });
}

/**
 * Search: lists the current parameters from page 1. 'again' when a search was listed already (its
 * key stays: the panel reloads the list, whose pages stay shown until page 1 came); 'refused' when
 * the Following feed has no token to ask with (`refused` says so).
 */
export function startSearch(authorized: boolean): 'new' | 'again' | 'refused' {
  const { params, searched, list } = activitySearch.get();
  if (params.feed === 'FOLLOWING' && !authorized) {
    set({ refused: FOLLOWING_NEEDS_AUTH, pristine: false });
    return 'refused';
  }
  set({ searched: params, list: searched ? list : list + 1, refused: null, pristine: false });
  return searched ? 'again' : 'new';
}

/** Page `n` of the listed search (what the paged read asks); throws when the API fails. */
export async function searchPage(ctx: ReadContext, n: number, signal: AbortSignal): Promise<SearchPage> {
  const { searched } = activitySearch.get();
  if (!searched) throw new Error('no search is listed');
  return read(ctx, searchActivities, searchVariables(searched, n), { signal });
}

/** What the listed pages show: the activities (each once, when the feed shifted between pages), the total, whether Load More goes on. */
export function listedActivities(pages: readonly SearchPage[]): { feed: FoundActivity[]; total: number | null; more: boolean } {
  const seen = new Set<number>();
  const feed: FoundActivity[] = [];
  for (const a of pages.flatMap((p) => p.Page?.activities ?? [])) {
    if (a && !seen.has(a.id)) feed.push(a);
    if (a) seen.add(a.id);
  }
  const info = pages.at(-1)?.Page?.pageInfo;
  const total = info?.total ?? null;
  return { feed, total, more: !!info?.hasNextPage && (total === null || feed.length < total) };
}

/**
 * A saved search's parameters, searched anew: the mode asks page 1 when it shows (the feature's
 * command opens it).
 */
export function startSavedSearch(authorized: boolean, params: ActivitySearchParams): void {
  resetActivitySearch();
  set({ params: structuredClone(params), pristine: false });
  startSearch(authorized);
}

/**
 * On /anime/{id} and /manga/{id}, an untouched search starts with that media: at once from the
 * latest media searches when it is there, else by id, its title asked of the API. Failing to ask
 * is only logged (the search works with the id alone).
 */
export async function prefillFromPage(deps: ReadContext & { path: string }): Promise<void> {
  const page = mediaPage(deps.path);
  if (!page || !activitySearch.get().pristine) return;
  const cached = deps.store.get(latestMediaSearchesKey).find((m) => m.id === page.id);
  const media: MediaSearchResult = cached ?? {
    id: page.id,
    type: page.type,
    title: null,
    coverImage: null,
    startDate: null,
    episodes: null,
    chapters: null,
  };
  set({ params: { ...activitySearch.get().params, kind: 'MEDIA_LIST', media: [media] }, pristine: false });
  if (cached) return;
  const started = generation;
  try {
    const { Media } = await read(deps, mediaById, { id: page.id });
    if (!Media || started !== generation) return;
    const { params } = activitySearch.get();
    set({ params: { ...params, media: params.media.map((m) => (m.id === Media.id ? Media : m)) } });
  } catch (error) {
    console.error('[VoidVerified] could not preload the media of this page', error);
  }
}

/**
 * The local filter: a substring always matches, and so does every typed word found somewhere;
 * otherwise a close fuzzy match (mostly word starts and runs of letters, not a loose scatter).
 */
export function matchesFilter(query: string, text: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const t = text.toLowerCase();
  if (t.includes(q) || q.split(/\s+/).every((word) => t.includes(word))) return true;
  return fuzzyScore(q, t) >= Math.min(50, 10 + 2 * q.replace(/\s/g, '').length);
}

const summaries = new WeakMap<FoundActivity, { who: string; what: string; all: string }>();

/** Who did it and what (and both, for the filter), worked out once per result. */
export function resultSummary(a: FoundActivity): { who: string; what: string; all: string } {
  let s = summaries.get(a);
  if (!s) {
    const { who, what } = summarize(a);
    summaries.set(a, (s = { who, what, all: `${who} ${what}` }));
  }
  return s;
}

/** The loaded results the filter keeps. */
export const filterResults = (feed: readonly FoundActivity[], query: string): readonly FoundActivity[] => {
  const needle = query.trim();
  return needle ? feed.filter((a) => matchesFilter(needle, resultSummary(a).all)) : feed;
};
