import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { AppServices, CommandContext } from '../commands/types';
import type { KeyDef } from '../data/storage';

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

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (ms <= 0) {
      setDebounced(value);
      return;
    }
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return ms <= 0 ? value : debounced;
}
