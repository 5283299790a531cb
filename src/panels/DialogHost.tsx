import * as Dialog from '@radix-ui/react-dialog';
import { useContext, useSyncExternalStore } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { PortalContainer, useServices } from './hooks';

/**
 * Renders the registered dialog that is open (document 1 screen 13: a modal with a header and a
 * close button). Escape, the backdrop and the close button all close it and run its onClose.
 */
export function DialogHost() {
  const services = useServices();
  const { dialogs, registry } = services;
  const state = useSyncExternalStore(dialogs.subscribe, dialogs.state);
  const container = useContext(PortalContainer);
  const panel = state ? registry.panel(state.id, 'dialog') : undefined;
  const close = () => {
    if (!state) return;
    dialogs.close();
    try {
      panel?.onClose?.(services.context(null), state.arg);
    } catch (error) {
      console.error(`[VoidVerified] closing ${state.id} failed`, error);
    }
  };
  return (
    <Dialog.Root open={!!panel} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className="vv-backdrop vv-backdrop-modal" />
        <Dialog.Content className="vv-modal" aria-describedby={undefined}>
          <div className="vv-modal-header">
            <Dialog.Title className="vv-dialog-title">{panel?.title}</Dialog.Title>
            <Dialog.Close className="vv-icon-button" aria-label="Close">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path fill="currentColor" d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7l-1.4-1.4L9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="vv-modal-body">
            {panel && state && (
              <ErrorBoundary key={state.id} name={panel.title}>
                <panel.component ctx={services.context(null)} arg={state.arg} close={close} />
              </ErrorBoundary>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
