import { describe, expect, it, vi } from 'vitest';
import { features } from '../../src/commands/features';
import { reviewImportedHotkeys } from '../../src/commands/hotkeys';
import { Registry } from '../../src/commands/registry';
import { memoryBackend } from '../../src/data/backend';
import { settingsKey } from '../../src/data/config';
import { ACCEPT_AS_LISTED } from '../../src/data/config-io';
import { miniProfileConfigKey } from '../../src/data/mini-profile';
import { Store } from '../../src/data/storage';
import { importText, offerAdoption, type ImportDeps } from '../../src/panels/import-export/import-flow';
import { optionChecker } from '../../src/panels/import-export/ImportExport';

/**
 * Switching over from 2.0.3 (document 3, "What a user migrating from 2.0.3 carries"): the mini
 * profile's `hoverNotifications` (C26) and `replaceVideosWithLinksEnabled` (C1), each as 2.0.3
 * writes it, carried both ways, from its exported file and from its page localStorage, on and off.
 */

const registry = new Registry();
features.forEach((f) => registry.define(f));

/** 2.0.3's mini profile config: `hoverNotifications`, no `position` (removed in 2.0). */
const miniProfileConfig = (hoverNotifications: boolean) => ({
  numberOfFavourites: 6,
  hoverTags: true,
  hoverNotifications,
  displayAnime: true,
  displayManga: true,
  displayCharacters: false,
  displayStaff: false,
  displayBio: true,
});

const ROWS: {
  key: string;
  /** 2.0.3's file (short names) and the same values in its page localStorage (storage names). */
  file: (on: boolean) => Record<string, unknown>;
  local: (on: boolean) => Record<string, string>;
  read: (store: Store) => unknown;
}[] = [
  {
    key: 'hoverNotifications',
    file: (on) => ({ miniProfileConfig: miniProfileConfig(on) }),
    local: (on) => ({ 'void-verified-mini-profile-config': JSON.stringify(miniProfileConfig(on)) }),
    read: (store) => store.get(miniProfileConfigKey).hoverNotifications,
  },
  {
    key: 'replaceVideosWithLinksEnabled',
    // Settings.saveSetting writes `{ value }`; the first option ever saved is bare.
    file: (on) => ({ settings: { miniProfileEnabled: true, replaceVideosWithLinksEnabled: { value: on } } }),
    local: (on) => ({ 'void-verified-settings': JSON.stringify({ replaceVideosWithLinksEnabled: on }) }),
    read: (store) => store.get(settingsKey).replaceVideosWithLinksEnabled,
  },
];

function setup(before: (store: Store) => void) {
  const store = new Store(memoryBackend(), () => {});
  before(store);
  const toasts = { success: vi.fn<(m: string) => void>(), warning: vi.fn<(m: string) => void>(), error: vi.fn<(m: string) => void>() };
  const deps: ImportDeps = {
    store,
    toasts,
    reload: vi.fn(),
    reloadDelayMs: 0,
    optionProblem: optionChecker(registry),
    reviewHotkeys: reviewImportedHotkeys(registry.staticCommands(), (id) => registry.effectOf(id)),
    review: vi.fn(async () => ACCEPT_AS_LISTED),
  };
  return { store, toasts, deps };
}

/** The opposite value already stored, so a value that is dropped shows. */
const opposite = (row: (typeof ROWS)[number], on: boolean) => (store: Store) => {
  if (row.key === 'hoverNotifications') store.set(miniProfileConfigKey, { ...store.get(miniProfileConfigKey), hoverNotifications: !on });
  else store.set(settingsKey, { ...store.get(settingsKey), [row.key]: !on });
};

describe.each(ROWS)("2.0.3's $key", (row) => {
  it.each([true, false])('in its exported file (%s) is imported as it is', async (on) => {
    const t = setup(opposite(row, on));
    const result = await importText(JSON.stringify(row.file(on)), t.deps);
    expect(result.ok).toBe(true);
    expect(t.toasts.error).not.toHaveBeenCalled();
    expect(t.toasts.warning).not.toHaveBeenCalled();
    expect(row.read(t.store)).toBe(on);
  });

  // Adoption is offered only to a browser with nothing of ours configured yet.
  it.each([true, false])('in its page localStorage (%s) is adopted as it is', async (on) => {
    const t = setup(() => {});
    const items = new Map(Object.entries(row.local(on)));
    const outcome = await offerAdoption({
      ...t.deps,
      ask: async () => ACCEPT_AS_LISTED,
      getItem: (k) => items.get(k) ?? null,
      now: Date.now(),
    });
    expect(outcome).toBe('adopted');
    expect(t.toasts.error).not.toHaveBeenCalled();
    expect(row.read(t.store)).toBe(on);
  });
});
