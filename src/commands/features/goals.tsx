import { attempt } from '../../data/api-errors';
import { GOALS_TEXTS, loadProfileGoals, type ProfileGoal } from '../../data/goals';
import { readsFor } from '../../data/swr';
import { mountUi } from '../../panels/mount';
import { onAbort } from '../../inject/lifetime';
import { isProfile, isProfileOverview, profileOverviewName } from '../../data/pages';
import type { CommandContext, FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import styles from '../../panels/goals/goals.css';

const Goals = lazyComponent(() => import('../../panels/goals/Goals'), 'Goals');
const GoalsOverview = lazyComponent(() => import('../../panels/goals/GoalsOverview'), 'GoalsOverview');

/**
 * Anime and manga goals: edited in the goals tab (or the palette's 'Goals' page), saved into the
 * viewer's bio block, and shown with their progress on any user's profile overview.
 */

/** A profile's goals are kept by the read layer under this prefix and the user's name. */
const VISIT = 'goals.visit:';

/**
 * One load per profile visit: kept while you stay on that user's pages, dropped when you leave
 * them or open another user's. A failure is said once per load ('Failed to query user goals.',
 * with the bio query's text when that failed) and not kept: the next visit tries again.
 */
function goalsOf(ctx: CommandContext, name: string): Promise<ProfileGoal[]> {
  const reads = readsFor(ctx);
  const key = VISIT + name.toLowerCase();
  // One user's goals at a time: another user's pages are another visit.
  if (!reads.kept(key)) reads.drop(VISIT);
  return reads.keep(key, async () => {
    const loaded = await attempt(ctx.toasts, { toast: GOALS_TEXTS.queryFailed, log: 'profile goals failed' }, () =>
      loadProfileGoals(ctx, name),
    );
    if (!loaded.ok) throw loaded.error;
    return loaded.value;
  });
}

export const goals: FeatureDef = {
  id: 'goals',
  styles,
  title: 'Goals',
  category: 'misc',
  description: 'Anime and manga goals kept in your bio and shown on your profile overview.',
  options: [
    {
      key: 'goalsEnabled',
      description: 'Show anime and manga goals on profile overviews.',
      default: false,
      authRequired: true,
    },
  ],
  toggle: 'goalsEnabled',
  commands: [
    {
      id: 'goals.edit',
      // Configurable while the feature is off.
      toggle: null,
      title: 'Edit goals',
      section: 'VoidVerified Settings',
      keywords: ['goals', 'anime', 'manga', 'bio', 'target'],
      page: 'goals.editor',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'goals.editor',
      title: 'Goals',
      layout: 'form',
      component: ({ ctx }) => <Goals ctx={ctx} />,
    },
    { kind: 'settings-tab', id: 'goals.tab', title: 'goals', option: 'goalsEnabled', component: Goals },
  ],
  injections: [
    {
      id: 'goals-overview',
      route: isProfileOverview,
      selector: '.page-content > .user .overview',
      single: true,
      authRequired: true,
      // The host reuses the profile's elements from one user to the next.
      key: (_overview, path) => profileOverviewName(path),
      mount: (overview, ctx) => {
        const name = profileOverviewName(ctx.route.path());
        if (!name) return;
        // Mounted once the goals are known: profiles without goals get no element at all.
        goalsOf(ctx, name).then(
          (list) => {
            if (!list.length || ctx.signal.aborted) return;
            const column = overview.querySelector(':scope > .section');
            mountUi(ctx, 'goals', (host) => (column ? column.append(host) : overview.before(host)), <GoalsOverview goals={list} />);
          },
          // Said and logged by the load itself.
          () => undefined,
        );
      },
    },
  ],
  page: [
    {
      // Marks the profile visit: leaving the user's pages drops the cached goals.
      id: 'goals-profile-visit',
      route: isProfile,
      authRequired: true,
      run: (ctx) => {
        onAbort(ctx, () => readsFor(ctx).drop(VISIT));
      },
    },
  ],
};
