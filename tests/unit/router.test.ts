// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vueOf } from '../../src/inject/page-world';
import { currentPath, onRouteChange } from '../../src/inject/route';
import { hostRouter, navigate, ROUTER_DELAY_MS } from '../../src/inject/router';

/** A stand-in for vue-router: records pushes and replaces, and moves the address like the host. */
function fakeRouter() {
  const calls: string[] = [];
  return {
    calls,
    push: vi.fn((path: string) => {
      calls.push(`push ${path}`);
      history.pushState(null, '', path);
      return Promise.resolve();
    }),
    replace: vi.fn((path: string) => {
      calls.push(`replace ${path}`);
      history.replaceState(null, '', path);
      return Promise.reject(new Error('NavigationDuplicated')); // swallowed, not an error here
    }),
  };
}

function mountApp(vue: unknown): HTMLElement {
  const app = document.createElement('div');
  app.id = 'app';
  (app as unknown as { __vue__: unknown }).__vue__ = vue;
  document.body.append(app);
  return app;
}

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '';
  history.replaceState(null, '', '/home');
});

afterEach(() => {
  vi.useRealTimers();
  delete (globalThis as { unsafeWindow?: unknown }).unsafeWindow;
});

describe('navigate', () => {
  it('pushes through the host router when the first path segments differ', () => {
    const router = fakeRouter();
    mountApp({ $router: router });
    navigate('/notifications');
    vi.advanceTimersByTime(50);
    expect(router.calls).toEqual(['push /notifications']);
  });

  it('detours through /404 only when the current and target first segments are equal, replacing it after 5 ms', () => {
    const router = fakeRouter();
    mountApp({ $router: router });
    history.replaceState(null, '', '/user/Viewer/');
    navigate('/user/Bocchi/');
    expect(router.calls).toEqual(['push /404']);
    expect(document.body.classList.contains('void-hide-not-found')).toBe(true);
    vi.advanceTimersByTime(ROUTER_DELAY_MS);
    expect(router.calls).toEqual(['push /404', 'replace /user/Bocchi/']);
    expect(location.pathname).toBe('/user/Bocchi/');
  });

  it('uses the older _router name too', () => {
    const router = fakeRouter();
    mountApp({ _router: router });
    navigate('/search/anime');
    expect(router.calls).toEqual(['push /search/anime']);
  });

  it("reaches the page's router through unsafeWindow when our world cannot see it", () => {
    const router = fakeRouter();
    // Our document's #app carries no Vue instance (an isolated world); the page's does.
    mountApp(undefined);
    const pageApp = { __vue__: { $router: router } };
    (globalThis as { unsafeWindow?: unknown }).unsafeWindow = {
      document: { querySelector: (s: string) => (s === '#app' ? pageApp : null) },
    };
    expect(hostRouter()).toBe(router);
    navigate('/notifications');
    expect(router.calls).toEqual(['push /notifications']);
  });

  it('falls back to a page load without a router (not granted, or not mounted yet)', () => {
    mountApp(undefined);
    const assign = vi.fn();
    const original = window.location.assign;
    Object.defineProperty(window.location, 'assign', { value: assign, configurable: true });
    try {
      navigate('/notifications?x=1#y');
      expect(assign).toHaveBeenCalledWith('/notifications?x=1#y');
    } finally {
      Object.defineProperty(window.location, 'assign', { value: original, configurable: true });
    }
  });
});

describe('vueOf', () => {
  it("finds the page world's twin of an element by a short-lived attribute, and leaves no trace", () => {
    const reply = document.createElement('div');
    reply.className = 'reply';
    document.body.append(reply);
    const seen: string[] = [];
    (globalThis as { unsafeWindow?: unknown }).unsafeWindow = {
      document: {
        querySelector: (selector: string) => {
          seen.push(selector);
          return document.querySelector(selector) === reply ? { __vue__: { $props: { id: 42 } } } : null;
        },
      },
    };
    expect(vueOf(reply)?.$props?.id).toBe(42);
    expect(seen).toHaveLength(1);
    expect(reply.hasAttribute('data-void-probe')).toBe(false);
  });

  it('is null when no world shows a Vue instance', () => {
    const el = document.createElement('div');
    document.body.append(el);
    expect(vueOf(el)).toBeNull();
  });
});

describe('route changes', () => {
  it("are seen from a DOM change after a move our world did not see (the host's pushState in another world)", async () => {
    vi.useRealTimers();
    const seen: string[] = [];
    const listening = new AbortController();
    onRouteChange((path, previous) => seen.push(`${previous} -> ${path}`), listening);
    const start = currentPath();
    // A move we hear nothing about, then the host's re-render.
    history.pushState(null, '', '/settings/developer');
    document.body.append(document.createElement('div'));
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([`${start} -> /settings/developer`]);
    // A DOM change without a move tells nobody.
    document.body.append(document.createElement('div'));
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveLength(1);
    listening.abort();
  });

  it('are seen on popstate, once per real path change', async () => {
    vi.useRealTimers();
    const seen: string[] = [];
    const listening = new AbortController();
    onRouteChange((path) => seen.push(path), listening);
    history.pushState(null, '', '/notifications');
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.dispatchEvent(new PopStateEvent('popstate'));
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual(['/notifications']);
    listening.abort();
  });
});
