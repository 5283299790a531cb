import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { CommandContext } from '../../commands/types';
import type { MediaSearchResult } from '../../data/documents';
import { safeUrl } from '../../data/guards';
import { latestMediaSearchesKey, pickMedia, rememberMedia, SEARCH_RESULTS } from '../../data/media-search';
import { findMedia } from '../../data/lookups';
import { useDebounced, useStored } from '../hooks';
import { BLUR_CLEAR_MS, USER_SEARCH_DEBOUNCE_MS } from '../../data/lookups';
import { useRead } from '../query';
import { moveHighlight } from './highlight';

/**
 * Search boxes with a selection: `SearchCombo` is the
 * shared field and results list (800 ms after typing, 10 results, cleared 150 ms after focus
 * leaves); `MediaSearchBox` picks anime and manga, `UserPicker` (beside it) picks users.
 */

export interface SearchComboProps<T extends { id: number }> {
  ctx: CommandContext;
  label: string;
  placeholder: string;
  /** Shortest text that is searched. */
  minLength: number;
  /** `signal` aborts once the text changed (or the box closed) before the answer came. */
  search(text: string, signal: AbortSignal): Promise<T[]>;
  /** The toast text when a search fails. */
  failure(text: string): string;
  isSelected(item: T): boolean;
  onPick(item: T): void;
  /** Multiple selection: the list stays open after a pick. */
  multiple: boolean;
  renderItem(item: T): ReactNode;
  /** Shown while the field is focused and empty (the latest searches, say). */
  idle?: readonly T[];
  /** Controls above the results (Select All, say). */
  actions?(results: readonly T[]): ReactNode;
}

