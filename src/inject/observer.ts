/**
 * One shared MutationObserver with per-selector subscriptions. A subscriber hears about every
 * element matching its selector that is in the page when it subscribes and every one added later.
 * The observer only runs while someone subscribes, and only reacts to DOM changes: idle pages cost
 * nothing.
 */

import type { Lifetime } from './lifetime';

type Callback = (element: Element) => void;

interface Subscription {
  selector: string;
  callback: Callback;
}

const subscriptions = new Set<Subscription>();
const removalListeners = new Set<() => void>();
const batchListeners = new Set<() => void>();
const changeListeners = new Set<(targets: ReadonlySet<Node>) => void>();
/** The attributes whose change can mean an element now shows other data (Vue reusing it). */
const DATA_ATTRIBUTES = ['href', 'datetime', 'src', 'label'];
let observer: MutationObserver | null = null;

function deliver(sub: Subscription, element: Element): void {
  try {
    sub.callback(element);
  } catch (error) {
    console.error(`[VoidVerified] a handler for "${sub.selector}" failed`, error);
  }
}

function scan(sub: Subscription, root: ParentNode): void {
  if (root instanceof Element && root.matches(sub.selector)) deliver(sub, root);
  root.querySelectorAll(sub.selector).forEach((el) => deliver(sub, el));
}

function handle(records: MutationRecord[]): void {
  batchListeners.forEach((l) => l());
  const added: Element[] = [];
  let removed = false;
  for (const record of records) {
    if (record.type !== 'childList') continue;
    record.addedNodes.forEach((node) => {
      if (node.nodeType === Node.ELEMENT_NODE) added.push(node as Element);
    });
    if (record.removedNodes.length) removed = true;
  }
  if (added.length) {
    // Skip nodes nested in another added node: scanning the outer one covers them.
    const roots = added.filter((el) => el.isConnected && !added.some((other) => other !== el && other.contains(el)));
    for (const sub of [...subscriptions]) for (const root of roots) scan(sub, root);
  }
  if (removed) removalListeners.forEach((l) => l());
  if (changeListeners.size) {
    const targets = new Set<Node>(records.map((r) => r.target));
    changeListeners.forEach((l) => l(targets));
  }
}

/** Text and data attributes are watched only while someone listens for changes. */
let watchingChanges = false;

function ensureObserver(): void {
  if (typeof MutationObserver === 'undefined') return;
  const changes = changeListeners.size > 0;
  if (observer && changes === watchingChanges) return;
  // New options: handle what is pending, then observe afresh (disconnect first: not every DOM
  // replaces the options of a second observe() call as the standard says).
  if (observer) {
    handle(observer.takeRecords());
    observer.disconnect();
  }
  observer ??= new MutationObserver(handle);
  watchingChanges = changes;
  observer.observe(
    document.documentElement,
    changes
      ? { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: DATA_ATTRIBUTES }
      : { childList: true, subtree: true },
  );
}

function maybeDisconnect(): void {
  if (!observer) return;
  if (subscriptions.size === 0 && removalListeners.size === 0 && batchListeners.size === 0 && changeListeners.size === 0) {
    observer.disconnect();
    observer = null;
    watchingChanges = false;
  } else if (watchingChanges && changeListeners.size === 0) ensureObserver();
}

/** Adds to one of the listener sets while the observer runs, until `signal` aborts. */
function listen<T>(set: Set<T>, item: T, { signal }: Lifetime): void {
  if (signal.aborted) return;
  set.add(item);
  ensureObserver();
  signal.addEventListener(
    'abort',
    () => {
      set.delete(item);
      maybeDisconnect();
    },
    { once: true },
  );
}

/** Delivers every element matching `selector`, those in the page now and those added later, until `signal` aborts. */
export function observe(selector: string, callback: Callback, { signal }: Lifetime): void {
  const sub: Subscription = { selector, callback };
  // Not left behind to fail again on every DOM change: a failing first scan stops only this subscription.
  const own = new AbortController();
  const stop = () => own.abort();
  signal.addEventListener('abort', stop, { once: true });
  listen(subscriptions, sub, own);
  try {
    if (!signal.aborted) scan(sub, document);
  } catch (error) {
    stop();
    signal.removeEventListener('abort', stop);
    throw error;
  }
}

/** Called (at most once per mutation batch) when nodes were removed anywhere in the page, until `signal` aborts. */
export function onNodesRemoved(listener: () => void, lifetime: Lifetime): void {
  listen(removalListeners, listener, lifetime);
}

/**
 * Called first in every mutation batch, before subscribers hear of added nodes (the route watcher
 * compares `location` here, so injections for a new page are switched before its nodes are
 * delivered). Keep it cheap: it runs on every DOM change of the page.
 */
export function onMutations(listener: () => void, lifetime: Lifetime): void {
  listen(batchListeners, listener, lifetime);
}

/**
 * Called once per mutation batch with every node something changed in or on (children, text, a
 * data attribute such as href or datetime), while at least one listener is registered.
 */
export function onChanges(listener: (targets: ReadonlySet<Node>) => void, lifetime: Lifetime): void {
  listen(changeListeners, listener, lifetime);
}

/** For Health and tests: how many selectors are being watched. */
export function subscriptionCount(): number {
  return subscriptions.size;
}
