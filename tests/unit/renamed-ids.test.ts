import { describe, expect, it } from 'vitest';
import { memoryBackend } from '../../src/data/backend';
import { EXPORT_FORMAT, parseImport } from '../../src/data/config-io';
import { frecencyKey, hotkeysKey, settingsTabKey } from '../../src/data/config';
import { Store } from '../../src/data/storage';

/** Stored data that names command and tab ids by their names from before every id was prefixed with its feature's id. */
const v1 = (data: unknown) => JSON.stringify({ v: 1, data });

function storeWith(entries: Record<string, string>) {
  const backend = memoryBackend(new Map(Object.entries(entries)));
  return { backend, store: new Store(backend, () => {}) };
}

describe('the ids in stored data, after every id was prefixed with its feature id', () => {
  it("carries the user's remapped hotkeys over to the new command ids, and writes them back", () => {
    const { backend, store } = storeWith({
      'void-verified-hotkeys': v1({
        'verified.add': 'ctrl+shift+a',
        'activity-touches.toggle-reply': null,
        'activity-touches.message-self': 'alt+m',
        'miniprofile.configure': 'alt+p',
        'links.notifications': 'alt+n',
        'quickstart.open': 'alt+j',
      }),
    });
    const expected = {
      'verified-users.add': 'ctrl+shift+a',
      'collapsible-replies.toggle-reply': null,
      'self-message.open': 'alt+m',
      'mini-profile.configure': 'alt+p',
      'anilist-links.notifications': 'alt+n',
      'quickstart.open': 'alt+j',
    };
    expect(store.get(hotkeysKey)).toEqual(expected);
    expect(JSON.parse(backend.data.get('void-verified-hotkeys')!)).toEqual({ v: 3, data: expected });
  });

  it("carries a verified user's profile command (verified.profile.NAME, stored at version 2) over to verified-users.profile.NAME", () => {
    const v2 = (data: unknown) => JSON.stringify({ v: 2, data });
    const { backend, store } = storeWith({
      'void-verified-hotkeys': v2({ 'verified.profile.akira': 'alt+1', 'verified-users.add': 'alt+a' }),
      'void-verified-palette-frecency': v2({ 'verified.profile.akira': { count: 2, last: 10 } }),
    });
    expect(store.get(hotkeysKey)).toEqual({ 'verified-users.profile.akira': 'alt+1', 'verified-users.add': 'alt+a' });
    expect(store.get(frecencyKey)).toEqual({ 'verified-users.profile.akira': { count: 2, last: 10 } });
    expect(JSON.parse(backend.data.get('void-verified-hotkeys')!)).toMatchObject({ v: 3 });
    const file = JSON.stringify({
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: 'x',
      configs: { 'void-verified-hotkeys': { 'verified.profile.akira': 'alt+1' } },
    });
    const imported = parseImport(file);
    expect(imported.ok && imported.writes.map(([key, value]) => [key.name, value])).toEqual([
      ['void-verified-hotkeys', { 'verified-users.profile.akira': 'alt+1' }],
    ]);
  });

  it('keeps the binding under the new id when both the old and the new id are stored', () => {
    const { store } = storeWith({ 'void-verified-hotkeys': v1({ 'verified.add': 'alt+a', 'verified-users.add': 'alt+b' }) });
    expect(store.get(hotkeysKey)).toEqual({ 'verified-users.add': 'alt+b' });
  });

  it("carries the palette's use counts over to the new command ids", () => {
    const { store } = storeWith({
      'void-verified-palette-frecency': v1({ 'links.home': { count: 3, last: 100 }, 'settings.open': { count: 1, last: 50 } }),
    });
    expect(store.get(frecencyKey)).toEqual({ 'anilist-links.home': { count: 3, last: 100 }, 'settings.open': { count: 1, last: 50 } });
  });

  it.each([
    ['tab.users', 'verified-users.tab'],
    ['tab.image-host', 'paste.tab'],
    ['tab.layout', 'layout-designer.tab'],
    ['tab.import-export', 'import-export.tab'],
  ])('reopens the stored settings tab %s as %s', (old, now) => {
    const { store } = storeWith({ 'void-verified-settings-tab': v1(old) });
    expect(store.get(settingsTabKey)).toBe(now);
  });

  it('leaves a stored tab it does not know, and no tab, as they are', () => {
    expect(storeWith({ 'void-verified-settings-tab': v1('tab.gone') }).store.get(settingsTabKey)).toBe('tab.gone');
    expect(storeWith({ 'void-verified-settings-tab': v1(null) }).store.get(settingsTabKey)).toBeNull();
  });

  it('imports an older exported file naming the old command ids with the new ones, and a current file as it is', () => {
    const file = (hotkeys: Record<string, string | null>) =>
      JSON.stringify({ format: EXPORT_FORMAT, version: 1, exportedAt: 'x', configs: { 'void-verified-hotkeys': hotkeys } });
    const older = parseImport(file({ 'verified.refresh': 'alt+r', 'links.home': null }));
    expect(older.ok && older.writes.map(([key, value]) => [key.name, value])).toEqual([
      ['void-verified-hotkeys', { 'verified-users.refresh': 'alt+r', 'anilist-links.home': null }],
    ]);
    const current = parseImport(file({ 'verified-users.refresh': 'alt+r', 'anilist-links.home': null }));
    expect(current.ok && current.writes.map(([, value]) => value)).toEqual([
      { 'verified-users.refresh': 'alt+r', 'anilist-links.home': null },
    ]);
  });
});
