import { describe, expect, it } from 'vitest';
import { memoryBackend } from '../../src/data/backend';
import { decodeBio, encodeBio } from '../../src/data/bio-block';
import {
  collectionEntries,
  createGoal,
  DEFAULT_GOAL_FORM,
  GOAL_RULES,
  GOAL_TYPES,
  goalProgress,
  goalSchedule,
  goalsKey,
  listTypesFor,
  loadProfileGoals,
  milestones,
  normalizeGoals,
  parseDay,
  today,
  validateGoal,
  visibleGoals,
  type FuzzyDate,
  type Goal,
  type GoalListEntry,
  type GoalType,
} from '../../src/data/goals';
import type { GqlDocument } from '../../src/data/graphql';
import { decodeStored, Store } from '../../src/data/storage';
import { ToastBus, type Toast } from '../../src/commands/toast-bus';
import { fetchFromBio, saveToBio } from '../../src/panels/goals/actions';

const date = (text: string | null): FuzzyDate | null => {
  if (!text) return null;
  const [year, month, day] = text.split('-').map((p) => (p === '?' ? null : Number(p)));
  return { year: year ?? null, month: month ?? null, day: day ?? null };
};
let nextId = 1;
const entry = (
  format: string,
  o: { progress?: number; volumes?: number | null; duration?: number | null; started?: string | null; completed?: string | null },
): GoalListEntry => ({
  id: nextId++,
  progress: o.progress ?? 0,
  progressVolumes: o.volumes ?? null,
  startedAt: date(o.started ?? null),
  completedAt: date(o.completed ?? null),
  media: { format, duration: o.duration ?? null },
});
const goal = (type: GoalType, o: Partial<Goal> = {}): Goal => ({
  id: 0.5,
  type,
  name: type,
  target: 10,
  startAt: '2024-01-01',
  endAt: '2024-01-31',
  ...o,
});

// Goal period: January 2024 (both ends inclusive).
const ANIME: GoalListEntry[] = [
  entry('TV', { progress: 12, duration: 24, started: '2023-12-20', completed: '2024-01-10' }), // completed inside
  entry('MOVIE', { progress: 1, duration: 107, completed: '2024-01-05' }), // a movie completed inside
  entry('ONA', { progress: 5, duration: 20, started: '2024-01-15' }), // started inside, still watching
  entry('TV_SHORT', { progress: 10, duration: 3, started: '2024-01-31', completed: '2024-02-01' }), // started on the last day
  entry('OVA', { progress: 6, duration: 30, started: '2023-12-01', completed: '2023-12-31' }), // the day before: nothing
  entry('TV', { progress: 24, duration: 24, completed: '2024-01-?' }), // no day: nothing
  entry('SPECIAL', { progress: 2, duration: 25, completed: '2024-01-20' }), // not a series, still anime
];
const MANGA: GoalListEntry[] = [
  entry('MANGA', { progress: 100, volumes: 10, started: '2023-06-01', completed: '2024-01-10' }),
  entry('ONE_SHOT', { progress: 1, volumes: null, completed: '2024-01-02' }),
  entry('NOVEL', { progress: 40, volumes: 5, completed: '2024-01-25' }),
  entry('NOVEL', { progress: 12, volumes: 2, started: '2024-01-03' }),
  entry('MANGA', { progress: 50, volumes: 6, started: '2023-11-01' }),
  entry('NOVEL', { progress: 30, volumes: 3, completed: '2024-03-01' }),
];

describe('goal progress per type', () => {
  const expected: Record<GoalType, number> = {
    completedAnime: 3, // TV, MOVIE, SPECIAL completed in January
    completedMovies: 1,
    completedSeries: 1, // only the TV one: TV_SHORT was completed in February
    watchedEpisodes: 12 + 5 + 10, // TV, ONA, TV_SHORT (started or completed inside)
    watchedHours: Math.floor((12 * 24 + 107 + 5 * 20 + 10 * 3 + 2 * 25) / 60), // 575 minutes → 9
    completedManga: 2, // MANGA and ONE_SHOT
    completedNovels: 1,
    readMangaChapters: 101,
    readNovelChapters: 52,
    readMangaVolumes: 10, // a missing volume count adds nothing
    readNovelVolumes: 7,
  };
  it.each(GOAL_TYPES.map((t) => [t, expected[t]] as const))('%s → %i', (type, value) => {
    const entries = GOAL_RULES[type].list === 'ANIME' ? ANIME : MANGA;
    expect(goalProgress(goal(type), entries)).toBe(value);
  });

  it('hours are floored from the sum', () => {
    expect(goalProgress(goal('watchedHours'), [entry('TV', { progress: 2, duration: 29, completed: '2024-01-02' })])).toBe(0);
    expect(goalProgress(goal('watchedHours'), [entry('TV', { progress: 5, duration: 24, completed: '2024-01-02' })])).toBe(2);
    expect(goalProgress(goal('watchedHours'), [entry('TV', { progress: 5, duration: null, completed: '2024-01-02' })])).toBe(0);
  });

  it('counts a one-day goal on that day only', () => {
    const oneDay = goal('completedAnime', { startAt: '2024-01-10', endAt: '2024-01-10' });
    expect(goalProgress(oneDay, ANIME)).toBe(1);
  });

  it('reads each entry once although custom lists repeat them', () => {
    const [a, b] = ANIME;
    const entries = collectionEntries({ lists: [{ entries: [a!, b!] }, { entries: [a!, null] }, null, { entries: null }] });
    expect(entries).toEqual([a, b]);
    expect(collectionEntries(null)).toEqual([]);
  });
});

