import { s } from './schema';
import { defineKey, refusedPast } from './storage';

/** The user's own CSS for every AniList page, written into one style element. */
export const globalCssKey = defineKey({
  name: 'void-verified-global-css',
  original: 'globalCSS',
  cap: refusedPast(500_000, 'characters'),
  description: 'Global custom CSS.',
  schema: s.string({ max: 500_000 }),
  defaultValue: () => '',
});
