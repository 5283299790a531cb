import { timeConfigKey } from '../../data/dates';
import { timestampTitle } from '../../data/timestamp-tooltips';
import type { FeatureDef } from '../types';
import { onAbort } from '../../inject/lifetime';

/**
 * Timestamp tooltips: the tooltip of activity and reply timestamps shows the date in the user's
 * date format, and follows that format as it changes.
 */
export const timestampTooltips: FeatureDef = {
  id: 'timestamp-tooltips',
  title: 'Timestamp tooltips',
  category: 'misc',
  description: 'Replace activity timestamp tooltips with your date format.',
  toggle: 'activityTimestampTooltipsEnabled',
  options: [
    {
      key: 'activityTimestampTooltipsEnabled',
      default: false,
    },
  ],
  injections: [
    {
      id: 'timestamp-tooltips',
      selector: '.activity-entry time[datetime], .reply time[datetime]',
      optional: true,
      // A time element reused for another entry gets the host's tooltip back: ours follows the new date.
      key: (time) => time.getAttribute('datetime'),
      mount: (time, ctx) => {
        const original = time.getAttribute('title');
        let ours: string | null = null;
        const apply = () => {
          ours = timestampTitle(time.getAttribute('datetime'), ctx.store.get(timeConfigKey));
          if (ours !== null) time.setAttribute('title', ours);
        };
        apply();
        onAbort(ctx, ctx.store.subscribe(timeConfigKey, apply));
        onAbort(ctx, () => {
          // Put the host's tooltip back, unless the host has set a newer one itself.
          if (time.getAttribute('title') !== ours) return;
          if (original === null) time.removeAttribute('title');
          else time.setAttribute('title', original);
        });
      },
    },
  ],
};
