import { formatDateTime, type TimeConfig } from './dates';

/** The tooltip of a host `<time datetime>` in the configured format, or null when the attribute is no date. */
export function timestampTitle(datetime: string | null, config: TimeConfig): string | null {
  if (!datetime) return null;
  const date = new Date(datetime);
  return Number.isNaN(date.getTime()) ? null : formatDateTime(date, config);
}
