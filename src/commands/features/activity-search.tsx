import { ActivitySearchMode } from '../../panels/ActivitySearch';
import type { FeatureDef } from '../types';

/** The palette's second mode: search list, text and message activities. */
export const activitySearchFeature: FeatureDef = {
  id: 'activity-search',
  title: 'Activity search',
  category: 'activity',
  description: 'Search activities from the palette (its ActivitySearch mode).',
  commands: [
    {
      id: 'activity-search.open',
      title: 'Search activities',
      section: 'QuickStart',
      keywords: ['activity', 'feed', 'find', 'messages'],
      run: (ctx) => {
        ctx.palette.open();
        ctx.palette.setMode('ActivitySearch');
      },
    },
  ],
  panels: [{ kind: 'palette-mode', id: 'ActivitySearch', title: 'ActivitySearch', debounceMs: 350, placeholder: 'Filter loaded activities', component: ActivitySearchMode }],
};
