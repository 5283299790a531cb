/**
 * A value that others can watch: module state shared between plain code (hotkeys, injections,
 * commands) and React (through `useStore` in the panels). Setting a value equal to the current
 * one (Object.is) notifies no one; every other set notifies each listener once, in the order they
 * subscribed. A listener removed while listeners run is not called again; one added while they run
 * is called from the next change on.
 *
 * The value itself must not be a function: `set` reads a function as an updater of the current value.
 */
export interface Store<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  /** Calls `listener` after each change; returns the call that stops it. */
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of [...listeners]) if (listeners.has(listener)) listener();
    },
    subscribe(listener) {
      // A wrapper so one function subscribed twice is two subscriptions, each with its own stop.
      const entry = () => listener();
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
  };
}
