import { describe, expect, it, vi } from 'vitest';
import { features } from '../../src/commands/features';
import { parseHotkey, reviewImportedHotkeys } from '../../src/commands/hotkeys';
import { Registry } from '../../src/commands/registry';
import { authKey, validToken } from '../../src/data/auth';
import { memoryBackend } from '../../src/data/backend';
import { collapsedKey } from '../../src/data/collapse';
import { hotkeysKey, quickStartConfigKey, settingsKey } from '../../src/data/config';
import {
  ACCEPT_AS_LISTED,
  ADOPT_QUESTION,
  adoptionKey,
  buildExport,
  originalFromLocalStorage,
  originalKeybind,
  parseImport,
  skippedText,
  type AdoptionQuestion,
  type ImportDecision,
} from '../../src/data/config-io';
import { importText, offerAdoption, type ImportDeps } from '../../src/panels/import-export/import-flow';
import { gifKeyboardKey } from '../../src/data/gif-keyboard';
import { globalCssKey } from '../../src/data/global-css';
import { imageHostConfigKey } from '../../src/data/image-hosts';
import { layoutsKey } from '../../src/data/layout-designer';
import { miniProfileConfigKey } from '../../src/data/mini-profile';
import { MINI_MEDIA_DEFAULTS, miniMediaConfigKey, mediaOverviewCacheKey } from '../../src/data/mini-media';
import { draftsKey } from '../../src/data/markdown-drafts';
import { feedConfigKey, quickAccessConfigKey, readNotificationsKey } from '../../src/data/notifications/storage';
import { declaredKeys, decodeStored, encodeStored, Store } from '../../src/data/storage';
import { timeConfigKey } from '../../src/data/dates';
import { toasterConfigKey } from '../../src/data/toasts';
import { verifiedUsersKey } from '../../src/data/verified-users';
import { optionChecker } from '../../src/panels/import-export/ImportExport';

/**
 * Switching over from the original VoidVerified 2.0.3 (issue 14): every key it writes, as it
 * writes it (its source at v2.0.3), and what we make of it. In place, our script finds its manager
 * storage; beside it, the adoption offer reads its page localStorage.
 */

const registry = new Registry();
features.forEach((f) => registry.define(f));
const optionProblem = optionChecker(registry);
const reviewHotkeys = reviewImportedHotkeys(registry.staticCommands(), (id) => registry.effectOf(id));
/** The adoption question answered Ok with everything ticked: credentials and every asked hotkey. */
const TAKE_ALL: ImportDecision = { takeSecrets: true, takeHotkeys: registry.staticCommands().map((c) => c.id) };

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const EXPIRES = '2027-05-01T10:00:00.000Z';

describe('in place: the manager storage the original leaves', () => {
  /** The original: GM.setValue('void-verified-auth', JSON.stringify({ token, expires: new Date(...) })). */
  const originalAuth = (token: string, expires: unknown) => JSON.stringify({ token, expires });

  const table: { stored: string; value: { token: string | null; expires: number | null }; valid: string | null; warns: boolean }[] = [
    { stored: originalAuth('jwt.ok', EXPIRES), value: { token: 'jwt.ok', expires: Date.parse(EXPIRES) }, valid: 'jwt.ok', warns: false },
    // Expired: kept as it is, but it is no token (the original deletes it on its next start).
    {
      stored: originalAuth('jwt.old', '2026-01-01T00:00:00.000Z'),
      value: { token: 'jwt.old', expires: Date.parse('2026-01-01T00:00:00.000Z') },
      valid: null,
      warns: false,
    },
    // No readable expiry: unusable, falls back to no token with a warning.
    { stored: originalAuth('jwt.x', 'soon'), value: { token: null, expires: null }, valid: null, warns: true },
    { stored: JSON.stringify({ token: 'jwt.x' }), value: { token: null, expires: null }, valid: null, warns: true },
    // Our own form still reads as before.
    {
      stored: encodeStored(authKey, { token: 'ours', expires: Date.parse(EXPIRES) }),
      value: { token: 'ours', expires: Date.parse(EXPIRES) },
      valid: 'ours',
      warns: false,
    },
  ];

  it.each(table)('void-verified-auth $stored → $value', ({ stored, value, valid, warns }) => {
    const backend = memoryBackend(new Map([[authKey.name, stored]]));
    const warn = vi.fn();
    const store = new Store(backend, warn);
    expect(store.get(authKey)).toEqual(value);
    expect(validToken(store, NOW)).toBe(valid);
    expect(warn).toHaveBeenCalledTimes(warns ? 1 : 0);
    // Never logged: the warning names the key and the problem, not the token.
    for (const call of warn.mock.calls) expect(JSON.stringify(call)).not.toContain('jwt');
    // Read, not rewritten: the original, put back in place, still finds its authorization.
    expect(backend.data.get(authKey.name)).toBe(stored);
  });

  it('is rewritten in our form only when the user signs in again here', () => {
    const backend = memoryBackend(new Map([[authKey.name, originalAuth('jwt.ok', EXPIRES)]]));
    const store = new Store(backend, () => {});
    store.set(authKey, { token: 'fresh', expires: NOW + 1000 });
    expect(backend.data.get(authKey.name)).toBe(encodeStored(authKey, { token: 'fresh', expires: NOW + 1000 }));
  });

  it("leaves the original's other manager keys alone: no key of ours has their names", async () => {
    const names = new Set(declaredKeys().map((k) => k.name));
    // The Void API token (not our feature) and the mini media cache (since 2.0.3, in manager
    // storage; ours has a name of its own, so the original, put back in place, still reads its own).
    expect(names.has('void-verified-api-token')).toBe(false);
    expect(names.has('void-verified-media-overview-cache')).toBe(false);
    expect(names.has(mediaOverviewCacheKey.name)).toBe(true);
    const backend = memoryBackend(
      new Map([
        ['void-verified-api-token', 'void.jwt'],
        ['void-verified-media-overview-cache', JSON.stringify([{ item: { id: 1 }, cachedAt: EXPIRES }])],
      ]),
    );
    const store = new Store(backend, () => {});
    await store.preload();
    expect(backend.data.get('void-verified-api-token')).toBe('void.jwt');
    expect(backend.data.get('void-verified-media-overview-cache')).toBe(JSON.stringify([{ item: { id: 1 }, cachedAt: EXPIRES }]));
  });
});

