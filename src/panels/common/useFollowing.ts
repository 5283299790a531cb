import { useEffect, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { API_ERROR_TEXTS, attempt, failureText } from '../../data/api-errors';
import type { UserSearchResult } from '../../data/documents';
import { fetchFollowing } from '../../data/lookups';
import { readsFor } from '../../data/swr';

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

/** The people the signed-in user follows ([] while unknown, signed out, or when asking failed). */
export function useFollowing(ctx: Pick<CommandContext, 'client' | 'store' | 'toasts' | 'viewer'>): UserSearchResult[] {
  const userId = ctx.viewer?.id ?? null;
  // The services the list is asked with, not the context around them: a context is made afresh
  // often (the palette makes one per page), its services stay the same, so one user means one ask.
  const { client, store, toasts } = ctx;
  const [users, setUsers] = useState<UserSearchResult[]>([]);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void followingOf({ client, store, toasts }, userId).then((found) => live && setUsers(found));
    return () => {
      live = false;
    };
  }, [userId, client, store, toasts]);
  return users;
}
