import type { FeatureDef } from '../types';

/** The replacement notifications feed and quick-access notifications (built in the notifications step). */
export const notifications: FeatureDef = {
  id: 'notifications',
  title: 'Notifications',
  category: 'misc',
  description: 'A replacement notifications feed and notifications on the home page.',
  planned: true,
  options: [
    { key: 'replaceNotifications', title: 'Replace notifications', description: "Replace AniList's notifications page.", default: false, category: 'misc', authRequired: true },
    { key: 'quickAccessNotificationsEnabled', title: 'Quick access notifications', description: 'Show notifications on the home page.', default: false, category: 'misc', authRequired: true },
  ],
};
