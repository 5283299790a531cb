import { API_ERROR_TEXTS, wrapFailure } from './api-errors';
import { followingQuery, searchMedia, searchUsers, type MediaSearchResult, type UserSearchResult } from './documents';
import { read, type ReadContext } from './swr';

/**
 * The media and user searches and the people a user follows, each failing with the spec's wrapped
 * text. Read through the shared cache: an identical search within its lifetime is not asked again.
 * Shared by every search box (activity search, the reply panel, verified users, the palette's
 * searches), so it carries no feature's name. No DOM.
 */

/** Search boxes (users and media) search 800 ms after typing stops, user searches from 3 characters; results clear 150 ms after focus leaves. */
export const SEARCH_DEBOUNCE_MS = 800;
/** Results a search box shows per query. */
export const SEARCH_RESULTS = 10;
export const USER_SEARCH_MIN = 3;
/** What a user search box says while it asks (the verified users' add box, the activity search's user pick). */
export const SEARCH_TEXTS = {
  querying: (search: string) => `Querying user with search word ${search}`,
  /** The spec's text for a failed media search, which the original also says for a failed user search. */
  failed: (search: string) => `Failed to query media with search word ${search}`,
} as const;
export const BLUR_CLEAR_MS = 150;

/** Media by search text; a failure is 'Failed to query media ({search})'. */
export function findMedia(ctx: ReadContext, search: string, signal?: AbortSignal): Promise<MediaSearchResult[]> {
  return wrapFailure(API_ERROR_TEXTS.media(search), async () => (await read(ctx, searchMedia, { search }, { signal })).Page.media);
}

/** Users by search text (10). */
export async function findUsers(ctx: ReadContext, search: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  return (await read(ctx, searchUsers, { search }, { signal })).Page.users;
}

/** Users per page of the `following` query (AniList's largest page). */
export const FOLLOWING_PER_PAGE = 50;
/** A guard against an API that always says there is a next page: 40 pages of 50. */
export const FOLLOWING_MAX_PAGES = 40;

/**
 * Everyone `userId` follows: the `following` query, page after page while hasNextPage. Any
 * failure is 'Failed to query followed users.'.
 */
export function fetchFollowing(ctx: ReadContext, userId: number, init: { signal?: AbortSignal } = {}): Promise<UserSearchResult[]> {
  return wrapFailure(API_ERROR_TEXTS.following, async () => {
    const users: UserSearchResult[] = [];
    const seen = new Set<number>();
    for (let page = 1; page <= FOLLOWING_MAX_PAGES; page++) {
      const { Page } = await read(ctx, followingQuery, { userId, page, perPage: FOLLOWING_PER_PAGE }, init);
      for (const user of Page?.following ?? []) {
        if (user && !seen.has(user.id)) {
          seen.add(user.id);
          users.push(user);
        }
      }
      if (!Page?.pageInfo?.hasNextPage) break;
    }
    return users;
  });
}

/** Results with the people in `followed` first (each group keeps its order). */
export function followedFirst<T extends { id: number }>(results: readonly T[], followed: readonly { id: number }[]): T[] {
  const ids = new Set(followed.map((f) => f.id));
  return [...results.filter((r) => ids.has(r.id)), ...results.filter((r) => !ids.has(r.id))];
}

/** Followed users whose name contains `text` (any case), for suggestions before the API answers. */
export function followedMatching<T extends { name: string }>(followed: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  return needle ? followed.filter((f) => f.name.toLowerCase().includes(needle)) : [...followed];
}
