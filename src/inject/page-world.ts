/**
 * The page's own JavaScript world. Userscript managers often run us in an isolated world (a
 * sandbox or content-script world): the DOM is shared with the page, its JavaScript objects are
 * not, so `#app.__vue__` and the host router are invisible from `window`. The manager's
 * `unsafeWindow` (when granted) is the page's window; without it we get our own and callers fall
 * back to what crosses worlds (DOM events, plain navigation).
 */

/* Injected by the userscript manager into the script's scope; missing outside one. */
declare const unsafeWindow: Window | undefined;

/** The page's window when the manager hands it over, else ours. */
export function pageWindow(): Window {
  try {
    if (typeof unsafeWindow !== 'undefined' && unsafeWindow && unsafeWindow !== window) return unsafeWindow;
  } catch {
    // Some managers throw on access to an ungranted unsafeWindow.
  }
  return window;
}

/** What the host's Vue 2 keeps on an element: the component instance (router, props, store). */
export interface VueHandle {
  $props?: Record<string, unknown>;
  $router?: unknown;
  _router?: unknown;
}

type WithVue = Element & { __vue__?: VueHandle; wrappedJSObject?: { __vue__?: VueHandle } };

let probes = 0;

/**
 * The Vue instance on an element, from whichever world can see it: ours (we run in the page), the
 * page's through Firefox's `wrappedJSObject`, or the page's through `unsafeWindow`'s document (the
 * element is found there by a short-lived attribute, since an element of our world cannot be
 * handed to the page's). Null when the page's objects are out of reach.
 */
export function vueOf(element: Element): VueHandle | null {
  const own = (element as WithVue).__vue__;
  if (own) return own;
  try {
    const wrapped = (element as WithVue).wrappedJSObject?.__vue__;
    if (wrapped) return wrapped;
  } catch {
    // wrappedJSObject exists only in Firefox content scripts.
  }
  const page = pageWindow();
  if (page === window || !element.isConnected) return null;
  const mark = `v${++probes}`;
  element.setAttribute('data-void-probe', mark);
  try {
    const twin = page.document.querySelector(`[data-void-probe="${mark}"]`) as WithVue | null;
    return twin?.__vue__ ?? null;
  } catch {
    return null;
  } finally {
    element.removeAttribute('data-void-probe');
  }
}

/**
 * The id the host's Vue component on an element carries (`$props.id`: an activity's on
 * `.activity-entry`, a reply's on `.reply`), as the original reads it; null when out of reach or
 * not a positive integer (the page's objects are input).
 */
export function hostComponentId(element: Element): number | null {
  const id = vueOf(element)?.$props?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}
