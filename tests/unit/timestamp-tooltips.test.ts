import { describe, expect, it } from 'vitest';
import { timestampTitle } from '../../src/data/timestamp-tooltips';

describe('timestamp tooltips', () => {
  it('formats a datetime attribute in the configured format and ignores non-dates', () => {
    const local = new Date(2026, 0, 1, 13, 5).toISOString();
    expect(timestampTitle(local, { dateFormat: 'yyyy-mm-dd', use12HourFormat: false })).toBe('2026-01-01 13:05');
    expect(timestampTitle(local, { dateFormat: 'mm/dd/yyyy', use12HourFormat: true })).toBe('01/01/2026 1:05 PM');
    expect(timestampTitle('not a date', { dateFormat: 'yyyy-mm-dd', use12HourFormat: false })).toBeNull();
    expect(timestampTitle(null, { dateFormat: 'yyyy-mm-dd', use12HourFormat: false })).toBeNull();
  });
});
