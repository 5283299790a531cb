import type { Dispatch, KeyboardEvent, SetStateAction } from 'react';

/**
 * ArrowDown and ArrowUp move the highlighted row of a list of `count` rows, wrapping around (-1:
 * none yet). Returns whether the key was one of them (and so taken).
 */
export function moveHighlight(event: KeyboardEvent, count: number, setActive: Dispatch<SetStateAction<number>>): boolean {
  const { key } = event;
  if (!count || (key !== 'ArrowDown' && key !== 'ArrowUp')) return false;
  event.preventDefault();
  setActive((a) => (key === 'ArrowDown' ? (a + 1) % count : a <= 0 ? count - 1 : a - 1));
  return true;
}
