import { useEffect, useId, useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import type { UserSearchResult } from '../../data/documents';
import { safeUrl } from '../../data/guards';
import { BLUR_CLEAR_MS, findUsers, followedFirst, USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_MIN } from '../../data/lookups';
import { useDebounced } from '../hooks';
import { useRead } from '../query';
import { moveHighlight } from './highlight';
import { useFollowing } from './useFollowing';

/**
 * A user search box: a text field with a results list (avatar and name, 10 results). Picking a
 * result (click or Enter) calls onPick; Enter with no result highlighted picks the typed name.
 * The people you follow come first among the results.
 */
export function UserSearchBox({
  ctx,
  label,
  onPick,
  placeholder = 'Search users',
  autoFocus = false,
}: {
  ctx: CommandContext;
  label: string;
  onPick(name: string): void;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<UserSearchResult[]>([]);
  const [active, setActive] = useState(-1);
  const search = useDebounced(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const followed = useFollowing(ctx);
  const answer = useUserAnswer(ctx, search);

  // Text too short to search clears the results; an answer that came shows, the people you follow first.
  const [searched, setSearched] = useState(search);
  if (searched !== search) {
    setSearched(search);
    if (search.length < USER_SEARCH_MIN) setResults([]);
  }
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (answer !== shownAnswer) {
    setShownAnswer(answer);
    if (answer) {
      setResults(followedFirst(answer, followed).slice(0, 10));
      setActive(-1);
    }
  }
  useEffect(() => () => void (blurTimer.current && clearTimeout(blurTimer.current)), []);

  const pick = (name: string) => {
    onPick(name);
    setText('');
    setResults([]);
  };

  return (
    <div className="vv-search-box">
      <input
        id={id}
        className="vv-filter"
        type="search"
        aria-label={label}
        placeholder={placeholder}
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => blurTimer.current && clearTimeout(blurTimer.current)}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setResults([]), BLUR_CLEAR_MS);
        }}
        onKeyDown={(e) => {
          if (moveHighlight(e, results.length, setActive)) return;
          if (e.key === 'Enter') {
            e.preventDefault();
            const chosen = results[active]?.name ?? text.trim();
            if (chosen) pick(chosen);
          } else if (e.key === 'Escape') setResults([]);
        }}
      />
      {results.length > 0 && <UserResults id={id} label={label} results={results} active={active} pick={pick} />}
    </div>
  );
}

/** The users AniList finds for `search` (once it is long enough), or undefined until they come. */
function useUserAnswer(ctx: CommandContext, search: string) {
  return useRead(search.length >= USER_SEARCH_MIN ? search : null, {
    read: (signal) => {
      ctx.toasts.debug(`Querying user with search word ${search}`);
      return findUsers(ctx, search, signal);
    },
    failure: {
      toasts: ctx.toasts,
      report: () => ({ toast: `Failed to query media with search word ${search}`, detail: false, log: 'querying users failed' }),
    },
  }).data;
}

function UserResults({
  id,
  label,
  results,
  active,
  pick,
}: {
  id: string;
  label: string;
  results: readonly UserSearchResult[];
  active: number;
  pick(name: string): void;
}) {
  return (
    <ul id={`${id}-list`} className="vv-search-results" role="listbox" aria-label={`${label} results`}>
      {results.map((u, i) => (
        <li
          key={u.id}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className="vv-search-result"
          // mousedown, not click: it must land before the field's blur clears the list.
          onMouseDown={(e) => {
            e.preventDefault();
            pick(u.name);
          }}
        >
          {safeUrl(u.avatar?.large, 'image') && (
            <img className="vv-avatar" src={safeUrl(u.avatar?.large, 'image')} alt="" width={24} height={24} />
          )}
          <span>{u.name}</span>
        </li>
      ))}
    </ul>
  );
}
