import { API_ERROR_TEXTS, wrapFailure } from './api-errors';
import { decodeBio, updateBio } from './bio-block';
import { FRESH, query, type GraphQLClient } from './graphql';
import { read, write } from './swr';
import { saveUserAbout } from './documents';
import { ownerAboutQuery, type Account } from './identity';
import { s } from './schema';
import { defineKey, type Store, refusedPast } from './storage';

/**
 * Anime and manga goals: the goal, its validation, the
 * local list, the bio block that carries it, and the progress maths for profile overviews.
 * Pure apart from the actions at the end (which use the services they are given): no DOM.
 *
 * Progress is an estimate, as AniList keeps no per-day history. Dates are calendar days
 * ('yyyy-mm-dd', both ends inclusive); an entry's date counts only when year, month and day are known.
 * - "completed" goals count entries whose completedAt lies in [startAt, endAt];
 * - episodes, chapters, volumes and hours add up the whole progress of every entry started or
 *   completed in [startAt, endAt]; hours = floor(sum of duration × progress / 60).
 */

export const GOAL_TYPES = [
  'completedAnime',
  'completedMovies',
  'completedSeries',
  'watchedEpisodes',
  'watchedHours',
  'completedManga',
  'completedNovels',
  'readMangaChapters',
  'readNovelChapters',
  'readMangaVolumes',
  'readNovelVolumes',
] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

export interface Goal {
  /** A random number (the original's Math.random()). */
  id: number;
  type: GoalType;
  name: string;
  target: number;
  /** 'yyyy-mm-dd'. */
  startAt: string;
  endAt: string;
}

export type GoalForm = Omit<Goal, 'id'>;

export const GOAL_NAME_MAX = 60;
/** At most this many goals on a profile overview. */
export const GOALS_SHOWN = 6;
/** Goals stay on the overview this many days after their end date. */
export const GOAL_GRACE_DAYS = 7;
export const DEFAULT_GOAL_FORM: GoalForm = { type: 'completedAnime', name: '', target: 1, startAt: '', endAt: '' };

const SERIES = ['TV', 'TV_SHORT', 'OVA', 'ONA'] as const;
const MANGA = ['MANGA', 'ONE_SHOT'] as const;
const NOVEL = ['NOVEL'] as const;

export type ListType = 'ANIME' | 'MANGA';
type Measure = 'completed' | 'progress' | 'volumes' | 'minutes';

interface GoalRule {
  label: string;
  list: ListType;
  /** Media formats counted; null for every format. */
  formats: readonly string[] | null;
  measure: Measure;
  verb: 'Watch' | 'Complete' | 'Read';
  /** What the target counts ("{target} {unit}"). */
  unit: string;
}

/** Per goal type: its label, the list it reads, the media formats that count (null: all) and what is measured. */
export const GOAL_RULES: Record<GoalType, GoalRule> = {
  completedAnime: { label: 'Completed Anime', list: 'ANIME', formats: null, measure: 'completed', verb: 'Complete', unit: 'anime' },
  completedMovies: { label: 'Completed Movies', list: 'ANIME', formats: ['MOVIE'], measure: 'completed', verb: 'Complete', unit: 'movies' },
  completedSeries: { label: 'Completed Series', list: 'ANIME', formats: SERIES, measure: 'completed', verb: 'Complete', unit: 'series' },
  watchedEpisodes: { label: 'Watched Episodes', list: 'ANIME', formats: SERIES, measure: 'progress', verb: 'Watch', unit: 'episodes' },
  watchedHours: { label: 'Hours Watched', list: 'ANIME', formats: null, measure: 'minutes', verb: 'Watch', unit: 'hours' },
  completedManga: { label: 'Completed Manga', list: 'MANGA', formats: MANGA, measure: 'completed', verb: 'Complete', unit: 'manga' },
  completedNovels: { label: 'Light Novels', list: 'MANGA', formats: NOVEL, measure: 'completed', verb: 'Complete', unit: 'light novels' },
  readMangaChapters: {
    label: 'Read Manga Chapters',
    list: 'MANGA',
    formats: MANGA,
    measure: 'progress',
    verb: 'Read',
    unit: 'manga chapters',
  },
  readNovelChapters: {
    label: 'Read Novel Chapters',
    list: 'MANGA',
    formats: NOVEL,
    measure: 'progress',
    verb: 'Read',
    unit: 'light novel chapters',
  },
  readMangaVolumes: { label: 'Read Manga Volumes', list: 'MANGA', formats: MANGA, measure: 'volumes', verb: 'Read', unit: 'manga volumes' },
  readNovelVolumes: {
    label: 'Read Novel Volumes',
    list: 'MANGA',
    formats: NOVEL,
    measure: 'volumes',
    verb: 'Read',
    unit: 'light novel volumes',
  },
};

