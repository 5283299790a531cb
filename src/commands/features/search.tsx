import { lazyComponent } from '../lazy';
import type { FeatureDef } from '../types';

const UserSearchPage = lazyComponent(() => import('../../panels/search/SearchPages'), 'UserSearchPage');
const MediaSearchPage = lazyComponent(() => import('../../panels/search/SearchPages'), 'MediaSearchPage');

/**
 * Go to any user or any anime/manga by name: commands that take an argument, as nested palette
 * pages. Searches wait 800 ms after typing (users need 3 characters), show 10 results and cache
 * answers for ten minutes.
 */

export const search: FeatureDef = {
  id: 'search',
  title: 'Search',
  category: 'misc',
  description: 'Find any user, anime or manga by name from the palette.',
  commands: [
    { id: 'search.user', title: 'Go to user…', section: 'Search', keywords: ['profile', 'find', 'people'], page: 'search.users' },
    {
      id: 'search.media',
      title: 'Go to anime or manga…',
      section: 'Search',
      keywords: ['find', 'title', 'series', 'media'],
      page: 'search.media',
    },
  ],
  panels: [
    { kind: 'palette-page', id: 'search.users', title: 'Go to user', placeholder: 'User name', component: UserSearchPage },
    { kind: 'palette-page', id: 'search.media', title: 'Go to anime or manga', placeholder: 'Title', component: MediaSearchPage },
  ],
};
