import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { loadMessages, type Activity } from '../../data/activities';
import { attempt } from '../../data/api-errors';
import { ActivityEntry } from '../activity/ActivityEntry';

/** The Messages feed: message activities (following or global) as our activity entries, with Load More. */
export function MessagesFeed({ ctx, following }: { ctx: CommandContext; following: boolean }) {
  const [items, setItems] = useState<Activity[]>([]);
  const [page, setPage] = useState(0);
  const [hasNext, setHasNext] = useState(false);
  // The first page loads from the start (fetched on mount, below).
  const [busy, setBusy] = useState(true);
  // Switching between following and global starts again from an empty list.
  const [listed, setListed] = useState(following);
  if (listed !== following) {
    setListed(following);
    setItems([]);
    setBusy(true);
  }

  function load(next: number) {
    setBusy(true);
    void fetchPage(next);
  }
  async function fetchPage(next: number) {
    const loaded = await attempt(ctx.toasts, { toast: 'Failed to query messages feed.', log: 'querying the messages feed failed' }, () =>
      loadMessages(ctx, next, following),
    );
    setBusy(false);
    if (!loaded.ok) return;
    const found = loaded.value.activities;
    setItems((current) => (next === 1 ? found : [...current, ...found.filter((a) => !current.some((c) => c.id === a.id))]));
    setPage(loaded.value.page);
    setHasNext(loaded.value.hasNextPage);
  }
  // The first page is asked on mount and when the feed switches between following and global, not
  // on every render: the effect calls the fetchPage of the latest render through a ref.
  const latestFetch = useRef(fetchPage);
  useLayoutEffect(() => {
    latestFetch.current = fetchPage;
  });
  useEffect(() => {
    void latestFetch.current(1);
  }, [following]);

  return (
    <section className="vv-messages-feed" aria-label="Messages">
      {busy && !items.length && <p className="vv-note">Loading messages…</p>}
      {!busy && !items.length && <p className="vv-note">No messages.</p>}
      {items.map((a) => (
        <ActivityEntry key={a.id} activity={a} ctx={ctx} onRemoved={() => setItems((list) => list.filter((x) => x.id !== a.id))} />
      ))}
      {hasNext && (
        <button type="button" className="vv-button vv-load-more" disabled={busy} onClick={() => load(page + 1)}>
          Load More
        </button>
      )}
    </section>
  );
}
