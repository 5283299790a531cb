import type { FeatureDef } from '../types';

/** Toast notifications: the switch that silences them (critical ones still show). */
export const toasts: FeatureDef = {
  id: 'toasts',
  title: 'Toasts',
  category: 'misc',
  description: 'Short notices in a corner of the page.',
  options: [{ key: 'toasterEnabled', title: 'Toasts', description: 'Enable toast notifications.', default: true, category: 'misc' }],
};
