import { describe, expect, it } from 'vitest';
import { memoryBackend } from '../../src/data/backend';
import { declaredKeys, Store } from '../../src/data/storage';
import { frecencyKey } from '../../src/data/config';
import { latestMediaSearchesKey, rememberMedia, MEDIA_CACHE_SIZE } from '../../src/data/media-search';
import { collapsedKey, withCollapsed } from '../../src/data/collapse';
import { miniProfileCacheKey, parseMiniProfile, withProfile, CACHE_MAX_USERS } from '../../src/data/mini-profile';
import {
  cacheDead,
  cacheRelations,
  deadRelationsKey,
  MAX_CACHED_RELATIONS,
  MAX_READ_NOTIFICATIONS,
  readNotificationsKey,
  relationsCacheKey,
  withRead,
} from '../../src/data/notifications/storage';

// Every module of src/data, so that every key is declared.
const modules = import.meta.glob(['../../src/data/*.ts', '../../src/data/*/*.ts'], { eager: true });

const capOf = (name: string) => declaredKeys().find((k) => k.name === name)?.cap;

describe('storage caps', () => {
  it('every declared key states how far its value may grow', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    const uncapped = declaredKeys()
      .filter((k) => !k.cap)
      .map((k) => k.name);
    expect(uncapped).toEqual([]);
  });

  it('the store prunes every pruned key to its stated cap when written past it, dropping the oldest', () => {
    const store = new Store(memoryBackend(), () => {});
    const read = store.update(readNotificationsKey, () =>
      withRead(
        Array.from({ length: MAX_READ_NOTIFICATIONS }, (_, i) => i),
        [-1, -2],
        true,
      ),
    );
    expect(read).toHaveLength(capOf('void-verified-read-notifications')!.max!);
    expect(read.slice(-2)).toEqual([-1, -2]);

    const relation = (id: number) => ({ id, kind: 'TextActivity' as const, image: null, label: null, mediaPath: null });
    const relations = store.update(relationsCacheKey, () =>
      cacheRelations(Object.fromEntries(Array.from({ length: MAX_CACHED_RELATIONS }, (_, i) => [String(i), relation(i)])), [relation(-1)]),
    );
    expect(Object.keys(relations)).toHaveLength(capOf('void-verified-notification-relations')!.max!);
    expect(relations['-1']).toBeDefined();
    expect(relations['0']).toBeUndefined();

    const dead = store.update(deadRelationsKey, () =>
      cacheDead(
        Array.from({ length: MAX_CACHED_RELATIONS * 2 }, (_, i) => i),
        [-1],
      ),
    );
    expect(dead).toHaveLength(capOf('void-verified-notification-deadlink-relations')!.max!);
    expect(dead.at(-1)).toBe(-1);

    for (let i = 0; i <= 500; i++) store.update(collapsedKey, (record) => withCollapsed(record, `c${i}`, true));
    expect(Object.keys(store.get(collapsedKey))).toHaveLength(capOf('void-verified-collapsed-containers')!.max!);
    expect(store.get(collapsedKey).c0).toBeUndefined();

    for (let i = 1; i <= MEDIA_CACHE_SIZE + 1; i++)
      store.update(latestMediaSearchesKey, (media) =>
        rememberMedia(media, { id: i, type: 'ANIME', title: null, coverImage: null, startDate: null, episodes: null, chapters: null }),
      );
    expect(store.get(latestMediaSearchesKey)).toHaveLength(capOf('void-verified-activity-search-media-cache')!.max!);
    expect(store.get(latestMediaSearchesKey)[0]!.id).toBe(MEDIA_CACHE_SIZE + 1);

    // By age (when fetched): the oldest go.
    const user = parseMiniProfile({
      name: 'Akira',
      avatar: { large: null },
      bannerImage: null,
      options: { profileColor: null },
      donatorTier: 0,
      donatorBadge: null,
      isFollower: false,
      isFollowing: false,
      about: null,
      favourites: {},
    })!;
    for (let i = 0; i <= CACHE_MAX_USERS; i++)
      store.update(miniProfileCacheKey, (profiles) => withProfile(profiles, `user${i}`, user, 6, 1_000 + i));
    expect(Object.keys(store.get(miniProfileCacheKey))).toHaveLength(capOf('void-verified-mini-profile-cache')!.max!);
    expect(store.get(miniProfileCacheKey).user0).toBeUndefined();
    expect(store.get(miniProfileCacheKey)[`user${CACHE_MAX_USERS}`]).toBeDefined();
  });

  it('a pruned record with an age keeps the newest by it, in their order; without one, the last added', () => {
    const uses = Object.fromEntries(Array.from({ length: 205 }, (_, i) => [`cmd${i}`, { count: 1, last: i % 2 === 0 ? 10_000 + i : i }]));
    const kept = frecencyKey.prune(uses);
    expect(Object.keys(kept)).toHaveLength(200);
    // The five least recently used (odd, lowest `last`) are gone; the rest keep their order.
    expect(['cmd1', 'cmd3', 'cmd5', 'cmd7', 'cmd9'].filter((id) => id in kept)).toEqual([]);
    expect(Object.keys(kept).slice(0, 3)).toEqual(['cmd0', 'cmd2', 'cmd4']);
    const record = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`c${i}`, true]));
    expect(Object.keys(collapsedKey.prune(record))[0]).toBe('c1');
    // Within the cap nothing changes, not even the object.
    expect(collapsedKey.prune({ a: true })).toEqual({ a: true });
  });
});
