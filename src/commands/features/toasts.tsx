import type { FeatureDef } from '../types';
import { lazyComponent } from '../lazy';

const ToastConfig = lazyComponent(() => import('../../panels/toasts/ToastConfig'), 'ToastConfig');

/** Toast notifications: the switch that silences them (critical ones still show) and 'Configure Toasts'. */
export const toasts: FeatureDef = {
  id: 'toasts',
  title: 'Toasts',
  category: 'misc',
  description: 'Short notices in a corner of the page.',
  options: [{ key: 'toasterEnabled', description: 'Enable toast notifications.', default: true }],
  commands: [
    {
      id: 'toasts.configure',
      title: 'Configure Toasts',
      section: 'VoidVerified Settings',
      keywords: ['notices', 'level', 'location', 'duration'],
      page: 'toasts.config',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'toasts.config',
      title: 'Configure Toasts',
      layout: 'form',
      component: ({ ctx }) => <ToastConfig ctx={ctx} />,
    },
    { kind: 'settings-tab', id: 'toasts.tab', title: 'toasts', option: 'toasterEnabled', component: ToastConfig },
  ],
};
