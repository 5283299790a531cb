import { Command as Cmdk } from 'cmdk';
import { createPortal } from 'react-dom';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import type { CommandContext, PalettePageProps, PaletteController } from '../commands/types';
import {
  clampPerPage,
  defaultParams,
  latestMediaSearchesKey,
  MAX_PER_PAGE,
  mediaById,
  mediaFromPath,
  MIN_PER_PAGE,
  savedSearchesKey,
  SAVED_SEARCH_NAME_MAX,
  searchActivities,
  searchVariables,
  SEARCH_KINDS,
  summarize,
  withoutSavedSearch,
  withSavedSearch,
  type ActivitySearchParams,
  type FoundActivity,
  type SearchKind,
} from '../data/activity-search';
import { quickStartConfigKey } from '../data/config';
import type { MediaSearchResult } from '../data/documents';
import { formatDateTime, fromUnix, relativeTime, timeConfigKey } from '../data/time';
import { MediaSearchBox } from './common/MediaSearchBox';
import { Collapsible } from './common/Collapsible';
import { UserPicker } from './common/UserPicker';
import { useStored } from './hooks';
import { fuzzyScore } from './palette/rank';

/**
 * The palette's ActivitySearch mode (document 2 sections 2.5, 4, 5 and 7): a parameters panel,
 * Search, Load More and Clear Feed, results as palette items (who, what, when) and the palette's
 * input as a local filter over what is loaded. The search lives outside React, so with 'preserve
 * activity search' on, parameters, feed and scroll survive closing; with it off, closing resets.
 */

export const ACTIVITIES_ERROR = 'There was an error querying activities.';
/** The palette page showing one result as a full activity entry. */
export const ACTIVITY_VIEW = 'activity-search.view';
export const FOLLOWING_NEEDS_AUTH =
  'The Following feed needs authorization: authorize VoidVerified in its settings, or search the Global feed.';

interface SearchState {
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
let current = fresh();
let scrollTop = 0;
/** Bumped by every reset: answers to requests sent before it are dropped. */
let generation = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const set = (patch: Partial<SearchState>) => {
  current = { ...current, ...patch };
  listeners.forEach((l) => l());
};

export const activitySearchState = (): Readonly<SearchState> => current;

export function resetActivitySearch(): void {
  generation++;
  scrollTop = 0;
  current = fresh();
  listeners.forEach((l) => l());
}

/** Closing the palette resets the search unless 'preserve activity search' is on. */
const watched = new WeakSet<PaletteController>();
function resetOnClose(ctx: CommandContext): void {
  if (watched.has(ctx.palette)) return;
  watched.add(ctx.palette);
  ctx.palette.subscribe(() => {
    if (!ctx.palette.state().open && !ctx.store.get(quickStartConfigKey).preserveActivitySearch && !current.pristine) resetActivitySearch();
  });
}

/** Page 1 with the current parameters, or the next page of the loaded feed. */
export async function runActivitySearch(ctx: CommandContext, more = false): Promise<void> {
  const params = more && current.searched ? current.searched : current.params;
  if (current.busy) return;
  if (params.feed === 'FOLLOWING' && !ctx.authorized) {
    set({ error: FOLLOWING_NEEDS_AUTH, pristine: false });
    return;
  }
  const page = more ? current.page + 1 : 1;
  const started = generation;
  set({ busy: true, error: null, pristine: false });
  try {
    const data = await ctx.client.request(searchActivities, searchVariables(params, page));
    if (started !== generation) return;
    const found = (data.Page?.activities ?? []).filter((a): a is FoundActivity => a !== null);
    const seen = new Set(more ? current.feed.map((a) => a.id) : []);
    const info = data.Page?.pageInfo;
    set({
      feed: more ? [...current.feed, ...found.filter((a) => !seen.has(a.id))] : found,
      searched: params,
      page,
      total: info?.total ?? null,
      hasNext: !!info?.hasNextPage,
      busy: false,
    });
  } catch (error) {
    if (started !== generation) return;
    console.error('[VoidVerified] activity search failed', error);
    ctx.toasts.error(ACTIVITIES_ERROR);
    set({ busy: false, error: ACTIVITIES_ERROR });
  }
}

/** Opens the mode with these parameters and searches (saved searches). */
export function openActivitySearch(ctx: CommandContext, params?: ActivitySearchParams): void {
  resetOnClose(ctx);
  if (params) {
    generation++;
    scrollTop = 0;
    current = { ...fresh(), params: structuredClone(params), pristine: false };
  }
  if (!ctx.palette.state().open) ctx.palette.open();
  ctx.palette.setMode('ActivitySearch');
  if (params) void runActivitySearch(ctx);
}

/** On /anime/{id} and /manga/{id}, an untouched search starts with that media. */
async function prefillFromPage(ctx: CommandContext): Promise<void> {
  const page = mediaFromPath(ctx.path);
  if (!page || !current.pristine) return;
  const cached = ctx.store.get(latestMediaSearchesKey).find((m) => m.id === page.id);
  const media: MediaSearchResult = cached ?? {
    id: page.id,
    type: page.type,
    title: null,
    coverImage: null,
    startDate: null,
    episodes: null,
    chapters: null,
  };
  set({ params: { ...current.params, kind: 'MEDIA_LIST', media: [media] }, pristine: false });
  if (cached) return;
  const started = generation;
  try {
    const { Media } = await ctx.client.request(mediaById, { id: page.id });
    if (!Media || started !== generation) return;
    set({ params: { ...current.params, media: current.params.media.map((m) => (m.id === Media.id ? Media : m)) } });
  } catch (error) {
    // Document 2 section 8: failing to preload the page's media is only logged.
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
function summary(a: FoundActivity) {
  let s = summaries.get(a);
  if (!s) {
    const { who, what } = summarize(a);
    summaries.set(a, (s = { who, what, all: `${who} ${what}` }));
  }
  return s;
}

const WHAT_MAX = 140;

export function ActivitySearchMode({ query, ctx, close }: PalettePageProps) {
  const state = useSyncExternalStore(subscribe, () => current);
  const saved = useStored(savedSearchesKey);
  const timeConfig = useStored(timeConfigKey);
  const [name, setName] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const { params } = state;
  const setParams = (patch: Partial<ActivitySearchParams>) => set({ params: { ...current.params, ...patch }, pristine: false });

  useEffect(() => {
    resetOnClose(ctx);
    void prefillFromPage(ctx);
    // Once per opening of the mode: the context changes with every palette state.
  }, []);

  // The parameters sit between the palette's header and its list (a listbox holds only options),
  // in a slot made beside the list; the scroll position of the list is restored on mount (after
  // cmdk has scrolled its first item into view) and kept on scroll.
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const list = rootRef.current?.closest('[cmdk-list]');
    if (!list?.parentElement) return;
    const host = document.createElement('div');
    host.className = 'vv-as-slot';
    list.parentElement.insertBefore(host, list);
    setSlot(host);
    const restore = () => void (list.scrollTop = scrollTop);
    restore();
    const frame = requestAnimationFrame(restore);
    const onScroll = () => void (scrollTop = list.scrollTop);
    list.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      list.removeEventListener('scroll', onScroll);
      host.remove();
    };
  }, []);

