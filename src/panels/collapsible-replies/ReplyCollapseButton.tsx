import type { CommandContext } from '../../commands/types';
import { collapsedKey } from '../../data/collapse';
import { useStored } from '../hooks';

/** A reply's collapse toggle; it focuses itself so the command knows which reply it is about. */
export function ReplyCollapseButton({
  ctx,
  collapsed,
  command,
}: {
  ctx: Pick<CommandContext, 'run'>;
  collapsed: () => boolean;
  command: string;
}) {
  useStored(collapsedKey);
  const isCollapsed = collapsed();
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