describe("the original's QuickStart keybind → the palette command's hotkey", () => {
  // hotkeys-js 3.13 (the original's): its key capture writes modifiers as ⌃ ⇧ ⌥ ⌘ and letters in
  // upper case (String.fromCharCode of the key code), joined by '+'; it ignores case when binding.
  const table: [original: string, ours: string | null][] = [
    ['ctrl+space', 'ctrl+space'],
    ['⌃+space', 'ctrl+space'],
    ['⌃+K', 'ctrl+k'],
    ['K+⌃', 'ctrl+k'],
    ['ctrl+shift+p', 'ctrl+shift+p'],
    ['⌘+⇧+K', 'shift+meta+k'],
    ['⌥+Q', 'alt+q'],
    ['command+k', 'meta+k'],
    ['option+/', 'alt+/'],
    ['ctrl+up', 'ctrl+arrowup'],
    ['ctrl+esc', 'ctrl+escape'],
    ['alt+f2', 'alt+f2'],
    ['ctrl + 5', 'ctrl+5'],
    ['ctrl+k, command+k', 'ctrl+k'],
    ['num_5, ctrl+j', 'ctrl+j'],
    ['num_5', null],
    ['ctrl+', null],
    ['a+b', null],
    ['', null],
  ];
  it.each(table)('%j → %j', (original, ours) => {
    expect(originalKeybind(original)).toBe(ours);
    if (ours !== null) expect(parseHotkey(ours)).toBe(ours);
  });
});

