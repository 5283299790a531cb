import { attempt } from '../../data/api-errors';
import { cachedOwner, tokenOwner } from '../../data/identity';
import {
  categoriesUnreadable,
  clampTo,
  IN_PROGRESS_TEXTS,
  inProgressQuery,
  inProgressVars,
  listsOf,
  loadInProgress,
  progressText,
  saveProgress,
  titleOf,
  unitOf,
  type InProgressData,
  type InProgressEntry,
} from '../../data/in-progress';
import { isHome } from '../../data/pages';
import { queryCacheKey, readsFor } from '../../data/swr';
import { styleWhileMounted } from '../../inject/styles';
import { mountUi } from '../../panels/mount';
import { partOf } from '../registry';
import type { Command, CommandContext, FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import styles from '../../panels/in-progress/in-progress.css';

const InProgress = lazyComponent(() => import('../../panels/in-progress/InProgress'), 'InProgress');
const InProgressPage = lazyComponent(() => import('../../panels/in-progress/InProgressPage'), 'InProgressPage');

/**
 * In Progress on the home page (document 3, C19): AniList's `.list-previews` give way to the
 * viewer's CURRENT and REPEATING anime and manga in their categories, with "Airing", each entry's
 * progress, next episode and the -, +, ✓ controls. Beyond 2.0.3, keyboard first: every entry is a
 * palette command ("+1 episode: Sousou no Frieren"), and the "In Progress" page lists them; a
 * number typed after a title sets the progress. One read (an hour) serves all of them, and a save
 * changes it in place.
 */

/** Hides AniList's own In Progress lists while ours is mounted (they stay in the page for Vue). */
const HIDE_PREVIEWS = '.list-previews { display: none !important; }';

/** The cached lists of the token's owner, without asking (the provided commands are built from them). */
function cachedLists(ctx: CommandContext): InProgressEntry[] {
  const owner = cachedOwner(ctx, ctx.auth.token());
  if (!owner) return [];
  const reads = readsFor(ctx);
  const lists = listsOf(reads.cache.data(reads.key(inProgressQuery, inProgressVars(owner.id))) as InProgressData | undefined);
  return [...lists.anime, ...lists.manga];
}

/** The In Progress answers in the stored query cache: the provided commands are built again when one changes. */
const storedLists = (cache: Record<string, { data: unknown }>) =>
  Object.entries(cache)
    .filter(([key]) => key.startsWith(`${inProgressQuery.name}@`))
    .map(([, entry]) => entry.data);

/**
 * Saves `progress` (or one more) for the media `mediaId` and says what was saved. The entry is read
 * again from the lists (the cached answer within the hour), so a command built before another save
 * adds to the progress as it is now.
 */
async function addProgress(ctx: CommandContext, mediaId: number, progress?: number): Promise<void> {
  const saved = await attempt(ctx.toasts, { toast: IN_PROGRESS_TEXTS.saveFailed, log: 'saving in progress media failed' }, async () => {
    const owner = await tokenOwner(ctx);
    const lists = await loadInProgress(ctx, owner.id);
    const entry = [...lists.anime, ...lists.manga].find((e) => e.media.id === mediaId);
    if (!entry) throw new Error(IN_PROGRESS_TEXTS.queryFailed);
    const next = clampTo(entry, progress ?? (entry.progress ?? 0) + 1);
    return { entry, next, completed: await saveProgress(ctx, owner.id, entry, next) };
  });
  if (saved.ok) ctx.toasts.success(IN_PROGRESS_TEXTS.savedAs(saved.value.entry, saved.value.next, saved.value.completed));
}

const entryCommand = (entry: InProgressEntry): Command => ({
  id: `in-progress.add.${entry.media.id}`,
  title: `+1 ${unitOf(entry)}: ${titleOf(entry)}`,
  section: 'In Progress',
  keywords: ['progress', 'in progress', unitOf(entry)],
  authRequired: true,
  hint: () => progressText(entry),
  run: (c) => addProgress(c, entry.media.id),
});

export const inProgress: FeatureDef = {
  id: 'in-progress',
  styles,
  title: 'In Progress',
  category: 'misc',
  description: 'Your anime and manga in progress on the home page, in categories, with +1 from the palette.',
  options: [
    {
      key: 'replaceInProgressEnabled',
      description: 'Replace In Progress sections in home feed.',
      default: false,
      authRequired: true,
    },
  ],
  toggle: 'replaceInProgressEnabled',
  commands: [
    {
      id: 'in-progress.open',
      title: 'In Progress',
      section: 'In Progress',
      keywords: ['anime', 'manga', 'episode', 'chapter', 'progress', 'airing'],
      authRequired: true,
      page: 'in-progress.page',
    },
    {
      id: 'in-progress.refresh',
      title: 'Refresh In Progress',
      section: 'In Progress',
      keywords: ['anime', 'manga', 'update'],
      authRequired: true,
      run: async (ctx) => {
        await attempt(ctx.toasts, { toast: IN_PROGRESS_TEXTS.queryFailed, log: 'querying in progress media failed' }, async () =>
          loadInProgress(ctx, (await tokenOwner(ctx)).id, { fresh: true }),
        );
      },
    },
  ],
  reads: [partOf(queryCacheKey, storedLists)],
  // Each '+1' writes the list entry: never a key without Ctrl, Alt or Meta, and an imported binding is asked about.
  providedEffect: 'account',
  provideCommands: (ctx) => (ctx.authorized ? cachedLists(ctx).map(entryCommand) : []),
  panels: [
    {
      kind: 'palette-page',
      id: 'in-progress.page',
      title: 'In Progress',
      placeholder: 'Filter by title; a number after it sets the progress',
      component: ({ ctx, query }) => <InProgressPage ctx={ctx} query={query} save={(id, p) => addProgress(ctx, id, p)} />,
    },
  ],
  injections: [
    {
      id: 'in-progress-home',
      route: isHome,
      selector: '.list-previews',
      single: true,
      authRequired: true,
      mount: (previews, ctx) => {
        styleWhileMounted('in-progress', HIDE_PREVIEWS)(previews, ctx);
        void categoriesUnreadable(ctx.store).then((unreadable) => {
          if (unreadable && !ctx.signal.aborted) ctx.toasts.error(IN_PROGRESS_TEXTS.categoriesFailed);
        });
        mountUi(ctx, 'in-progress', (host) => previews.before(host), <InProgress ctx={ctx} />);
      },
    },
  ],
  page: [
    {
      // The lists behind the palette's commands: from the cache within the hour, else asked once.
      id: 'in-progress-lists',
      authRequired: true,
      run: (ctx) => {
        void attempt(
          ctx.toasts,
          { toast: IN_PROGRESS_TEXTS.queryFailed, quiet: true, log: 'querying in progress media failed' },
          async () => loadInProgress(ctx, (await tokenOwner(ctx)).id, { signal: ctx.signal }),
        );
      },
    },
  ],
};