  // Keys typed in our fields and buttons are theirs, not the palette list's (Enter, arrows); Tab still cycles.
  const ownKeys = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') e.stopPropagation();
  };

  const needle = query.trim();
  const shown = needle ? state.feed.filter((a) => matchesFilter(needle, summary(a).all)) : state.feed;
  const canLoadMore = state.hasNext && (state.total === null || state.feed.length < state.total);
  const kind = params.kind;

  const save = () => {
    if (!name.trim()) return;
    ctx.store.set(savedSearchesKey, withSavedSearch(ctx.store.get(savedSearchesKey), name, current.params));
    ctx.registry.changed();
    ctx.toasts.success(`Saved the search '${name.trim()}': run it from the palette as 'Activity search: ${name.trim()}'.`);
    setName('');
  };

  const controls = (
    <div className="vv-params vv-as-params" role="group" aria-label="Activity search parameters" onKeyDown={ownKeys}>
      <Collapsible
        id="quick-start-search-props"
        title="Search parameters"
        // Users or media put in (a page's media prefilled, say) open the folded parameters.
        content={[
          ...params.users.map((u) => `u${u.id}`),
          ...params.messengers.map((u) => `s${u.id}`),
          ...params.recipients.map((u) => `r${u.id}`),
          ...params.media.map((m) => `m${m.id}`),
        ]}
      >
        <div className="vv-as-row">
          <label>
            Type{' '}
            <select value={kind} onChange={(e) => setParams({ kind: e.target.value as SearchKind })}>
              {SEARCH_KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Feed{' '}
            <select value={params.feed} onChange={(e) => setParams({ feed: e.target.value === 'GLOBAL' ? 'GLOBAL' : 'FOLLOWING' })}>
              <option value="FOLLOWING">Following</option>
              <option value="GLOBAL">Global</option>
            </select>
          </label>
          <label>
            Sort{' '}
            <select value={params.sort} onChange={(e) => setParams({ sort: e.target.value === 'OLDEST' ? 'OLDEST' : 'NEWEST' })}>
              <option value="NEWEST">Newest</option>
              <option value="OLDEST">Oldest</option>
            </select>
          </label>
          <label>
            Per page <PerPageInput value={params.perPage} onChange={(perPage) => setParams({ perPage })} />
          </label>
        </div>
        <div className="vv-as-pickers">
          {kind === 'MESSAGE' ? (
            <>
              <Field label="Messengers">
                <UserPicker
                  ctx={ctx}
                  label="Messengers"
                  selected={params.messengers}
                  onChange={(messengers) => setParams({ messengers })}
                />
              </Field>
              <Field label="Recipients">
                <UserPicker
                  ctx={ctx}
                  label="Recipients"
                  selected={params.recipients}
                  onChange={(recipients) => setParams({ recipients })}
                />
              </Field>
            </>
          ) : (
            <Field label="Users">
              <UserPicker ctx={ctx} label="Users" selected={params.users} onChange={(users) => setParams({ users })} />
            </Field>
          )}
          {kind === 'MEDIA_LIST' && (
            <Field label="Media">
              <MediaSearchBox ctx={ctx} label="Media" multiple selected={params.media} onChange={(media) => setParams({ media })} />
            </Field>
          )}
        </div>
        <div className="vv-as-row">
          <label title="From the start of this day">
            After{' '}
            <input
              type="date"
              value={params.after}
              max={params.before || undefined}
              onChange={(e) => setParams({ after: e.target.value })}
            />
          </label>
          <label title="Until the start of this day">
            Before{' '}
            <input
              type="date"
              value={params.before}
              min={params.after || undefined}
              onChange={(e) => setParams({ before: e.target.value })}
            />
          </label>
          <label>
            <input type="checkbox" checked={params.hasReplies} onChange={(e) => setParams({ hasReplies: e.target.checked })} /> Has replies
          </label>
          <label>
            <input type="checkbox" checked={params.preloadReplies} onChange={(e) => setParams({ preloadReplies: e.target.checked })} />{' '}
            Preload replies
          </label>
        </div>
        <div className="vv-as-row">
          <button type="button" className="vv-button vv-button-primary" disabled={state.busy} onClick={() => void runActivitySearch(ctx)}>
            Search
          </button>
          <button
            type="button"
            className="vv-button"
            disabled={!state.feed.length && !state.searched}
            onClick={() => set({ feed: [], searched: null, page: 0, total: null, hasNext: false })}
          >
            Clear Feed
          </button>
          <span className="vv-as-count" role="status">
            {state.busy ? (
              <>
                <span className="vv-loader" aria-hidden="true" /> Searching…
              </>
            ) : state.searched ? (
              needle ? (
                `${shown.length} of ${state.feed.length} loaded match`
              ) : (
                `${state.feed.length} loaded${state.total !== null ? ` of ${state.total}` : ''}`
              )
            ) : null}
          </span>
          <span className="vv-as-save">
            <input
              type="text"
              aria-label="Name for this search"
              placeholder="Name this search"
              maxLength={SAVED_SEARCH_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && save()}
            />
            <button type="button" className="vv-button" disabled={!name.trim()} onClick={save}>
              Save search
            </button>
          </span>
        </div>
        {saved.length > 0 && (
          <ul className="vv-chips vv-as-saved" aria-label="Saved searches">
            {saved.map((s) => (
              <li key={s.name} className="vv-chip">
                <button
                  type="button"
                  className="vv-chip-name"
                  title="Search with these parameters"
                  onClick={() => openActivitySearch(ctx, s.params)}
                >
                  {s.name}
                </button>
                <button
                  type="button"
                  className="vv-chip-remove"
                  aria-label={`Delete saved search ${s.name}`}
                  onClick={() => {
                    ctx.store.set(savedSearchesKey, withoutSavedSearch(ctx.store.get(savedSearchesKey), s.name));
                    ctx.registry.changed();
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </Collapsible>
      {state.error && (
        <div className="vv-error" role="alert">
          {state.error}
        </div>
      )}
    </div>
  );

  return (
    <div className="vv-activity-search" ref={rootRef}>
      {slot && createPortal(controls, slot)}
      {shown.map((a) => {
        const { who, what } = summary(a);
        const when = fromUnix(a.createdAt);
        return (
          <Cmdk.Item
            key={a.id}
            value={`activity/${a.id}`}
            className="vv-item vv-as-item"
            onSelect={() => ctx.palette.push(ACTIVITY_VIEW, String(a.id))}
          >
            <span className="vv-item-title">
              <strong>{who}</strong> {what.length > WHAT_MAX ? `${what.slice(0, WHAT_MAX)}…` : what}
            </span>
            <span className="vv-item-hint" title={formatDateTime(when, timeConfig)}>
              {a.replyCount > 0 && `${a.replyCount} ${a.replyCount === 1 ? 'reply' : 'replies'} · `}
              {relativeTime(when)}
            </span>
          </Cmdk.Item>
        );
      })}
      {state.searched && !state.feed.length && !state.busy && <div className="vv-note">No activities found.</div>}
      {needle && state.feed.length > 0 && !shown.length && <div className="vv-note">Nothing loaded matches “{needle}”.</div>}
      {canLoadMore && (
        <Cmdk.Item
          value="activity-search/load-more"
          className="vv-item vv-as-more"
          disabled={state.busy}
          onSelect={() => void runActivitySearch(ctx, true)}
        >
          <span className="vv-item-title">Load More</span>
        </Cmdk.Item>
      )}
    </div>
  );
}

/** 1 to 50, step 1: a cleared field can be retyped; the stored value is always in range. */
function PerPageInput({ value, onChange }: { value: number; onChange(value: number): void }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <input
      type="number"
      min={MIN_PER_PAGE}
      max={MAX_PER_PAGE}
      step={1}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value.trim() && Number.isFinite(e.target.valueAsNumber)) onChange(clampPerPage(e.target.valueAsNumber));
      }}
      onBlur={() => setText(String(value))}
    />
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="vv-as-field">
      <span className="vv-as-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  );
}
