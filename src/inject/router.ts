import { setStyle } from './styles';

/**
 * Navigation inside the host app, through its own Vue router (document 1 section 2). When both
 * the current and the target path have a first segment, the host may not refresh a view that
 * stays on the same component, so we first go to /404 with the 404 view hidden and 5 ms later
 * to the real path (replacing the /404 entry, so Back still works). Without a router we fall back
 * to an ordinary page load.
 */

interface HostRouter {
  push(path: string): unknown;
  replace(path: string): unknown;
}

export const ROUTER_DELAY_MS = 5;
const HIDE_CLASS = 'void-hide-not-found';

function hostRouter(): HostRouter | null {
  // The Vue 2 root instance is an expando on #app; the host does not type it.
  const app = document.querySelector('#app') as (Element & { __vue__?: { $router?: HostRouter; _router?: HostRouter } }) | null;
  const router = app?.__vue__?.$router ?? app?.__vue__?._router;
  return router && typeof router.push === 'function' && typeof router.replace === 'function' ? router : null;
}

function firstSegment(path: string): string | undefined {
  return path.split(/[?#]/)[0]!.split('/').filter(Boolean)[0];
}

function swallow(result: unknown): void {
  // vue-router 3 returns a promise that rejects on redundant navigation; that is not an error here.
  if (result && typeof (result as Promise<unknown>).catch === 'function') (result as Promise<unknown>).catch(() => undefined);
}

export function isHostUrl(href: string): boolean {
  try {
    return new URL(href, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

export function navigate(target: string): void {
  const url = new URL(target, location.href);
  if (url.origin !== location.origin) {
    window.open(url.href, '_blank', 'noopener');
    return;
  }
  const path = url.pathname + url.search + url.hash;
  const router = hostRouter();
  if (!router) {
    location.assign(path);
    return;
  }
  if (firstSegment(location.pathname) && firstSegment(path)) {
    setStyle('router', `body.${HIDE_CLASS} .not-found { display: none !important; }`);
    document.body.classList.add(HIDE_CLASS);
    swallow(router.push('/404'));
    setTimeout(() => {
      swallow(router.replace(path));
      // Keep the 404 view hidden until the host has rendered the target.
      requestAnimationFrame(() => document.body.classList.remove(HIDE_CLASS));
    }, ROUTER_DELAY_MS);
  } else {
    swallow(router.push(path));
  }
}