/** Each key the original writes in page localStorage, as it writes it, and what we store. */
const LOCAL: { short: string; key: string; raw: string; check: (store: Store) => void }[] = [
  {
    short: 'settings',
    key: 'void-verified-settings',
    // Settings.saveSetting: the first option ever saved is bare, the rest `{value}`.
    raw: JSON.stringify({
      quickStartEnabled: true,
      globalCssEnabled: { value: true },
      gifKeyboardEnabled: { value: true },
      layoutDesignerEnabled: { value: true },
      pasteImageWidthValue: { value: '300' },
      defaultSign: { value: '★' },
    }),
    check: (store) =>
      expect(store.get(settingsKey)).toEqual({
        quickStartEnabled: true,
        globalCssEnabled: true,
        gifKeyboardEnabled: true,
        layoutDesignerEnabled: true,
        pasteImageWidthValue: 300,
        defaultSign: '★',
      }),
  },
  {
    short: 'verifiedUSers',
    key: 'void-verified-users',
    raw: JSON.stringify([
      {
        username: 'Alice',
        id: 11,
        avatar: 'https://s4.anilist.co/a.png',
        banner: null,
        color: '61, 180, 242',
        lastFetch: '2026-11-30T08:00:00.000Z',
        sign: null,
        colorOverride: null,
        highlightEnabled: true,
        quickAccessEnabled: true,
      },
      { username: 'Bob', sign: '♥' },
    ]),
    check: (store) => {
      const [alice, bob] = store.get(verifiedUsersKey);
      expect(alice).toMatchObject({
        username: 'Alice',
        id: 11,
        color: '61, 180, 242',
        lastFetch: Date.parse('2026-11-30T08:00:00.000Z'),
        sign: '',
        colorOverride: '',
        highlightEnabled: true,
        quickAccessEnabled: true,
      });
      expect(bob).toMatchObject({ username: 'Bob', id: null, sign: '♥', lastFetch: null });
    },
  },
  {
    short: 'quickStartConfig',
    key: 'void-verified-quick-start-config',
    // BaseConfig.save: JSON.stringify(this), its storage key included.
    raw: JSON.stringify({
      configInLocalStorage: 'void-verified-quick-start-config',
      openQuickStartKeybind: '⌃+K',
      addNavigationButtons: false,
      usersEnabled: true,
      notificationsEnabled: false,
      onlyIncludeUnreadNotifications: true,
      displayAllResultsOnEmpty: true,
      anilistLinksEnabled: true,
      voidSettingsEnabled: false,
      preserveActivitySearch: true,
    }),
    check: (store) => {
      expect(store.get(quickStartConfigKey)).toEqual({
        addNavigationButtons: false,
        usersEnabled: true,
        notificationsEnabled: false,
        onlyIncludeUnreadNotifications: true,
        displayAllResultsOnEmpty: true,
        anilistLinksEnabled: true,
        voidSettingsEnabled: false,
        preserveActivitySearch: true,
      });
      expect(store.get(hotkeysKey)).toEqual({ 'quickstart.open': 'ctrl+k' });
    },
  },
  {
    short: 'timeConfig',
    key: 'void-verified-time-config',
    raw: JSON.stringify({ configInLocalStorage: 'void-verified-time-config', dateFormat: 'dd.mm.yyyy', use12HourFormat: false }),
    check: (store) => expect(store.get(timeConfigKey)).toEqual({ dateFormat: 'dd.mm.yyyy', use12HourFormat: false }),
  },
  {
    short: 'toasterConfig',
    key: 'void-verified-toaster-config',
    raw: JSON.stringify({ toastLevel: 0, duration: 10, location: 'top-right' }),
    check: (store) => expect(store.get(toasterConfigKey)).toEqual({ toastLevel: 0, duration: 10, location: 'top-right' }),
  },
  {
    short: 'miniMediaConfig',
    key: 'void-verified-mini-media-config',
    // 2.0.3's config object, with the stray field naming its own storage key.
    raw: JSON.stringify({
      hoverActivityTitles: false,
      hoverEmbeds: true,
      hoverRelations: true,
      hideRelations: true,
      hideCharacters: false,
      hideStaff: true,
      hideBanner: false,
      hideCover: true,
      hideTags: true,
      localStorage: 'void-verified-mini-media-config',
    }),
    check: (store) =>
      expect(store.get(miniMediaConfigKey)).toEqual({
        hoverActivityTitles: false,
        hoverEmbeds: true,
        hoverRelations: true,
        hideRelations: true,
        hideCharacters: false,
        hideStaff: true,
        hideBanner: false,
        hideCover: true,
        hideTags: true,
      }),
  },
  {
    short: 'miniProfileConfig',
    key: 'void-verified-mini-profile-config',
    raw: JSON.stringify({
      numberOfFavourites: '8',
      hoverTags: false,
      hoverNotifications: true,
      displayAnime: true,
      displayManga: false,
      displayCharacters: true,
      displayStaff: false,
      displayBio: true,
    }),
    check: (store) =>
      expect(store.get(miniProfileConfigKey)).toEqual({
        ...miniProfileConfigKey.defaultValue(),
        numberOfFavourites: 8,
        hoverTags: false,
        hoverNotifications: true,
        displayManga: false,
        displayCharacters: true,
      }),
  },
  {
    short: 'gifKeyboardConfig',
    key: 'void-verified-gif-keyboard',
    // The size slider's value is a string; lastSyncTime a Date.
    raw: JSON.stringify({
      gifs: ['https://i.example.org/a.gif'],
      images: ['https://i.example.org/b.png'],
      gifSize: '300',
      lastSyncTime: '2026-11-01T00:00:00.000Z',
    }),
    check: (store) =>
      expect(store.get(gifKeyboardKey)).toEqual({
        gifs: ['https://i.example.org/a.gif'],
        images: ['https://i.example.org/b.png'],
        gifSize: 300,
      }),
  },
  {
    short: 'layouts',
    key: 'void-verified-layouts',
    raw: JSON.stringify({
      selectedLayout: 1,
      preview: true,
      disableCss: false,
      layoutsList: [
        { avatar: '', banner: '', bio: '', color: '', donatorBadge: '', name: 'New Layout' },
        { avatar: 'https://i.example.org/av.png', banner: '', bio: 'Hi', color: 'green', donatorBadge: '', name: 'Winter' },
      ],
    }),
    check: (store) =>
      expect(store.get(layoutsKey)).toEqual({
        selectedLayout: 1,
        preview: true,
        disableCss: false,
        layoutsList: [
          { avatar: '', banner: '', bio: '', color: '', donatorBadge: '', name: 'New Layout' },
          { avatar: 'https://i.example.org/av.png', banner: '', bio: 'Hi', color: 'green', donatorBadge: '', name: 'Winter' },
        ],
      }),
  },
  {
    short: 'imageHostConfig',
    key: 'void-verified-image-host-config',
    // imgur's expiry is a Date.
    raw: JSON.stringify({
      selectedHost: 'imgur',
      configurations: {
        imgbb: { name: 'imgbb', apiKey: 'bb' },
        imgur: {
          name: 'imgur',
          clientId: 'cid',
          clientSecret: 'sec',
          expires: '2027-01-01T00:00:00.000Z',
          refreshToken: 'r',
          authToken: 'a',
        },
        catbox: { name: 'catbox', userHash: '' },
      },
    }),
    check: (store) =>
      expect(store.get(imageHostConfigKey)).toEqual({
        selectedHost: 'imgur',
        configurations: {
          imgbb: { name: 'imgbb', apiKey: 'bb' },
          imgur: {
            name: 'imgur',
            clientId: 'cid',
            clientSecret: 'sec',
            expires: Date.parse('2027-01-01T00:00:00.000Z'),
            refreshToken: 'r',
            authToken: 'a',
          },
          catbox: { name: 'catbox', userHash: '' },
        },
      }),
  },
  {
    short: 'notificationsConfig',
    key: 'void-verified-notifications-config',
    raw: JSON.stringify({
      groupNotifications: false,
      dontGroupWhenFiltering: true,
      notificationTypes: ['AIRING', 'FOLLOWING'],
      collapsed: true,
      resetDefaultNotifications: false,
      addActivityRelation: true,
    }),
    check: (store) =>
      expect(store.get(feedConfigKey)).toEqual({
        ...feedConfigKey.defaultValue(),
        groupNotifications: false,
        dontGroupWhenFiltering: true,
        notificationTypes: ['AIRING', 'FOLLOWING'],
        collapsed: true,
        resetDefaultNotifications: false,
        addActivityRelation: true,
      }),
  },
  {
    short: 'notificationsConfigQuickAccess',
    key: 'void-verified-quick-access-notifications-config',
    raw: JSON.stringify({
      groupNotifications: true,
      dontGroupWhenFiltering: true,
      notificationTypes: ['ACTIVITY_LIKE'],
      collapsed: false,
      resetDefaultNotifications: true,
      addActivityRelation: false,
    }),
    check: (store) =>
      expect(store.get(quickAccessConfigKey)).toEqual({
        ...quickAccessConfigKey.defaultValue(),
        dontGroupWhenFiltering: true,
        notificationTypes: ['ACTIVITY_LIKE'],
      }),
  },
  {
    short: 'readNotifications',
    key: 'void-verified-read-notifications',
    // Per device, left out of the original's file, but this is the same device: adopted.
    raw: JSON.stringify([101, 102, 103]),
    check: (store) => expect(store.get(readNotificationsKey)).toEqual([101, 102, 103]),
  },
  {
    short: 'collapsedContainers',
    key: 'void-verified-collapsed-containers',
    raw: JSON.stringify([
      { collapseId: 'quick-start-search-props', collapsed: true },
      { collapseId: 'quick-start-media-cache', collapsed: false },
    ]),
    check: (store) => expect(store.get(collapsedKey)).toMatchObject({ 'quick-start-search-props': true }),
  },
  {
    short: 'collapsedReplies',
    key: 'void-verified-collapsed-comments',
    // CollapsedReplies: `{id, isCollapsed}` per reply collapsed or expanded by hand.
    raw: JSON.stringify([
      { id: 7, isCollapsed: true },
      { id: 8, isCollapsed: false },
    ]),
    check: (store) => expect(store.get(collapsedKey)).toMatchObject({ 'reply-7': true, 'reply-8': false }),
  },
  {
    short: 'drafts',
    key: 'void-verified-markdown-drafts',
    // MarkdownDraftManager: JSON.stringify of its list; an empty name is accepted.
    raw: JSON.stringify([
      { name: 'Review', content: '# Frieren\n\nSlow and kind.', timestamp: '2026-11-01T10:00:00.000Z' },
      { name: '', content: 'x', timestamp: '2026-11-02T10:00:00.000Z' },
    ]),
    check: (store) =>
      expect(store.get(draftsKey)).toEqual([
        { name: 'Review', content: '# Frieren\n\nSlow and kind.', timestamp: '2026-11-01T10:00:00.000Z', place: '' },
        { name: '', content: 'x', timestamp: '2026-11-02T10:00:00.000Z', place: '' },
      ]),
  },
  {
    short: 'globalCSS',
    key: 'void-verified-global-css',
    // Stored raw, not as JSON.
    raw: 'body { --color-blue: 200, 0, 0; }',
    check: (store) => expect(store.get(globalCssKey)).toBe('body { --color-blue: 200, 0, 0; }'),
  },
];

