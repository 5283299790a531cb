import { describe, expect, it } from 'vitest';
import { authKey, daysLeft, expiryWarningKey, parseAuthHash, shouldWarnExpiry } from '../../src/data/auth';
import { memoryBackend } from '../../src/data/backend';
import { CHANGELOG, compareVersions, LATEST_VERSION, shouldShowChangelog } from '../../src/data/changelog';
import { Store } from '../../src/data/storage';
import { shouldShow, ToastBus, type Toast } from '../../src/commands/toast-bus';
import { toasterConfigKey } from '../../src/data/toasts';
import { decodeStored } from '../../src/data/storage';
import { features } from '../../src/commands/features';
import { Registry } from '../../src/commands/registry';

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const store = () => new Store(memoryBackend(), () => {});

describe('the OAuth return fragment', () => {
  it('is read by key, whatever the order, with the expiry from expires_in seconds', () => {
    expect(parseAuthHash('#void_auth&access_token=abc.def&token_type=Bearer&expires_in=31536000', NOW)).toEqual({
      ok: true,
      token: 'abc.def',
      tokenType: 'Bearer',
      expires: NOW + 31_536_000_000,
      state: null,
    });
    expect(parseAuthHash('#void_auth&expires_in=60&token_type=Bearer&access_token=xyz&state=s1', NOW)).toEqual({
      ok: true,
      token: 'xyz',
      tokenType: 'Bearer',
      expires: NOW + 60_000,
      state: 's1',
    });
    expect(parseAuthHash('void_auth&access_token=t', NOW)).toEqual({ ok: true, token: 't', tokenType: null, expires: null, state: null });
  });

  it('ignores fragments that are not ours; ours without a token are returns that failed', () => {
    for (const hash of ['', '#', '#void_imgur&access_token=x&expires_in=1', '#access_token=x', '#void_authx&access_token=t']) {
      expect(parseAuthHash(hash, NOW), hash).toBeNull();
    }
    for (const hash of ['#void_auth', '#void_auth&access_token=']) {
      expect(parseAuthHash(hash, NOW), hash).toEqual({ ok: false, state: null, problem: 'it carries no token' });
    }
  });

  it('refuses an expiry that is not a whole number of seconds up to a year', () => {
    for (const e of ['soon', '-5', '0', '1e308', '31622401', '99999999999', ' 60', '0x10', '']) {
      expect(parseAuthHash(`#void_auth&access_token=t&expires_in=${e}`, NOW), e).toEqual({
        ok: false,
        state: null,
        problem: 'its expiry is not a number of seconds up to a year',
      });
    }
  });
});

describe('the expiry warning', () => {
  it('fires under 14 days left, at most once a day', () => {
    const s = store();
    expect(shouldWarnExpiry(s, NOW)).toBe(false);
    s.set(authKey, { token: 't', expires: NOW + 20 * DAY });
    expect(daysLeft(s, NOW)).toBe(20);
    expect(shouldWarnExpiry(s, NOW)).toBe(false);
    s.set(authKey, { token: 't', expires: NOW + 14 * DAY });
    expect(shouldWarnExpiry(s, NOW)).toBe(false);
    s.set(authKey, { token: 't', expires: NOW + 14 * DAY - 1 });
    expect(shouldWarnExpiry(s, NOW)).toBe(true);
    s.set(expiryWarningKey, NOW);
    expect(shouldWarnExpiry(s, NOW + DAY - 1)).toBe(false);
    expect(shouldWarnExpiry(s, NOW + DAY)).toBe(true);
    s.set(authKey, { token: 't', expires: NOW - 1 });
    expect(shouldWarnExpiry(s, NOW + 2 * DAY)).toBe(false);
    s.set(authKey, { token: 't', expires: null });
    expect(shouldWarnExpiry(s, NOW + 2 * DAY)).toBe(false);
  });
});

