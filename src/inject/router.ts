import { pageWindow, vueOf } from './page-world';
import { setStyle } from './styles';

/**
 * Navigation inside the host app, through its own Vue router. When the
 * current and the target path share their first segment (/user/a/ to /user/b/), the host does not
 * refresh a view that stays on the same component, so we first go to /404 with the 404 view
 * hidden and 5 ms later to the real path (replacing the /404 entry, so Back still works). This is
 * what the original does; the spec's sentence ("both have a first segment") is looser than the
 * behaviour it describes, and detouring between different components only costs a render.
 *
 * The router lives on `#app.__vue__`, a JavaScript object of the page's world: in an isolated
 * world we reach it through `unsafeWindow` (see page-world.ts). Without it (not granted, not
 * mounted yet) we fall back to an ordinary page load.
 */

interface HostRouter {
  push(path: string): unknown;
  replace(path: string): unknown;
}

export const ROUTER_DELAY_MS = 5;
const HIDE_CLASS = 'void-hide-not-found';

function isRouter(value: unknown): value is HostRouter {
  const r = value as Partial<HostRouter> | null | undefined;
  return !!r && typeof r.push === 'function' && typeof r.replace === 'function';
}

export function hostRouter(): HostRouter | null {
  try {
    // The Vue 2 root instance is an expando on #app; the host does not type it.
    const app = pageWindow().document.querySelector('#app');
    const vue = app ? vueOf(app) : null;
    const router = vue?.$router ?? vue?._router;
    return isRouter(router) ? router : null;
  } catch {
    return null;
  }
}

function firstSegment(path: string): string | undefined {
  return path.split(/[?#]/)[0]!.split('/').filter(Boolean)[0];
}

function swallow(result: unknown): void {
  // vue-router 3 returns a promise that rejects on redundant navigation; that is not an error here.
  if (result && typeof (result as Promise<unknown>).catch === 'function') (result as Promise<unknown>).catch(() => undefined);
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
  const segment = firstSegment(path);
  if (segment !== undefined && segment === firstSegment(location.pathname)) {
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
