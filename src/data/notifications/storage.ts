import { s, type Schema } from '../schema';
import { defineKey, definePrunedList, definePrunedRecord, fixedShape, refusedPast, type Store } from '../storage';
import { NOTIFICATION_TYPES, type ActivityRelation, type NotificationType } from './documents';

/**
 * What notifications keep in storage: the feed's and the quick-access panel's configs, the ids
 * read on this device, the caches of what activity notifications point at (and which activities
 * are gone), and the newest page the unread count is taken from.
 */

const NOTIFICATION_CONFIG_DEFAULTS = {
  collapsed: false,
  groupNotifications: true,
  addActivityRelation: false,
  notificationTypes: [...NOTIFICATION_TYPES] as NotificationType[],
  hideDefaultNotificationDot: false,
  dontGroupWhenFiltering: false,
  resetDefaultNotifications: true,
};
export type NotificationConfig = typeof NOTIFICATION_CONFIG_DEFAULTS;

/** Unknown type names (from an older schema, say) are dropped rather than failing the config. */
const typeList: Schema<NotificationType[]> = {
  describe: 'list of notification types',
  parse(value: unknown, path = '') {
    if (!Array.isArray(value)) return { ok: false as const, issues: [{ path, message: 'expected a list of notification types' }] };
    const known = new Set<string>(NOTIFICATION_TYPES);
    return { ok: true as const, value: [...new Set(value.filter((v): v is NotificationType => typeof v === 'string' && known.has(v)))] };
  },
};

const configSchema = s.object(
  {
    collapsed: s.boolean(),
    groupNotifications: s.boolean(),
    addActivityRelation: s.boolean(),
    notificationTypes: typeList,
    hideDefaultNotificationDot: s.boolean(),
    dontGroupWhenFiltering: s.boolean(),
    resetDefaultNotifications: s.boolean(),
  },
  { defaults: NOTIFICATION_CONFIG_DEFAULTS },
);

/** The replacement feed's config (the original's key). */
export const feedConfigKey = defineKey({
  name: 'void-verified-notifications-config',
  original: 'notificationsConfig',
  cap: fixedShape,
  description: 'Notifications feed configuration.',
  schema: configSchema,
  defaultValue: () => ({ ...NOTIFICATION_CONFIG_DEFAULTS, notificationTypes: [...NOTIFICATION_TYPES] }),
});

/** The home page's quick-access notifications config (the original's key). */
export const quickAccessConfigKey = defineKey({
  name: 'void-verified-quick-access-notifications-config',
  original: 'notificationsConfigQuickAccess',
  cap: fixedShape,
  description: 'Quick access notifications configuration.',
  schema: configSchema,
  defaultValue: () => ({ ...NOTIFICATION_CONFIG_DEFAULTS, notificationTypes: [...NOTIFICATION_TYPES] }),
});

export const MAX_READ_NOTIFICATIONS = 10_000;

/** Ids of notifications read here (per device, not exported), newest last. */
export const readNotificationsKey = definePrunedList({
  name: 'void-verified-read-notifications',
  original: 'readNotifications',
  description: 'Notifications marked as read.',
  max: MAX_READ_NOTIFICATIONS,
  pruned: 'the oldest read',
  readMax: MAX_READ_NOTIFICATIONS * 2,
  item: s.number(),
});

export const MAX_MARKED_UNREAD = 1000;

/**
 * Ids of notifications marked unread here (per device, not exported), newest last: an explicit
 * choice that AniList's count does not overrule (see read-state.ts). Beyond the cap the oldest
 * choice is forgotten, and that notification follows AniList's count again.
 */
export const markedUnreadKey = definePrunedList({
  name: 'void-verified-notifications-marked-unread',
  description: 'Notifications marked as unread on this device.',
  max: MAX_MARKED_UNREAD,
  pruned: 'the oldest marked',
  readMax: MAX_MARKED_UNREAD * 2,
  item: s.number(),
});

/**
 * The newest notification AniList counts as read, from its unread count (0: none known): every
 * notification up to it has been read somewhere AniList saw it. It only rises (see read-state.ts).
 */
