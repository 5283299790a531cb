import { describe, expect, it } from 'vitest';
import '../../src/commands/features';
// The toaster's key is declared by main.tsx's import (the toasts feature loads its panel lazily).
import '../../src/data/toasts';
import { originalFromLocalStorage, parseImportValue } from '../../src/data/config-io';
import { declaredKeys } from '../../src/data/storage';

/**
 * The original VoidVerified's keys (voidverified-config.md): short name → storage name, and whether
 * its exported file holds the key. With every feature loaded, the importer's table, built from the
 * key declarations' `original` names, is this one.
 */
const ORIGINAL: Record<string, [name: string, exported: boolean]> = {
  imageHostConfig: ['void-verified-image-host-config', true],
  readNotifications: ['void-verified-read-notifications', false],
  notificationsConfig: ['void-verified-notifications-config', true],
  notificationsConfigQuickAccess: ['void-verified-quick-access-notifications-config', true],
  notificationRelationsCache: ['void-verified-notification-relations', false],
  notificationDeadLinkRelationsCache: ['void-verified-notification-deadlink-relations', false],
  quickStartConfig: ['void-verified-quick-start-config', true],
  gifKeyboardConfig: ['void-verified-gif-keyboard', true],
  globalCSS: ['void-verified-global-css', true],
  layouts: ['void-verified-layouts', true],
  miniProfileCache: ['void-verified-mini-profile-cache', false],
  mediaOverviewCache: ['void-verified-media-overview-cache', false],
  miniProfileConfig: ['void-verified-mini-profile-config', true],
  miniMediaConfig: ['void-verified-mini-media-config', true],
  verifiedUSers: ['void-verified-users', true],
  settings: ['void-verified-settings', true],
  toasterConfig: ['void-verified-toaster-config', true],
  collapsedContainers: ['void-verified-collapsed-containers', false],
  timeConfig: ['void-verified-time-config', true],
  drafts: ['void-verified-markdown-drafts', true],
  inProgressCategories: ['void-verified-in-progress-categories', true],
};
/** Per-device state the original kept beside them, which adoption takes from this browser. */
const SAME_DEVICE = { readNotifications: [1], collapsedContainers: [], collapsedReplies: [] };
const REPLIES = 'void-verified-collapsed-comments';

/** Page localStorage holding every one of the original's keys, each value naming its short name. */
const everything = new Map<string, string>([
  ...Object.entries(ORIGINAL).map(([short, [name]]): [string, string] => [name, JSON.stringify({ short })]),
  ['void-verified-read-notifications', JSON.stringify(SAME_DEVICE.readNotifications)],
  ['void-verified-collapsed-containers', '[]'],
  [REPLIES, '[]'],
]);
const getItem = (key: string) => everything.get(key) ?? null;

describe("the original's keys, named by the key declarations", () => {
  it('declares each short name once, for the storage name the original used, exported as the original exported it', () => {
    const declared = declaredKeys().filter((k) => k.original !== undefined);
    expect(new Set(declared.map((k) => k.original)).size).toBe(declared.length);
    for (const key of declared) {
      expect(ORIGINAL[key.original!], key.name).toEqual([key.name, key.exported]);
    }
  });

  it("adopting reads every key the original's file holds, under its storage name, and nothing it leaves out", () => {
    const read = originalFromLocalStorage(getItem)!;
    const exported = Object.entries(ORIGINAL).filter(([, [, exported]]) => exported);
    expect(Object.keys(read).sort()).toEqual(exported.map(([short]) => short).sort());
    for (const [short] of exported) expect(read[short], short).toEqual(short === 'globalCSS' ? JSON.stringify({ short }) : { short });
  });

  it("adopting on the same device reads the original's per-device state too (the replies under their own name)", () => {
    const read = originalFromLocalStorage(getItem, { sameDevice: true })!;
    expect(read).toMatchObject(SAME_DEVICE);
    expect(Object.keys(read)).not.toContain('miniProfileCache');
  });

  it('imports the short names of the keys the original has but no key of ours stores as not supported, the caches as per device', () => {
    const result = parseImportValue({
      mediaOverviewCache: {},
      miniProfileCache: {},
    });
    expect(result).toEqual({
      ok: true,
      source: 'original',
      writes: [],
      skipped: [
        { name: 'mediaOverviewCache', reason: 'per-device' },
        { name: 'miniProfileCache', reason: 'per-device' },
      ],
    });
  });
});
