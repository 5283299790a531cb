import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { CommandContext } from '../../commands/types';
import {
  ACTIVITY_SEARCH_TEXTS,
  clampPerPage,
  MAX_PER_PAGE,
  MIN_PER_PAGE,
  savedSearchCommandId,
  savedSearchesKey,
  SAVED_SEARCH_NAME_MAX,
  SEARCH_KINDS,
  withoutSavedSearch,
  withSavedSearch,
  type ActivitySearchParams,
  type SearchKind,
} from '../../data/activity-search';
import { activitySearch, ACTIVITIES_ERROR, clearSearchFeed, setSearchParams, startSearch } from '../../data/activity-search-session';
import { MediaSearchBox } from '../common/MediaSearchBox';
import { Collapsible } from '../common/Collapsible';
import { UserPicker } from './UserPicker';
import { useStore, useStored } from '../hooks';
import type { SearchList } from './useSearchList';

/**
 * The activity search's parameters panel: type, feed, sort, per page, the users and media, the
 * dates and replies, then Search, Clear Feed, what is loaded, saving the search and the saved ones.
 */

// Keys typed in our fields and buttons are theirs, not the palette list's (Enter, arrows); Tab still cycles.
const ownKeys = (e: KeyboardEvent) => {
  if (e.key !== 'Tab') e.stopPropagation();
};

export function SearchParams({
  ctx,
  search,
  needle,
  matching,
}: {
  ctx: CommandContext;
  search: SearchList;
  needle: string;
  matching: number;
}) {
  const { params, refused } = useStore(activitySearch);
  const error = refused ?? (search.list.failed ? ACTIVITIES_ERROR : null);
  return (
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
        <SortRow params={params} />
        <Pickers ctx={ctx} params={params} />
        <DatesRow params={params} />
        <div className="vv-as-row">
          <SearchButtons ctx={ctx} search={search} needle={needle} matching={matching} />
          <SaveSearch ctx={ctx} />
        </div>
        <SavedSearches ctx={ctx} />
      </Collapsible>
      {error && (
        <div className="vv-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function SortRow({ params }: { params: ActivitySearchParams }) {
  return (
    <div className="vv-as-row">
      <label>
        Type{' '}
        <select value={params.kind} onChange={(e) => setSearchParams({ kind: e.target.value as SearchKind })}>
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
  );
}

function Pickers({ ctx, params }: { ctx: CommandContext; params: ActivitySearchParams }) {
  return (
    <div className="vv-as-pickers">
      {params.kind === 'MESSAGE' ? (
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
      {params.kind === 'MEDIA_LIST' && (
        <Field label="Media">
          <MediaSearchBox ctx={ctx} label="Media" multiple selected={params.media} onChange={(media) => setSearchParams({ media })} />
        </Field>
      )}
    </div>
  );
}

function DatesRow({ params }: { params: ActivitySearchParams }) {
  return (
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
        <input type="checkbox" checked={params.preloadReplies} onChange={(e) => setSearchParams({ preloadReplies: e.target.checked })} />{' '}
        Preload replies
      </label>
    </div>
  );
}

/** Search (page 1 of the parameters; the listed search's pages stay until it came), Clear Feed, and what is loaded. */
function SearchButtons({ ctx, search, needle, matching }: { ctx: CommandContext; search: SearchList; needle: string; matching: number }) {
  const { list, feed, total } = search;
  const run = () => {
    if (!list.busy && startSearch(ctx.authorized) === 'again') list.reload();
  };
  return (
    <>
      <button type="button" className="vv-button vv-button-primary" disabled={list.busy} onClick={run}>
        Search
      </button>
      <button type="button" className="vv-button" disabled={!list.pages.length} onClick={clearSearchFeed}>
        Clear Feed
      </button>
      <span className="vv-as-count" role="status">
        {list.busy ? (
          <>
            <span className="vv-loader" aria-hidden="true" /> Searching…
          </>
        ) : list.pages.length ? (
          needle ? (
            `${matching} of ${feed.length} loaded match`
          ) : (
            `${feed.length} loaded${total !== null ? ` of ${total}` : ''}`
          )
        ) : null}
      </span>
    </>
  );
}

function SaveSearch({ ctx }: { ctx: CommandContext }) {
  const [name, setName] = useState('');
  const save = () => {
    if (!name.trim()) return;
    ctx.store.set(savedSearchesKey, withSavedSearch(ctx.store.get(savedSearchesKey), name, activitySearch.get().params));
    ctx.toasts.success(ACTIVITY_SEARCH_TEXTS.saved(name.trim()));
    setName('');
  };
  return (
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
  );
}

function SavedSearches({ ctx }: { ctx: CommandContext }) {
  const saved = useStored(savedSearchesKey);
  if (!saved.length) return null;
  return (
    <ul className="vv-chips vv-as-saved" aria-label="Saved searches">
      {saved.map((s) => (
        <li key={s.name} className="vv-chip">
          <button
            type="button"
            className="vv-chip-name"
            title="Search with these parameters"
            onClick={() => void ctx.run(savedSearchCommandId(s.name))}
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