describe('goal validation', () => {
  const form = { ...DEFAULT_GOAL_FORM, name: 'Winter', startAt: '2024-01-01', endAt: '2024-03-31' };
  it('accepts a complete goal, also one that starts and ends on the same day', () => {
    expect(validateGoal(form)).toEqual([]);
    expect(validateGoal({ ...form, endAt: '2024-01-01' })).toEqual([]);
  });
  it('reports every problem, in order', () => {
    expect(validateGoal(DEFAULT_GOAL_FORM)).toEqual(['Goal name is missing.', 'Goal start date is missing.', 'Goal end date is missing.']);
    expect(validateGoal({ ...form, name: '   ' })).toEqual(['Goal name is missing.']);
    expect(validateGoal({ ...form, startAt: '' })).toEqual(['Goal start date is missing.']);
    expect(validateGoal({ ...form, endAt: '2024-02-30' })).toEqual(['Goal end date is missing.']);
    expect(validateGoal({ ...form, startAt: '2024-04-01' })).toEqual(['Start date after end date.']);
  });
  it('the default form is the spec’s', () => {
    expect(DEFAULT_GOAL_FORM).toEqual({ type: 'completedAnime', name: '', target: 1, startAt: '', endAt: '' });
  });
  it('creates a goal with a random id, a trimmed name of at most 60 and a whole target of at least 1', () => {
    const g = createGoal({ ...form, name: `  ${'x'.repeat(70)} `, target: 0 }, () => 0.25);
    expect(g).toEqual({ id: 0.25, type: 'completedAnime', name: 'x'.repeat(60), target: 1, startAt: '2024-01-01', endAt: '2024-03-31' });
    expect(createGoal({ ...form, target: 12.4 }).target).toBe(12);
    expect(createGoal({ ...form, target: Number.NaN }).target).toBe(1);
  });
  it('labels every type (the spec’s two labels included)', () => {
    expect(GOAL_RULES.watchedHours.label).toBe('Hours Watched');
    expect(GOAL_RULES.completedNovels.label).toBe('Light Novels');
    expect(new Set(GOAL_TYPES.map((t) => GOAL_RULES[t].label)).size).toBe(GOAL_TYPES.length);
  });
});

describe('goals read from a bio or an old list', () => {
  it('keep readable goals, turn a typed target into a number, drop the rest', () => {
    const raw = [
      { id: 0.1, type: 'completedAnime', name: 'A', target: '5', startAt: '2024-01-01', endAt: '2024-02-01' },
      { id: 0.2, type: 'unknownType', name: 'B', target: 5, startAt: '2024-01-01', endAt: '2024-02-01' },
      { id: 0.3, type: 'watchedHours', name: 'C', target: 0, startAt: '2024-01-01', endAt: '2024-02-01' },
      { id: 0.4, type: 'watchedHours', name: 'D', target: 3, startAt: 'soon', endAt: '2024-02-01' },
      { type: 'readMangaVolumes', name: 'E'.repeat(80), target: 3, startAt: '2024-01-01', endAt: '2024-02-01' },
      null,
      'goal',
    ];
    const goals = normalizeGoals(raw);
    expect(goals.map((g) => g.name)).toEqual(['A', 'E'.repeat(60)]);
    expect(goals[0]!.target).toBe(5);
    expect(typeof goals[1]!.id).toBe('number');
    expect(normalizeGoals(undefined)).toEqual([]);
  });
  it('the original’s list (no envelope, a string target) migrates into the key', () => {
    const original = JSON.stringify([
      { type: 'completedMovies', name: 'Films', target: '4', startAt: '2024-01-01', endAt: '2024-12-31', id: 0.42 },
    ]);
    expect(decodeStored(goalsKey, original).value).toEqual([
      { id: 0.42, type: 'completedMovies', name: 'Films', target: 4, startAt: '2024-01-01', endAt: '2024-12-31' },
    ]);
    expect(goalsKey.name).toBe('void-verified-goals-config');
  });
});

