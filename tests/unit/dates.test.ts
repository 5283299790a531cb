import { describe, expect, it } from 'vitest';
import { memoryBackend } from '../../src/data/backend';
import { decodeStored, Store } from '../../src/data/storage';
import { DATE_FORMATS, formatDate, formatDateTime, formatTime, fromUnix, relativeTime, timeConfigKey } from '../../src/data/dates';

// Local-time dates, so every assertion holds in any time zone.
const march5 = new Date(2024, 2, 5, 13, 5);
const at = (h: number, min: number) => new Date(2024, 0, 1, h, min);

describe('formatDate', () => {
  it.each([
    ['yyyy-mm-dd', '2024-03-05'],
    ['dd/mm/yyyy', '05/03/2024'],
    ['mm/dd/yyyy', '03/05/2024'],
    ['dd.mm.yyyy', '05.03.2024'],
  ])('%s, zero-padded', (format, expected) => {
    expect(formatDate(march5, format)).toBe(expected);
  });

  it('writes two-digit days and months as they are', () => {
    expect(formatDate(new Date(2023, 11, 31), 'dd/mm/yyyy')).toBe('31/12/2023');
  });

  it('falls back to yyyy-mm-dd for an unknown format', () => {
    expect(formatDate(march5, 'yyyy/dd/mm')).toBe('2024-03-05');
    expect(formatDate(march5, '')).toBe('2024-03-05');
  });

  it('offers exactly the four formats of the spec', () => {
    expect([...DATE_FORMATS]).toEqual(['yyyy-mm-dd', 'dd/mm/yyyy', 'mm/dd/yyyy', 'dd.mm.yyyy']);
  });
});

describe('formatTime', () => {
  it.each([
    [0, 0, '12:00 AM', '00:00'],
    [0, 5, '12:05 AM', '00:05'],
    [1, 5, '1:05 AM', '01:05'],
    [11, 59, '11:59 AM', '11:59'],
    [12, 0, '12:00 PM', '12:00'],
    [13, 5, '1:05 PM', '13:05'],
    [23, 59, '11:59 PM', '23:59'],
  ])('%i:%i is %s (12-hour) and %s (24-hour)', (h, min, twelve, twentyFour) => {
    expect(formatTime(at(h, min), true)).toBe(twelve);
    expect(formatTime(at(h, min), false)).toBe(twentyFour);
  });
});

describe('formatDateTime', () => {
  it('joins the date and the time in the configured formats', () => {
    expect(formatDateTime(march5, { dateFormat: 'mm/dd/yyyy', use12HourFormat: true })).toBe('03/05/2024 1:05 PM');
    expect(formatDateTime(march5, { dateFormat: 'dd.mm.yyyy', use12HourFormat: false })).toBe('05.03.2024 13:05');
    expect(formatDateTime(march5, { dateFormat: 'nonsense', use12HourFormat: false })).toBe('2024-03-05 13:05');
  });
});

describe('relativeTime', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
  const ago = (seconds: number) => relativeTime(now - seconds * 1000, now);
  const MIN = 60;
  const HOUR = 3600;
  const DAY = 86_400;

  it.each([
    [0, '0 seconds ago'],
    [1, '1 second ago'],
    [2, '2 seconds ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [119, '1 minute ago'],
    [120, '2 minutes ago'],
    [59 * MIN + 59, '59 minutes ago'],
    [60 * MIN, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [24 * HOUR - 1, '23 hours ago'],
    [24 * HOUR, '1 day ago'],
    [2 * DAY, '2 days ago'],
    [29 * DAY, '29 days ago'],
    [30 * DAY - 1, '29 days ago'],
    [30 * DAY, '1 month ago'],
    [60 * DAY, '2 months ago'],
    [364 * DAY, '12 months ago'],
    [365 * DAY - 1, '12 months ago'],
    [365 * DAY, '1 year ago'],
    [730 * DAY, '2 years ago'],
  ])('%i seconds: %s', (seconds, expected) => {
    expect(ago(seconds)).toBe(expected);
  });

  it('rounds part seconds down', () => {
    expect(relativeTime(now - 999, now)).toBe('0 seconds ago');
    expect(relativeTime(now - 1500, now)).toBe('1 second ago');
  });

  it('treats a time in the future as now', () => {
    expect(relativeTime(now + 5 * DAY * 1000, now)).toBe('0 seconds ago');
  });

  it('accepts Dates and AniList unix seconds', () => {
    expect(relativeTime(new Date(now - 3 * HOUR * 1000), new Date(now))).toBe('3 hours ago');
    expect(relativeTime(fromUnix(now / 1000 - 90), now)).toBe('1 minute ago');
    expect(fromUnix(1_700_000_000).getTime()).toBe(1_700_000_000_000);
  });
});

describe('timeConfigKey', () => {
  it('defaults to mm/dd/yyyy with the 12-hour clock', () => {
    expect(new Store(memoryBackend(), () => {}).get(timeConfigKey)).toEqual({ dateFormat: 'mm/dd/yyyy', use12HourFormat: true });
  });

  it('fills missing fields with their defaults', () => {
    expect(decodeStored(timeConfigKey, JSON.stringify({ use12HourFormat: false })).value).toEqual({
      dateFormat: 'mm/dd/yyyy',
      use12HourFormat: false,
    });
    expect(decodeStored(timeConfigKey, JSON.stringify({ v: 1, data: { dateFormat: 'dd.mm.yyyy' } })).value).toEqual({
      dateFormat: 'dd.mm.yyyy',
      use12HourFormat: true,
    });
  });

  it('keeps an unknown date format (formatting falls back) instead of discarding the config', () => {
    const { value, problem } = decodeStored(timeConfigKey, JSON.stringify({ dateFormat: 'yy/mm', use12HourFormat: false }));
    expect(problem).toBeUndefined();
    expect(value).toEqual({ dateFormat: 'yy/mm', use12HourFormat: false });
    expect(formatDate(march5, value.dateFormat)).toBe('2024-03-05');
  });

  it('is exported with the other configs', () => {
    expect(timeConfigKey.exported).toBe(true);
  });
});
