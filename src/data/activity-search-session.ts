import {
  defaultParams,
  mediaById,
  searchActivities,
  searchVariables,
  summarize,
  type ActivitySearchParams,
  type FoundActivity,
} from './activity-search';
import { attempt } from './api-errors';
import { quickStartConfigKey } from './config';
import { latestMediaSearchesKey } from './media-search';
import { mediaPage } from './pages';
import type { MediaSearchResult } from './documents';
import { fuzzyScore } from './fuzzy';
import type { Store as KeyStore } from './storage';
import { createStore } from './store';
import { read, type ReadContext } from './swr';

/**
 * The search the palette's ActivitySearch mode shows, kept outside React: with 'preserve activity
 * search' on, parameters, feed and scroll survive closing the palette; with it off, closing resets
 * them. Running a page, prefilling a media page's media and the local filter over what is loaded.
 */

export const ACTIVITIES_ERROR = 'There was an error querying activities.';
export const FOLLOWING_NEEDS_AUTH =
  'The Following feed needs authorization: authorize VoidVerified in its settings, or search the Global feed.';

export interface SearchState {
  params: ActivitySearchParams;
  /** The parameters of the loaded feed (Load More continues with these). */
  searched: ActivitySearchParams | null;
  feed: FoundActivity[];
  page: number;
  total: number | null;
  hasNext: boolean;
  busy: boolean;
  error: string | null;
  /** Untouched since the last reset: a media page may prefill its media. */
  pristine: boolean;
}

/** What running a search needs of the app. */
export interface SearchDeps extends ReadContext {
  authorized: boolean;
  toasts: Parameters<typeof attempt>[0];
}

/** The palette, as far as the search follows and drives it. */
export interface SearchPalette {
  state(): { open: boolean };
  subscribe(listener: () => void): () => void;
  open(): void;
  setMode(mode: string): void;
}

const fresh = (): SearchState => ({
  params: defaultParams(),
  searched: null,
  feed: [],
  page: 0,
  total: null,
  hasNext: false,
  busy: false,
  error: null,
  pristine: true,
});

/** The search's state; React reads it with useStore. */
export const activitySearch = createStore<SearchState>(fresh());
/** Where the result list was scrolled to (restored when the mode mounts again). */
let scrollTop = 0;
/** Bumped by every reset: answers to requests sent before it are dropped (and the search's request is aborted). */
let generation = 0;
let searching: AbortController | null = null;

function startOver(): void {
  generation++;
  searching?.abort();
  searching = null;
  scrollTop = 0;
}

const set = (patch: Partial<SearchState>) => activitySearch.set((current) => ({ ...current, ...patch }));

export const activitySearchState = (): Readonly<SearchState> => activitySearch.get();

export const searchScrollTop = (): number => scrollTop;
export const keepSearchScrollTop = (top: number): void => void (scrollTop = top);

export function resetActivitySearch(): void {
  startOver();
  activitySearch.set(fresh());
}

/** Changes some parameters; the search is no longer untouched. */
export const setSearchParams = (patch: Partial<ActivitySearchParams>): void =>
  set({ params: { ...activitySearch.get().params, ...patch }, pristine: false });

/** Clear Feed: drops the loaded results, keeps the parameters. */
export const clearSearchFeed = (): void => set({ feed: [], searched: null, page: 0, total: null, hasNext: false });

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

/** Page 1 with the current parameters, or the next page of the loaded feed. */
export async function runActivitySearch(deps: SearchDeps, more = false): Promise<void> {
  const current = activitySearch.get();
  const params = more && current.searched ? current.searched : current.params;
  if (current.busy) return;
  if (params.feed === 'FOLLOWING' && !deps.authorized) {
    set({ error: FOLLOWING_NEEDS_AUTH, pristine: false });
    return;
  }
  const page = more ? current.page + 1 : 1;
  const started = generation;
  const controller = (searching = new AbortController());
  set({ busy: true, error: null, pristine: false });
  const answer = await attempt(deps.toasts, { toast: ACTIVITIES_ERROR, log: 'activity search failed', detail: false }, () =>
    read(deps, searchActivities, searchVariables(params, page), { signal: controller.signal }),
  );
  if (searching === controller) searching = null;
  if (started !== generation) return;
  if (!answer.ok) {
    set({ busy: false, error: ACTIVITIES_ERROR });
    return;
  }
  const data = answer.value;
  const found = (data.Page?.activities ?? []).filter((a): a is FoundActivity => a !== null);
  const loaded = activitySearch.get().feed;
  const seen = new Set(more ? loaded.map((a) => a.id) : []);
  const info = data.Page?.pageInfo;
  set({
    feed: more ? [...loaded, ...found.filter((a) => !seen.has(a.id))] : found,
    searched: params,
    page,
    total: info?.total ?? null,
    hasNext: !!info?.hasNextPage,
    busy: false,
  });
}

/**
 * Opens the mode; with parameters (a saved search) it starts over with them and searches.
 * The palette is watched from then on, so that closing it resets the search.
 */
export function openActivitySearch(deps: SearchDeps & { palette: SearchPalette; store: KeyStore }, params?: ActivitySearchParams): void {
  resetOnClose(deps.palette, deps.store);
  if (params) {
    startOver();
    activitySearch.set({ ...fresh(), params: structuredClone(params), pristine: false });
  }
  if (!deps.palette.state().open) deps.palette.open();
  deps.palette.setMode('ActivitySearch');
  if (params) void runActivitySearch(deps);
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
