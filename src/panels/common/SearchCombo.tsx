import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { CommandContext } from '../../commands/types';
import { BLUR_CLEAR_MS, SEARCH_DEBOUNCE_MS, SEARCH_RESULTS } from '../../data/lookups';
import { useDebounced } from '../hooks';
import { useRead } from '../query';
import { moveHighlight } from './highlight';

/**
 * The one search box with a results list, under every media and user search: `SearchCombo` is the
 * field and its list (800 ms after typing, 10 results, cleared 150 ms after focus leaves the box:
 * its field and its buttons, so Tab reaches Select All; ArrowDown and ArrowUp highlight, Enter
 * picks the highlighted result, Escape closes the list), `Chips` what is picked. `MediaSearchBox` picks anime and manga, `UserSearch` users.
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
  /** Whether a result is picked already (it shows a tick); none is by default. */
  isSelected?(item: T): boolean;
  onPick(item: T): void;
  /** Enter with no result highlighted: the text as typed (a name typed in full), and the field clears. */
  onText?(text: string): void;
  /** Multiple selection: the list stays open after a pick. */
  multiple?: boolean;
  /** The list floats over what follows the box instead of pushing it down. */
  floating?: boolean;
  renderItem(item: T): ReactNode;
  /** Shown while the field is focused and empty (the latest searches, say). */
  idle?: readonly T[];
  /** Controls above the results (Select All, say). */
  actions?(results: readonly T[]): ReactNode;
}

export function SearchCombo<T extends { id: number }>(props: SearchComboProps<T>) {
  const { label, multiple } = props;
  const id = useId();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const { term, answer, results, setResults, active, setActive } = useComboSearch(props, text);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (blurTimer.current && clearTimeout(blurTimer.current)), []);

  const shown = focused && !text.trim() ? (props.idle ?? []) : results;
  const clear = () => {
    setText('');
    setResults([]);
    setActive(-1);
  };
  const pick = (item: T) => {
    props.onPick(item);
    if (!multiple) clear();
  };
  // The answer for this text came already (focus left, or Escape emptied the field and the same
  // text was typed again within the debounce): show it again, there is no new search to wait for.
  const showAgain = (now: string) => {
    if (!results.length && answer && term === now.trim() && term.length >= props.minLength) setResults(answer.slice(0, SEARCH_RESULTS));
  };

  return (
    // Focus is the box's, the field's or its buttons' (Select All): the list stays while Tab moves inside it.
    <div
      className={props.floating ? 'vv-search-box' : 'vv-search-box vv-search-inline'}
      onFocus={() => {
        if (blurTimer.current) clearTimeout(blurTimer.current);
        setFocused(true);
        showAgain(text);
      }}
      onBlur={(e) => {
        if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
        blurTimer.current = setTimeout(() => {
          setFocused(false);
          setResults([]);
          setActive(-1);
        }, BLUR_CLEAR_MS);
      }}
    >
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
        onChange={(e) => {
          setText(e.target.value);
          showAgain(e.target.value);
        }}
        onKeyDown={(e) => {
          if (moveHighlight(e, shown.length, setActive)) return;
          if (e.key === 'Enter') {
            e.preventDefault();
            const chosen = shown[active];
            if (chosen) pick(chosen);
            else if (props.onText && text.trim()) {
              props.onText(text.trim());
              clear();
            }
          } else if (e.key === 'Escape') setResults([]);
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

/**
 * The field's search: `term` is the text 800 ms after typing stops; its answer (kept, to show again
 * when focus comes back without a new search) fills `results` (the first 10), and text too short to
 * search empties them. `active` is the highlighted row (-1: none), back to none with each answer.
 */
function useComboSearch<T extends { id: number }>(props: SearchComboProps<T>, text: string) {
  const { minLength } = props;
  const [results, setResults] = useState<readonly T[]>([]);
  const [active, setActive] = useState(-1);
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
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
  return { term, answer, results, setResults, active, setActive };
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
          aria-selected={props.isSelected?.(item) ?? false}
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