/** Caches and features we do not have: never taken. */
const LEFT_BEHIND: Record<string, string> = {
  'void-verified-mini-profile-cache': JSON.stringify([{ item: { name: 'Alice' }, cachedAt: EXPIRES }]),
  'void-verified-notification-relations': JSON.stringify([{ id: 1 }]),
  'void-verified-notification-deadlink-relations': JSON.stringify([2]),
};

function page(): Map<string, string> {
  return new Map([
    ...LOCAL.map((row): [string, string] => [row.key, row.raw]),
    ...Object.entries(LEFT_BEHIND),
    ['auth', JSON.stringify({ id: 1, name: 'Me' })],
  ]);
}

function setup(seed: Record<string, string> = {}) {
  const backend = memoryBackend(new Map(Object.entries(seed)));
  const store = new Store(backend, () => {});
  const toasts = { success: vi.fn<(m: string) => void>(), warning: vi.fn<(m: string) => void>(), error: vi.fn<(m: string) => void>() };
  const review = vi.fn(async () => ACCEPT_AS_LISTED);
  const deps: ImportDeps = { store, toasts, reload: vi.fn(), reloadDelayMs: 0, optionProblem, reviewHotkeys, review };
  return { backend, store, toasts, deps };
}

describe("beside it: adopting the original's page localStorage", () => {
  async function adopt(answer: ImportDecision | null, seed: Record<string, string> = {}, items = page()) {
    const t = setup(seed);
    const before = new Map(items);
    const confirm = vi.fn(async (_q: AdoptionQuestion) => answer);
    const outcome = await offerAdoption({ ...t.deps, ask: confirm, getItem: (k) => items.get(k) ?? null, now: NOW });
    // We only ever read the original's keys.
    expect(items).toEqual(before);
    return { ...t, outcome, confirm };
  }

  it.each(LOCAL)('$short ($key) → our value', async (row) => {
    const t = await adopt(TAKE_ALL);
    expect(t.outcome).toBe('adopted');
    expect(t.toasts.error).not.toHaveBeenCalled();
    row.check(t.store);
  });

  /*
   * Page localStorage is the page's: any script on anilist.co can write the original's keys before
   * the first run. What they carry is judged as a file's: credentials and hotkeys are asked about.
   */
  it('asks about the image-host credentials it found, and never takes them without the tick', async () => {
    const listed = await adopt(ACCEPT_AS_LISTED);
    expect(listed.confirm.mock.calls[0]![0].summary.credentials).toEqual([
      'imgbb API key',
      'imgur client secret',
      'imgur access and refresh tokens',
    ]);
    expect(listed.outcome).toBe('adopted');
    expect(listed.store.get(imageHostConfigKey).configurations).toMatchObject({
      imgbb: { apiKey: '' },
      imgur: { clientId: 'cid', clientSecret: '', authToken: null, refreshToken: null },
    });
    expect(JSON.stringify([...listed.backend.data.values()])).not.toMatch(/"(bb|sec|a|r)"/);
    expect(listed.toasts.warning).toHaveBeenCalledWith(
      expect.stringContaining('imgbb API key, imgur client secret, imgur access and refresh tokens (credentials not taken'),
    );
    const ticked = await adopt({ takeSecrets: true, takeHotkeys: [] });
    expect(ticked.store.get(imageHostConfigKey).configurations.imgbb.apiKey).toBe('bb');
  });

  it('refuses a palette keybind without a modifier that a page wrote, and keeps ctrl+space', async () => {
    const items = page();
    items.set('void-verified-quick-start-config', JSON.stringify({ openQuickStartKeybind: 'down' }));
    const t = await adopt(TAKE_ALL, {}, items);
    expect(t.confirm.mock.calls[0]![0].summary.hotkeys).toEqual([
      expect.objectContaining({
        commandId: 'quickstart.open',
        title: 'Open QuickStart (again: next mode)',
        to: 'arrowdown',
        verdict: 'refuse',
      }),
    ]);
    expect(t.outcome).toBe('adopted');
    expect(t.store.get(hotkeysKey)).toEqual({});
  });

  it('takes no cache and nothing of features we do not have', async () => {
    const t = await adopt(TAKE_ALL);
    for (const name of Object.keys(LEFT_BEHIND)) {
      const raw = t.backend.data.get(name);
      expect(raw === undefined || !raw.includes('Alice'), name).toBe(true);
    }
    expect(t.toasts.warning).not.toHaveBeenCalled();
    expect(t.toasts.success).toHaveBeenCalledWith('Config successfully imported.');
  });

  it('says the AniList access must be authorized again when no token is here, and not when one is', async () => {
    const asked = (authorizeAgain: boolean) => ({ text: ADOPT_QUESTION, authorizeAgain, summary: expect.anything() });
    expect((await adopt(null)).confirm).toHaveBeenCalledWith(asked(true));
    const inPlace = await adopt(null, { [authKey.name]: JSON.stringify({ token: 'jwt.ok', expires: EXPIRES }) });
    expect(inPlace.confirm).toHaveBeenCalledWith(asked(false));
    const expired = await adopt(null, { [authKey.name]: JSON.stringify({ token: 'jwt.old', expires: '2026-01-01T00:00:00.000Z' }) });
    expect(expired.confirm).toHaveBeenCalledWith(asked(true));
  });

  it('declining writes nothing but the answer, and keeps the in-place token as the original wrote it', async () => {
    const auth = JSON.stringify({ token: 'jwt.ok', expires: EXPIRES });
    const t = await adopt(null, { [authKey.name]: auth });
    expect(t.outcome).toBe('declined');
    expect([...t.backend.data.keys()].sort()).toEqual([adoptionKey.name, authKey.name].sort());
    expect(t.backend.data.get(authKey.name)).toBe(auth);
  });

  it("an original's file keeps read notifications per device, and maps its collapse records to ours", () => {
    const file = Object.fromEntries(
      LOCAL.map((row) => [row.short, row.short === 'globalCSS' ? row.raw : (JSON.parse(row.raw) as unknown)]),
    );
    const result = parseImport(JSON.stringify(file), { optionProblem });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const written = new Set(result.writes.map(([key]) => key.name));
    expect(written.has(readNotificationsKey.name)).toBe(false);
    expect(result.skipped).toEqual(expect.arrayContaining([{ name: 'readNotifications', reason: 'per-device' }]));
    expect(result.skipped.map((x) => x.name)).not.toContain('collapsedContainers');
    expect(result.skipped.map((x) => x.name)).not.toContain('collapsedReplies');
    expect(result.writes.find(([key]) => key.name === collapsedKey.name)?.[1]).toEqual({
      'quick-start-search-props': true,
      'reply-7': true,
      'reply-8': false,
    });
  });

  it("importing an original's file: its QuickStart keybind becomes the palette's hotkey, its collapsed containers ours", async () => {
    const t = setup();
    t.store.set(hotkeysKey, { 'health.open': 'alt+h' });
    const file = {
      quickStartConfig: { openQuickStartKeybind: '⌃+K', addNavigationButtons: true },
      collapsedContainers: [
        { collapseId: 'quick-start-search-props', collapsed: true },
        { collapseId: 'quick-start-media-cache', collapsed: false },
      ],
    };
    const result = await importText(JSON.stringify(file), t.deps);
    expect(result.ok).toBe(true);
    expect(t.toasts.error).not.toHaveBeenCalled();
    expect(t.store.get(hotkeysKey)).toEqual({ 'health.open': 'alt+h', 'quickstart.open': 'ctrl+k' });
    expect(t.store.get(collapsedKey)).toEqual({ 'quick-start-search-props': true });
    expect(t.deps.reload).toHaveBeenCalled();
  });

  it("importing an original's file carries its mini media config, and its mini media option", async () => {
    const row = LOCAL.find((r) => r.short === 'miniMediaConfig')!;
    const t = setup();
    const file = { settings: { miniMediaEnabled: { value: true } }, miniMediaConfig: JSON.parse(row.raw) as unknown };
    const result = await importText(JSON.stringify(file), t.deps);
    expect(result.ok).toBe(true);
    expect(t.toasts.warning).not.toHaveBeenCalled();
    row.check(t.store);
    expect(t.store.get(settingsKey)).toMatchObject({ miniMediaEnabled: true });
    // A half-written config keeps 2.0.3's defaults for what it leaves out.
    const partial = setup();
    await importText(JSON.stringify({ miniMediaConfig: { hoverEmbeds: true, hideTags: 'yes' } }), partial.deps);
    expect(partial.store.get(miniMediaConfigKey)).toEqual({ ...MINI_MEDIA_DEFAULTS, hoverEmbeds: true });
  });

  it('gathers per-device state only for adoption, and only beside a configuration', () => {
    const items = page();
    const get = (k: string) => items.get(k) ?? null;
    expect(originalFromLocalStorage(get)).not.toHaveProperty('readNotifications');
    expect(originalFromLocalStorage(get, { sameDevice: true })).toMatchObject({
      readNotifications: [101, 102, 103],
      collapsedReplies: [
        { id: 7, isCollapsed: true },
        { id: 8, isCollapsed: false },
      ],
    });
    expect(originalFromLocalStorage((k) => (k === 'void-verified-read-notifications' ? '[1]' : null), { sameDevice: true })).toBeNull();
  });

  it('keeps the newest collapsed entries that fit', async () => {
    const many = Array.from({ length: 700 }, (_, i) => ({ id: i + 1, isCollapsed: true }));
    const t = setup();
    const items = new Map([
      ['void-verified-settings', '{}'],
      ['void-verified-collapsed-comments', JSON.stringify(many)],
    ]);
    await offerAdoption({ ...t.deps, ask: async () => ACCEPT_AS_LISTED, getItem: (k) => items.get(k) ?? null, now: NOW });
    const ids = Object.keys(t.store.get(collapsedKey));
    expect(ids).toHaveLength(500);
    expect(ids[0]).toBe('reply-201');
    expect(ids.at(-1)).toBe('reply-700');
  });

  it("merges the palette hotkey over a file import's current hotkeys", () => {
    const t = setup();
    t.store.set(hotkeysKey, { 'health.open': 'alt+h' });
    const result = parseImport(JSON.stringify({ quickStartConfig: { openQuickStartKeybind: 'alt+space' } }), { optionProblem });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const hotkeyWrite = result.writes.find(([key]) => key.name === hotkeysKey.name);
    expect(hotkeyWrite?.[2]).toBe('merge');
  });
});

