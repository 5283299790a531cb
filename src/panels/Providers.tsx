import type { ReactNode } from 'react';
import type { AppServices } from '../commands/types';
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
      <PortalContainer.Provider value={container}>
        <ErrorBoundary name={name}>{children}</ErrorBoundary>
      </PortalContainer.Provider>
    </ServicesContext.Provider>
  );
}
