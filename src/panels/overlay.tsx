import type { AppServices } from '../commands/types';
import { ConfirmHost } from './ConfirmDialog';
import { DialogHost } from './DialogHost';
import { ErrorBoundary } from './ErrorBoundary';
import { PortalContainer, ServicesContext } from './hooks';
import { Palette } from './palette/Palette';
import { Toaster } from './Toaster';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { queryCache } from '../data/swr';

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

/** The page-wide overlay: the palette, the confirm dialog and the toasts. */
export function Overlay() {
  return (
    <>
      <ErrorBoundary name="QuickStart">
        <Palette />
      </ErrorBoundary>
      <ErrorBoundary name="Dialogs">
        <DialogHost />
      </ErrorBoundary>
      <ErrorBoundary name="Confirm dialog">
        <ConfirmHost />
      </ErrorBoundary>
    </>
  );
}

export { Toaster };
