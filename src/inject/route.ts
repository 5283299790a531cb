/**
 * Route changes from the host's history API. The host is a Vue SPA: its router calls
 * history.pushState / replaceState, and the browser fires popstate on back and forward. We wrap
 * the two methods once and tell listeners when the path really changed. No polling.
 */

type RouteListener = (path: string, previous: string) => void;

const listeners = new Set<RouteListener>();
let current = typeof location === 'undefined' ? '/' : location.pathname;
let installed = false;
let scheduled = false;

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

function install(): void {
  if (installed) return;
  installed = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function patched(this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      schedule();
      return result;
    };
  }
  window.addEventListener('popstate', schedule);
}

export function currentPath(): string {
  return current;
}

export function onRouteChange(listener: RouteListener): () => void {
  install();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
