import { describe, expect, it } from 'vitest';
import { analyse } from '../../bench/day';
import type { DeclaredDocument } from '../../bench/src-data';
import type { RecordedRequest } from '../../tests/host/mock-api';

const START = 1_000_000;
const DOCUMENTS = new Map<string, DeclaredDocument>([
  ['Notifications', { name: 'Notifications', kind: 'query', lifetime: 180_000 }],
  ['SearchUsers', { name: 'SearchUsers', kind: 'query', lifetime: 0 }],
  ['SaveTextActivity', { name: 'SaveTextActivity', kind: 'mutation', lifetime: null }],
]);
const req = (at: number, operationName: string, variables: unknown = {}, query = 'query X { x }'): RecordedRequest => ({
  at: START + at,
  operationName,
  query,
  variables,
  authorization: null,
  status: 200,
});

describe('the day-of-browsing analysis', () => {
  it('counts per hour, per feature and the busiest 60 s across tabs', () => {
    const requests = [
      req(0, 'Notifications', { page: 1 }),
      req(59_000, 'SearchUsers', { search: 'a' }),
      req(59_500, 'SearchUsers', { search: 'b' }),
      req(3_600_000, 'Unknown'),
    ];
    const a = analyse(requests, START, 2, DOCUMENTS);
    expect(a.perHour).toEqual([3, 1]);
    expect(a.perFeature).toContainEqual(['search', 2]);
    expect(a.perFeature).toContainEqual(['(unmapped: Unknown)', 1]);
    expect(a.busiestMinute).toEqual({ count: 3, at: START });
    expect(a.over30).toBe(0);
  });

  it('counts a repeat of an identical read inside its lifetime as a defect, not after it, nor mutations', () => {
    const requests = [
      req(0, 'Notifications', { page: 1 }),
      req(60_000, 'Notifications', { page: 1 }), // inside the 3 minutes: a defect
      req(60_000, 'Notifications', { page: 2 }), // other variables
      req(60_000 + 180_000, 'Notifications', { page: 1 }), // exactly at the lifetime: fine
      req(0, 'SaveTextActivity', { text: 'a' }, 'mutation SaveTextActivity { x }'),
      req(1_000, 'SaveTextActivity', { text: 'a' }, 'mutation SaveTextActivity { x }'),
      req(0, 'SearchUsers', { search: 'a' }),
      req(1_000, 'SearchUsers', { search: 'a' }), // lifetime 0: listed apart
    ];
    const a = analyse(requests, START, 1, DOCUMENTS);
    expect(a.defects).toEqual([{ operation: 'Notifications', variables: '{"page":1}', afterMs: 60_000, lifetimeMs: 180_000 }]);
    expect(a.unstatedRepeats.map((r) => r.operation)).toEqual(['SearchUsers']);
  });

  it('counts arrivals beyond 30 in a rolling minute', () => {
    const requests = Array.from({ length: 32 }, (_, i) => req(i * 1_000, 'SearchUsers', { search: String(i) }));
    expect(analyse(requests, START, 1, DOCUMENTS).over30).toBe(2);
  });
});
