import { API_ERROR_TEXTS, failureText, wrapFailure } from '../api-errors';
import { read, type ReadContext } from '../swr';
import {
  activityRelationsQuery,
  notificationsQuery,
  NOTIFICATIONS_PER_PAGE,
  resetNotificationCount,
  type NotificationsPage,
  type NotificationsVars,
  type ActivityRelation,
  type RawNotification,
} from './documents';
import { NOTIFICATION_CACHE_MS, present, relationIds, splitRelationIds, toRelations } from './rules';
import { cacheDead, cacheRelations, deadRelationsKey, relationsCacheKey } from './storage';
import { noteAniListCount } from './read-state';

/**
 * Asking the API: a page of notifications with the activities they point at (through the
 * relation caches), resetting AniList's own count, and the home panel's query throttle.
 */

/** Zeroes AniList's own unread count; a failure is wrapped as the spec words it. */
export async function resetCount(ctx: ReadContext): Promise<void> {
  await wrapFailure(API_ERROR_TEXTS.resetCount, () => read(ctx, resetNotificationCount, {}));
}

export interface LoadedPage {
  list: RawNotification[];
  currentPage: number;
  hasNextPage: boolean;
  /** Activity id → what it points at (only with relations asked for). */
  relations: Record<number, ActivityRelation>;
  /** The relations could not be asked for (the notifications still came). */
  relationsFailed: boolean;
  /** Why, in the spec's words ('Failed to query activities.'). */
  relationsError?: string;
}

/** The activities these ids point at, from both feeds; a failure is 'Failed to query activities.'. */
export function queryActivityRelations(ctx: ReadContext, ids: number[], signal?: AbortSignal): Promise<ActivityRelation[]> {
  return wrapFailure(API_ERROR_TEXTS.activities, async () =>
    toRelations(await read(ctx, activityRelationsQuery, { ids, perPage: Math.min(50, ids.length) }, { signal })),
  );
}

/**
 * A page of notifications, and with `relations` the activities they point at: cached ones from
 * the cache, known-dead ones skipped, the rest asked of both feeds at once; found ones are cached,
 * the others remembered as dead. Throws when the notifications themselves fail; `signal` aborts
 * it (a newer page asked for instead), rejecting with the abort. `fresh`: not from the cache.
 */
export async function loadNotificationPage(
  ctx: ReadContext,
  vars: Omit<NotificationsVars, 'perPage'> & { perPage?: number },
  relations: boolean,
  signal?: AbortSignal,
  fresh = false,
): Promise<LoadedPage> {
  const { store } = ctx;
  const data: NotificationsPage = await wrapFailure(API_ERROR_TEXTS.notifications, () =>
    read(ctx, notificationsQuery, { perPage: NOTIFICATIONS_PER_PAGE, ...vars }, { signal, fresh }),
  );
  const list = present(data.Page?.notifications);
  const perPage = vars.perPage ?? NOTIFICATIONS_PER_PAGE;
  noteAniListCount(store, data, list, (vars.page - 1) * perPage);
  const page: LoadedPage = {
    list,
    currentPage: data.Page?.pageInfo?.currentPage ?? vars.page,
    hasNextPage: !!data.Page?.pageInfo?.hasNextPage,
    relations: {},
    relationsFailed: false,
  };
  if (!relations) return page;
  const ids = relationIds(list);
  if (!ids.length) return page;
  const { cached, missing } = splitRelationIds(ids, store.get(relationsCacheKey), store.get(deadRelationsKey));
  for (const r of cached) page.relations[r.id] = r;
  if (missing.length) {
    try {
      const found = await queryActivityRelations(ctx, missing, signal);
      for (const r of found) page.relations[r.id] = r;
      store.update(relationsCacheKey, (cache) => cacheRelations(cache, found));
      const foundIds = new Set(found.map((r) => r.id));
      const dead = missing.filter((id) => !foundIds.has(id));
      if (dead.length) store.update(deadRelationsKey, (list) => cacheDead(list, dead));
    } catch (error) {
      if (signal?.aborted) throw error;
      console.error('[VoidVerified] notification relations', error);
      page.relationsFailed = true;
      page.relationsError = failureText(error);
    }
  }
  return page;
}

/**
 * The home panel's query throttle: at most once per 3 minutes for the same types; leaving the home
 * page resets it. It outlives the panel, which Vue re-renders may remount, and keeps the page it
 * last showed (the Dashboard lists it; a remount shows it without asking). The 3 minutes count
 * from the answer, as the unread count's do: marked when asking (so the panel does not ask twice
 * meanwhile) and again when the answer came, so the next request is sent at least 3 minutes after
 * this one was, however long it waited to go out. An ask aborted with the panel is forgotten, so a
 * remount asks at once.
 */
export class QueryThrottle<T> {
  /** When this tab last had an answer (kept through `reset`): a visit within 3 minutes of it asks the API again. */
  private own = -Infinity;
  private last = 0;
  private before = 0;
  private key = '';
  cached: T | null = null;

  constructor(readonly ms: number = NOTIFICATION_CACHE_MS) {}

  /** Milliseconds until a query for `key` is allowed (0: now). */
  wait(key: string, now: number): number {
    if (key !== this.key || this.last === 0) return 0;
    return Math.max(0, this.last + this.ms - now);
  }

  mark(key: string, now: number): void {
    this.before = key === this.key ? this.last : 0;
    this.key = key;
    this.last = now;
  }

  /** The answer to a query marked for `key` came (or failed) at `now`; ignored after a reset or a newer key. */
  answered(key: string, now: number): void {
    if (this.key === key && this.last !== 0) this.last = Math.max(this.last, now);
    this.own = now;
  }

  /**
   * Whether the next ask skips the read cache: within 3 minutes of this tab's own answer (a visit
   * asks again, the spec's rule), or when the user asked. Otherwise an answer another tab got for
   * the same within 3 minutes is as new as the panel's own would be.
   */
  fresh(now: number, asked: boolean): boolean {
    return asked || now - this.own < this.ms;
  }

  /** The query marked for `key` was aborted before its answer: the time before it counts again. */
  aborted(key: string): void {
    if (this.key === key) this.last = this.before;
  }

  reset(): void {
    this.last = 0;
    this.before = 0;
    this.key = '';
    this.cached = null;
  }
}

/** The home panel's throttle, shared by every mount of the panel in this tab (see QueryThrottle). */
export const quickAccessThrottle = new QueryThrottle<LoadedPage>();