describe("the original's default option values are all accepted", () => {
  // src/assets/defaultSettings.ts at v2.0.3: a user who changed any of them stores one of these types.
  const defaults: Record<string, boolean | string | number> = {
    aniListApiExponentialBackoff: true,
    copyColorFromProfile: true,
    moveSubscribeButtons: false,
    hideLikeCount: false,
    enabledForUsername: true,
    enabledForProfileName: false,
    defaultSign: '✔',
    highlightEnabled: true,
    highlightEnabledForReplies: true,
    highlightSize: '5px',
    colorUserActivity: false,
    colorUserReplies: false,
    useDefaultHighlightColor: false,
    defaultHighlightColor: '#FFFFFF',
    globalCssEnabled: false,
    layoutDesignerEnabled: false,
    replaceNotifications: false,
    syncReadNotifications: false,
    quickAccessNotificationsEnabled: false,
    quickAccessEnabled: false,
    quickAccessBadge: false,
    quickAccessTimer: true,
    pasteEnabled: false,
    pasteWrapImagesWithLink: false,
    pasteImageWidthValue: 420,
    pasteImageUnitIsPercentage: false,
    pasteImagesToHostService: false,
    toasterEnabled: true,
    removeAnilistBlanks: false,
    gifKeyboardEnabled: false,
    gifKeyboardLikeButtonsEnabled: true,
    syncGifsToVoidApi: false,
    changeLogEnabled: true,
    selfMessageEnabled: false,
    hideMessagesFromListFeed: false,
    replyActivityUpdate: false,
    markdownHotkeys: false,
    collapsibleReplies: false,
    rememberCollapsedReplies: true,
    autoCollapseLiked: false,
    autoCollapseSelf: false,
    imagePreviewEnabled: false,
    miniProfileEnabled: false,
    miniMediaEnabled: false,
    replaceVideosWithLinksEnabled: false,
    messageFeedEnabled: false,
    quickStartEnabled: false,
    activityTimestampTooltipsEnabled: false,
    replyToEnabled: false,
    replyDirectLinksEnabled: false,
    scrollToReplyEnabled: true,
    markdownTaskbarEnabled: false,
    pollsEnabled: false,
    replaceInProgressEnabled: false,
  };
  it('as a settings value stored by the original', () => {
    const settings = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, { value: v }]));
    const result = parseImport(JSON.stringify({ settings }), { optionProblem });
    expect(result).toMatchObject({ ok: true });
  });
});

