import { Command as Cmdk } from 'cmdk';
import type { ReactNode } from 'react';

/**
 * A palette group of results: each item shows `children(item)` and runs `onPick(item)` when chosen
 * (Enter or a click). `valueOf` gives cmdk's value, unique in the page (`user/12`); `after` is shown
 * below the items (an item for what was typed).
 */
export function PickGroup<T>({
  heading,
  items,
  valueOf,
  onPick,
  children,
  after,
}: {
  heading: string;
  items: readonly T[];
  valueOf(item: T): string;
  onPick(item: T): void;
  children(item: T): ReactNode;
  after?: ReactNode;
}) {
  return (
    <Cmdk.Group heading={heading}>
      {items.map((item) => {
        const value = valueOf(item);
        return (
          <Cmdk.Item key={value} value={value} className="vv-item" onSelect={() => onPick(item)}>
            {children(item)}
          </Cmdk.Item>
        );
      })}
      {after}
    </Cmdk.Group>
  );
}
