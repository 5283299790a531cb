import { MINUTE, mutation, query } from './graphql';

/**
 * GraphQL documents shared by several features (each feature's own live in its data module). Every
 * document is declared with `query()` (with its lifetime) or `mutation()`; tests/unit/documents.test.ts
 * validates every exported one against the real AniList schema, so a misspelt field fails a test,
 * not a user.
 */

/** The one write of a user's about text (goals and layouts both publish through it). */
export const saveUserAbout = mutation<{ UpdateUser: { id: number } | null }, { about: string }>(
  'mutation SaveUserAbout($about: String) { UpdateUser(about: $about) { id } }',
);

export interface UserSearchResult {
  id: number;
  name: string;
  avatar: { large: string | null } | null;
}

export const searchUsers = query<{ Page: { users: UserSearchResult[] } }, { search: string }>(
  `query SearchUsers($search: String) {
    Page(page: 1, perPage: 10) { users(search: $search) { id name avatar { large } } }
  }`,
  { lifetime: 10 * MINUTE },
);

export interface MediaSearchResult {
  id: number;
  type: 'ANIME' | 'MANGA' | null;
  title: { userPreferred: string | null } | null;
  coverImage: { large: string | null } | null;
  startDate: { year: number | null } | null;
  episodes: number | null;
  chapters: number | null;
}

export const searchMedia = query<{ Page: { media: MediaSearchResult[] } }, { search: string }>(
  `query SearchMedia($search: String) {
    Page(page: 1, perPage: 10) {
      media(search: $search) {
        id type title { userPreferred } coverImage { large } startDate { year } episodes chapters
      }
    }
  }`,
  { lifetime: 10 * MINUTE },
);

export interface FollowingPage {
  Page: {
    pageInfo: { currentPage: number | null; hasNextPage: boolean | null } | null;
    following: (UserSearchResult | null)[] | null;
  } | null;
}

/**
 * Followed users: `following` for a user id, one page of them; the next page is asked while
 * hasNextPage. Kept ten minutes from the answer, in storage too (a reload or another tab asks no
 * more within them).
 */
export const followingQuery = query<FollowingPage, { userId: number; page: number; perPage: number }>(
  `query Following($userId: Int!, $page: Int, $perPage: Int) {
    Page(page: $page, perPage: $perPage) {
      pageInfo { currentPage hasNextPage }
      following(userId: $userId, sort: USERNAME) { id name avatar { large } }
    }
  }`,
  { lifetime: 10 * MINUTE },
);
