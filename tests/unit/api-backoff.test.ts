import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  BACKOFF_CLEAR_MS,
  BACKOFF_FAILURE_WINDOW_MS,
  BACKOFF_PAUSES_MS,
  currentState,
  localAllocator,
  memoryCell,
  MINUTE,
  SharedState,
  storeCell,
  windowStateKey,
  type WindowState,
} from '../../src/data/api-window';
import { memoryBackend } from '../../src/data/backend';
import { Store } from '../../src/data/storage';

/**
 * 2.0.3's exponential backoff (document 3, C20) as the request window keeps it: five levels, three
 * failures within two minutes raise one, the count restarts after two quiet minutes, the level
 * clears an hour after its pause ended; kept in storage, so every tab and a reload see it.
 */

const T0 = 1_800_000_000_000;
const clock = () => {
  const c = { t: T0, now: () => c.t };
  return c;
};

describe('the backoff levels', () => {
  it('three failures within two minutes raise a level, and each level pauses for its time (1 min, 5 min, 30 min, 1 h, 6 h)', () => {
    const c = clock();
    const state = new SharedState(memoryCell(), c.now);
    expect(BACKOFF_PAUSES_MS).toEqual([MINUTE, 5 * MINUTE, 30 * MINUTE, 60 * MINUTE, 360 * MINUTE]);
    for (let level = 1; level <= 5; level++) {
      expect(state.failed()).toBeNull();
      c.t += 10_000;
      expect(state.failed()).toBeNull();
      c.t += 10_000;
      expect(state.failed()).toBe(level);
      expect(state.pausedUntil()).toBe(c.t + BACKOFF_PAUSES_MS[level - 1]!);
      c.t = state.pausedUntil();
      expect(state.pausedUntil()).toBe(0);
    }
    // At the top, a full count pauses again for 6 hours, without saying a level rose.
    state.failed();
    state.failed();
    expect(state.failed()).toBeNull();
    expect(state.pausedUntil()).toBe(c.t + 6 * 60 * MINUTE);
  });

  it('the count restarts after two minutes without a failure', () => {
    const c = clock();
    const state = new SharedState(memoryCell(), c.now);
    state.failed();
    state.failed();
    c.t += BACKOFF_FAILURE_WINDOW_MS + 1;
    expect(state.failed()).toBeNull();
    c.t += BACKOFF_FAILURE_WINDOW_MS - 1;
    expect(state.failed()).toBeNull();
    expect(state.failed()).toBe(1);
  });

  it('the level goes back to 0 an hour after its pause ended, not before', () => {
    const c = clock();
    const cell = memoryCell();
    const state = new SharedState(cell, c.now);
    for (let i = 0; i < 6; i++) state.failed();
    expect(cell.get().level).toBe(2);
    const ended = state.pausedUntil();
    c.t = ended + BACKOFF_CLEAR_MS - 1;
    expect(currentState(cell.get(), c.t).level).toBe(2);
    c.t = ended + BACKOFF_CLEAR_MS;
    expect(currentState(cell.get(), c.t).level).toBe(0);
    // The next three failures start again at level 1.
    state.failed();
    state.failed();
    expect(state.failed()).toBe(1);
  });

  it('is one state for every tab and outlives a reload: it lives in storage', () => {
    const c = clock();
    const backend = memoryBackend();
    // Tabs share the store's values (the storage adapter's change events; tests/unit/storage.test.ts).
    const store = new Store(backend, () => {});
    const one = new SharedState(storeCell(store), c.now);
    const other = localAllocator(c.now, undefined, storeCell(store));
    one.failed();
    one.failed();
    expect(other.state.failed()).toBe(1);
    expect(one.pausedUntil()).toBe(c.t + MINUTE);
    const reloaded = new SharedState(storeCell(new Store(backend, () => {})), c.now);
    expect(reloaded.pausedUntil()).toBe(c.t + MINUTE);
    expect(windowStateKey.exported).toBe(false);
  });

  it('a state a page script wrote is capped: no pause beyond its level, no level past 5, no time from the future', () => {
    const now = T0;
    // The key's schema bounds the level (0 to 5) and the count (0 to 3); the times are checked here.
    const forged: WindowState = { level: 5, failures: 3, lastFailureAt: now + 1e12, pausedUntil: now + 1e12, lowWarnedAt: now + 1e12 };
    expect(currentState(forged, now)).toEqual({
      level: 5,
      failures: 2,
      lastFailureAt: now,
      pausedUntil: now + 6 * 60 * MINUTE,
      lowWarnedAt: now,
    });
    expect(currentState({ ...forged, level: 0 }, now).pausedUntil).toBe(now);
    // What the storage schema refuses never reaches the policy: the default (no backoff) is read.
    for (const bad of [
      { level: 'x' },
      { ...forged, level: 9 },
      { ...forged, level: 1.5 },
      { ...forged, failures: -1 },
      { ...forged, pausedUntil: null },
    ]) {
      const backend = memoryBackend(new Map([[windowStateKey.name, JSON.stringify({ v: 1, data: bad })]]));
      expect(new Store(backend, () => {}).get(windowStateKey)).toEqual(windowStateKey.defaultValue());
    }
    const written = memoryBackend(new Map([[windowStateKey.name, JSON.stringify({ v: 1, data: forged })]]));
    expect(new Store(written, () => {}).get(windowStateKey)).toEqual(forged);
  });

  it('afterFailure is a pure step', () => {
    const base: WindowState = { level: 0, failures: 2, lastFailureAt: T0, pausedUntil: 0, lowWarnedAt: 0 };
    expect(afterFailure(base, T0 + 5)).toEqual({
      level: 1,
      failures: 0,
      lastFailureAt: T0 + 5,
      pausedUntil: T0 + 5 + MINUTE,
      lowWarnedAt: 0,
    });
  });
});

describe('few remaining queries are said once a minute, whichever tab hears it', () => {
  it('once per minute across tabs', () => {
    const c = clock();
    const store = new Store(memoryBackend(), () => {});
    const a = new SharedState(storeCell(store), c.now);
    const b = new SharedState(storeCell(store), c.now);
    expect(a.lowRemainingOnce()).toBe(true);
    expect(b.lowRemainingOnce()).toBe(false);
    c.t += MINUTE - 1;
    expect(a.lowRemainingOnce()).toBe(false);
    c.t += 1;
    expect(b.lowRemainingOnce()).toBe(true);
  });
});
