import type { CommandContext } from '../../commands/types';
import { useSyncExternalStore } from 'react';

/** A reply's collapse toggle; it focuses itself so the command knows which reply it is about. */
export function ReplyCollapseButton({
  ctx,
  collapsed,
  subscribe,
  command,
}: {
  ctx: Pick<CommandContext, 'run'>;
  collapsed: () => boolean;
  /** Calls the listener when the state may have changed; returns the stop. */
  subscribe: (listener: () => void) => () => void;
  command: string;
}) {
  const isCollapsed = useSyncExternalStore(subscribe, collapsed);
  return (
    <button
      type="button"
      className="vv-reply-collapse"
      aria-expanded={!isCollapsed}
      aria-label={isCollapsed ? 'Expand reply' : 'Collapse reply'}
      title={isCollapsed ? 'Expand reply' : 'Collapse reply'}
      onClick={(event) => {
        event.currentTarget.focus();
        void ctx.run(command);
      }}
    >
      {isCollapsed ? '+' : '−'}
    </button>
  );
}
