import * as Dialog from '@radix-ui/react-dialog';
import { useContext, type ReactElement, type ReactNode } from 'react';
import { PortalContainer } from '../hooks';
import { CloseIcon } from './CloseIcon';
import { useLayer } from './layers';

/**
 * The generic modal: a header with its title and a close button, at least 500px wide with
 * content at most 500px. Escape and the backdrop close it
 * too; Radix locks page scroll and keeps focus inside while it is open.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Read to screen readers when the modal opens. */
  description?: string;
  /** An element (a button) that opens the modal. */
  trigger?: ReactElement;
  children?: ReactNode;
}) {
  const container = useContext(PortalContainer);
  const z = useLayer(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal container={container}>
        <Dialog.Overlay className="vv-backdrop" style={{ zIndex: z }} />
        <Dialog.Content className="vv-modal" style={{ zIndex: z + 1 }} {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className="vv-modal-header">
            <Dialog.Title className="vv-dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="vv-icon-button" aria-label="Close">
              <CloseIcon size={18} />
            </Dialog.Close>
          </div>
          <div className="vv-modal-body">
            {description && <Dialog.Description className="vv-dialog-text">{description}</Dialog.Description>}
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
