import { MINUTE, query } from './graphql';
import { saveListProgress, type ListStatus } from './media-list';
import { s } from './schema';
import { decodeStored, defineKey, refusedPast, type Store } from './storage';
import { read, write, type ReadContext, type ReadOptions } from './swr';

/**
 * In Progress on the home page (document 3, C19): the viewer's CURRENT and REPEATING anime and
 * manga as one read (an hour, as 2.0.3), the categories the user sorts them into, the sections they
 * are shown in, and the progress save, which changes the cached lists in place. Pure apart from the
 * read and the write; no DOM.
 */

/** Every text of C19 the user is told (toasts), as written, and the palette's own. */
export const IN_PROGRESS_TEXTS = {
  queryFailed: 'Failed to query in progress media.',
  categoriesFailed: 'Failed to load in progress categories.',
  saved: 'Progress updated.',
  saveFailed: 'Failed to update progress.',
  nameRequired: 'Category name is required.',
  mediaRequired: 'Select at least one media entry.',
  /** What a palette command or the In Progress page saved. */
  savedAs: (entry: InProgressEntry, progress: number, completed: boolean) =>
    `${entry.media.title.userPreferred}: ${unitOf(entry)} ${progressText(entry, progress)}${completed ? ', completed' : ''}. Progress updated.`,
} as const;