describe('the changelog', () => {
  it('lists 1.7 to 1.21 and our own versions, newest first', () => {
    const numbers = CHANGELOG.map((v) => v.versionNumber);
    for (let minor = 7; minor <= 21; minor++) expect(numbers).toContain(`1.${minor}`);
    expect([...numbers].sort((a, b) => compareVersions(b, a))).toEqual(numbers);
    expect(LATEST_VERSION).toBe(numbers[0]);
    expect(compareVersions(LATEST_VERSION, '1.21')).toBeGreaterThanOrEqual(0);
  });

  it('names only options that exist, and only boolean ones', () => {
    const registry = new Registry();
    features.forEach((f) => registry.define(f));
    for (const v of CHANGELOG) {
      expect(v.features.length, v.versionNumber).toBeGreaterThan(0);
      for (const f of v.features)
        if (f.option) expect(typeof registry.option(f.option)?.default, `${v.versionNumber}: ${f.option}`).toBe('boolean');
    }
  });

  it('compares versions numerically', () => {
    expect(compareVersions('1.10', '1.9')).toBeGreaterThan(0);
    expect(compareVersions('1.9', '1.21')).toBeLessThan(0);
    expect(compareVersions('2.0.0', '2')).toBe(0);
    expect(compareVersions('2.0.1', '2.0.0')).toBeGreaterThan(0);
  });

  it('shows when enabled and the last seen version is missing or older, or when forced', () => {
    expect(shouldShowChangelog(null, true)).toBe(true);
    expect(shouldShowChangelog('1.21', true)).toBe(compareVersions('1.21', LATEST_VERSION) < 0);
    expect(shouldShowChangelog(LATEST_VERSION, true)).toBe(false);
    expect(shouldShowChangelog('9999', true)).toBe(false);
    expect(shouldShowChangelog(null, false)).toBe(false);
    expect(shouldShowChangelog(LATEST_VERSION, false, true)).toBe(true);
  });
});

describe('toasts', () => {
  it('show by rank: info 0, success 1, warning 2, error 3; critical and notify always', () => {
    const types = ['info', 'success', 'warning', 'error'] as const;
    for (let level = 0; level <= 3; level++) {
      types.forEach((type, rank) =>
        expect(shouldShow(type, { enabled: true, level, duration: 5 }), `${type} at ${level}`).toBe(level <= rank),
      );
      for (const type of types) expect(shouldShow(type, { enabled: false, level, duration: 5 })).toBe(false);
      for (const type of ['critical', 'notify'] as const) {
        expect(shouldShow(type, { enabled: true, level, duration: 5 })).toBe(true);
        expect(shouldShow(type, { enabled: false, level, duration: 5 })).toBe(true);
      }
    }
    expect(shouldShow('debug', { enabled: true, level: 0, duration: 5 })).toBe(true);
    expect(shouldShow('debug', { enabled: true, level: 1, duration: 5 })).toBe(false);
  });

  it('last the configured duration; critical ones 8 seconds', () => {
    for (const duration of [1, 3, 5, 10]) {
      const seen: Toast[] = [];
      const bus = new ToastBus(() => ({ enabled: true, level: 0, duration }));
      bus.listen((t) => seen.push(t));
      bus.info('a');
      bus.critical('b');
      expect(seen.map((t) => t.duration)).toEqual([duration * 1000, 8000]);
    }
  });

  it('config: defaults level 2, 5 seconds, bottom-left; bad values fall back', () => {
    expect(toasterConfigKey.defaultValue()).toEqual({ toastLevel: 2, duration: 5, location: 'bottom-left' });
    const decode = (data: unknown) => decodeStored(toasterConfigKey, JSON.stringify({ v: 1, data }));
    expect(decode({ toastLevel: 0, duration: 10, location: 'top-right' }).value).toEqual({
      toastLevel: 0,
      duration: 10,
      location: 'top-right',
    });
    expect(decode({ toastLevel: 1 }).value).toEqual({ toastLevel: 1, duration: 5, location: 'bottom-left' });
    for (const bad of [{ duration: 4 }, { location: 'middle' }, { toastLevel: 4 }, { toastLevel: 1.5 }, 'x']) {
      const r = decode(bad);
      expect(r.problem, JSON.stringify(bad)).toBeTruthy();
      expect(r.value).toEqual(toasterConfigKey.defaultValue());
    }
  });
});
