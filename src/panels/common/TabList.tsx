import type { ReactNode } from 'react';

/**
 * A row of tabs: one button per tab, the selected one marked `aria-selected`. `id` and `controls`
 * tie a tab to the panel it shows where the panel has an id.
 */
export function TabList<T extends string | number>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  className = 'vv-tabs',
  tabClassName = 'vv-tab',
  id,
  controls,
}: {
  label: string;
  tabs: readonly T[];
  selected: NoInfer<T> | undefined;
  onSelect(tab: NoInfer<T>): void;
  /** The tab's text. */
  children(tab: NoInfer<T>): ReactNode;
  className?: string;
  tabClassName?: string;
  id?(tab: NoInfer<T>): string;
  controls?: string;
}) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={id?.(tab)}
          className={tabClassName}
          aria-selected={tab === selected}
          aria-controls={controls}
          data-active={tab === selected}
          onClick={() => onSelect(tab)}
        >
          {children(tab)}
        </button>
      ))}
    </div>
  );
}
