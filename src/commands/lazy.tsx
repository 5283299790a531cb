import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A panel's component whose module is evaluated when it is first rendered, not when the script
 * starts: features name their panels through this, so the start-up evaluates no UI module (nor the
 * libraries only the UI uses). `load` is a dynamic `import()`; the bundle keeps one file and
 * initialises such a module on its first import. Until the module is there (a microtask once the
 * script is in memory) the component renders nothing; it carries its own Suspense boundary, so
 * whatever renders a panel (palette pages, dialogs, settings tabs, injected mounts) needs none.
 *
 *   const Goals = lazyComponent(() => import('../../panels/Goals'), 'Goals');
 */
// Props are the component's own, checked where it is rendered; `never` only bounds the lookup.
export function lazyComponent<M extends { [key in K]: ComponentType<never> }, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): M[K] & { preload(): Promise<unknown> } {
  const Lazy = lazy(() => load().then((module) => ({ default: module[name] as ComponentType<object> })));
  function Loaded(props: object) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Loaded.displayName = name;
  /** Evaluates the module now (idle-time warming), so the first render need not wait for it. */
  Loaded.preload = load;
  return Loaded as unknown as M[K] & { preload(): Promise<unknown> };
}

/** A module evaluated on first use, whose exports are at hand synchronously once it is loaded. */
export interface LazyModule<M> {
  /** The module if it was loaded already, else null. */
  ready(): M | null;
  /** Loads (evaluates) the module once; later calls get the same promise. */
  load(): Promise<M>;
  /**
   * Calls `apply` with the module: at once when it is loaded, else when it is, unless `signal` was
   * aborted by then (an injection torn down in between must not touch the page).
   */
  use(apply: (module: M) => void, signal?: AbortSignal): void;
}

export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  const self: LazyModule<M> = {
    ready: () => module,
    load: () =>
      (loading ??= load().then((m) => {
        module = m;
        return m;
      })),
    use(apply, signal) {
      if (module) apply(module);
      else
        self.load().then(
          (m) => {
            if (!signal?.aborted) apply(m);
          },
          (error: unknown) => console.error('[VoidVerified] a module failed to load', error),
        );
    },
  };
  return self;
}

/** DOMPurify and the sanitizing rules: every piece of user or host HTML goes through it. */
export const sanitizer = lazyModule(() => import('../panels/sanitize'));
/** marked with the site's markdown extensions. */
export const markdownRenderer = lazyModule(() => import('../data/markdown-render'));
