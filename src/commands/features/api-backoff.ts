import type { FeatureDef } from '../types';

/**
 * 2.0.3's exponential backoff of AniList requests (document 3, C20), on by default: the switch.
 * The policy is the request window's (src/data/api-window.ts, shared by the tabs and kept across
 * reloads); the client reads the option and start-up says what it reports (src/commands/api-reports.ts).
 * Off, failures neither count nor pause, and nothing is said.
 */
export const apiBackoff: FeatureDef = {
  id: 'api-backoff',
  title: 'Exponential backoff',
  category: 'misc',
  description: 'Temporarily pause AniList requests after repeated errors.',
  toggle: 'aniListApiExponentialBackoff',
  options: [{ key: 'aniListApiExponentialBackoff', default: true }],
};
