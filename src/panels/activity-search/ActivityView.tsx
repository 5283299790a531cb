import { Command as Cmdk } from 'cmdk';
import type { PalettePageProps } from '../../commands/types';
import { fetchActivity, type Reply } from '../../data/activities';
import type { FoundActivity } from '../../data/activity-search';
import { API_ERROR_TEXTS, failureText } from '../../data/api-errors';
import { ActivityEntry } from '../activity/ActivityEntry';
import { activityPath } from '../../data/paths';
import { useRead } from '../query';
import { useSearchList } from './useSearchList';

/**
 * One activity search result as our full activity entry (likes, replies, edit, delete), with
 * 'Open on AniList' as the page's item: Enter opens the activity's own page.
 */
export function ActivityView({ arg, ctx, close }: PalettePageProps) {
  const id = Number(arg);
  // The listed search, as it is kept: shown without asking again.
  const loaded = useSearchList(ctx).feed.find((a) => a.id === id);
  // Not in the search's feed (cleared, or a search that was not kept): asked for by id. A page
  // closed before the answer came aborts it, and says nothing.
  const asked = useRead(loaded || !Number.isInteger(id) || id <= 0 ? null : id, {
    read: (signal) => fetchActivity(ctx, id, signal),
    failure: {
      toasts: ctx.toasts,
      report: () => ({
        toast: (error) => failureText(error) ?? API_ERROR_TEXTS.activity,
        detail: false,
        log: 'querying an activity failed',
      }),
    },
  });
  const activity: FoundActivity | null | undefined = loaded ?? (asked.settled ? (asked.data ?? null) : undefined);
  if (activity === undefined) return <Cmdk.Loading>Loading the activity…</Cmdk.Loading>;
  if (!activity) return <Cmdk.Empty>This activity is no longer loaded.</Cmdk.Empty>;
  const replies = activity.replies?.filter((r): r is Reply => r !== null);
  const open = () => {
    close();
    ctx.route.navigate(activityPath(activity.id));
  };
  return (
    <>
      <Cmdk.Item value={`open/${activity.id}`} className="vv-item" onSelect={open}>
        <span className="vv-item-title">Open on AniList</span>
        <span className="vv-item-hint">{activityPath(activity.id)}</span>
      </Cmdk.Item>
      <div className="vv-activity-view" onKeyDown={(e) => e.key !== 'Escape' && e.key !== 'Tab' && e.stopPropagation()}>
        <ActivityEntry
          activity={activity}
          ctx={ctx}
          preloadedReplies={replies && replies.length ? replies : undefined}
          onRemoved={() => ctx.palette.pop()}
        />
      </div>
    </>
  );
}
