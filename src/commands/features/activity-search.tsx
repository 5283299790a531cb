import { ACTIVITY_VIEW, savedSearchCommandId, savedSearchesKey } from '../../data/activity-search';
import { openActivitySearch } from '../../data/activity-search-session';
import type { FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import styles from '../../panels/activity-search/activity-search.css';

const ActivityView = lazyComponent(() => import('../../panels/activity-search/ActivityView'), 'ActivityView');
const ActivitySearchMode = lazyComponent(() => import('../../panels/activity-search/ActivitySearch'), 'ActivitySearchMode');

/**
 * The palette's second mode: search list, text and message activities. Beyond the original: saved searches, each a palette command 'Activity search: {name}'.
 */
export const activitySearchFeature: FeatureDef = {
  id: 'activity-search',
  styles,
  title: 'Activity search',
  category: 'activity',
  description: 'Search activities from the palette (its ActivitySearch mode), and save searches as commands.',
  commands: [
    {
      id: 'activity-search.open',
      title: 'Search activities',
      section: 'QuickStart',
      keywords: ['activity', 'feed', 'find', 'messages'],
      run: (ctx) => openActivitySearch(ctx),
    },
  ],
  reads: [savedSearchesKey],
  provideCommands: (ctx) =>
    ctx.store.get(savedSearchesKey).map((saved) => ({
      id: savedSearchCommandId(saved.name),
      title: `Activity search: ${saved.name}`,
      section: 'Activity search',
      keywords: ['saved search', 'activity', 'feed'],
      run: (c) => openActivitySearch(c, saved.params),
    })),
  panels: [
    {
      kind: 'palette-mode',
      id: 'activity-search',
      // The original's name for the mode, shown in the mode select.
      title: 'ActivitySearch',
      debounceMs: 350,
      placeholder: 'Filter loaded activities',
      component: ActivitySearchMode,
    },
    { kind: 'palette-page', id: ACTIVITY_VIEW, title: 'Activity', placeholder: 'Activity', component: ActivityView },
  ],
};
