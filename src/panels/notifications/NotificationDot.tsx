import type { CommandContext } from '../../commands/types';
import { countUnread, readNotificationsKey, unreadStateKey } from '../../data/notifications/storage';
import { useStored } from '../hooks';

/** Our unread count in the nav (the host's own dot is hidden while the feed is replaced). */
export function NotificationDot({ ctx }: { ctx: CommandContext }) {
  const state = useStored(unreadStateKey);
  const count = countUnread(state.items, useStored(readNotificationsKey));
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
