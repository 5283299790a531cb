import { describe, expect, it } from 'vitest';
import { features } from '../../src/commands/features';
import { Registry } from '../../src/commands/registry';
import { settingsKey } from '../../src/data/config';
import { tokenOwner } from '../../src/data/identity';
import { originalFromLocalStorage, parseImportValue } from '../../src/data/config-io';
import {
  airsIn,
  categoriesUnreadable,
  cleanCategories,
  inProgressCategoriesKey,
  inProgressSections,
  listsOf,
  loadInProgress,
  parseTyped,
  progressText,
  saveProgress,
  statusFor,
  type InProgressCategories,
  type InProgressEntry,
  type InProgressLists,
} from '../../src/data/in-progress';
import { decodeStored, Store } from '../../src/data/storage';
import { memoryBackend } from '../../src/data/backend';
import { createMockApi } from '../host/mock-api';
import { VIEWER_ID } from '../host/seed';
import { makeTestServices } from './helpers';
import { optionChecker } from '../../src/panels/import-export/ImportExport';

/** An entry as the query answers it. */
function entry(
  id: number,
  opts: Partial<{
    type: 'ANIME' | 'MANGA';
    total: number | null;
    progress: number;
    status: 'CURRENT' | 'REPEATING';
    airingAt: number;
  }> = {},
): InProgressEntry {
  const type = opts.type ?? 'ANIME';
  const total = opts.total === undefined ? 12 : opts.total;
  return {
    id: 1000 + id,
    status: opts.status ?? 'CURRENT',
    progress: opts.progress ?? 3,
    notes: null,
    media: {
      id,
      type,
      title: { userPreferred: `Media ${id}` },
      episodes: type === 'ANIME' ? total : null,
      chapters: type === 'MANGA' ? total : null,
      coverImage: { medium: null },
      airingSchedule: { nodes: opts.airingAt ? [{ episode: 4, airingAt: opts.airingAt, timeUntilAiring: 0 }] : [] },
    },
  };
}

const none: InProgressCategories = { Anime: [], Manga: [], autoAiringCategory: true, includeCustomCategoryEntriesInAiring: false };
const titles = (lists: InProgressLists, categories: InProgressCategories) =>
  inProgressSections(lists, categories).map((s) => [s.title, s.entries.map((e) => e.media.id)]);

describe('In Progress sections (C19)', () => {
  const lists: InProgressLists = {
    anime: [entry(1), entry(2, { airingAt: 2000 }), entry(3, { airingAt: 1000 }), entry(4)],
    manga: [entry(10, { type: 'MANGA' }), entry(11, { type: 'MANGA' })],
  };

  it('orders anime categories, Airing (soonest first), Anime In Progress, manga categories, Manga In Progress', () => {
    const categories = {
      ...none,
      Anime: [{ id: 'a', title: 'Weekly', mediaIds: [4, 2] }],
      Manga: [{ id: 'm', title: 'Reading', mediaIds: [11] }],
    };
    expect(titles(lists, categories)).toEqual([
      ['Weekly', [2, 4]],
      ['Airing', [3]],
      ['Anime In Progress', [1]],
      ['Reading', [11]],
      ['Manga In Progress', [10]],
    ]);
  });

  it('follows both Airing checkboxes', () => {
    const categories = { ...none, Anime: [{ id: 'a', title: 'Weekly', mediaIds: [2] }] };
    expect(titles(lists, { ...categories, includeCustomCategoryEntriesInAiring: true })[1]).toEqual(['Airing', [3, 2]]);
    expect(titles(lists, { ...categories, autoAiringCategory: false })).toEqual([
      ['Weekly', [2]],
      ['Anime In Progress', [3, 1, 4]],
      ['Manga In Progress', [10, 11]],
    ]);
  });

  it('de-duplicates entries by media (the first list wins) and leaves empty sections out', () => {
    const data = {
      anime: { lists: [{ name: 'Watching', status: 'CURRENT' as const, entries: [entry(1), entry(1, { progress: 9 })] }] },
      manga: null,
    };
    expect(listsOf(data).anime.map((e) => e.progress)).toEqual([3]);
    expect(titles(listsOf(data), none)).toEqual([['Anime In Progress', [1]]]);
  });

  it('saves REPEATING as REPEATING, and COMPLETED once the known total is reached', () => {
    expect(statusFor(entry(1, { status: 'REPEATING' }), 5)).toBe('REPEATING');
    expect(statusFor(entry(1, { status: 'REPEATING' }), 12)).toBe('COMPLETED');
    expect(statusFor(entry(1, { total: null }), 500)).toBe('CURRENT');
  });

  it('writes the counter and the countdown as 2.0.3 does', () => {
    expect(progressText(entry(1), 5)).toBe('5 / 12');
    expect(progressText(entry(1, { total: null }), 5)).toBe('5');
    const now = 1_000_000_000;
    expect(airsIn(now / 1000 + 3 * 86400 + 5, now)).toBe('in 3 days');
    expect(airsIn(now / 1000 + 3600, now)).toBe('in 1 hour');
    expect(airsIn(now / 1000 + 59, now)).toBe('in 59 seconds');
    expect(airsIn(now / 1000 - 1, now)).toBe('now');
  });

  it('cleans up media no longer in progress, and categories left empty', () => {
    const categories = {
      ...none,
      Anime: [
        { id: 'a', title: 'A', mediaIds: [1, 99] },
        { id: 'b', title: 'B', mediaIds: [98] },
      ],
    };
    expect(cleanCategories(categories, lists)).toEqual({ ...categories, Anime: [{ id: 'a', title: 'A', mediaIds: [1] }] });
    expect(cleanCategories({ ...none, Anime: [{ id: 'a', title: 'A', mediaIds: [1] }] }, lists)).toBeNull();
  });

  it('reads a number typed after the title as the progress to set', () => {
    expect(parseTyped('frieren 12')).toEqual({ filter: 'frieren', progress: 12 });
    expect(parseTyped('berserk')).toEqual({ filter: 'berserk', progress: null });
    expect(parseTyped('86')).toEqual({ filter: '86', progress: null });
  });
});

