import { createRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import type { AppServices, InjectionContext } from '../commands/types';
import type { Lifetime } from '../inject/lifetime';
import { attachShadowUi, createUiHost } from '../inject/shadow';
import { Providers } from './Providers';

/**
 * Mounts a React tree in a fresh shadow-root host placed by `place` (which puts the host element
 * into the page), until `ctx.signal` aborts: then it unmounts and removes the host. Called with an
 * injection's context, the host is tracked: if the host page re-renders it away, the injection
 * comes back. For a shorter lifetime inside a mount, pass `{ ...ctx, signal }` of a `childLifetime`.
 */
export function mountUi(
  ctx: AppServices & Lifetime,
  kind: string,
  place: (host: HTMLElement) => void,
  node: ReactNode,
  tag: 'div' | 'span' | 'li' = 'div',
): void {
  const { signal } = ctx;
  if (signal.aborted) return;
  const host = createUiHost(kind, tag);
  place(host);
  const untrack = (ctx as Partial<InjectionContext>).track?.(host) ?? (() => {});
  const { container } = attachShadowUi(host);
  const root: Root = createRoot(container);
  root.render(
    <Providers services={ctx} container={container} name={kind}>
      {node}
    </Providers>,
  );
  signal.addEventListener(
    'abort',
    () => {
      // Unmounting synchronously inside a React render or commit phase warns; defer it.
      queueMicrotask(() => root.unmount());
      untrack();
      host.remove();
    },
    { once: true },
  );
}
