import type { CommandContext } from '../../commands/types';
import { countUnread } from '../../data/notifications/read-state';
import { unreadStateKey } from '../../data/notifications/storage';
import { useStored } from '../hooks';
import { useReadHere } from './useReadHere';

/** Our unread count in the nav (the host's own dot is hidden while the feed is replaced). */
export function NotificationDot({ ctx }: { ctx: CommandContext }) {
  const state = useStored(unreadStateKey);
  const count = countUnread(state.items, useReadHere());
  if (!count) return null;
  return (
    <a
      className="vv-notification-dot"
      href="/notifications"
      aria-label={`${count} unread notification${count === 1 ? '' : 's'}`}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        ctx.route.navigate('/notifications');
      }}
    >
      {count}
    </a>
  );
}
