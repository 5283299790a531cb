import { styleWhileRunning } from '../../inject/styles';
import type { FeatureDef } from '../types';

/** Hidden like counts: a style element hides the counts on activities and replies while the option is on. */
export const likeCounts: FeatureDef = {
  id: 'like-counts',
  title: 'Hide like counts',
  category: 'activity',
  description: 'Hide like counts on activities and replies.',
  toggle: 'hideLikeCount',
  options: [
    {
      key: 'hideLikeCount',
      default: false,
    },
  ],
  page: [
    {
      id: 'hide-like-count',
      run: styleWhileRunning(
        'hide-like-count',
        '.activity-entry .like-wrap .count, .reply .like-wrap .count { display: none !important; }',
      ),
    },
  ],
};
