/**
 * The page's scroll freeze behind our dialogs and the palette: AniList's own class `scroll-lock`
 * on `body` (host facts: the host freezes page scroll behind its overlays with it; the original's
 * dialogs and QuickStart set it too, document 3 C31). Counted, so a dialog over the palette keeps
 * the page frozen until the last one closes.
 */
const SCROLL_LOCK = 'scroll-lock';

let holders = 0;

/** Freezes the page's scroll until `signal` aborts. */
export function lockPageScroll({ signal }: { signal: AbortSignal }): void {
  if (signal.aborted) return;
  if (holders++ === 0) document.body.classList.add(SCROLL_LOCK);
  signal.addEventListener(
    'abort',
    () => {
      if (--holders === 0) document.body.classList.remove(SCROLL_LOCK);
    },
    { once: true },
  );
}
