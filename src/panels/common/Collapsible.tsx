import { useId, type ReactNode } from 'react';
import { collapsedKey, withCollapsed } from '../../data/collapse';
import { useServices, useStored } from '../hooks';

/** A container whose body folds away under its header button; the state persists per `id`. */
export function Collapsible({ id, title, defaultCollapsed = false, children }: { id: string; title: ReactNode; defaultCollapsed?: boolean; children: ReactNode }) {
  const { store } = useServices();
  const stored = useStored(collapsedKey);
  const collapsed = stored[id] ?? defaultCollapsed;
  const body = useId();
  return (
    <section className="vv-collapsible" data-collapsed={collapsed}>
      <button
        type="button"
        className="vv-collapsible-header"
        aria-expanded={!collapsed}
        aria-controls={body}
        onClick={() => store.update(collapsedKey, (r) => withCollapsed(r, id, !collapsed, defaultCollapsed))}
      >
        <span className="vv-collapsible-chevron" aria-hidden="true">
          {collapsed ? '▸' : '▾'}
        </span>
        {title}
      </button>
      <div id={body} className="vv-collapsible-body" hidden={collapsed}>
        {children}
      </div>
    </section>
  );
}
