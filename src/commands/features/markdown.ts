import type { FeatureDef } from '../types';

/** Markdown editor hotkeys and toolbar (built in the markdown editor step). */
export const markdown: FeatureDef = {
  id: 'markdown',
  title: 'Markdown editor',
  category: 'activity',
  description: 'A toolbar and remappable hotkeys in every markdown editor.',
  planned: true,
  options: [
    { key: 'markdownHotkeys', title: 'Markdown hotkeys', description: 'Enable markdown shortcuts in editors.', default: false, category: 'activity' },
  ],
};