describe('goals on an overview', () => {
  const day = parseDay('2024-06-15')!;
  const at = (endAt: string, name = endAt) => goal('completedAnime', { name, startAt: '2024-01-01', endAt });
  it('soonest end first, at most 6', () => {
    const goals = ['2024-12-01', '2024-07-01', '2024-06-20', '2024-09-01', '2024-08-01', '2024-10-01', '2024-11-01'].map((e) => at(e));
    expect(visibleGoals(goals, day).map((g) => g.endAt)).toEqual([
      '2024-06-20',
      '2024-07-01',
      '2024-08-01',
      '2024-09-01',
      '2024-10-01',
      '2024-11-01',
    ]);
  });
  it('kept until 7 days after their end', () => {
    const goals = [at('2024-06-08', 'seven days ago'), at('2024-06-07', 'eight days ago'), at('2024-06-15', 'today')];
    expect(visibleGoals(goals, day).map((g) => g.name)).toEqual(['seven days ago', 'today']);
  });
  it('ask only for the lists their types need', () => {
    expect(listTypesFor([goal('watchedHours'), goal('completedMovies')])).toEqual(['ANIME']);
    expect(listTypesFor([goal('readNovelVolumes')])).toEqual(['MANGA']);
    expect(listTypesFor([goal('readNovelVolumes'), goal('completedAnime')])).toEqual(['ANIME', 'MANGA']);
    expect(listTypesFor([])).toEqual([]);
  });
  it('milestones at 0, half the target and the target', () => {
    expect(milestones(10)).toEqual([0, 5, 10]);
    expect(milestones(7)).toEqual([0, 3, 7]);
    expect(milestones(1)).toEqual([0, 0, 1]);
  });
  it('today is the local calendar date', () => {
    expect(today(new Date(2024, 5, 15, 23, 59))).toBe(day);
    expect(today(new Date(2024, 5, 15, 0, 1))).toBe(day);
  });
});

describe('goal schedule: desired daily progress against elapsed days', () => {
  // 30 days, target 30: one a day.
  const g = goal('watchedEpisodes', { target: 30, startAt: '2024-04-01', endAt: '2024-04-30' });
  it('nothing is expected before or on the first day', () => {
    expect(goalSchedule(g, 0, parseDay('2024-03-20')!)).toMatchObject({
      totalDays: 30,
      elapsedDays: 0,
      dailyTarget: 1,
      expected: 0,
      behind: 0,
    });
    expect(goalSchedule(g, 0, parseDay('2024-04-01')!)).toMatchObject({ elapsedDays: 0, behind: 0 });
  });
  it('midway: on track at or above the expected progress, behind by the difference below it', () => {
    const mid = parseDay('2024-04-11')!; // 10 days over
    expect(goalSchedule(g, 10, mid)).toMatchObject({ elapsedDays: 10, expected: 10, behind: 0 });
    expect(goalSchedule(g, 14, mid).behind).toBe(0);
    expect(goalSchedule(g, 4, mid).behind).toBe(6);
  });
  it('after the end the whole target is expected', () => {
    expect(goalSchedule(g, 25, parseDay('2024-05-05')!)).toMatchObject({ elapsedDays: 30, expected: 30, behind: 5 });
  });
  it('expected progress is rounded down', () => {
    const odd = goal('completedAnime', { target: 10, startAt: '2024-01-01', endAt: '2024-01-03' }); // 3.33 a day
    expect(goalSchedule(odd, 0, parseDay('2024-01-02')!)).toMatchObject({ expected: 3, behind: 3 });
    expect(goalSchedule(odd, 0, parseDay('2024-01-04')!)).toMatchObject({ expected: 10 });
  });
});

// --- Actions against a scripted API -----------------------------------------------------------------

type Answer = (vars: Record<string, unknown>) => unknown;
function fakeApi(answers: Record<string, Answer>) {
  const calls: { name: string; vars: Record<string, unknown> }[] = [];
  const client = {
    async request<D, V>(doc: GqlDocument<D, V>, vars: V): Promise<D> {
      calls.push({ name: doc.name, vars: vars as Record<string, unknown> });
      const answer = answers[doc.name];
      if (!answer) throw new Error(`unexpected ${doc.name}`);
      return answer(vars as Record<string, unknown>) as D;
    },
  };
  const store = new Store(memoryBackend(), () => {});
  const seen: Toast[] = [];
  const toasts = new ToastBus(() => ({ enabled: true, level: 0, duration: 5 }));
  toasts.listen((t) => seen.push(t));
  const said = (type?: Toast['type']) => seen.filter((t) => t.type !== 'debug' && (!type || t.type === type)).map((t) => t.message);
  return { services: { client, store, toasts }, calls, store, said };
}

