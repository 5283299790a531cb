import type { FeatureDef } from '../types';

/** The Messages feed on /home (built in the activities step). */
export const messagesFeed: FeatureDef = {
  id: 'messages-feed',
  title: 'Messages feed',
  category: 'activity',
  description: 'A Messages choice in the home feed.',
  planned: true,
  options: [
    { key: 'messageFeedEnabled', title: 'Messages feed', description: 'Add a Messages feed to the home page.', default: false, category: 'activity', authRequired: true },
  ],
};
