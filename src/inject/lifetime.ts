/**
 * The one clean-up idiom: whatever is set up lives until a signal aborts. Every helper in
 * src/inject (and mountUi) takes `{ signal }` and returns nothing; an injection's mount passes its
 * `ctx`, whose signal the injector aborts when the injection is torn down.
 */
export interface Lifetime {
  readonly signal: AbortSignal;
}

/** A shorter lifetime inside `parent` (a panel opened and closed while the mount stays): aborted by its own abort or the parent's. */
export function childLifetime({ signal }: Lifetime): AbortController {
  const child = new AbortController();
  if (signal.aborted) child.abort(signal.reason);
  else {
    const forward = () => child.abort(signal.reason);
    signal.addEventListener('abort', forward, { once: true });
    child.signal.addEventListener('abort', () => signal.removeEventListener('abort', forward), { once: true });
  }
  return child;
}

/** Runs `teardown` once when `signal` aborts (at once if it already has). */
export function onAbort({ signal }: Lifetime, teardown: () => void): void {
  if (signal.aborted) teardown();
  else signal.addEventListener('abort', teardown, { once: true });
}
