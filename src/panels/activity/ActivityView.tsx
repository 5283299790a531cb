import { Command as Cmdk } from 'cmdk';
import type { PalettePageProps } from '../../commands/types';
import type { Reply } from '../../data/activities';
import { activitySearchState } from '../ActivitySearch';
import { ActivityEntry } from './ActivityEntry';

/**
 * One activity search result as our full activity entry (likes, replies, edit, delete), with
 * 'Open on AniList' as the page's item: Enter opens the activity's own page.
 */
export function ActivityView({ arg, ctx, close }: PalettePageProps) {
  const activity = activitySearchState().feed.find((a) => a.id === Number(arg));
  if (!activity) return <Cmdk.Empty>This activity is no longer loaded.</Cmdk.Empty>;
  const replies = activity.replies?.filter((r): r is Reply => r !== null);
  const open = () => {
    close();
    ctx.route.navigate(`/activity/${activity.id}`);
  };
  return (
    <>
      <Cmdk.Item value={`open/${activity.id}`} className="vv-item" onSelect={open}>
        <span className="vv-item-title">Open on AniList</span>
        <span className="vv-item-hint">/activity/{activity.id}</span>
      </Cmdk.Item>
      <div className="vv-activity-view" onKeyDown={(e) => e.key !== 'Escape' && e.key !== 'Tab' && e.stopPropagation()}>
        <ActivityEntry activity={activity} ctx={ctx} preloadedReplies={replies && replies.length ? replies : undefined} onRemoved={() => ctx.palette.pop()} />
      </div>
    </>
  );
}
