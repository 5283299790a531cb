import { collapsedKey } from '../../data/collapse';
import { useServices, useStored } from '../hooks';

/** A reply's collapse toggle; it focuses itself so the command knows which reply it is about. */
export function ReplyCollapseButton({ collapsed, command }: { collapsed: () => boolean; command: string }) {
  const services = useServices();
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
        void services.run(command);
      }}
    >
      {isCollapsed ? '+' : '−'}
    </button>
  );
}
