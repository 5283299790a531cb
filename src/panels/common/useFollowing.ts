import { useEffect, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import { API_ERROR_TEXTS, attempt, failureText } from '../../data/api-errors';
import type { UserSearchResult } from '../../data/documents';
import { fetchFollowing } from '../../data/lookups';

/** How long this tab keeps the list of the people you follow. */
const FOLLOWING_LIFETIME_MS = 10 * 60_000;

const loaded = new Map<number, { at: number; users: Promise<UserSearchResult[]> }>();

/**
 * Everyone the signed-in user follows, asked once per tab and kept ten minutes. A failure says
 * 'Failed to query followed users.' once (not once per box) and is asked again by the next box.
 */
function followingOf(ctx: Pick<CommandContext, 'client' | 'store' | 'toasts'>, userId: number): Promise<UserSearchResult[]> {
  const known = loaded.get(userId);
  if (known && Date.now() - known.at < FOLLOWING_LIFETIME_MS) return known.users;
  const users = attempt(
    ctx.toasts,
    { toast: (error) => failureText(error) ?? API_ERROR_TEXTS.following, detail: false, log: 'querying followed users failed' },
    () => fetchFollowing(ctx, userId),
  ).then((result) => {
    if (result.ok) return result.value;
    loaded.delete(userId);
    return [] as UserSearchResult[];
  });
  loaded.set(userId, { at: Date.now(), users });
  return users;
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
