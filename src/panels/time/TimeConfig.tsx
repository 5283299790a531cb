import { useEffect, useId, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { DATE_FORMATS, formatDateTime, isDateFormat, timeConfigKey } from '../../data/dates';
import { CheckboxOptions, SelectOption } from '../common/OptionRows';
import { useStoredConfig } from '../hooks';
import { Section } from '../common/Section';

/** 'Time Format Configuration': the date format, the 12-hour toggle and a live example. */
export function TimeConfig(_panel: { ctx: CommandContext }) {
  const [config, update] = useStoredConfig(timeConfigKey);
  const id = useId();
  const now = useNow(60_000);
  return (
    <Section className="vv-time-config" title="Time Format Configuration">
      <SelectOption
        label="Date format"
        value={isDateFormat(config.dateFormat) ? config.dateFormat : 'yyyy-mm-dd'}
        choices={DATE_FORMATS}
        onChange={(dateFormat) => update({ dateFormat })}
      />
      <CheckboxOptions
        idBase={id}
        fields={[{ key: '12h', label: '12-hour' }]}
        checked={() => config.use12HourFormat}
        onChange={(_, use12HourFormat) => update({ use12HourFormat })}
      />
      <p className="vv-note" aria-live="polite">
        Example: <span data-testid="time-example">{formatDateTime(now, config)}</span>
      </p>
    </Section>
  );
}

/**
 * The current time, refreshed when the next whole `ms` begins (a minute: when the shown time
 * changes). Each wake plans one next wake, and a hidden tab plans none; it catches up when shown.
 */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wake = () => {
      clearTimeout(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden') return;
      const t = Date.now();
      setNow(new Date(t));
      timer = setTimeout(wake, ms - (t % ms));
    };
    wake();
    document.addEventListener('visibilitychange', wake);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
    };
  }, [ms]);
  return now;
}
