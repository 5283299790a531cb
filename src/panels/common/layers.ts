import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The stacking order of our modal layers (the palette, registered dialogs, the confirm dialog):
 * the one opened last is on top, whatever kind it is. The palette opened over the changelog or
 * over the adoption question is above them and takes the keyboard; a confirm a palette page asks
 * is above the palette. Each layer takes two levels: its backdrop, then its content.
 * Toasts, tooltips and menus sit above every layer (their z-index is in the shared sheets, src/panels/styles.ts); hover cards below.
 */
const LAYER_BASE = 2147483000;
/** Far below the toasts' level (2147483600), so counting up never crosses it. */
const LAYER_LIMIT = 2147483400;

const live = new Set<object>();
let next = LAYER_BASE;

function take(): number {
  if (live.size === 0 || next > LAYER_LIMIT) next = LAYER_BASE;
  const z = next;
  next += 2;
  return z;
}

/**
 * The z-index of a layer's backdrop while `open` (its content takes the one above). Taken when the
 * layer opens, so it is right on the first frame; given back when it closes.
 */
export function useLayer(open: boolean): number {
  const token = useRef<object>({});
  const [level, setLevel] = useState<number | null>(null);
  if (open && level === null) setLevel(take());
  if (!open && level !== null) setLevel(null);
  useLayoutEffect(() => {
    if (!open) return;
    const me = token.current;
    live.add(me);
    return () => {
      live.delete(me);
    };
  }, [open]);
  return level ?? LAYER_BASE;
}
