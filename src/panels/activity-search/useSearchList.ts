import { useMemo } from 'react';
import type { CommandContext } from '../../commands/types';
import { activitySearch, ACTIVITIES_ERROR, listedActivities, listKey, searchPage } from '../../data/activity-search-session';
import { useStore } from '../hooks';
import { usePagedRead } from '../query';

/**
 * The listed activity search: the paged read of the session's search, kept beyond the panel (so the
 * palette reopened, or the mode shown again after an activity, lists it without asking), with what
 * its pages show. A failed page is reported here, by the panel that asked for it.
 */
export function useSearchList(ctx: CommandContext) {
  const key = listKey(useStore(activitySearch));
  const list = usePagedRead(key, {
    keep: 'activity-search',
    page: (n, signal) => searchPage(ctx, n, signal),
    hasNext: (page) => !!page.Page?.pageInfo.hasNextPage,
    failure: { toasts: ctx.toasts, report: () => ({ toast: ACTIVITIES_ERROR, log: 'activity search failed', detail: false }) },
  });
  const { pages } = list;
  const listed = useMemo(() => listedActivities(pages), [pages]);
  return { list, ...listed };
}

export type SearchList = ReturnType<typeof useSearchList>;
