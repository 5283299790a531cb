import { useEffect, useState } from 'react';
import type { Toast, ToastBus } from '../commands/toast-bus';
import { toasterConfigKey } from '../data/toasts';
import { useStored } from './hooks';

/**
 * Shows toasts from the bus in the configured corner. They are announced to screen readers through
 * a live region (errors assertively) and never take focus; a click dismisses one early.
 */
export function Toaster({ bus }: { bus: ToastBus }) {
  const { location } = useStored(toasterConfigKey);
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = bus.listen((toast) => {
      setToasts((current) => [...current, toast]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((t) => t.id !== toast.id));
      }, toast.duration);
      timers.add(timer);
    });
    return () => {
      stop();
      timers.forEach(clearTimeout);
    };
  }, [bus]);
  // Drawn (effects run once the toasts are in the page): whoever waits on bus.shown() may go on.
  useEffect(() => {
    const last = toasts.at(-1);
    if (last) bus.drawn(last.id);
  }, [bus, toasts]);
  const dismiss = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));
  const urgent = toasts.filter((t) => t.type === 'error' || t.type === 'critical');
  const polite = toasts.filter((t) => !urgent.includes(t));
  const render = (list: Toast[]) =>
    list.map((toast) => (
      <div key={toast.id} className={`vv-toast vv-toast-${toast.type}`} data-toast-type={toast.type} onClick={() => dismiss(toast.id)}>
        {toast.message}
        {toast.detail && <span className="vv-toast-detail">{toast.detail}</span>}
      </div>
    ));
  // The chosen corner ('top-left'…) names the two edges the toasts sit 12px from.
  const [vertical, horizontal] = location.split('-') as ['top' | 'bottom', 'left' | 'right'];
  return (
    <div className={`vv-toasts vv-toasts-${location}`} data-location={location} style={{ [vertical]: 12, [horizontal]: 12 }}>
      <div className="vv-toast-region" role="status" aria-live="polite">
        {render(polite)}
      </div>
      <div className="vv-toast-region" role="alert" aria-live="assertive">
        {render(urgent)}
      </div>
    </div>
  );
}
