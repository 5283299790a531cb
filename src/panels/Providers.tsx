import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { AppServices } from '../commands/types';
import { queryCache } from '../data/swr';
import { ErrorBoundary } from './ErrorBoundary';
import { PortalContainer, ServicesContext } from './hooks';

/** Providers every React tree of ours needs: services, and a portal target in its shadow root. */
export function Providers({
  services,
  container,
  name,
  children,
}: {
  services: AppServices;
  container: HTMLElement;
  name: string;
  children: ReactNode;
}) {
  return (
    <ServicesContext.Provider value={services}>
      <SWRConfig value={{ provider: () => queryCache(services.store) }}>
        <PortalContainer.Provider value={container}>
          <ErrorBoundary name={name}>{children}</ErrorBoundary>
        </PortalContainer.Provider>
      </SWRConfig>
    </ServicesContext.Provider>
  );
}
