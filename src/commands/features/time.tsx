import type { FeatureDef } from '../types';
import { lazyComponent } from '../lazy';

const TimeConfig = lazyComponent(() => import('../../panels/time/TimeConfig'), 'TimeConfig');

/** Time format: how dates and times are written everywhere. */
export const time: FeatureDef = {
  id: 'time',
  title: 'Time format',
  category: 'misc',
  description: 'The date format and 12-hour clock used for dates and times.',
  commands: [
    {
      id: 'time.configure',
      title: 'Time Format Configuration',
      section: 'VoidVerified Settings',
      keywords: ['date', 'clock', '12-hour', '24-hour', 'format'],
      page: 'time.config',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'time.config',
      title: 'Time Format Configuration',
      layout: 'form',
      component: ({ ctx }) => <TimeConfig ctx={ctx} />,
    },
    { kind: 'settings-tab', id: 'time.tab', title: 'time', component: TimeConfig },
  ],
};
