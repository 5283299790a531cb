import type { CommandContext } from '../../commands/types';
import { API_ERROR_TEXTS, attempt, failureText } from '../../data/api-errors';
import type { UserSearchResult } from '../../data/documents';
import { fetchFollowing } from '../../data/lookups';
import { readsFor } from '../../data/swr';
import { useRead } from '../query';

/**
 * Everyone the signed-in user follows: the Following read, kept as its document says (ten
 * minutes, in storage too). Boxes open together share one ask, so a failure says 'Failed to query
 * followed users.' once (not once per box); the next box asks again. The ask takes no signal: a
 * box closed before the answer came still lets it be stored for the next one (aborting it sent the
 * same request again when the next box opened).
 */
function followingOf(ctx: Pick<CommandContext, 'client' | 'store' | 'toasts'>, userId: number): Promise<UserSearchResult[]> {
  return readsFor(ctx).together(`followed users of ${userId}`, async () => {
    const result = await attempt(
      ctx.toasts,
      { toast: (error) => failureText(error) ?? API_ERROR_TEXTS.following, detail: false, log: 'querying followed users failed' },
      () => fetchFollowing(ctx, userId),
    );
    return result.ok ? result.value : [];
  });
}

const NOBODY: UserSearchResult[] = [];

/** The people the signed-in user follows ([] while unknown, signed out, or when asking failed). */
export function useFollowing(ctx: Pick<CommandContext, 'client' | 'store' | 'toasts' | 'viewer'>): UserSearchResult[] {
  const userId = ctx.viewer?.id ?? null;
  // The services the list is asked with, not the context around them: a context is made afresh
  // often (the palette makes one per page), its services stay the same, so one user means one ask.
  const { client, store, toasts } = ctx;
  const followed = useRead(userId === null ? null : ['followed users', userId], {
    read: () => followingOf({ client, store, toasts }, userId!),
    // followingOf says a failure once for boxes open together and answers []: nothing reaches this.
    failure: { toasts, report: () => ({ toast: API_ERROR_TEXTS.following, detail: false, log: 'querying followed users failed' }) },
  });
  return followed.data ?? NOBODY;
}
