import type { FeatureDef } from '../types';

/** The profile layout designer (built in the goals and layouts step). */
export const layoutDesigner: FeatureDef = {
  id: 'layout-designer',
  title: 'Layout designer',
  category: 'misc',
  description: 'Preview and publish profile layouts: avatar, banner, colour, donator badge and about.',
  planned: true,
  options: [
    { key: 'layoutDesignerEnabled', title: 'Layout designer', description: 'Enable the layout designer in settings.', default: false, category: 'misc', authRequired: true },
  ],
};
