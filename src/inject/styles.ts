import type { Lifetime } from './lifetime';

/**
 * Style elements in the host page, replaced by id (the spec's username, highlight, other, profile
 * and global-css elements). CSS is always set as text, never parsed as markup.
 */

const PREFIX = 'void-verified-style-';

export function setStyle(id: string, css: string): void {
  let element = document.getElementById(PREFIX + id);
  if (!(element instanceof HTMLStyleElement)) {
    element?.remove();
    element = document.createElement('style');
    element.id = PREFIX + id;
    (document.head ?? document.documentElement).append(element);
  }
  if (element.textContent !== css) element.textContent = css;
}

export function removeStyle(id: string): void {
  document.getElementById(PREFIX + id)?.remove();
}

/** Holds the style element `id` until `signal` aborts. */
function styleWhile(id: string, css: string, { signal }: Lifetime): void {
  if (signal.aborted) return;
  setStyle(id, css);
  signal.addEventListener('abort', () => removeStyle(id), { once: true });
}

/** An injection's mount that holds the style element `id` while it is mounted. */
export const styleWhileMounted =
  (id: string, css: string) =>
  (_element: Element, lifetime: Lifetime): undefined => {
    styleWhile(id, css, lifetime);
  };

/** A page behaviour's run that holds the style element `id` while it runs (its feature is on). */
export const styleWhileRunning =
  (id: string, css: string) =>
  (lifetime: Lifetime): undefined => {
    styleWhile(id, css, lifetime);
  };