/*
 * Issue 28 (document 3, "What a user migrating from 2.0.3 carries"): 2.0.3's backoff and reply
 * options come over as they were, by adoption and by import; its three options for its own server
 * (VoidAPI) stay in the settings untouched and are said to be unavailable here.
 */
describe("2.0.3's backoff and reply options, and its server's options", () => {
  // Each stored against its default, so a value that did not come over would show.
  const ROWS: { option: string; stored: boolean }[] = [
    { option: 'aniListApiExponentialBackoff', stored: false },
    { option: 'rememberCollapsedReplies', stored: false },
    { option: 'scrollToReplyEnabled', stored: false },
    { option: 'replyDirectLinksEnabled', stored: true },
    { option: 'replyToEnabled', stored: true },
  ];
  const SERVER = { syncGifsToVoidApi: true, syncReadNotifications: true, pollsEnabled: false };
  const SERVER_SAID =
    'settings.syncGifsToVoidApi, settings.syncReadNotifications (need the original VoidVerified’s server, not available here; kept as they are)';

  /** The original's settings as it stores them: `{value}` per option. */
  const originalSettings = (values: Record<string, boolean>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v }]));

  async function adoptSettings(values: Record<string, boolean>) {
    const t = setup();
    const items = new Map([['void-verified-settings', JSON.stringify(originalSettings(values))]]);
    const ask = vi.fn(async (_q: AdoptionQuestion) => TAKE_ALL);
    const outcome = await offerAdoption({ ...t.deps, ask, getItem: (k) => items.get(k) ?? null, now: NOW });
    return { ...t, outcome, ask };
  }

  it.each(ROWS)('adoption carries $option = $stored', async ({ option, stored }) => {
    const t = await adoptSettings({ [option]: stored });
    expect(t.outcome).toBe('adopted');
    expect(t.store.get(settingsKey)[option]).toBe(stored);
    expect(registry.option(option)).toMatchObject({ default: !stored });
  });

  it.each(ROWS)("importing the original's file carries $option = $stored", async ({ option, stored }) => {
    const t = setup();
    const result = await importText(JSON.stringify({ settings: originalSettings({ [option]: stored }) }), t.deps);
    expect(result).toMatchObject({ ok: true, skipped: [] });
    expect(t.store.get(settingsKey)[option]).toBe(stored);
  });

  it('the server options are kept untouched, and adoption and import say which need its server', async () => {
    const adopted = await adoptSettings({ ...SERVER, scrollToReplyEnabled: true });
    expect(adopted.store.get(settingsKey)).toEqual({ ...SERVER, scrollToReplyEnabled: true });
    expect(skippedText(adopted.ask.mock.calls[0]![0].summary.skipped)).toBe(SERVER_SAID);
    expect(adopted.toasts.warning).toHaveBeenCalledWith(`Config successfully imported. Skipped: ${SERVER_SAID}.`);

    const t = setup();
    await importText(JSON.stringify({ settings: originalSettings(SERVER) }), t.deps);
    expect(t.store.get(settingsKey)).toEqual(SERVER);
    expect(t.toasts.warning).toHaveBeenCalledWith(`Config successfully imported. Skipped: ${SERVER_SAID}.`);
    // All off: nothing to say.
    const off = setup();
    await importText(JSON.stringify({ settings: originalSettings({ syncGifsToVoidApi: false, pollsEnabled: false }) }), off.deps);
    expect(off.toasts.warning).not.toHaveBeenCalled();

    // Our own export and import keep them as they are.
    const again = setup();
    await importText(JSON.stringify(buildExport(t.store)), again.deps);
    expect(again.store.get(settingsKey)).toEqual(SERVER);
  });
});