describe('the lists: one read, changed in place by a save', () => {
  function world() {
    const api = createMockApi();
    const fetch = (async (_url: unknown, init?: RequestInit) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const answer = await api.handle({ body: String(init?.body), headers });
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    }) as typeof globalThis.fetch;
    const t = makeTestServices(new Registry(), { fetch, token: 'valid-token' });
    t.client.limiter.delay = () => 0;
    return { api, t };
  }
  const ops = (api: ReturnType<typeof createMockApi>) => api.requests.map((r) => /^\s*(?:query|mutation)\s+(\w+)/.exec(r.query)?.[1]);

  it('asks once within the hour; a save updates the cached lists without a second read', async () => {
    const { api, t } = world();
    const lists = await loadInProgress(t.services, VIEWER_ID);
    expect(lists.anime.map((e) => e.media.title.userPreferred)).toEqual([
      'Sousou no Frieren',
      'Bocchi the Rock!',
      'ONE PIECE',
      'Jujutsu Kaisen',
    ]);
    expect(lists.manga.map((e) => e.media.title.userPreferred)).toEqual(['Berserk', 'Sousou no Frieren']);
    const onePiece = lists.anime.find((e) => e.media.id === 21)!;
    expect(onePiece.media.airingSchedule?.nodes).toHaveLength(1);
    const frieren = lists.anime[0]!;
    expect(await saveProgress(t.services, VIEWER_ID, frieren, (frieren.progress ?? 0) + 1)).toBe(false);
    const bocchi = lists.anime[1]!;
    expect(await saveProgress(t.services, VIEWER_ID, bocchi, 12)).toBe(true);
    const after = await loadInProgress(t.services, VIEWER_ID);
    expect(after.anime.find((e) => e.media.id === frieren.media.id)?.progress).toBe((frieren.progress ?? 0) + 1);
    expect(after.anime.map((e) => e.media.id)).not.toContain(bocchi.media.id);
    expect(ops(api)).toEqual(['InProgressMediaLists', 'SaveListProgress', 'SaveListProgress']);
    expect(api.requests[2]!.variables).toEqual({ id: bocchi.id, mediaId: bocchi.media.id, status: 'COMPLETED', progress: 12 });
  });

  it('gives each entry a palette command, bindable like any, that saves one more and says what it saved', async () => {
    const { api, t } = world();
    const registry = t.services.registry;
    for (const f of features) registry.define(f);
    t.store.set(settingsKey, { ...t.store.get(settingsKey), replaceInProgressEnabled: true });
    // The token's owner and the lists, as the page behaviour reads them.
    await tokenOwner(t.services);
    await loadInProgress(t.services, VIEWER_ID);
    const ctx = t.services.context(null);
    const command = registry.commands(ctx).find((c) => c.title === '+1 episode: Sousou no Frieren')!;
    expect(command).toMatchObject({ id: 'in-progress.add.154587', authRequired: true, effect: 'account', section: 'In Progress' });
    expect(registry.commands(ctx).find((c) => c.title === '+1 chapter: Berserk')).toBeDefined();
    const before = api.state.mediaList.find((e) => e.userId === VIEWER_ID && e.mediaId === 154587)!.progress;
    await t.services.run(command.id);
    expect(api.state.mediaList.find((e) => e.userId === VIEWER_ID && e.mediaId === 154587)!.progress).toBe(before + 1);
    expect(t.toastsSeen.at(-1)).toMatchObject({ message: `Sousou no Frieren: episode ${before + 1} / 28. Progress updated.` });
  });
});

