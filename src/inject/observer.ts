/**
 * One shared MutationObserver with per-selector subscriptions. A subscriber hears about every
 * element matching its selector that is in the page when it subscribes and every one added later.
 * The observer only runs while someone subscribes, and only reacts to DOM changes: idle pages cost
 * nothing.
 */

type Callback = (element: Element) => void;

interface Subscription {
  selector: string;
  callback: Callback;
}

const subscriptions = new Set<Subscription>();
const removalListeners = new Set<() => void>();
const batchListeners = new Set<() => void>();
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
}

function ensureObserver(): void {
  if (observer || typeof MutationObserver === 'undefined') return;
  observer = new MutationObserver(handle);
  observer.observe(document.documentElement, { childList: true, subtree: true });
}

function maybeDisconnect(): void {
  if (observer && subscriptions.size === 0 && removalListeners.size === 0 && batchListeners.size === 0) {
    observer.disconnect();
    observer = null;
  }
}

export function observe(selector: string, callback: Callback): () => void {
  const sub: Subscription = { selector, callback };
  subscriptions.add(sub);
  ensureObserver();
  scan(sub, document);
  return () => {
    subscriptions.delete(sub);
    maybeDisconnect();
  };
}

/** Called (at most once per mutation batch) when nodes were removed anywhere in the page. */
export function onNodesRemoved(listener: () => void): () => void {
  removalListeners.add(listener);
  ensureObserver();
  return () => {
    removalListeners.delete(listener);
    maybeDisconnect();
  };
}

/**
 * Called first in every mutation batch, before subscribers hear of added nodes (the route watcher
 * compares `location` here, so injections for a new page are switched before its nodes are
 * delivered). Keep it cheap: it runs on every DOM change of the page.
 */
export function onMutations(listener: () => void): () => void {
  batchListeners.add(listener);
  ensureObserver();
  return () => {
    batchListeners.delete(listener);
    maybeDisconnect();
  };
}

/** For Health and tests: how many selectors are being watched. */
export function subscriptionCount(): number {
  return subscriptions.size;
}
