import { Command as Cmdk } from 'cmdk';
import { createPortal } from 'react-dom';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { CommandContext, PalettePageProps } from '../../commands/types';
import { ACTIVITY_VIEW, type FoundActivity } from '../../data/activity-search';
import {
  filterResults,
  keepSearchScrollTop,
  prefillFromPage,
  resetOnClose,
  resultSummary,
  searchScrollTop,
} from '../../data/activity-search-session';
import { formatDateTime, fromUnix, relativeTime, timeConfigKey, type TimeConfig } from '../../data/dates';
import { childLifetime, onAbort, type Lifetime } from '../../inject/lifetime';
import { SearchParams } from './SearchParams';
import { useSearchList } from './useSearchList';
import { useStored } from '../hooks';

/**
 * The palette's ActivitySearch mode: a parameters panel (SearchParams), results as palette items
 * (who, what, when), Load More, and the palette's input as a local filter over what is loaded. The
 * results are the paged read of useSearchList; what is not API data (parameters, which search is
 * listed, the scroll) lives in src/data/activity-search-session.
 */

const WHAT_MAX = 140;

export function ActivitySearchMode({ query, ctx }: PalettePageProps) {
  const search = useSearchList(ctx);
  const { list, feed, more } = search;
  const rootRef = useRef<HTMLDivElement>(null);
  const slot = useParamsSlot(rootRef);
  useOpening(ctx);
  const needle = query.trim();
  const shown = filterResults(feed, needle);
  const timeConfig = useStored(timeConfigKey);
  return (
    <div className="vv-activity-search" ref={rootRef}>
      {slot && createPortal(<SearchParams ctx={ctx} search={search} needle={needle} matching={shown.length} />, slot)}
      {shown.map((a) => (
        <ResultItem key={a.id} activity={a} ctx={ctx} timeConfig={timeConfig} />
      ))}
      {list.pages.length > 0 && !feed.length && !list.busy && <div className="vv-note">No activities found.</div>}
      {needle && feed.length > 0 && !shown.length && <div className="vv-note">Nothing loaded matches “{needle}”.</div>}
      {more && (
        <Cmdk.Item value="activity-search/load-more" className="vv-item vv-as-more" disabled={list.busy} onSelect={list.loadMore}>
          <span className="vv-item-title">Load More</span>
        </Cmdk.Item>
      )}
    </div>
  );
}

/** Once per opening of the mode (the context changes with every palette state, so the first is kept): reset on close, a media page's prefill. */
function useOpening(ctx: CommandContext) {
  const [opening] = useState(() => ctx);
  useEffect(() => {
    resetOnClose(opening.palette, opening.store);
    void prefillFromPage(opening);
  }, [opening]);
}

/**
 * The parameters sit between the palette's header and its list (a listbox holds only options), in
 * a slot made beside the list; the list's scroll position is kept on scroll and restored on mount
 * (keepScroll).
 */
function useParamsSlot(rootRef: RefObject<HTMLDivElement | null>): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const list = rootRef.current?.closest('[cmdk-list]');
    if (!list?.parentElement) return;
    const host = document.createElement('div');
    host.className = 'vv-as-slot';
    list.parentElement.insertBefore(host, list);
    setSlot(host);
    const keeping = new AbortController();
    keepScroll(list, keeping);
    return () => {
      keeping.abort();
      host.remove();
    };
  }, [rootRef]);
  return slot;
}

/** What a person does to move a list: from the first of these on, where the list is is theirs. */
const MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Puts the list back where the user left it and keeps it there until they move it. A restore at
 * mount alone can be lost: cmdk scrolls its first item into view after mounting, and the results
 * may lay out after the first frame (on a busy machine, several frames later), when the list is
 * still too short to scroll. So until the user's first wheel, touch, key or press, each change of
 * the list's size, and each scroll that is not theirs, puts it back; from then on every scroll is
 * kept. No timer: the list's own events drive it, and nothing is left when `lifetime` ends.
 */
function keepScroll(list: Element, lifetime: Lifetime): void {
  const saved = searchScrollTop();
  const restoring = childLifetime(lifetime);
  const restore = () => {
    if (list.scrollTop !== saved) list.scrollTop = saved;
  };
  restore();
  if (saved === 0) restoring.abort();
  else {
    const resized = new ResizeObserver(restore);
    for (const box of [list, ...list.children]) resized.observe(box);
    onAbort(restoring, () => resized.disconnect());
    for (const type of MOVES)
      list.getRootNode().addEventListener(type, (event) => event.isTrusted && restoring.abort(), {
        capture: true,
        passive: true,
        signal: restoring.signal,
      });
  }
  const onScroll = () => (restoring.signal.aborted ? keepSearchScrollTop(list.scrollTop) : restore());
  list.addEventListener('scroll', onScroll, { passive: true, signal: lifetime.signal });
}

/** A result: who, what (cut), when; Enter shows it as a full activity entry. */
function ResultItem({ activity: a, ctx, timeConfig }: { activity: FoundActivity; ctx: CommandContext; timeConfig: TimeConfig }) {
  const { who, what } = resultSummary(a);
  const when = fromUnix(a.createdAt);
  return (
    <Cmdk.Item value={`activity/${a.id}`} className="vv-item vv-as-item" onSelect={() => ctx.palette.push(ACTIVITY_VIEW, String(a.id))}>
      <span className="vv-item-title">
        <strong>{who}</strong> {what.length > WHAT_MAX ? `${what.slice(0, WHAT_MAX)}…` : what}
      </span>
      <span className="vv-item-hint" title={formatDateTime(when, timeConfig)}>
        {a.replyCount > 0 && `${a.replyCount} ${a.replyCount === 1 ? 'reply' : 'replies'} · `}
        {relativeTime(when)}
      </span>
    </Cmdk.Item>
  );
}