export function SearchCombo<T extends { id: number }>(props: SearchComboProps<T>) {
  const { label, minLength, multiple } = props;
  const id = useId();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [results, setResults] = useState<readonly T[]>([]);
  const [active, setActive] = useState(-1);
  const term = useDebounced(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The answer for the text searched (shown again when focus comes back without a new search).
  const answer = useRead(term.length >= minLength ? term : null, {
    read: (signal) => props.search(term, signal),
    failure: { toasts: props.ctx.toasts, report: () => ({ toast: props.failure(term), log: 'search failed' }) },
  }).data;

  // Text too short to search clears the results; an answer that came shows.
  const [searched, setSearched] = useState(term);
  if (searched !== term) {
    setSearched(term);
    if (term.length < minLength) setResults([]);
  }
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (answer !== shownAnswer) {
    setShownAnswer(answer);
    if (answer) {
      setResults(answer.slice(0, SEARCH_RESULTS));
      setActive(-1);
    }
  }
  useEffect(() => () => void (blurTimer.current && clearTimeout(blurTimer.current)), []);

  const shown = focused && !text.trim() ? (props.idle ?? []) : results;
  const pick = (item: T) => {
    props.onPick(item);
    if (multiple) return;
    setText('');
    setResults([]);
    setActive(-1);
  };

  return (
    <div className="vv-search-box vv-search-inline">
      <input
        className="vv-filter"
        type="search"
        aria-label={label}
        placeholder={props.placeholder}
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={active >= 0 && shown[active] ? `${id}-${active}` : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => {
          if (blurTimer.current) clearTimeout(blurTimer.current);
          setFocused(true);
          if (!results.length && answer && term === text.trim()) setResults(answer.slice(0, SEARCH_RESULTS));
        }}
        onBlur={() => {
          blurTimer.current = setTimeout(() => {
            setFocused(false);
            setResults([]);
            setActive(-1);
          }, BLUR_CLEAR_MS);
        }}
        onKeyDown={(e) => {
          if (moveHighlight(e, shown.length, setActive)) return;
          if (e.key === 'Enter') {
            e.preventDefault();
            const chosen = shown[active];
            if (chosen) pick(chosen);
          }
        }}
      />
      {shown.length > 0 && (
        <div className="vv-search-dropdown">
          {text.trim() ? props.actions?.(shown) : <div className="vv-subtle">Latest searches</div>}
          <ComboResults id={id} props={props} shown={shown} active={active} pick={pick} />
        </div>
      )}
    </div>
  );
}

function ComboResults<T extends { id: number }>({
  id,
  props,
  shown,
  active,
  pick,
}: {
  id: string;
  props: SearchComboProps<T>;
  shown: readonly T[];
  active: number;
  pick(item: T): void;
}) {
  return (
    <ul
      id={`${id}-list`}
      className="vv-search-results"
      role="listbox"
      aria-label={`${props.label} results`}
      aria-multiselectable={props.multiple || undefined}
    >
      {shown.map((item, i) => (
        <li
          key={item.id}
          id={`${id}-${i}`}
          role="option"
          aria-selected={props.isSelected(item)}
          data-active={i === active || undefined}
          className="vv-search-result"
          // mousedown, not click: it lands before the field's blur, and keeps the focus there.
          onMouseDown={(e) => {
            e.preventDefault();
            pick(item);
          }}
        >
          {props.renderItem(item)}
        </li>
      ))}
    </ul>
  );
}

/** Selected items as removable chips. */
export function Chips<T extends { id: number }>({
  label,
  items,
  name,
  image,
  onRemove,
}: {
  label: string;
  items: readonly T[];
  name(item: T): string;
  image(item: T): string | undefined;
  onRemove(item: T): void;
}) {
  if (!items.length) return null;
  return (
    <ul className="vv-chips" aria-label={`Selected ${label.toLowerCase()}`}>
      {items.map((item) => (
        <li key={item.id} className="vv-chip">
          {image(item) && <img src={image(item)} alt="" width={18} height={18} />}
          <span>{name(item)}</span>
          <button type="button" className="vv-chip-remove" aria-label={`Remove ${name(item)}`} onClick={() => onRemove(item)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

const mediaTitle = (m: MediaSearchResult) => m.title?.userPreferred ?? `#${m.id}`;
/** 'Anime 2023', 'Manga unreleased'. */
const mediaHint = (m: MediaSearchResult) => `${m.type === 'MANGA' ? 'Manga' : 'Anime'} ${m.startDate?.year ?? 'unreleased'}`;

/**
 * Picks anime and manga: poster, preferred title, type and start year. Single selection replaces
 * the pick and closes the list; multiple selection toggles and keeps it open. Picks go to the
 * latest media searches, listed while the field is focused and empty.
 */
export function MediaSearchBox({
  ctx,
  label = 'Media',
  selected,
  onChange,
  multiple = false,
  placeholder = 'Search anime or manga',
}: {
  ctx: CommandContext;
  label?: string;
  selected: readonly MediaSearchResult[];
  onChange(next: MediaSearchResult[]): void;
  multiple?: boolean;
  placeholder?: string;
}) {
  const cache = useStored(latestMediaSearchesKey);
  return (
    <div className="vv-picker">
      <Chips
        label={label}
        items={selected}
        name={mediaTitle}
        image={(m) => safeUrl(m.coverImage?.large, 'image')}
        onRemove={(m) => onChange(selected.filter((x) => x.id !== m.id))}
      />
      <SearchCombo<MediaSearchResult>
        ctx={ctx}
        label={label}
        placeholder={placeholder}
        minLength={1}
        multiple={multiple}
        idle={cache}
        search={(search, signal) => findMedia(ctx, search, signal)}
        failure={(text) => `Failed to query media with search word ${text}`}
        isSelected={(m) => selected.some((x) => x.id === m.id)}
        onPick={(m) => {
          ctx.store.set(latestMediaSearchesKey, rememberMedia(ctx.store.get(latestMediaSearchesKey), m));
          onChange(pickMedia(selected, m, multiple));
        }}
        renderItem={(m) => (
          <>
            {safeUrl(m.coverImage?.large, 'image') ? (
              <img className="vv-cover" src={safeUrl(m.coverImage?.large, 'image')} alt="" width={24} height={34} />
            ) : (
              <span className="vv-cover vv-cover-empty" />
            )}
            <span className="vv-item-title">{mediaTitle(m)}</span>
            <span className="vv-item-hint">{mediaHint(m)}</span>
          </>
        )}
      />
    </div>
  );
}
