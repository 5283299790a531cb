import { ACTIVITY_VIEW, savedSearchCommandId, savedSearchesKey } from '../../data/activity-search';
import { startSavedSearch } from '../../data/activity-search-session';
import type { CommandContext, FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import styles from '../../panels/activity-search/activity-search.css';

const ActivityView = lazyComponent(() => import('../../panels/activity-search/ActivityView'), 'ActivityView');
const ActivitySearchMode = lazyComponent(() => import('../../panels/activity-search/ActivitySearch'), 'ActivitySearchMode');

const OPEN_COMMAND_ID = 'activity-search.open';
const MODE_ID = 'activity-search';

/** Opens the mode (the palette too, when closed); the mode, once shown, resets the search when the palette closes. */
function openMode(ctx: CommandContext): void {
  if (!ctx.palette.state().open) ctx.palette.open();
  ctx.palette.setMode(MODE_ID);
}

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
      id: OPEN_COMMAND_ID,
      title: 'Search activities',
      section: 'QuickStart',
      keywords: ['activity', 'feed', 'find', 'messages'],
      run: openMode,
    },
  ],
  reads: [savedSearchesKey],
  provideCommands: (ctx) =>
    ctx.store.get(savedSearchesKey).map((saved) => ({
      id: savedSearchCommandId(saved.name),
      title: `Activity search: ${saved.name}`,
      section: 'Activity search',
      keywords: ['saved search', 'activity', 'feed'],
      run: (c) => {
        startSavedSearch(c.authorized, saved.params);
        openMode(c);
      },
    })),
  panels: [
    {
      kind: 'palette-mode',
      id: MODE_ID,
      // The original's name for the mode, shown in the mode select.
      title: 'ActivitySearch',
      debounceMs: 350,
      placeholder: 'Filter loaded activities',
      component: ActivitySearchMode,
    },
    { kind: 'palette-page', id: ACTIVITY_VIEW, title: 'Activity', placeholder: 'Activity', component: ActivityView },
  ],
};
