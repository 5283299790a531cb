import { Command as Cmdk } from 'cmdk';
import { useState } from 'react';
import type { PalettePageProps } from '../commands/types';
import { activitySearch, type ActivityKind, type SearchedActivity } from '../data/documents';

/**
 * The palette's ActivitySearch mode: pick a kind, a feed and an order, search, load more, and
 * narrow what is loaded with the palette's input. Activity text is shown as plain text.
 */

const KINDS: { value: ActivityKind; label: string }[] = [
  { value: 'MEDIA_LIST', label: 'List' },
  { value: 'TEXT', label: 'Text' },
  { value: 'MESSAGE', label: 'Message' },
];
export const DEFAULT_PER_PAGE = 15;

function describe(a: SearchedActivity): { who: string; what: string } {
  switch (a.__typename) {
    case 'TextActivity':
      return { who: a.user?.name ?? 'someone', what: a.text ?? '' };
    case 'MessageActivity':
      return { who: `${a.messenger?.name ?? 'someone'} → ${a.recipient?.name ?? 'someone'}`, what: a.message ?? '' };
    case 'ListActivity':
      return {
        who: a.user?.name ?? 'someone',
        what: `${a.status ?? ''} ${a.progress ? `${a.progress} of ` : ''}${a.media?.title?.userPreferred ?? ''}`.trim(),
      };
  }
}

export function ActivitySearchMode({ query, ctx, close }: PalettePageProps) {
  const [kind, setKind] = useState<ActivityKind>('MEDIA_LIST');
  const [following, setFollowing] = useState(true);
  const [newest, setNewest] = useState(true);
  const [perPage, setPerPage] = useState(DEFAULT_PER_PAGE);
  const [feed, setFeed] = useState<SearchedActivity[]>([]);
  const [page, setPage] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const [hasNext, setHasNext] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function load(nextPage: number) {
    if (following && !ctx.authorized) {
      setError('The Following feed needs authorization: authorize VoidVerified in its settings, or search the Global feed.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const data = await ctx.client.request(activitySearch, {
        page: nextPage,
        perPage,
        type: kind,
        isFollowing: following ? true : null,
        sort: [newest ? 'ID_DESC' : 'ID'],
      });
      const found = data.Page.activities.filter((a): a is SearchedActivity => a !== null);
      setFeed((current) => (nextPage === 1 ? found : [...current, ...found]));
      setPage(nextPage);
      setTotal(data.Page.pageInfo.total);
      setHasNext(!!data.Page.pageInfo.hasNextPage);
    } catch (e) {
      ctx.toasts.error('There was an error querying activities.');
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const needle = query.trim().toLowerCase();
  const shown = needle ? feed.filter((a) => Object.values(describe(a)).join(' ').toLowerCase().includes(needle)) : feed;

  return (
    <div className="vv-activity-search">
      <div className="vv-params" role="group" aria-label="Activity search parameters">
        <label>
          Type{' '}
          <select value={kind} onChange={(e) => setKind(e.target.value as ActivityKind)}>
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Feed{' '}
          <select value={following ? 'following' : 'global'} onChange={(e) => setFollowing(e.target.value === 'following')}>
            <option value="following">Following</option>
            <option value="global">Global</option>
          </select>
        </label>
        <label>
          Sort{' '}
          <select value={newest ? 'newest' : 'oldest'} onChange={(e) => setNewest(e.target.value === 'newest')}>
            <option value="newest">Newest</option>
            <option value="oldest">Oldest</option>
          </select>
        </label>
        <label>
          Per page{' '}
          <input type="number" min={1} max={50} step={1} value={perPage} onChange={(e) => setPerPage(Math.min(50, Math.max(1, Number(e.target.value) || 1)))} />
        </label>
        <button type="button" className="vv-button vv-button-primary" disabled={busy} onClick={() => void load(1)}>
          {busy ? 'Searching…' : 'Search'}
        </button>
        <button type="button" className="vv-button" disabled={!feed.length} onClick={() => { setFeed([]); setPage(0); setTotal(null); setHasNext(false); }}>
          Clear Feed
        </button>
      </div>
      {error && <div className="vv-error" role="alert">{error}</div>}
      {shown.map((a) => {
        const { who, what } = describe(a);
        return (
          <Cmdk.Item key={a.id} value={`activity/${a.id}`} className="vv-item" onSelect={() => { close(); ctx.route.navigate(`/activity/${a.id}`); }}>
            <span className="vv-item-title">
              <strong>{who}</strong> {what.length > 140 ? `${what.slice(0, 140)}…` : what}
            </span>
            <span className="vv-item-hint">{new Date(a.createdAt * 1000).toLocaleDateString()}</span>
          </Cmdk.Item>
        );
      })}
      {page > 0 && !shown.length && <Cmdk.Empty>Nothing loaded matches.</Cmdk.Empty>}
      {hasNext && (total === null || feed.length < total) && (
        <button type="button" className="vv-button" disabled={busy} onClick={() => void load(page + 1)}>
          Load More
        </button>
      )}
    </div>
  );
}
