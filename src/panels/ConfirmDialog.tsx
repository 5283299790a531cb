import * as Dialog from '@radix-ui/react-dialog';
import { useContext } from 'react';
import { createStore } from '../data/store';
import { useLayer } from './common/layers';
import { PortalContainer, useStore } from './hooks';

/**
 * The confirm dialog: title 'Warning', default text 'Are you sure
 * you want to do this?', buttons Cancel and Ok. `confirmDialog()` resolves with the choice.
 */

const CONFIRM_DEFAULT_TEXT = 'Are you sure you want to do this?';

interface Pending {
  text: string;
  resolve(ok: boolean): void;
}

/** The question on screen; asking a new one answers the previous one with Cancel. */
const pending = createStore<Pending | null>(null);

export function confirmDialog(text: string = CONFIRM_DEFAULT_TEXT): Promise<boolean> {
  pending.get()?.resolve(false);
  return new Promise((resolve) => pending.set({ text, resolve }));
}

function settle(ok: boolean) {
  const current = pending.get();
  pending.set(null);
  current?.resolve(ok);
}

export function ConfirmHost() {
  const current = useStore(pending);
  const container = useContext(PortalContainer);
  const z = useLayer(current !== null);
  return (
    <Dialog.Root open={current !== null} onOpenChange={(open) => !open && settle(false)}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className="vv-backdrop" style={{ zIndex: z }} />
        <Dialog.Content className="vv-dialog" role="alertdialog" style={{ zIndex: z + 1 }}>
          <Dialog.Title className="vv-dialog-title">Warning</Dialog.Title>
          <Dialog.Description className="vv-dialog-text">{current?.text}</Dialog.Description>
          <div className="vv-dialog-actions">
            <button type="button" className="vv-button" onClick={() => settle(false)}>
              Cancel
            </button>
            <button type="button" className="vv-button vv-button-primary" onClick={() => settle(true)} autoFocus>
              Ok
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
