import type { Lifetime } from './lifetime';
import { onMutations } from './observer';

/**
 * Route changes of the host SPA, seen from any JavaScript world. Userscript managers may run us
 * in an isolated world where wrapping `history.pushState` sees none of the host's calls, so we
 * listen only to what crosses worlds:
 * - the Navigation API's `currententrychange` (fired for the host's pushState and replaceState, in
 *   every world) where the browser has it;
 * - `popstate` (back and forward);
 * - a `location` comparison in the shared MutationObserver's callback: the host re-renders on
 *   every route change, so a move that the other two missed is seen with the DOM change it causes.
 * Listeners hear once per real path change. No polling: with no DOM change and no navigation,
 * nothing runs.
 */

type RouteListener = (path: string, previous: string) => void;

const listeners = new Set<RouteListener>();
let current = typeof location === 'undefined' ? '/' : location.pathname;
let installed = false;
let scheduled = false;

/** Tells listeners if the path changed since the last check. Cheap: one string comparison. */
function check(): void {
  scheduled = false;
  const next = location.pathname;
  if (next === current) return;
  const previous = current;
  current = next;
  listeners.forEach((listener) => {
    try {
      listener(next, previous);
    } catch (error) {
      console.error('[VoidVerified] a route listener failed', error);
    }
  });
}

/** Coalesces the host's push-then-replace bursts into one notification per task. */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(check);
}

interface NavigationLike {
  addEventListener(type: 'currententrychange', listener: () => void): void;
}

function install(): void {
  if (installed) return;
  installed = true;
  const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
  if (navigation && typeof navigation.addEventListener === 'function') navigation.addEventListener('currententrychange', schedule);
  window.addEventListener('popstate', schedule);
  // For the page's life: the route is watched once, whoever listens.
  onMutations(check, { signal: new AbortController().signal });
}

/** The path as of the last route change we saw (location.pathname after every change). */
export function currentPath(): string {
  return current;
}

/** Calls `listener` once per path change, until `signal` aborts. */
export function onRouteChange(listener: RouteListener, { signal }: Lifetime): void {
  if (signal.aborted) return;
  install();
  listeners.add(listener);
  signal.addEventListener('abort', () => listeners.delete(listener), { once: true });
}