/** The labels of the home section and its manager (C19), as written. */
export const IN_PROGRESS_LABELS = {
  airing: 'Airing',
  animeInProgress: 'Anime In Progress',
  mangaInProgress: 'Manga In Progress',
  refresh: 'Refresh in progress entries.',
  manage: 'Manage in progress categories',
  managerTitle: 'In Progress Categories',
  categoryName: 'Category name',
  multiSelect: (mac: boolean) => `Hold ${mac ? 'Command' : 'Ctrl'} to select multiple entries.`,
  create: 'Create Category',
  save: 'Save Category',
  cancel: 'Cancel',
  autoAiring: 'Automatically create an Airing anime category.',
  includeCustom: 'Include custom category entries in Airing.',
  noCategories: 'No categories',
  entries: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`,
  edit: 'Edit',
  delete: 'Delete',
  episode: (n: number) => `Ep ${n}`,
} as const;

export interface AiringNode {
  episode: number;
  airingAt: number;
  timeUntilAiring: number;
}

/** One list entry as the query selects it (2.0.3's selection). */
export interface InProgressEntry {
  id: number;
  status: ListStatus | null;
  progress: number | null;
  notes: string | null;
  media: {
    id: number;
    type: 'ANIME' | 'MANGA' | null;
    title: { userPreferred: string | null };
    episodes: number | null;
    chapters: number | null;
    coverImage: { medium: string | null } | null;
    airingSchedule: { nodes: (AiringNode | null)[] | null } | null;
  };
}

interface Collection {
  lists: ({ entries: (InProgressEntry | null)[] | null; name: string | null; status: ListStatus | null } | null)[] | null;
}

export interface InProgressData {
  anime: Collection | null;
  manga: Collection | null;
}

export interface InProgressVars {
  userId: number;
  forceSingleCompletedList: boolean;
  statusIn: ListStatus[];
  notYetAired: boolean;
  page: number;
  perPage: number;
}

const LIST_FIELDS = `lists { entries { media { title { userPreferred } episodes chapters coverImage { medium } id type airingSchedule(notYetAired: $notYetAired, page: $page, perPage: $perPage) { nodes { episode airingAt timeUntilAiring } } } notes progress id status } name status }`;

/** The lists, kept an hour (2.0.3's lifetime): the home section and the palette share the answer. */
export const inProgressQuery = query<InProgressData, InProgressVars>(
  `query InProgressMediaLists($userId: Int, $forceSingleCompletedList: Boolean, $statusIn: [MediaListStatus], $notYetAired: Boolean, $page: Int, $perPage: Int) {
    anime: MediaListCollection(userId: $userId, forceSingleCompletedList: $forceSingleCompletedList, type: ANIME, status_in: $statusIn) { ${LIST_FIELDS} }
    manga: MediaListCollection(userId: $userId, forceSingleCompletedList: $forceSingleCompletedList, type: MANGA, status_in: $statusIn) { ${LIST_FIELDS} }
  }`,
  { lifetime: 60 * MINUTE, auth: true },
);

/** 2.0.3's variables, for the token owner's id. */
export const inProgressVars = (userId: number): InProgressVars => ({
  userId,
  forceSingleCompletedList: true,
  statusIn: ['CURRENT', 'REPEATING'],
  notYetAired: true,
  page: 1,
  perPage: 1,
});

export interface InProgressLists {
  anime: InProgressEntry[];
  manga: InProgressEntry[];
}

/** A collection's entries once each by media id (the first list wins), unreadable ones left out. */
function entriesOf(collection: Collection | null | undefined): InProgressEntry[] {
  const seen = new Set<number>();
  const out: InProgressEntry[] = [];
  for (const list of collection?.lists ?? [])
    for (const entry of list?.entries ?? []) {
      if (!entry?.media || !Number.isInteger(entry.media.id) || seen.has(entry.media.id)) continue;
      seen.add(entry.media.id);
      out.push(entry);
    }
  return out;
}

export const listsOf = (data: InProgressData | undefined | null): InProgressLists => ({
  anime: entriesOf(data?.anime),
  manga: entriesOf(data?.manga),
});

/** The lists of the token owner `userId`: from the cache within the hour, else asked (`fresh`: asked anyway). */
export async function loadInProgress(ctx: ReadContext, userId: number, options: ReadOptions = {}): Promise<InProgressLists> {
  return listsOf(await read(ctx, inProgressQuery, inProgressVars(userId), options));
}

// --- Entries -------------------------------------------------------------------------------------

/** Episodes or chapters; null when unknown. */
export const totalOf = (entry: InProgressEntry): number | null => entry.media.episodes ?? entry.media.chapters ?? null;
export const unitOf = (entry: InProgressEntry): 'episode' | 'chapter' => (entry.media.type === 'MANGA' ? 'chapter' : 'episode');
export const titleOf = (entry: InProgressEntry): string => entry.media.title.userPreferred ?? `#${entry.media.id}`;

/** "{progress} / {total}", or just the progress when the total is unknown. */
export function progressText(entry: InProgressEntry, progress = entry.progress ?? 0): string {
  const total = totalOf(entry);
  return total ? `${progress} / ${total}` : String(progress);
}

/** A progress kept within 0 and the total (when known). */
export function clampTo(entry: InProgressEntry, value: number): number {
  const total = totalOf(entry);
  const n = Number.isFinite(value) ? Math.floor(value) : 0;
  return Math.max(0, total ? Math.min(n, total) : n);
}

/** The next episode still to air, if any. */
export const nextAiring = (entry: InProgressEntry): AiringNode | null => entry.media.airingSchedule?.nodes?.find((n) => n) ?? null;

/** "in 3 days", "in 1 hour", "in 12 minutes", "in 5 seconds", or "now" (2.0.3's countdown). */
export function airsIn(airingAt: number, now = Date.now()): string {
  const ms = airingAt * 1000 - now;
  if (ms <= 0) return 'now';
  const seconds = Math.floor(ms / 1000);
  const [n, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.floor(seconds / 60), 'minute']
        : seconds < 86400
          ? [Math.floor(seconds / 3600), 'hour']
          : [Math.floor(seconds / 86400), 'day'];
  return `in ${n} ${unit}${n !== 1 ? 's' : ''}`;
}

/** The status a save sends: COMPLETED when the total is known and reached, else the entry's own (REPEATING stays REPEATING). */
export function statusFor(entry: InProgressEntry, progress: number): ListStatus {
  const total = totalOf(entry);
  if (total && progress >= total) return 'COMPLETED';
  return entry.status === 'REPEATING' ? 'REPEATING' : 'CURRENT';
}

/** The cached answer with the entry's new progress; a completed entry leaves the lists. */
export function withProgress(data: InProgressData, mediaId: number, progress: number, completed: boolean): InProgressData {
  const change = (collection: Collection | null): Collection | null =>
    collection && {
      ...collection,
      lists: (collection.lists ?? []).map(
        (list) =>
          list && {
            ...list,
            entries: (list.entries ?? [])
              .filter((e) => !(completed && e?.media?.id === mediaId))
              .map((e) => (e?.media?.id === mediaId ? { ...e, progress } : e)),
          },
      ),
    };
  return { anime: change(data.anime), manga: change(data.manga) };
}

/**
 * Saves `progress` for `entry` of the token owner `userId` (status as `statusFor`), then changes
 * the cached lists in place (no second request): every hook showing them re-renders. Resolves with
 * whether the entry was completed.
 */
export async function saveProgress(ctx: ReadContext, userId: number, entry: InProgressEntry, progress: number): Promise<boolean> {
  const status = statusFor(entry, progress);
  const completed = status === 'COMPLETED';
  await write(
    ctx,
    saveListProgress,
    { id: entry.id, mediaId: entry.media.id, status, progress },
    {
      update: (_result, reads) =>
        reads.set(
          inProgressQuery,
          inProgressVars(userId),
          (current) => current && withProgress(current, entry.media.id, progress, completed),
        ),
    },
  );
  return completed;
}

// --- Categories ----------------------------------------------------------------------------------

export type CategoryType = 'Anime' | 'Manga';
export const CATEGORY_TYPES: readonly CategoryType[] = ['Anime', 'Manga'];

export interface InProgressCategory {
  id: string;
  title: string;
  mediaIds: number[];
}

export interface InProgressCategories {
  Anime: InProgressCategory[];
  Manga: InProgressCategory[];
  autoAiringCategory: boolean;
  includeCustomCategoryEntriesInAiring: boolean;
}

/** Categories per type, media per category, characters of a name, kept at most. */
export const CATEGORIES_MAX = 100;
export const CATEGORY_MEDIA_MAX = 1000;
export const CATEGORY_TITLE_MAX = 200;

const CATEGORY_DEFAULTS = { autoAiringCategory: true, includeCustomCategoryEntriesInAiring: false } as const;

/** 2.0.3's ids: "{Date.now()}-{random hex}". */
export const newCategoryId = (now = Date.now(), random = Math.random): string => `${now}-${random().toString(16).slice(2)}`;

function normalizeList(raw: unknown): InProgressCategory[] {
  if (!Array.isArray(raw)) return [];
  const out: InProgressCategory[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const c = item as Record<string, unknown>;
    if (typeof c.title !== 'string' || !c.title || !Array.isArray(c.mediaIds)) continue;
    out.push({
      id: typeof c.id === 'string' && c.id ? c.id.slice(0, 64) : newCategoryId(),
      title: c.title.slice(0, CATEGORY_TITLE_MAX),
      mediaIds: [...new Set(c.mediaIds.filter((id): id is number => Number.isInteger(id)))].slice(0, CATEGORY_MEDIA_MAX),
    });
  }
  return out.slice(0, CATEGORIES_MAX);
}

/**
 * Any value (2.0.3's stored or exported `inProgressCategories`) as categories, as 2.0.3 loads it:
 * categories without a name or a media list are dropped, ids that are not whole numbers too, a
 * missing id is made; missing switches take their defaults.
 */
export function normalizeCategories(raw: unknown): InProgressCategories {
  const input = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const flag = (name: keyof typeof CATEGORY_DEFAULTS) => (typeof input[name] === 'boolean' ? input[name] : CATEGORY_DEFAULTS[name]);
  return {
    Anime: normalizeList(input.Anime),
    Manga: normalizeList(input.Manga),
    autoAiringCategory: flag('autoAiringCategory'),
    includeCustomCategoryEntriesInAiring: flag('includeCustomCategoryEntriesInAiring'),
  };
}

const categorySchema = s.object({
  id: s.string({ max: 64 }),
  title: s.string({ max: CATEGORY_TITLE_MAX, min: 1 }),
  mediaIds: s.array(s.number({ int: true }), { max: CATEGORY_MEDIA_MAX }),
});

/** The categories and the two Airing switches (2.0.3's storage name and shape; exported as `inProgressCategories`). */
export const inProgressCategoriesKey = defineKey<InProgressCategories>({
  name: 'void-verified-in-progress-categories',
  original: 'inProgressCategories',
  cap: refusedPast(CATEGORIES_MAX, 'categories of each type'),
  description: 'In Progress categories and the Airing section switches.',
  schema: s.object(
    {
      Anime: s.array(categorySchema, { max: CATEGORIES_MAX }),
      Manga: s.array(categorySchema, { max: CATEGORIES_MAX }),
      autoAiringCategory: s.boolean(),
      includeCustomCategoryEntriesInAiring: s.boolean(),
    },
    { defaults: CATEGORY_DEFAULTS },
  ),
  defaultValue: () => ({ Anime: [], Manga: [], ...CATEGORY_DEFAULTS }),
  // Version 0 is 2.0.3's value, stored without an envelope: read as 2.0.3 reads it.
  migrations: { 1: normalizeCategories },
});

/**
 * Whether the stored categories cannot be read (not JSON, or not categories even as 2.0.3 reads
 * them): the store then shows none, and the home section says "Failed to load in progress
 * categories." as 2.0.3 does. A read the manager refuses counts as unreadable.
 */
export async function categoriesUnreadable(store: Store): Promise<boolean> {
  try {
    return decodeStored(inProgressCategoriesKey, await store.backend.read(inProgressCategoriesKey.name)).problem !== undefined;
  } catch {
    return true;
  }
}

/** Adds `category` to `type`, or replaces the one with its id. */
export function putCategory(categories: InProgressCategories, type: CategoryType, category: InProgressCategory): InProgressCategories {
  const list = categories[type];
  const at = list.findIndex((c) => c.id === category.id);
  return { ...categories, [type]: at === -1 ? [...list, category] : list.map((c, i) => (i === at ? category : c)) };
}

export const removeCategory = (categories: InProgressCategories, type: CategoryType, id: string): InProgressCategories => ({
  ...categories,
  [type]: categories[type].filter((c) => c.id !== id),
});

/** Why a category cannot be saved (the first of C19's two errors), or null. */
export function categoryProblem(title: string, mediaIds: readonly number[]): string | null {
  if (!title.trim()) return IN_PROGRESS_TEXTS.nameRequired;
  if (!mediaIds.length) return IN_PROGRESS_TEXTS.mediaRequired;
  return null;
}

/**
 * The clean-up at each load: media no longer in progress leave their categories, and categories
 * left empty are deleted. Null when nothing changed (nothing to save).
 */
export function cleanCategories(categories: InProgressCategories, lists: InProgressLists): InProgressCategories | null {
  let changed = false;
  const clean = (list: InProgressCategory[], entries: InProgressEntry[]) => {
    const ids = new Set(entries.map((e) => e.media.id));
    return list.flatMap((c) => {
      const mediaIds = c.mediaIds.filter((id) => ids.has(id));
      if (mediaIds.length !== c.mediaIds.length) changed = true;
      return mediaIds.length ? [mediaIds.length === c.mediaIds.length ? c : { ...c, mediaIds }] : [];
    });
  };
  const next = { ...categories, Anime: clean(categories.Anime, lists.anime), Manga: clean(categories.Manga, lists.manga) };
  return changed ? next : null;
}

// --- Sections ------------------------------------------------------------------------------------

export interface InProgressSection {
  title: string;
  entries: InProgressEntry[];
}

/** Soonest next episode first; entries without a schedule keep their order at the end. */
function bySchedule(entries: InProgressEntry[]): InProgressEntry[] {
  return entries
    .map((entry, i) => ({ entry, i, at: nextAiring(entry)?.airingAt ?? Infinity }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((x) => x.entry);
}

function categorySections(categories: InProgressCategory[], entries: InProgressEntry[]): InProgressSection[] {
  return categories
    .map((c) => ({ title: c.title, entries: entries.filter((e) => c.mediaIds.includes(e.media.id)) }))
    .filter((section) => section.entries.length > 0);
}

/**
 * The sections in C19's order: each anime category with entries, "Airing" (when on), "Anime In
 * Progress" (the rest), each manga category, "Manga In Progress". A media may be in several
 * categories.
 */
export function inProgressSections(lists: InProgressLists, categories: InProgressCategories): InProgressSection[] {
  const sections = categorySections(categories.Anime, lists.anime);
  const inCategories = new Set(categories.Anime.flatMap((c) => c.mediaIds));
  const airing = lists.anime.filter(
    (e) => nextAiring(e) !== null && (categories.includeCustomCategoryEntriesInAiring || !inCategories.has(e.media.id)),
  );
  const shown = new Set(inCategories);
  if (categories.autoAiringCategory && airing.length) {
    sections.push({ title: IN_PROGRESS_LABELS.airing, entries: airing });
    for (const e of airing) shown.add(e.media.id);
  }
  const anime = lists.anime.filter((e) => !shown.has(e.media.id));
  if (anime.length) sections.push({ title: IN_PROGRESS_LABELS.animeInProgress, entries: anime });
  sections.push(...categorySections(categories.Manga, lists.manga));
  const inManga = new Set(categories.Manga.flatMap((c) => c.mediaIds));
  const manga = lists.manga.filter((e) => !inManga.has(e.media.id));
  if (manga.length) sections.push({ title: IN_PROGRESS_LABELS.mangaInProgress, entries: manga });
  return sections.map((section) => ({ ...section, entries: bySchedule(section.entries) }));
}

// --- The palette ---------------------------------------------------------------------------------

/** What was typed on the In Progress page: the title filter, and a number after it (the progress to set). */
export function parseTyped(typed: string): { filter: string; progress: number | null } {
  const m = /^(.*?)\s*(\d+)$/.exec(typed.trim());
  if (!m || !m[1]) return { filter: typed.trim(), progress: null };
  return { filter: m[1], progress: Number(m[2]) };
}