export const aniListReadKey = defineKey({
  name: 'void-verified-notifications-anilist-read',
  cap: fixedShape,
  description: 'The newest notification AniList counts as read (shared between tabs).',
  schema: s.number(),
  defaultValue: () => 0,
  exported: false,
});

/** Adds ids to a list of ids (as its newest, at the end) or removes them; the store keeps the newest the key allows. */
export function withRead(read: readonly number[], ids: readonly number[], on: boolean): number[] {
  const drop = new Set(ids);
  const rest = read.filter((id) => !drop.has(id));
  return on ? [...rest, ...new Set(ids)] : rest;
}

/** Marks ids read (or unread) here: an explicit choice, which AniList's count does not overrule. */
export function markRead(store: Store, ids: readonly number[], on: boolean): void {
  store.update(readNotificationsKey, (list) => withRead(list, ids, on));
  store.update(markedUnreadKey, (list) => withRead(list, ids, !on));
}

const relationSchema = s.object({
  id: s.number(),
  kind: s.enum(['ListActivity', 'TextActivity', 'MessageActivity']),
  image: s.nullable(s.string({ max: 2000 })),
  label: s.nullable(s.string({ max: 2000 })),
  mediaPath: s.nullable(s.string({ max: 200 })),
});

export const MAX_CACHED_RELATIONS = 1000;

export const relationsCacheKey = definePrunedRecord<ActivityRelation>({
  name: 'void-verified-notification-relations',
  original: 'notificationRelationsCache',
  description: 'Activities that notifications point at (a cache).',
  max: MAX_CACHED_RELATIONS,
  pruned: 'the oldest',
  readMax: MAX_CACHED_RELATIONS * 2,
  entry: relationSchema,
});

export const deadRelationsKey = definePrunedList({
  name: 'void-verified-notification-deadlink-relations',
  original: 'notificationDeadLinkRelationsCache',
  description: 'Activities known to be gone (a cache).',
  max: MAX_CACHED_RELATIONS * 2,
  pruned: 'the oldest',
  readMax: MAX_CACHED_RELATIONS * 4,
  item: s.number(),
});

/** Adds relations to the cache, as its newest entries (the store drops the oldest past the cap). */
export function cacheRelations(
  cache: Readonly<Record<string, ActivityRelation>>,
  add: readonly ActivityRelation[],
): Record<string, ActivityRelation> {
  const entries = Object.entries(cache).filter(([id]) => !add.some((r) => String(r.id) === id));
  return Object.fromEntries([...entries, ...add.map((r) => [String(r.id), r] as const)]);
}

/** Adds ids of activities known to be gone, as the newest (the store drops the oldest past the cap). */
export function cacheDead(dead: readonly number[], add: readonly number[]): number[] {
  return [...dead.filter((id) => !add.includes(id)), ...new Set(add)];
}

/** A notification as the count and the palette keep it: what it says and where it goes. */
export interface NotificationSummary {
  id: number;
  type: string;
  text: string;
  path: string | null;
  createdAt: number;
}

/**
 * The unread count's source, shared by every open tab: the newest page of the feed's types, as
 * fetched by whichever tab leads. Each tab counts the items it has not read.
 */
export const unreadStateKey = defineKey({
  name: 'void-verified-notifications-unread',
  cap: refusedPast(100, 'notifications (one page of the feed)'),
  description: 'The newest notifications, for the unread count (shared between tabs).',
  schema: s.object({
    fetchedAt: s.number(),
    types: s.string({ max: 2000 }),
    items: s.array(
      s.object({
        id: s.number(),
        type: s.string({ max: 64 }),
        text: s.string({ max: 5000 }),
        path: s.nullable(s.string({ max: 500 })),
        createdAt: s.number(),
      }),
      { max: 100 },
    ),
  }),
  defaultValue: () => ({ fetchedAt: 0, types: '', items: [] as NotificationSummary[] }),
  exported: false,
});

/** Marks `shown` and everything the unread count counts as read. */
export function markAllRead(store: Store, shown: readonly number[]): void {
  const counted = store.get(unreadStateKey).items.map((n) => n.id);
  markRead(store, [...shown, ...counted], true);
}
