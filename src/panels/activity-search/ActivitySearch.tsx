import { Command as Cmdk } from 'cmdk';
import { createPortal } from 'react-dom';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { PalettePageProps } from '../../commands/types';
import {
  ACTIVITY_VIEW,
  clampPerPage,
  MAX_PER_PAGE,
  MIN_PER_PAGE,
  savedSearchesKey,
  SAVED_SEARCH_NAME_MAX,
  SEARCH_KINDS,
  withoutSavedSearch,
  withSavedSearch,
  type SearchKind,
} from '../../data/activity-search';
import {
  activitySearch,
  clearSearchFeed,
  filterResults,
  keepSearchScrollTop,
  openActivitySearch,
  prefillFromPage,
  resetOnClose,
  resultSummary,
  runActivitySearch,
  searchScrollTop,
  setSearchParams,
} from '../../data/activity-search-session';
import { formatDateTime, fromUnix, relativeTime, timeConfigKey } from '../../data/dates';
import { MediaSearchBox } from '../common/MediaSearchBox';
import { Collapsible } from '../common/Collapsible';
import { UserPicker } from './UserPicker';
import { useStore, useStored } from '../hooks';

/**
 * The palette's ActivitySearch mode: a parameters panel, Search, Load More and Clear Feed, results
 * as palette items (who, what, when) and the palette's input as a local filter over what is
 * loaded. The search itself (state, requests, filter) lives in src/data/activity-search-session.
 */

const WHAT_MAX = 140;

export function ActivitySearchMode({ query, ctx }: PalettePageProps) {
  const state = useStore(activitySearch);
  const saved = useStored(savedSearchesKey);
  const timeConfig = useStored(timeConfigKey);
  const [name, setName] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const { params } = state;

  // Once per opening of the mode: the context changes with every palette state, so the first is kept.
  const [opening] = useState(() => ctx);
  useEffect(() => {
    resetOnClose(opening.palette, opening.store);
    void prefillFromPage(opening);
  }, [opening]);

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
    const restore = () => void (list.scrollTop = searchScrollTop());
    restore();
    const frame = requestAnimationFrame(restore);
    const onScroll = () => keepSearchScrollTop(list.scrollTop);
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
  const shown = filterResults(state.feed, needle);
  const canLoadMore = state.hasNext && (state.total === null || state.feed.length < state.total);
  const kind = params.kind;

  const save = () => {
    if (!name.trim()) return;
    ctx.store.set(savedSearchesKey, withSavedSearch(ctx.store.get(savedSearchesKey), name, activitySearch.get().params));
    ctx.toasts.success(`Saved the search '${name.trim()}': run it from the palette as 'Activity search: ${name.trim()}'.`);
    setName('');
  };

  const controls = (
    <div className="vv-params vv-as-params" role="group" aria-label="Activity search parameters" onKeyDown={ownKeys}>
      <Collapsible
        ctx={ctx}
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
            <select value={kind} onChange={(e) => setSearchParams({ kind: e.target.value as SearchKind })}>
              {SEARCH_KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Feed{' '}
            <select value={params.feed} onChange={(e) => setSearchParams({ feed: e.target.value === 'GLOBAL' ? 'GLOBAL' : 'FOLLOWING' })}>
              <option value="FOLLOWING">Following</option>
              <option value="GLOBAL">Global</option>
            </select>
          </label>
          <label>
            Sort{' '}
            <select value={params.sort} onChange={(e) => setSearchParams({ sort: e.target.value === 'OLDEST' ? 'OLDEST' : 'NEWEST' })}>
              <option value="NEWEST">Newest</option>
              <option value="OLDEST">Oldest</option>
            </select>
          </label>
          <label>
            Per page <PerPageInput value={params.perPage} onChange={(perPage) => setSearchParams({ perPage })} />
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
                  onChange={(messengers) => setSearchParams({ messengers })}
                />
              </Field>
              <Field label="Recipients">
                <UserPicker
                  ctx={ctx}
                  label="Recipients"
                  selected={params.recipients}
                  onChange={(recipients) => setSearchParams({ recipients })}
                />
              </Field>
            </>
          ) : (
            <Field label="Users">
              <UserPicker ctx={ctx} label="Users" selected={params.users} onChange={(users) => setSearchParams({ users })} />
            </Field>
          )}
          {kind === 'MEDIA_LIST' && (
            <Field label="Media">
              <MediaSearchBox ctx={ctx} label="Media" multiple selected={params.media} onChange={(media) => setSearchParams({ media })} />
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
              onChange={(e) => setSearchParams({ after: e.target.value })}
            />
          </label>
          <label title="Until the start of this day">
            Before{' '}
            <input
              type="date"
              value={params.before}
              min={params.after || undefined}
              onChange={(e) => setSearchParams({ before: e.target.value })}
            />
          </label>
          <label>
            <input type="checkbox" checked={params.hasReplies} onChange={(e) => setSearchParams({ hasReplies: e.target.checked })} /> Has
            replies
          </label>
          <label>
            <input
              type="checkbox"
              checked={params.preloadReplies}
              onChange={(e) => setSearchParams({ preloadReplies: e.target.checked })}
            />{' '}
            Preload replies
          </label>
        </div>
        <div className="vv-as-row">
          <button type="button" className="vv-button vv-button-primary" disabled={state.busy} onClick={() => void runActivitySearch(ctx)}>
            Search
          </button>
          <button type="button" className="vv-button" disabled={!state.feed.length && !state.searched} onClick={clearSearchFeed}>
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
                  onClick={() => ctx.store.set(savedSearchesKey, withoutSavedSearch(ctx.store.get(savedSearchesKey), s.name))}
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
        const { who, what } = resultSummary(a);
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
  // A new value from outside (clamped, reset, a saved search) replaces what is typed.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(String(value));
  }
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
