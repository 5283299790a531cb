import { useEffect, useState } from 'react';
import type { Toast, ToastBus } from '../data/toasts';

/**
 * Shows toasts from the bus. They are announced to screen readers through a live region and never
 * take focus. Configuration (location, level, duration) arrives with the settings issue; until
 * then the spec's defaults apply: bottom-left, warning level, 5 seconds.
 */
export function Toaster({ bus, location = 'bottom-left' }: { bus: ToastBus; location?: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(
    () =>
      bus.listen((toast) => {
        setToasts((current) => [...current, toast]);
        setTimeout(() => setToasts((current) => current.filter((t) => t.id !== toast.id)), toast.duration);
      }),
    [bus],
  );
  return (
    <div className={`vv-toasts vv-toasts-${location}`} role="status" aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <div key={toast.id} className={`vv-toast vv-toast-${toast.type}`}>
          {toast.message}
        </div>
      ))}
    </div>
  );
}
