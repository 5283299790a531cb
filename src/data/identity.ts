import { MINUTE, query } from './graphql';
import { read, type ReadContext, type ReadOptions } from './swr';

/**
 * Whose data a write changes: the token's owner, as AniList reports it (`Viewer { id name }` asked
 * with the token). The account signed in to the site lives in page `localStorage.auth`, which any
 * script on the page can write. No DOM here.
 */

export interface Account {
  id: number;
  name: string;
}

/**
 * How long the token's owner is kept: a token's owner never changes, a name rarely does. An hour
 * costs one request an hour while pages are open, and a reload within it none (the answer is
 * persisted with the query cache).
 */
export const OWNER_LIFETIME = 60 * MINUTE;

/** Whose the token is, keyed by the token (a read sent with a newly returned token is cached under that token). */
export const tokenOwnerQuery = query<{ Viewer: Account | null }, Record<string, never>>('query TokenViewer { Viewer { id name } }', {
  lifetime: OWNER_LIFETIME,
  auth: true,
});

/** Why a token's owner is not known: AniList answered no Viewer for it. */
export const NO_OWNER = 'AniList did not say whose the token is.';

/** The token's owner (`token`: a token not stored yet); from the cache within OWNER_LIFETIME. */
export async function tokenOwner(ctx: ReadContext, options: ReadOptions = {}): Promise<Account> {
  const { Viewer } = await read(ctx, tokenOwnerQuery, {}, options);
  if (!Viewer || !Number.isInteger(Viewer.id) || typeof Viewer.name !== 'string') throw new Error(NO_OWNER);
  return { id: Viewer.id, name: Viewer.name };
}