describe('saving and fetching goals', () => {
  const local = [goal('completedAnime', { id: 0.7, name: 'Local' })];
  const text = 'My **bio** [](json notablock)\n\nwith 🎌 text';
  /** The token owner's about, as AniList answers it to the token. */
  const owner = (about: string | null) => () => ({ Viewer: { id: 1, name: 'Viewer', about } });

  it('save writes the goals into the block and keeps the text and other keys exactly', async () => {
    let about = encodeBio(text, { customCss: 'a{}', automail: { keep: 1 } });
    const api = fakeApi({
      OwnerAbout: () => owner(about)(),
      SaveUserAbout: (v) => ((about = String(v.about)), { UpdateUser: { id: 1 } }),
    });
    api.store.set(goalsKey, local);
    expect(await saveToBio(api.services)).toEqual({ id: 1, name: 'Viewer' });
    expect(api.calls.map((c) => c.name)).toEqual(['OwnerAbout', 'SaveUserAbout']);
    expect(decodeBio(about).data).toEqual({ customCss: 'a{}', automail: { keep: 1 }, goals: local });
    expect(about.endsWith(`\n\n${text}`)).toBe(true);
    expect(api.said()).toEqual(['Saved goals.']);
  });

  it("builds on the token owner's own about, asked with the token, never on a name from the page", async () => {
    // After an account switch the page names another user; the write goes to the token's owner,
    // so the about it builds on must be the owner's (asked as Viewer), or another user's bio is
    // copied into the owner's.
    const bios: Record<string, string> = { Viewer: 'Viewer bio', Akira: 'Akira bio' };
    const api = fakeApi({
      OwnerAbout: () => owner(bios.Viewer!)(),
      GoalsUserAbout: (v) => ({ User: { id: 2, about: bios[String(v.name)] ?? null } }),
      SaveUserAbout: (v) => ((bios.Viewer = String(v.about)), { UpdateUser: { id: 1 } }),
    });
    api.store.set(goalsKey, local);
    await saveToBio(api.services);
    expect(api.calls.map((c) => c.name)).toEqual(['OwnerAbout', 'SaveUserAbout']);
    expect(bios.Viewer!.endsWith('\n\nViewer bio')).toBe(true);
    expect(bios.Akira).toBe('Akira bio');
    expect(await fetchFromBio(api.services)).toBe(true);
    expect(api.calls.at(-1)!.name).toBe('OwnerAbout');
  });

  it('save into a bio without a block puts one before the text', async () => {
    let about = text;
    const api = fakeApi({
      OwnerAbout: () => owner(about)(),
      SaveUserAbout: (v) => ((about = String(v.about)), { UpdateUser: { id: 1 } }),
    });
    api.store.set(goalsKey, local);
    await saveToBio(api.services);
    expect(about).toMatch(/^\[\]\(json[A-Za-z0-9+/=]+\)\n\n/);
    expect(about.replace(/^\[\]\(json[A-Za-z0-9+/=]+\)\n\n/, '')).toBe(text);
  });

  it('a block that cannot be read, or a failing query, saves nothing', async () => {
    const unreadable = fakeApi({
      OwnerAbout: owner('[](jsonAAAA)\n\nhi'),
      SaveUserAbout: () => ({ UpdateUser: { id: 1 } }),
    });
    expect(await saveToBio(unreadable.services)).toBeNull();
    expect(unreadable.calls.map((c) => c.name)).toEqual(['OwnerAbout']);
    expect(unreadable.said()).toEqual(['Failed to save goals.']);

    const failing = fakeApi({ OwnerAbout: () => Promise.reject(new Error('HTTP 500')) });
    expect(await saveToBio(failing.services)).toBeNull();
    expect(failing.said()).toEqual(['Failed to query user goals.', 'Failed to save goals.']);

    // AniList names nobody for the token: nothing is written.
    const nobody = fakeApi({ OwnerAbout: () => ({ Viewer: null }), SaveUserAbout: () => ({ UpdateUser: { id: 1 } }) });
    expect(await saveToBio(nobody.services)).toBeNull();
    expect(nobody.calls.map((c) => c.name)).toEqual(['OwnerAbout']);
  });

  it('fetch replaces the local list with the bio’s goals', async () => {
    const saved = [{ id: 0.9, type: 'readMangaChapters', name: 'Saved', target: '300', startAt: '2024-01-01', endAt: '2024-12-31' }];
    const api = fakeApi({ OwnerAbout: owner(encodeBio('hi', { customCss: '', goals: saved })) });
    api.store.set(goalsKey, local);
    expect(await fetchFromBio(api.services)).toBe(true);
    expect(api.store.get(goalsKey)).toEqual([{ ...saved[0], target: 300 }]);
    expect(api.said()).toEqual(['Fetched goals,']);
  });

  it('fetch with no goals in the bio keeps the local list', async () => {
    for (const about of ['just text', encodeBio('x', { customCss: '' }), encodeBio('x', { goals: [] }), null]) {
      const api = fakeApi({ OwnerAbout: owner(about) });
      api.store.set(goalsKey, local);
      await fetchFromBio(api.services);
      expect(api.store.get(goalsKey)).toEqual(local);
      expect(api.said()).toEqual(['You had no goals saved.']);
    }
  });

  it('fetch failures', async () => {
    const failing = fakeApi({ OwnerAbout: () => Promise.reject(new Error('HTTP 500')) });
    expect(await fetchFromBio(failing.services)).toBe(false);
    expect(failing.said('error')).toEqual(['Failed to query user goals.', 'Failed to fetch goals.']);
    const unreadable = fakeApi({ OwnerAbout: owner('[](jsonAAAA)') });
    expect(await fetchFromBio(unreadable.services)).toBe(false);
    expect(unreadable.said()).toEqual(['Failed to fetch goals.']);
  });
});

