import { useId } from 'react';
import type { CommandContext } from '../../commands/types';
import { TOAST_DURATIONS, TOAST_LEVELS, TOAST_LOCATIONS, toasterConfigKey, type ToastLocation, TEST_TOAST_TEXTS } from '../../data/toasts';
import { useStored } from '../hooks';

/** 'Configure Toasts': level, location and duration, and 'Test Toasts' to see them. */
export function ToastConfig({ ctx }: { ctx: CommandContext }) {
  const config = useStored(toasterConfigKey);
  const id = useId();
  const update = (change: Partial<typeof config>) => ctx.store.set(toasterConfigKey, { ...config, ...change });
  const test = () => {
    ctx.toasts.info(TEST_TOAST_TEXTS.info);
    ctx.toasts.success(TEST_TOAST_TEXTS.success);
    ctx.toasts.warning(TEST_TOAST_TEXTS.warning);
    ctx.toasts.error(TEST_TOAST_TEXTS.error);
  };
  return (
    <div className="vv-toast-config">
      <h3 className="vv-heading">Configure Toasts</h3>
      <div className="vv-option">
        <label htmlFor={`${id}-level`}>Toast level</label>
        <select id={`${id}-level`} value={config.toastLevel} onChange={(e) => update({ toastLevel: Number(e.target.value) })}>
          {TOAST_LEVELS.map((l) => (
            <option key={l.rank} value={l.rank}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      <div className="vv-option">
        <label htmlFor={`${id}-location`}>Toast location</label>
        <select id={`${id}-location`} value={config.location} onChange={(e) => update({ location: e.target.value as ToastLocation })}>
          {TOAST_LOCATIONS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <div className="vv-option">
        <label htmlFor={`${id}-duration`}>Toast duration</label>
        <select
          id={`${id}-duration`}
          value={config.duration}
          onChange={(e) => update({ duration: Number(e.target.value) as (typeof TOAST_DURATIONS)[number] })}
        >
          {TOAST_DURATIONS.map((d) => (
            <option key={d} value={d}>
              {d} {d === 1 ? 'second' : 'seconds'}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="vv-button" onClick={test}>
        Test Toasts
      </button>
    </div>
  );
}
