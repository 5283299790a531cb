import { useLayoutEffect, useState, type MouseEvent, type RefObject } from 'react';
import { isPlainClick } from '../../data/paths';

/**
 * What the hover cards (the mini profile's and MiniMedia's) share on screen: the link's box they
 * are placed by, their state and handlers, placing them again when their size changes, and a
 * click inside them. The runner that shows them is `src/commands/hover-card.tsx`.
 */

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

/** The card shown: its data and the box of the link it is for (viewport coordinates). */
export interface HoverCardState<D> {
  data: D;
  anchor: Rect;
}

export interface HoverCardHandlers {
  /** The pointer entered the card (keep it open). */
  enter(): void;
  /** The pointer left the card (hide it soon). */
  leave(): void;
  /** A same-site link in the card was clicked. */
  navigate(path: string): void;
}

export type Size = { width: number; height: number };
export type Place = (anchor: Rect, card: Size, viewport: Size) => { left: number; top: number };

/** Where the card goes beside its link by `place` (null until measured), placed again when its size changes. */
export function useCardPosition(ref: RefObject<HTMLElement | null>, anchor: Rect, place: Place) {
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const card = ref.current;
    if (!card) return;
    const measure = () =>
      setAt(
        place(anchor, { width: card.offsetWidth, height: card.offsetHeight }, { width: window.innerWidth, height: window.innerHeight }),
      );
    measure();
    // Images arriving change the card's size.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(card);
    return () => observer?.disconnect();
  }, [ref, anchor, place]);
  return at;
}

/** A click in a card: a spoiler opens; a plain click on a link of this site navigates in the app. */
export function onCardClick(event: MouseEvent, navigate: (path: string) => void): void {
  const target = event.target as Element;
  const spoiler = target.closest('.markdown-spoiler');
  if (spoiler) spoiler.classList.toggle('spoiler-visible');
  const link = target.closest('a[href]');
  if (!link || !isPlainClick(event)) return;
  const url = new URL(link.getAttribute('href') ?? '', location.href);
  if (url.origin !== location.origin) return;
  event.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}
