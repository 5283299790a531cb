import { createRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import type { AppServices, InjectionContext } from '../commands/types';
import { attachShadowUi, createUiHost, overlayRoot, type ShadowMount } from '../inject/shadow';
import { Providers } from './Providers';
import css from './styles.css';

/** A shadow root for our UI on `host`, styled with the panels' style sheet. */
export const attachPanelsUi = (host: HTMLElement): ShadowMount => attachShadowUi(host, css);

/** The page's overlay root (palette, dialogs, toasts), styled with the panels' style sheet. */
export const panelsOverlayRoot = (): ShadowMount => overlayRoot(css);

/**
 * Mounts a React tree in a fresh shadow-root host placed by `place` (which puts the host element
 * into the page). Returns the clean-up: unmount and remove the host. Called with an injection's
 * context, the host is tracked: if the host page re-renders it away, the injection comes back.
 */
export function mountUi(
  services: AppServices,
  kind: string,
  place: (host: HTMLElement) => void,
  node: ReactNode,
  tag: 'div' | 'span' | 'li' = 'div',
): () => void {
  const host = createUiHost(kind, tag);
  place(host);
  const untrack = (services as Partial<InjectionContext>).track?.(host) ?? (() => {});
  const { container } = attachPanelsUi(host);
  let root: Root | null = createRoot(container);
  root.render(
    <Providers services={services} container={container} name={kind}>
      {node}
    </Providers>,
  );
  return () => {
    const r = root;
    root = null;
    // Unmounting synchronously inside a React render or commit phase warns; defer it.
    queueMicrotask(() => r?.unmount());
    untrack();
    host.remove();
  };
}
