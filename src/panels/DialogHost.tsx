import { useSyncExternalStore } from 'react';
import { Modal } from './common/Modal';
import { ErrorBoundary } from './ErrorBoundary';
import { useServices } from './hooks';

/**
 * Renders the registered dialog that is open, in the generic modal. Escape, the backdrop and the
 * close button all close it and run its onClose.
 */
export function DialogHost() {
  const services = useServices();
  const { dialogs, registry } = services;
  const state = useSyncExternalStore(dialogs.subscribe, dialogs.state);
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
    <Modal open={!!panel} onOpenChange={(open) => !open && close()} title={panel?.title}>
      {panel && state && (
        <ErrorBoundary key={state.id} name={panel.title}>
          <panel.component ctx={services.context(null)} arg={state.arg} close={close} />
        </ErrorBoundary>
      )}
    </Modal>
  );
}
