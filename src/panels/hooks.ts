import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { LazyModule } from '../commands/lazy';
import type { AppServices } from '../commands/types';
import type { KeyDef } from '../data/storage';
import type { Store } from '../data/store';

/** The services and a fresh command context, for any panel. */
export const ServicesContext = createContext<AppServices | null>(null);

/** Where Radix portals render: inside our shadow root, never in the host's body. */
export const PortalContainer = createContext<HTMLElement | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('VoidVerified panels need a ServicesContext');
  return services;
}

/** A stored value that re-renders the component when it changes (here or in another tab). */
export function useStored<T>(key: KeyDef<T>): T {
  const { store } = useServices();
  return useSyncExternalStore(
    (onChange) => store.subscribe(key, onChange),
    () => store.get(key),
  );
}

/**
 * A stored configuration object and a function that changes some of its fields: the one way a
 * settings panel reads and writes its key. A change applies to the stored value as it is then, not
 * to the value of the last render.
 */
export function useStoredConfig<T extends object>(key: KeyDef<T>): [T, (change: Partial<T>) => void] {
  const { store } = useServices();
  return [useStored(key), (change) => store.update(key, (current) => ({ ...current, ...change }))];
}

/** A store's value that re-renders the component when it changes. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    // With no delay the value is returned as is; the timer only keeps `debounced` current for when a delay comes back.
    const timer = setTimeout(() => setDebounced(value), Math.max(ms, 0));
    return () => clearTimeout(timer);
  }, [value, ms]);
  return ms <= 0 ? value : debounced;
}

/**
 * A lazily evaluated module: null on the render before it is loaded (loading it then), the module
 * afterwards. The component re-renders once when it arrives.
 */
export function useLazyModule<M>(module: LazyModule<M>): M | null {
  const [loaded, setLoaded] = useState<M | null>(module.ready);
  useEffect(() => {
    if (loaded) return;
    const controller = new AbortController();
    module.use((m) => setLoaded(() => m), controller.signal);
    return () => controller.abort();
  }, [module, loaded]);
  return loaded;
}

/**
 * `compute()`, computed again only when one of `inputs` changes (compared with Object.is) and kept
 * otherwise. For a value read from outside React (a snapshot of the page, a list whose rules read
 * the settings) where `inputs` are what says it may have moved, though `compute` does not read them
 * itself: useMemo's dependencies are what its function reads, and its cache may be dropped, while
 * here the same inputs keep the same value, and so its identity (which effects may key on).
 * `compute` is given the value it made before (undefined the first time), for a value that
 * carries something over (the palette's rows keeping their places).
 */
export function useRecomputed<T>(compute: (previous: T | undefined) => T, inputs: readonly unknown[]): T {
  const [kept, setKept] = useState(() => ({ inputs, value: compute(undefined) }));
  if (inputs.length === kept.inputs.length && inputs.every((input, i) => Object.is(input, kept.inputs[i]))) return kept.value;
  // Stored during render (React's pattern for state derived from changing inputs): this render
  // already uses the new value, and the next one finds it kept.
  const next = { inputs, value: compute(kept.value) };
  setKept(next);
  return next.value;
}
