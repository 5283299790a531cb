import type { FeatureDef } from '../types';

/** Quick-access users at the top of /home (built in the verified-users step). */
export const quickAccess: FeatureDef = {
  id: 'quick-access',
  title: 'Quick access users',
  category: 'users',
  description: 'A strip of chosen users at the top of the home page, with a badge when their profile changed.',
  planned: true,
  options: [
    { key: 'quickAccessEnabled', title: 'Quick access users', description: 'Show quick access to users on the home page.', default: false, category: 'users' },
    { key: 'quickAccessBadge', title: 'Quick access badge', description: "Badge a quick access user whose avatar, banner, colour or name changed.", default: false, category: 'users' },
    { key: 'quickAccessTimer', title: 'Quick access timer', description: 'Show the time until quick access refreshes.', default: true, category: 'users' },
  ],
};
