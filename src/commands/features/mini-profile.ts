import type { FeatureDef } from '../types';

/** The mini profile hover card (built in the verified-users step). */
export const miniProfile: FeatureDef = {
  id: 'mini-profile',
  title: 'Mini profile',
  category: 'users',
  description: 'A profile card when hovering a user link.',
  planned: true,
  options: [
    { key: 'miniProfileEnabled', title: 'Mini profile', description: 'Show a mini profile when hovering a user.', default: false, category: 'users' },
  ],
};
