import { createElement, forwardRef, useEffect, type ElementType, type ReactNode } from 'react';
import { lockPageScroll } from '../src/inject/scroll-lock';

/**
 * `react-remove-scroll`'s `RemoveScroll` as Radix's Dialog overlay and modal Popover use it, for the
 * shipped userscript (tsup.config.ts resolves `react-remove-scroll` here; unit tests keep the
 * package): while it is mounted the page's scroll is frozen with AniList's own `scroll-lock` class
 * (`lockPageScroll`), as the original VoidVerified freezes it behind its dialogs (document 3, C31).
 * The package blocks wheel and touch events outside the dialog instead, which costs 30 KB of the
 * script and a listener on every wheel event; a frozen page needs neither. `shards` and
 * `allowPinchZoom` are the package's options for that blocking, so they mean nothing here.
 */
interface RemoveScrollProps {
  as?: ElementType;
  enabled?: boolean;
  allowPinchZoom?: boolean;
  shards?: unknown;
  children?: ReactNode;
  [prop: string]: unknown;
}

export const RemoveScroll = forwardRef<unknown, RemoveScrollProps>(function RemoveScroll(
  { as = 'div', enabled = true, allowPinchZoom: _zoom, shards: _shards, children, ...rest },
  ref,
) {
  useEffect(() => {
    if (!enabled) return;
    const held = new AbortController();
    lockPageScroll(held);
    return () => held.abort();
  }, [enabled]);
  const props: Record<string, unknown> = { ...rest, ref };
  return createElement(as as ElementType, props, children as ReactNode);
});
