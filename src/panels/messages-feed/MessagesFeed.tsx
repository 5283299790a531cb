import { useEffect } from 'react';
import type { CommandContext } from '../../commands/types';
import { ACTIVITY_TEXTS, loadMessages, type Activity } from '../../data/activities';
import { usePagedRead } from '../query';
import { ActivityEntry } from '../activity/ActivityEntry';

/** The Messages feed: message activities (following or global) as our activity entries, with Load More (also handed to `onLoadMore` while it shows). */
export function MessagesFeed({
  ctx,
  following,
  onLoadMore,
}: {
  ctx: CommandContext;
  following: boolean;
  onLoadMore(load: (() => void) | null): void;
}) {
  // Switching between following and global starts again from an empty list.
  const feed = usePagedRead(following, {
    page: (n, signal) => loadMessages(ctx, n, following, signal),
    hasNext: (page) => page.hasNextPage,
    failure: { toasts: ctx.toasts, report: () => ({ toast: ACTIVITY_TEXTS.messagesFailed, log: 'querying the messages feed failed' }) },
  });
  const items: Activity[] = [];
  for (const a of feed.pages.flatMap((page) => page.activities)) if (!items.some((c) => c.id === a.id)) items.push(a);
  const more = feed.hasNext && !feed.busy ? feed.loadMore : null;
  useEffect(() => {
    onLoadMore(more);
    return () => onLoadMore(null);
  }, [more, onLoadMore]);
  const remove = (id: number) =>
    feed.edit((pages) => pages.map((page) => ({ ...page, activities: page.activities.filter((a) => a.id !== id) })));

  return (
    <section className="vv-messages-feed" aria-label="Messages">
      {feed.busy && !items.length && <p className="vv-note">Loading messages…</p>}
      {!feed.busy && !items.length && <p className="vv-note">No messages.</p>}
      {items.map((a) => (
        <ActivityEntry key={a.id} activity={a} ctx={ctx} onRemoved={() => remove(a.id)} />
      ))}
      {feed.hasNext && (
        <button type="button" className="vv-button vv-load-more" disabled={feed.busy} onClick={feed.loadMore}>
          Load More
        </button>
      )}
    </section>
  );
}
