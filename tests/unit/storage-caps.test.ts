import { describe, expect, it } from 'vitest';
import { declaredKeys } from '../../src/data/storage';
import { rememberMedia, MEDIA_CACHE_SIZE } from '../../src/data/media-search';
import { withCollapsed, COLLAPSED_MAX_ENTRIES } from '../../src/data/collapse';
import { withProfile, CACHE_MAX_USERS } from '../../src/data/mini-profile';
import { cacheDead, cacheRelations, MAX_CACHED_RELATIONS, MAX_READ_NOTIFICATIONS, withRead } from '../../src/data/notifications/storage';

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

  it('the caches prune to their stated cap when written past it', () => {
    const read = withRead(
      Array.from({ length: MAX_READ_NOTIFICATIONS }, (_, i) => i),
      [-1, -2],
      true,
    );
    expect(read).toHaveLength(capOf('void-verified-read-notifications')!.max!);
    expect(read.slice(-2)).toEqual([-1, -2]);

    const relation = (id: number) => ({ id, kind: 'TextActivity' as const, image: null, label: null, mediaPath: null });
    const relations = cacheRelations(Object.fromEntries(Array.from({ length: MAX_CACHED_RELATIONS }, (_, i) => [String(i), relation(i)])), [
      relation(-1),
    ]);
    expect(Object.keys(relations)).toHaveLength(capOf('void-verified-notification-relations')!.max!);
    expect(relations['-1']).toBeDefined();
    expect(relations['0']).toBeUndefined();

    const dead = cacheDead(
      Array.from({ length: MAX_CACHED_RELATIONS * 2 }, (_, i) => i),
      [-1],
    );
    expect(dead).toHaveLength(capOf('void-verified-notification-deadlink-relations')!.max!);

    let collapsed: Record<string, boolean> = {};
    for (let i = 0; i <= COLLAPSED_MAX_ENTRIES; i++) collapsed = withCollapsed(collapsed, `c${i}`, true);
    expect(Object.keys(collapsed)).toHaveLength(capOf('void-verified-collapsed-containers')!.max!);
    expect(collapsed.c0).toBeUndefined();

    let media: Parameters<typeof rememberMedia>[0] = [];
    for (let i = 0; i <= MEDIA_CACHE_SIZE; i++)
      media = rememberMedia(media, {
        id: i,
        type: 'ANIME',
        title: null,
        coverImage: null,
        startDate: null,
        episodes: null,
        chapters: null,
      });
    expect(media).toHaveLength(capOf('void-verified-activity-search-media-cache')!.max!);

    let profiles: Parameters<typeof withProfile>[0] = {};
    const user = {} as Parameters<typeof withProfile>[2];
    for (let i = 0; i <= CACHE_MAX_USERS; i++) profiles = withProfile(profiles, `user${i}`, user, 6, 1_000 + i);
    expect(Object.keys(profiles)).toHaveLength(capOf('void-verified-mini-profile-cache')!.max!);
    expect(profiles.user0).toBeUndefined();
  });
});
