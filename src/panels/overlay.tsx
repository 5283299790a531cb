import { ConfirmHost } from './ConfirmDialog';
import { DialogHost } from './DialogHost';
import { ErrorBoundary } from './ErrorBoundary';
import { Palette } from './palette/Palette';
import { Toaster } from './Toaster';

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

export { Providers } from './Providers';
export { confirmDialog, promptDialog } from './ConfirmDialog';
export { Toaster };
