import { useEffect, useMemo } from 'react';
import type { CommandContext } from '../../commands/types';
import { attempt } from '../../data/api-errors';
import { IN_PROGRESS_TEXTS, inProgressQuery, inProgressVars, listsOf } from '../../data/in-progress';
import { useIdentity } from '../common/useIdentity';
import { useQuery } from '../query';

/**
 * The In Progress lists of the token's owner, as the home section and the palette page show them:
 * the one cached read (an hour), which a save changes in place. A failed read is said once
 * ("Failed to query in progress media.").
 */
export function useLists(ctx: CommandContext) {
  const owner = useIdentity(ctx).owner;
  const answer = useQuery(ctx, inProgressQuery, owner ? inProgressVars(owner.id) : null);
  const { error } = answer;
  useEffect(() => {
    if (error)
      void attempt(ctx.toasts, { toast: IN_PROGRESS_TEXTS.queryFailed, log: 'querying in progress media failed' }, () =>
        Promise.reject(error),
      );
  }, [ctx, error]);
  const lists = useMemo(() => (answer.data ? listsOf(answer.data) : null), [answer.data]);
  return { owner, lists, failed: error !== undefined };
}