/** A 2.0.3 user's value, as its export and its page localStorage hold it. */
const ORIGINAL_CATEGORIES = {
  Anime: [{ id: '1767225600000-9f3a1c2b', title: 'Weekly', mediaIds: [154587, 21] }],
  Manga: [{ id: '1767225600001-0ab4', title: 'Reading', mediaIds: [30002] }],
  autoAiringCategory: false,
  includeCustomCategoryEntriesInAiring: true,
};

describe('the switch-over from 2.0.3: what In Progress carries, one row per key', () => {
  const rows: {
    key: string;
    file: Record<string, unknown>;
    stored: [name: string, value: unknown];
    expected: (store: Store) => unknown;
    want: unknown;
  }[] = [
    {
      key: 'inProgressCategories',
      file: { inProgressCategories: ORIGINAL_CATEGORIES },
      stored: ['void-verified-in-progress-categories', ORIGINAL_CATEGORIES],
      expected: (store) => store.get(inProgressCategoriesKey),
      want: ORIGINAL_CATEGORIES,
    },
    {
      key: 'settings.replaceInProgressEnabled',
      file: { settings: { replaceInProgressEnabled: { value: true } } },
      stored: ['void-verified-settings', { replaceInProgressEnabled: { value: true } }],
      expected: (store) => store.get(settingsKey).replaceInProgressEnabled,
      want: true,
    },
  ];

  const registry = new Registry();
  for (const f of features) registry.define(f);
  const optionProblem = optionChecker(registry);

  for (const row of rows) {
    it(`${row.key}: imported from a 2.0.3 file and adopted from its localStorage losslessly`, () => {
      for (const source of ['file', 'localStorage'] as const) {
        const value =
          source === 'file'
            ? row.file
            : originalFromLocalStorage((name) => (name === row.stored[0] ? JSON.stringify(row.stored[1]) : null))!;
        const result = parseImportValue(value, { optionProblem });
        expect(result.ok, source).toBe(true);
        if (!result.ok) continue;
        expect(result.skipped.map((s) => s.name)).not.toContain(row.key.split('.')[0]);
        const store = new Store(memoryBackend(), () => {});
        for (const [key, data] of result.writes) store.set(key, data as never);
        expect(row.expected(store), source).toEqual(row.want);
      }
    });
  }

  it('tells an unreadable stored value from a readable one ("Failed to load in progress categories.")', async () => {
    const backend = memoryBackend(new Map([['void-verified-in-progress-categories', '{not json']]));
    expect(await categoriesUnreadable(new Store(backend, () => {}))).toBe(true);
    backend.data.set('void-verified-in-progress-categories', JSON.stringify(ORIGINAL_CATEGORIES));
    expect(await categoriesUnreadable(new Store(backend, () => {}))).toBe(false);
    expect(await categoriesUnreadable(new Store(memoryBackend(), () => {}))).toBe(false);
  });

  it('reads a 2.0.3 value stored without an envelope as 2.0.3 loads it', () => {
    const raw = JSON.stringify({
      Anime: [
        { title: 'No id', mediaIds: [1, 'x', 2.5, 3] },
        { title: '', mediaIds: [4] },
      ],
      Manga: 'broken',
    });
    const { value, problem } = decodeStored(inProgressCategoriesKey, raw);
    expect(problem).toBeUndefined();
    expect(value).toMatchObject({
      Anime: [{ title: 'No id', mediaIds: [1, 3] }],
      Manga: [],
      autoAiringCategory: true,
      includeCustomCategoryEntriesInAiring: false,
    });
    expect(value.Anime[0]!.id).toMatch(/^\d+-[0-9a-f]+$/);
    expect(decodeStored(inProgressCategoriesKey, JSON.stringify(ORIGINAL_CATEGORIES)).value).toEqual(ORIGINAL_CATEGORIES);
  });
});