export const isGoalType = (value: unknown): value is GoalType => (GOAL_TYPES as readonly unknown[]).includes(value);

// --- Calendar days -----------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const dayOf = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;

/** 'yyyy-mm-dd' as a day number; null when it is not a real date. */
export function parseDay(text: string | null | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? dayOf(y, mo, d) : null;
}

export interface FuzzyDate {
  year: number | null;
  month: number | null;
  day: number | null;
}

/** A list entry's date as a day number; null unless year, month and day are all known. */
export function fuzzyDay(date: FuzzyDate | null | undefined): number | null {
  if (!date?.year || !date.month || !date.day) return null;
  return dayOf(date.year, date.month, date.day);
}

/** Today (the browser's local calendar date) as a day number. */
export const today = (now: Date = new Date()): number => dayOf(now.getFullYear(), now.getMonth() + 1, now.getDate());

/** 'yyyy-mm-dd' as a local Date at midnight (for formatDate); null when invalid. */
export function localDate(text: string): Date | null {
  const day = parseDay(text);
  if (day === null) return null;
  const utc = new Date(day * DAY_MS);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

// --- The local list -------------------------------------------------------------------------------

const goalSchema = s.object({
  id: s.number(),
  type: s.enum(GOAL_TYPES),
  name: s.string({ max: GOAL_NAME_MAX }),
  target: s.number({ min: 1 }),
  startAt: s.string({ max: 10 }),
  endAt: s.string({ max: 10 }),
});

/**
 * Reads goals from anywhere (a bio written by the original, an old local list): unknown types and
 * unreadable goals are dropped, a numeric string target becomes a number, a long name is cut.
 */
export function normalizeGoals(raw: unknown): Goal[] {
  if (!Array.isArray(raw)) return [];
  const out: Goal[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const g = item as Record<string, unknown>;
    const target = typeof g.target === 'string' && g.target.trim() !== '' ? Number(g.target) : g.target;
    if (!isGoalType(g.type) || typeof g.name !== 'string' || typeof target !== 'number' || !Number.isFinite(target) || target < 1) continue;
    if (typeof g.startAt !== 'string' || typeof g.endAt !== 'string' || parseDay(g.startAt) === null || parseDay(g.endAt) === null)
      continue;
    const id = typeof g.id === 'number' && Number.isFinite(g.id) ? g.id : Math.random();
    out.push({ id, type: g.type, name: g.name.slice(0, GOAL_NAME_MAX), target, startAt: g.startAt, endAt: g.endAt });
  }
  return out;
}

/** The local goals list (the original's 'goals config', kept in page localStorage without an envelope). */
export const goalsKey = defineKey<Goal[]>({
  name: 'void-verified-goals-config',
  cap: refusedPast(200, 'goals'),
  description: 'Your anime and manga goals (saved to your bio with Save).',
  schema: s.array(goalSchema, { max: 200 }),
  defaultValue: () => [],
  migrations: { 1: normalizeGoals },
});

/** The validation toasts, in order; empty when the goal can be added. */
export function validateGoal(form: GoalForm): string[] {
  const problems: string[] = [];
  const start = parseDay(form.startAt);
  const end = parseDay(form.endAt);
  if (form.name.trim() === '') problems.push('Goal name is missing.');
  if (start === null) problems.push('Goal start date is missing.');
  if (end === null) problems.push('Goal end date is missing.');
  if (start !== null && end !== null && start > end) problems.push('Start date after end date.');
  return problems;
}

/** A valid form as a goal: a random id, the name trimmed and cut to 60, the target a whole number ≥ 1. */
export function createGoal(form: GoalForm, random: () => number = Math.random): Goal {
  const target = Math.max(1, Math.round(Number(form.target)) || 1);
  return {
    id: random(),
    type: form.type,
    name: form.name.trim().slice(0, GOAL_NAME_MAX),
    target,
    startAt: form.startAt,
    endAt: form.endAt,
  };
}

// --- Progress ---------------------------------------------------------------------------------------

export interface GoalListEntry {
  id: number;
  progress: number | null;
  progressVolumes: number | null;
  startedAt: FuzzyDate | null;
  completedAt: FuzzyDate | null;
  media: { format: string | null; duration: number | null } | null;
}

export interface GoalListCollection {
  lists: ({ entries: (GoalListEntry | null)[] | null } | null)[] | null;
}

/** Every entry once: custom lists repeat entries of the status lists. */
export function collectionEntries(collection: GoalListCollection | null | undefined): GoalListEntry[] {
  const seen = new Map<number, GoalListEntry>();
  for (const list of collection?.lists ?? [])
    for (const entry of list?.entries ?? []) if (entry && !seen.has(entry.id)) seen.set(entry.id, entry);
  return [...seen.values()];
}

/** The goal's progress from the list entries of its media type. */
export function goalProgress(goal: Goal, entries: readonly GoalListEntry[]): number {
  const rule = GOAL_RULES[goal.type];
  const start = parseDay(goal.startAt);
  const end = parseDay(goal.endAt);
  if (start === null || end === null) return 0;
  const inside = (date: FuzzyDate | null) => {
    const day = fuzzyDay(date);
    return day !== null && day >= start && day <= end;
  };
  let total = 0;
  for (const entry of entries) {
    if (rule.formats && !rule.formats.includes(entry.media?.format ?? '')) continue;
    if (rule.measure === 'completed') {
      if (inside(entry.completedAt)) total += 1;
      continue;
    }
    if (!inside(entry.startedAt) && !inside(entry.completedAt)) continue;
    if (rule.measure === 'progress') total += entry.progress ?? 0;
    else if (rule.measure === 'volumes') total += entry.progressVolumes ?? 0;
    else total += (entry.media?.duration ?? 0) * (entry.progress ?? 0);
  }
  return rule.measure === 'minutes' ? Math.floor(total / 60) : total;
}

/** The goals an overview shows: those not more than 7 days past their end, soonest end first, at most 6. */
export function visibleGoals(goals: readonly Goal[], day: number): Goal[] {
  return goals
    .filter((g) => {
      const end = parseDay(g.endAt);
      return end !== null && day <= end + GOAL_GRACE_DAYS;
    })
    .sort((a, b) => parseDay(a.endAt)! - parseDay(b.endAt)! || (parseDay(a.startAt) ?? 0) - (parseDay(b.startAt) ?? 0))
    .slice(0, GOALS_SHOWN);
}

/** The list types a set of goals needs (one query each). */
export const listTypesFor = (goals: readonly Goal[]): ListType[] =>
  (['ANIME', 'MANGA'] as const).filter((t) => goals.some((g) => GOAL_RULES[g.type].list === t));

/** Milestones under the progress bar: 0, half the target (rounded down) and the target. */
export const milestones = (target: number): [number, number, number] => [0, Math.floor(target / 2), target];

export interface GoalSchedule {
  /** Days in the goal, both ends included. */
  totalDays: number;
  /** Whole days of the goal already over (today not included), 0 to totalDays. */
  elapsedDays: number;
  /** target / totalDays. */
  dailyTarget: number;
  /** floor(dailyTarget × elapsedDays): where the schedule says progress should be now. */
  expected: number;
  /** How far progress is below `expected` (0 when on track). */
  behind: number;
}

/**
 * The schedule: the desired daily progress (target over the goal's days) against the days
 * elapsed. Before the start nothing is expected; after the end the whole target is.
 */
export function goalSchedule(goal: Goal, progress: number, day: number): GoalSchedule {
  const start = parseDay(goal.startAt) ?? day;
  const end = Math.max(start, parseDay(goal.endAt) ?? start);
  const totalDays = end - start + 1;
  const elapsedDays = Math.min(totalDays, Math.max(0, day - start));
  const dailyTarget = goal.target / totalDays;
  const expected = Math.floor((goal.target * elapsedDays) / totalDays);
  return { totalDays, elapsedDays, dailyTarget, expected, behind: Math.max(0, expected - progress) };
}

export const goalLabel = (type: GoalType) => GOAL_RULES[type].label;
/** "Complete 12 anime", "Read 300 manga chapters". */
export const goalSentence = (goal: Goal) => `${GOAL_RULES[goal.type].verb} ${goal.target} ${GOAL_RULES[goal.type].unit}`;

// --- Documents ------------------------------------------------------------------------------------

/** A profile's about, for its goals: asked once per visit (the feature keeps the visit's load through the read layer's `keep`). */
export const goalsUserAbout = query<{ User: { id: number; about: string | null } | null }, { name: string }>(
  'query GoalsUserAbout($name: String) { User(name: $name) { id about } }',
  { lifetime: FRESH },
);

export const goalsMediaList = query<{ MediaListCollection: GoalListCollection | null }, { userName: string; type: ListType }>(
  'query GoalsMediaList($userName: String, $type: MediaType) { MediaListCollection(userName: $userName, type: $type) { lists { entries { ' +
    'id progress progressVolumes startedAt { year month day } completedAt { year month day } media { format duration } } } } }',
  { lifetime: FRESH },
);

// --- Actions -------------------------------------------------------------------------------------

/** What the actions use: the client and the store its read cache lives in. They throw; their owner reports. */
export interface GoalServices {
  store: Store;
  client: Pick<GraphQLClient, 'request'>;
}

/** A profile's about text (any user's, for showing their goals); a failure is 'Error querying user about.'. */
export function queryAbout(services: GoalServices, name: string): Promise<string> {
  return wrapFailure(API_ERROR_TEXTS.userAbout, async () => {
    const { User } = await read(services, goalsUserAbout, { name });
    if (!User) throw new Error(`No user ${name}`);
    return User.about ?? '';
  });
}

/**
 * The about of the token's owner, the account a write of the about changes: asked with the token
 * (`Viewer`), never by a name from page storage, which names whoever the page says is signed in.
 * A failure is 'Error querying user about.'.
 */
export function queryOwnerAbout(services: GoalServices): Promise<Account & { about: string }> {
  return wrapFailure(API_ERROR_TEXTS.userAbout, async () => {
    const { Viewer } = await read(services, ownerAboutQuery, {});
    if (!Viewer) throw new Error('AniList did not say whose the token is.');
    return { id: Viewer.id, name: Viewer.name, about: Viewer.about ?? '' };
  });
}

/**
 * Writes the local goals into the bio block of the token's owner (the account every write
 * changes), over `owner`'s current about (queryOwnerAbout): only the block's `goals` changes (other
 * keys and the user's text stay). Throws, writing nothing, when the present block cannot be read;
 * a failed write is 'failed to save user about.'. Resolves with the owner written to.
 */
export async function saveGoals(services: GoalServices, owner: Account & { about: string }): Promise<Account> {
  const goals = services.store.get(goalsKey);
  const next = updateBio(owner.about, (data) => ({ ...data, goals }));
  await wrapFailure(API_ERROR_TEXTS.saveAbout, () =>
    write(services, saveUserAbout, { about: next }, { invalidates: [goalsUserAbout, ownerAboutQuery] }),
  );
  return { id: owner.id, name: owner.name };
}

/** The readable goals in a bio (none without a block or a goals key); throws when its block cannot be read. */
export function goalsInBio(about: string): Goal[] {
  const decoded = decodeBio(about);
  if (decoded.hasBlock && !decoded.readable) throw new Error('The data block in the bio could not be read.');
  return normalizeGoals(decoded.data.goals);
}

export interface ProfileGoal {
  goal: Goal;
  progress: number;
  schedule: GoalSchedule;
}

/**
 * A profile's goals with their progress: the user's bio, then one media list query per list type
 * the shown goals need (none when there is nothing to show). Throws when a query fails (the bio's
 * as 'Error querying user about.').
 */
export async function loadProfileGoals(services: GoalServices, name: string, day: number = today()): Promise<ProfileGoal[]> {
  const goals = visibleGoals(normalizeGoals(decodeBio(await queryAbout(services, name)).data.goals), day);
  const entries = new Map<ListType, GoalListEntry[]>();
  for (const type of listTypesFor(goals)) {
    const { MediaListCollection } = await read(services, goalsMediaList, { userName: name, type });
    entries.set(type, collectionEntries(MediaListCollection));
  }
  return goals.map((goal) => {
    const progress = goalProgress(goal, entries.get(GOAL_RULES[goal.type].list) ?? []);
    return { goal, progress, schedule: goalSchedule(goal, progress, day) };
  });
}

/** What the goals feature says, as the spec words it (the panel's Save and Fetch current, a profile's goals). */
export const GOALS_TEXTS = {
  queryFailed: 'Failed to query user goals.',
  saving: 'Querying API for bio and saving goals.',
  saveFailed: 'Failed to save goals.',
  saved: 'Saved goals.',
  fetching: 'Fetching goals.',
  fetchFailed: 'Failed to fetch goals.',
  noneSaved: 'You had no goals saved.',
  fetched: 'Fetched goals,',
} as const;