/*
 * 2.0.3's markdown taskbar and image width (document 3, C8 and C10). `markdownTaskbarEnabled` is
 * 2.0.3's taskbar; our formatting toolbar, which had that name in our settings of version 1, is
 * `markdownToolbarEnabled`. The width is 2.0.3's pair: `pasteImageWidthValue` (a number, or the
 * string its slider stores) and `pasteImageUnitIsPercentage`.
 */
describe('the taskbar and the image width', () => {
  type Settings = Record<string, unknown>;
  /** What 2.0.3 stores (`{value}` per option), carried by adoption and by an import of its file. */
  const ORIGINAL: [name: string, theirs: Settings, ours: Settings][] = [
    ['taskbar on', { markdownTaskbarEnabled: true }, { markdownTaskbarEnabled: true }],
    ['taskbar off', { markdownTaskbarEnabled: false }, { markdownTaskbarEnabled: false }],
    ['width as a number', { pasteImageWidthValue: 300 }, { pasteImageWidthValue: 300 }],
    ['width as the slider stores it', { pasteImageWidthValue: '425' }, { pasteImageWidthValue: 425 }],
    [
      'width in percent stays percent',
      { pasteImageWidthValue: '50', pasteImageUnitIsPercentage: true },
      { pasteImageWidthValue: 50, pasteImageUnitIsPercentage: true },
    ],
    ['the spec’s (1.21) width', { pasteImageWidth: '250' }, { pasteImageWidthValue: 250 }],
    ['2.0.3’s width wins over a lingering 1.21 one', { pasteImageWidth: '250', pasteImageWidthValue: 90 }, { pasteImageWidthValue: 90 }],
  ];
  const wrapped = (values: Settings) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v }]));

  it.each(ORIGINAL)('adopting 2.0.3’s %s', async (_name, theirs, ours) => {
    const t = setup();
    const items = new Map([[settingsKey.name, JSON.stringify(wrapped(theirs))]]);
    const outcome = await offerAdoption({ ...t.deps, ask: async () => ACCEPT_AS_LISTED, getItem: (k) => items.get(k) ?? null, now: NOW });
    expect(outcome).toBe('adopted');
    expect(t.store.get(settingsKey)).toEqual(ours);
  });

  it.each(ORIGINAL)('importing 2.0.3’s file: %s', async (_name, theirs, ours) => {
    const t = setup();
    expect(await importText(JSON.stringify({ settings: wrapped(theirs) }), t.deps)).toMatchObject({ ok: true });
    expect(t.store.get(settingsKey)).toEqual(ours);
  });

  /** Our settings as stored (or exported) before version 2: the toolbar under the taskbar's name, the width in pixels. */
  const OURS_V1: [name: string, stored: Settings, now: Settings][] = [
    ['our toolbar on stays on; the taskbar is off', { markdownTaskbarEnabled: true }, { markdownToolbarEnabled: true }],
    ['our toolbar off', { markdownTaskbarEnabled: false, pasteEnabled: true }, { markdownToolbarEnabled: false, pasteEnabled: true }],
    ['the width in pixels', { pasteImageWidth: 300 }, { pasteImageWidthValue: 300 }],
    ['nothing of either', { highlightEnabled: false }, { highlightEnabled: false }],
  ];

  it.each(OURS_V1)('stored at version 1: %s', (_name, stored, now) => {
    const backend = memoryBackend(new Map([[settingsKey.name, JSON.stringify({ v: 1, data: stored })]]));
    const store = new Store(backend, () => {});
    expect(store.get(settingsKey)).toEqual(now);
    // Written back at version 2, so the step runs once.
    expect(JSON.parse(backend.data.get(settingsKey.name)!)).toEqual({ v: 2, data: now });
    expect(decodeStored(settingsKey, backend.data.get(settingsKey.name))).toEqual({ value: now, migrated: false });
  });

  it.each(OURS_V1)('our file from before version 2: %s', async (_name, stored, now) => {
    const t = setup();
    const file = { format: 'voidverified-palette-config', version: 1, exportedAt: 'x', configs: { [settingsKey.name]: stored } };
    expect(await importText(JSON.stringify(file), t.deps)).toMatchObject({ ok: true });
    expect(t.store.get(settingsKey)).toEqual(now);
  });

  it('our file of version 2 says so: the taskbar stays the taskbar, the toolbar the toolbar', async () => {
    const source = setup();
    const settings = {
      markdownTaskbarEnabled: true,
      markdownToolbarEnabled: false,
      pasteImageWidthValue: 40,
      pasteImageUnitIsPercentage: true,
    };
    source.store.set(settingsKey, settings);
    const file = buildExport(source.store, new Date(NOW));
    expect(file.versions?.[settingsKey.name]).toBe(2);
    const taskbarOnly = setup();
    const only = { ...file, configs: { [settingsKey.name]: { markdownTaskbarEnabled: true } } };
    expect(await importText(JSON.stringify(only), taskbarOnly.deps)).toMatchObject({ ok: true });
    expect(taskbarOnly.store.get(settingsKey)).toEqual({ markdownTaskbarEnabled: true });
    const t = setup();
    expect(await importText(JSON.stringify(file), t.deps)).toMatchObject({ ok: true });
    expect(t.store.get(settingsKey)).toEqual(settings);
  });

  it('refuses a file whose key was written by a newer version', async () => {
    const t = setup();
    const file = {
      format: 'voidverified-palette-config',
      version: 1,
      exportedAt: 'x',
      configs: { [settingsKey.name]: {} },
      versions: { [settingsKey.name]: 99 },
    };
    const result = parseImport(JSON.stringify(file), { optionProblem });
    expect(result).toMatchObject({ ok: false });
    expect(t.store.get(settingsKey)).toEqual({});
  });
});
