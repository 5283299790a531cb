import type { FeatureDef } from '../types';

/** Anime and manga goals on profile overviews (built in the goals and layouts step). */
export const goals: FeatureDef = {
  id: 'goals',
  title: 'Goals',
  category: 'misc',
  description: 'Anime and manga goals kept in your bio and shown on your profile overview.',
  planned: true,
  options: [
    { key: 'goalsEnabled', title: 'Goals', description: 'Show anime and manga goals on profile overviews.', default: false, category: 'misc', authRequired: true },
  ],
};
