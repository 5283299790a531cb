import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { CommandContext } from '../../commands/types';
import { collapsedKey, withCollapsed } from '../../data/collapse';
import { useStored } from '../hooks';

/** Ids in `next` that are not in `seen` (content added since). */
function addedContent(seen: ReadonlySet<string | number>, next: readonly (string | number)[]): boolean {
  return next.some((id) => !seen.has(id));
}

/**
 * A container whose body folds away under its header button: the
 * state persists per `id` in the collapsed-containers record, unless the owner
 * keeps it (`collapsed` with `onCollapsedChange`, as the quick-access notifications keep theirs in
 * their config). It expands when content is added: `content` lists what the body shows (ids); an
 * id that was not there before opens a collapsed container. The first content it sees (what a
 * page load brings back) only sets the baseline, so a container folded by hand stays folded.
 */
export function Collapsible({
  ctx,
  id,
  title,
  defaultCollapsed = false,
  children,
  collapsed: controlled,
  onCollapsedChange,
  actions,
  content,
  className = '',
}: {
  /** The services: the fold state is kept in the store. */
  ctx: Pick<CommandContext, 'store'>;
  id: string;
  title: ReactNode;
  defaultCollapsed?: boolean;
  children: ReactNode;
  collapsed?: boolean;
  onCollapsedChange?(collapsed: boolean): void;
  /** Buttons beside the header (refresh, settings); they do not fold. */
  actions?: ReactNode;
  content?: readonly (string | number)[];
  className?: string;
}) {
  const stored = useStored(collapsedKey);
  const collapsed = controlled ?? stored[id] ?? defaultCollapsed;
  const body = useId();
  const setCollapsed = (next: boolean) => {
    if (onCollapsedChange) onCollapsedChange(next);
    else ctx.store.update(collapsedKey, (r) => withCollapsed(r, id, next, defaultCollapsed));
  };
  const seen = useRef<Set<string | number> | null>(null);
  const contentKey = content?.join('\u0000') ?? '';
  // The check below runs when the listed ids change, not on every render (owners pass a new array
  // each time): it reads the latest content, fold state and setter through a ref.
  const latest = useRef({ content, collapsed, setCollapsed });
  useLayoutEffect(() => {
    latest.current = { content, collapsed, setCollapsed };
  });
  useEffect(() => {
    const { content, collapsed, setCollapsed } = latest.current;
    if (!content?.length) return;
    if (seen.current === null) {
      seen.current = new Set(content);
      return;
    }
    const added = addedContent(seen.current, content);
    content.forEach((c) => seen.current!.add(c));
    if (added && collapsed) setCollapsed(false);
  }, [contentKey]);
  return (
    <section className={`vv-collapsible ${className}`.trim()} data-collapsed={collapsed} data-collapse-id={id}>
      <div className="vv-collapsible-head">
        <button
          type="button"
          className="vv-collapsible-header"
          aria-expanded={!collapsed}
          aria-controls={body}
          onClick={() => setCollapsed(!collapsed)}
        >
          <span className="vv-collapsible-chevron" aria-hidden="true">
            {collapsed ? '▸' : '▾'}
          </span>
          {title}
        </button>
        {actions}
      </div>
      <div id={body} className="vv-collapsible-body" hidden={collapsed}>
        {children}
      </div>
    </section>
  );
}
