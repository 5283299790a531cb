import { s } from './schema';
import { defineKey, fixedShape } from './storage';

/**
 * Time format: how dates and times are written, and
 * relative times ("3 hours ago"). Every feature that writes a date reads this setting, so it lives
 * under no feature's name (the time feature is its settings page). Pure: formats in the browser's
 * local time, touches no DOM.
 */

export const DATE_FORMATS = ['yyyy-mm-dd', 'dd/mm/yyyy', 'mm/dd/yyyy', 'dd.mm.yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export interface TimeConfig {
  /** One of DATE_FORMATS; kept as a plain string so an unknown stored value survives (and falls back when formatting). */
  dateFormat: string;
  use12HourFormat: boolean;
}

const TIME_DEFAULTS: TimeConfig = { dateFormat: 'mm/dd/yyyy', use12HourFormat: true };

export const timeConfigKey = defineKey<TimeConfig>({
  name: 'void-verified-time-config',
  original: 'timeConfig',
  cap: fixedShape,
  description: 'Date format and 12-hour clock.',
  schema: s.object({ dateFormat: s.string({ max: 40 }), use12HourFormat: s.boolean() }, { defaults: TIME_DEFAULTS }),
  defaultValue: () => ({ ...TIME_DEFAULTS }),
});

export const isDateFormat = (value: string): value is DateFormat => (DATE_FORMATS as readonly string[]).includes(value);

const pad = (n: number) => String(n).padStart(2, '0');

/** The date in one of DATE_FORMATS (zero-padded); an unknown format falls back to yyyy-mm-dd. */
export function formatDate(date: Date, format: string): string {
  const d = pad(date.getDate());
  const m = pad(date.getMonth() + 1);
  const y = String(date.getFullYear()).padStart(4, '0');
  switch (format) {
    case 'dd/mm/yyyy':
      return `${d}/${m}/${y}`;
    case 'mm/dd/yyyy':
      return `${m}/${d}/${y}`;
    case 'dd.mm.yyyy':
      return `${d}.${m}.${y}`;
    default:
      return `${y}-${m}-${d}`;
  }
}

/** '1:05 PM' (12-hour; midnight is 12:00 AM, noon 12:00 PM) or '13:05' (24-hour). */
export function formatTime(date: Date, use12h: boolean): string {
  const h = date.getHours();
  const min = pad(date.getMinutes());
  if (!use12h) return `${pad(h)}:${min}`;
  return `${h % 12 || 12}:${min} ${h < 12 ? 'AM' : 'PM'}`;
}

export function formatDateTime(date: Date, config: TimeConfig): string {
  return `${formatDate(date, config.dateFormat)} ${formatTime(date, config.use12HourFormat)}`;
}

/** AniList timestamps are unix seconds. */
export const fromUnix = (seconds: number): Date => new Date(seconds * 1000);

const UNITS: readonly [name: string, seconds: number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** '2 months ago', '1 second ago'; the largest whole unit. A time in the future counts as '0 seconds ago'. */
export function relativeTime(from: Date | number, now: Date | number = Date.now()): string {
  const elapsed = Math.max(0, Math.floor((Number(now) - Number(from)) / 1000));
  const [unit, n] = UNITS.map(([name, size]) => [name, Math.floor(elapsed / size)] as const).find(([, count]) => count >= 1) ?? [
    'second',
    elapsed,
  ];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
