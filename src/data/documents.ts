import type { GqlDocument } from './graphql';

/**
 * Every GraphQL document the product sends. tests/unit/documents.test.ts  validates every
 * exported document against the real AniList schema, so a misspelt field fails a test, not a user.
 */

function gql<TData, TVars>(name: string, source: string, opts: { auth?: boolean } = {}): GqlDocument<TData, TVars> {
  return { name, source: source.replace(/\s+/g, ' ').trim(), auth: opts.auth ?? false };
}

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

export type ActivityKind = 'MEDIA_LIST' | 'TEXT' | 'MESSAGE';

export type SearchedActivity =
  | { __typename: 'TextActivity'; id: number; text: string | null; createdAt: number; user: { name: string } | null }
  | {
      __typename: 'ListActivity';
      id: number;
      status: string | null;
      progress: string | null;
      createdAt: number;
      user: { name: string } | null;
      media: { id: number; type: 'ANIME' | 'MANGA' | null; title: { userPreferred: string | null } | null } | null;
    }
  | { __typename: 'MessageActivity'; id: number; message: string | null; createdAt: number; messenger: { name: string } | null; recipient: { name: string } | null };

export interface ActivitySearchVars {
  page: number;
  perPage: number;
  type: ActivityKind;
  isFollowing: boolean | null;
  sort: ('ID_DESC' | 'ID')[];
}

export const activitySearch = gql<
  { Page: { pageInfo: { currentPage: number | null; hasNextPage: boolean | null; total: number | null }; activities: (SearchedActivity | null)[] } },
  ActivitySearchVars
>(
  'ActivitySearch',
  `query ActivitySearch($page: Int, $perPage: Int, $type: ActivityType, $isFollowing: Boolean, $sort: [ActivitySort]) {
    Page(page: $page, perPage: $perPage) {
      pageInfo { currentPage hasNextPage total }
      activities(type: $type, isFollowing: $isFollowing, sort: $sort) {
        __typename
        ... on TextActivity { id text createdAt user { name } }
        ... on ListActivity { id status progress createdAt user { name } media { id type title { userPreferred } } }
        ... on MessageActivity { id message createdAt messenger { name } recipient { name } }
      }
    }
  }`,
);