describe('a profile’s goals', () => {
  const day = parseDay('2024-01-20')!;
  const bio = (goals: unknown[]) => encodeBio('Hello', { customCss: '', goals });
  const collection = (entries: GoalListEntry[]) => ({ MediaListCollection: { lists: [{ entries }] } });

  it('one media list query per list type needed, with progress and schedule', async () => {
    const goals = [
      goal('completedAnime', { id: 1, target: 6 }),
      goal('readNovelChapters', { id: 2, target: 100, endAt: '2024-01-25' }),
      goal('watchedHours', { id: 3, target: 31 }),
    ];
    const api = fakeApi({
      GoalsUserAbout: () => ({ User: { id: 2, about: bio(goals) } }),
      GoalsMediaList: (v) => collection(v.type === 'ANIME' ? ANIME : MANGA),
    });
    const result = await loadProfileGoals(api.services, 'Akira', day);
    expect(api.calls.map((c) => [c.name, c.vars])).toEqual([
      ['GoalsUserAbout', { name: 'Akira' }],
      ['GoalsMediaList', { userName: 'Akira', type: 'ANIME' }],
      ['GoalsMediaList', { userName: 'Akira', type: 'MANGA' }],
    ]);
    // Soonest end first: the novel goal ends on the 25th.
    expect(result.map((r) => [r.goal.id, r.progress])).toEqual([
      [2, 52],
      [1, 3],
      [3, 9],
    ]);
    // 19 of 31 days over: 6 × 19 / 31 = 3.67 → 3 expected; 3 done.
    expect(result[1]!.schedule).toMatchObject({ totalDays: 31, elapsedDays: 19, expected: 3, behind: 0 });
    expect(result[2]!.schedule).toMatchObject({ expected: 19, behind: 10 });
  });

  it('no goals to show: no list queries', async () => {
    const api = fakeApi({ GoalsUserAbout: () => ({ User: { id: 2, about: bio([goal('completedAnime', { endAt: '2024-01-10' })]) } }) });
    expect(await loadProfileGoals(api.services, 'Akira', parseDay('2024-01-18')!)).toEqual([]);
    expect(api.calls).toHaveLength(1);
  });

  it('a failure is thrown for its owner to say, the bio query’s under its text; nothing is said here', async () => {
    const api = fakeApi({
      GoalsUserAbout: () => ({ User: { id: 2, about: bio([goal('completedAnime')]) } }),
      GoalsMediaList: () => Promise.reject(new Error('HTTP 500')),
    });
    await expect(loadProfileGoals(api.services, 'Akira', day)).rejects.toThrow('HTTP 500');
    const noBio = fakeApi({ GoalsUserAbout: () => Promise.reject(new Error('HTTP 500')) });
    await expect(loadProfileGoals(noBio.services, 'Akira', day)).rejects.toThrow('Error querying user about.');
    expect([...api.said(), ...noBio.said()]).toEqual([]);
  });
});
