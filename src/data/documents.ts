import { gql } from './graphql';

/**
 * Every GraphQL document the product sends. tests/unit/documents.test.ts  validates every
 * exported document against the real AniList schema, so a misspelt field fails a test, not a user.
 */

export interface UserSearchResult {
  id: number;
  name: string;
  avatar: { large: string | null } | null;
}

export const searchUsers = gql<{ Page: { users: UserSearchResult[] } }, { search: string }>(
  'SearchUsers',
  `query SearchUsers($search: String) {
    Page(page: 1, perPage: 10) { users(search: $search) { id name avatar { large } } }
  }`,
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

export const searchMedia = gql<{ Page: { media: MediaSearchResult[] } }, { search: string }>(
  'SearchMedia',
  `query SearchMedia($search: String) {
    Page(page: 1, perPage: 10) {
      media(search: $search) {
        id type title { userPreferred } coverImage { large } startDate { year } episodes chapters
      }
    }
  }`,
);

/** Whose a token is: asked with a newly returned token before it is stored (the signed-in user's?). */
export const tokenViewer = gql<{ Viewer: { id: number; name: string } | null }, Record<string, never>>(
  'TokenViewer',
  `query TokenViewer { Viewer { id name } }`,
  true,
);

export interface FollowingPage {
  Page: {
    pageInfo: { currentPage: number | null; hasNextPage: boolean | null } | null;
    following: (UserSearchResult | null)[] | null;
  } | null;
}

/** Followed users (document 1 section 7): `following` for a user id, one page of them; asked again while hasNextPage. */
export const followingQuery = gql<FollowingPage, { userId: number; page: number; perPage: number }>(
  'Following',
  `query Following($userId: Int!, $page: Int, $perPage: Int) {
    Page(page: $page, perPage: $perPage) {
      pageInfo { currentPage hasNextPage }
      following(userId: $userId, sort: USERNAME) { id name avatar { large } }
    }
  }`,
);
