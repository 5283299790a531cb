// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { miniProfile } from '../../src/commands/features/mini-profile';
import { memoryBackend } from '../../src/data/backend';
import {
  CACHE_LIFETIME_MS,
  CACHE_MAX_USERS,
  cachedProfile,
  clampFavourites,
  loadMiniProfile,
  MINI_PROFILE_DEFAULTS,
  miniProfileCacheKey,
  miniProfileColor,
  miniProfileConfigKey,
  miniProfileQuery,
  normalizeConfig,
  parseMiniProfile,
  userNameFromHref,
  withProfile,
  type MiniProfileUser,
} from '../../src/data/mini-profile';
import { decodeStored, Store } from '../../src/data/storage';
import { cardPosition, MiniProfileCard, type Rect } from '../../src/panels/mini-profile/MiniProfileCard';
import { MiniProfileConfig } from '../../src/panels/mini-profile/MiniProfileConfig';
import { Providers } from '../../src/panels/overlay';
import { sanitizer } from '../../src/commands/lazy';
import { makeTestServices } from './helpers';

afterEach(() => cleanup());

const media = (id: number, type: 'ANIME' | 'MANGA') => ({
  id,
  type,
  title: { userPreferred: `${type} ${id}` },
  coverImage: { large: `https://img.test/${id}.jpg` },
  isFavourite: false,
});
const person = (id: number) => ({
  id,
  name: { userPreferred: `Person ${id}` },
  image: { large: `https://img.test/p${id}.jpg` },
  isFavourite: false,
});
const range = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + i);

function apiUser(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Akira',
    avatar: { large: 'https://img.test/a.png' },
    bannerImage: 'https://img.test/b.jpg',
    options: { profileColor: 'purple' },
    donatorTier: 4,
    donatorBadge: 'Cool',
    isFollower: true,
    isFollowing: false,
    about: '<p>Hi</p>',
    favourites: {
      anime: { nodes: range(10, 1).map((id) => media(id, 'ANIME')) },
      manga: { nodes: range(10, 100).map((id) => media(id, 'MANGA')) },
      characters: { nodes: range(10, 200).map(person) },
      staff: { nodes: range(4, 300).map(person) },
    },
    ...overrides,
  };
}
const user = (overrides: Record<string, unknown> = {}) => parseMiniProfile(apiUser(overrides))!;

describe('colours and badges', () => {
  it('maps the named profile colours to their triples and other values as hex', () => {
    expect(miniProfileColor('blue')).toBe('61, 180, 242');
    expect(miniProfileColor('purple')).toBe('192, 99, 255');
    expect(miniProfileColor('green')).toBe('76, 202, 81');
    expect(miniProfileColor('orange')).toBe('239, 136, 26');
    expect(miniProfileColor('red')).toBe('225, 51, 51');
    expect(miniProfileColor('pink')).toBe('252, 157, 214');
    expect(miniProfileColor('gray')).toBe('103, 123, 148');
    expect(miniProfileColor('#ff6f61')).toBe('255, 111, 97');
    expect(miniProfileColor(null)).toBe('61, 180, 242');
    expect(miniProfileColor('not a colour')).toBe('61, 180, 242');
  });
});

describe('card position', () => {
  const anchor: Rect = { left: 100, right: 160, top: 300, bottom: 320, width: 60, height: 20 };
  const card = { width: 400, height: 200 };
  const viewport = { width: 1200, height: 800 };

  it('sits right of the link: bottom hangs from its top, top rises to its bottom, center is centred', () => {
    expect(cardPosition(anchor, card, viewport, 'bottom')).toEqual({ left: 168, top: 300 });
    expect(cardPosition(anchor, card, viewport, 'top')).toEqual({ left: 168, top: 120 });
    expect(cardPosition(anchor, card, viewport, 'center')).toEqual({ left: 168, top: 210 });
  });

  it('goes left of the link when the right has no room, and stays inside the viewport', () => {
    const right: Rect = { left: 900, right: 960, top: 700, bottom: 720, width: 60, height: 20 };
    expect(cardPosition(right, card, viewport, 'bottom')).toEqual({ left: 492, top: 592 });
    const top: Rect = { ...anchor, top: 10, bottom: 30 };
    expect(cardPosition(top, card, viewport, 'top').top).toBe(8);
    // Narrow screen: neither side fits, so it is clamped.
    expect(cardPosition(anchor, card, { width: 420, height: 800 }, 'bottom').left).toBe(12);
  });
});

describe('config', () => {
  it('defaults to the spec values', () => {
    const store = new Store(memoryBackend(), () => {});
    expect(store.get(miniProfileConfigKey)).toEqual({
      numberOfFavourites: 6,
      position: 'bottom',
      hoverTags: true,
      hoverNotifications: false,
      displayBio: true,
      displayAnime: true,
      displayManga: true,
      displayCharacters: false,
      displayStaff: false,
    });
    expect(miniProfileConfigKey.name).toBe('void-verified-mini-profile-config');
    expect(miniProfileConfigKey.exported).toBe(true);
  });

  it("reads the original's config, keeping valid fields and defaulting the rest", () => {
    const original = JSON.stringify({ numberOfFavourites: 12, position: 'top', hoverTags: false, displayStaff: true, displayBio: 'yes' });
    expect(decodeStored(miniProfileConfigKey, original).value).toEqual({
      ...MINI_PROFILE_DEFAULTS,
      numberOfFavourites: 12,
      position: 'top',
      hoverTags: false,
      displayStaff: true,
    });
    expect(normalizeConfig({ numberOfFavourites: 99, position: 'left' })).toEqual({ ...MINI_PROFILE_DEFAULTS, numberOfFavourites: 25 });
    expect(normalizeConfig(null)).toEqual(MINI_PROFILE_DEFAULTS);
  });

  it('refuses out-of-range values and clamps the slider', () => {
    const store = new Store(memoryBackend(), () => {});
    expect(() => store.set(miniProfileConfigKey, { ...MINI_PROFILE_DEFAULTS, numberOfFavourites: 26 })).toThrow();
    expect(() => store.set(miniProfileConfigKey, { ...MINI_PROFILE_DEFAULTS, numberOfFavourites: 0 })).toThrow();
    expect(
      decodeStored(miniProfileConfigKey, JSON.stringify({ v: 1, data: { ...MINI_PROFILE_DEFAULTS, position: 'left' } })).problem,
    ).toBeDefined();
    expect([clampFavourites(0), clampFavourites(3.6), clampFavourites(40), clampFavourites(Number.NaN)]).toEqual([1, 4, 25, 6]);
  });
});

describe('data', () => {
  it('the query asks for the user and each favourite kind with perPage', () => {
    expect(miniProfileQuery.name).toBe('MiniProfile');
    expect(miniProfileQuery.auth).toBe(false);
    expect(miniProfileQuery.source).toContain('about(asHtml: true)');
    for (const kind of ['anime', 'manga', 'characters', 'staff'])
      expect(miniProfileQuery.source).toContain(`${kind}(page: 1, perPage: $perPage)`);
  });

  it('reads the API answer: null nodes and connections become empty lists; junk is refused', () => {
    const parsed = parseMiniProfile(
      apiUser({ favourites: { anime: { nodes: [null, media(1, 'ANIME')] }, manga: null, characters: { nodes: null } } }),
    );
    expect(parsed?.favourites).toEqual({
      anime: { nodes: [media(1, 'ANIME')] },
      manga: { nodes: [] },
      characters: { nodes: [] },
      staff: { nodes: [] },
    });
    expect(parseMiniProfile(null)).toBeNull();
    expect(parseMiniProfile({ name: 7 })).toBeNull();
  });

  it('finds the user name of a link', () => {
    const base = 'https://anilist.co/home';
    expect(userNameFromHref('/user/Akira/', base)).toBe('Akira');
    expect(userNameFromHref('/user/Akira', base)).toBe('Akira');
    expect(userNameFromHref('https://anilist.co/user/Bocchi/', base)).toBe('Bocchi');
    expect(userNameFromHref('/user/Akira/animelist', base)).toBeNull();
    expect(userNameFromHref('https://evil.test/user/Akira/', base)).toBeNull();
    expect(userNameFromHref('/user/%E0%A4%A/', base)).toBeNull();
    expect(userNameFromHref(null, base)).toBeNull();
  });
});

describe('cache', () => {
  const now = 1_800_000_000_000;

  it('is fresh for 12 hours, and only when fetched with enough favourites', () => {
    const cache = withProfile({}, 'Akira', user(), 6, now);
    expect(cachedProfile(cache, 'akira', 6, now + CACHE_LIFETIME_MS - 1)?.name).toBe('Akira');
    expect(cachedProfile(cache, 'AKIRA', 3, now)).not.toBeNull();
    expect(cachedProfile(cache, 'Akira', 7, now)).toBeNull();
    expect(cachedProfile(cache, 'Akira', 6, now + CACHE_LIFETIME_MS)).toBeNull();
    expect(cachedProfile(cache, 'Bocchi', 6, now)).toBeNull();
    expect(cachedProfile(cache, 'constructor', 6, now)).toBeNull();
  });

  it('drops expired entries and keeps the newest users', () => {
    const store = new Store(memoryBackend(), () => {});
    const write = (name: string, at: number) =>
      store.update(miniProfileCacheKey, (cache) => withProfile(cache, name, user({ name }), 6, at));
    write('Old', now - CACHE_LIFETIME_MS);
    for (let i = 0; i < CACHE_MAX_USERS + 5; i++) write(`u${i}`, now + i);
    const cache = store.get(miniProfileCacheKey);
    expect(Object.keys(cache)).toHaveLength(CACHE_MAX_USERS);
    expect(cache.old).toBeUndefined();
    expect(cache.u0).toBeUndefined();
    expect(cache[`u${CACHE_MAX_USERS + 4}`]).toBeDefined();
    expect(miniProfileCacheKey.exported).toBe(false);
  });

  it('loads once: concurrent calls share a request, later calls read the cache', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: { User: apiUser() } }), { status: 200 }));
    const { services, store } = makeTestServices(undefined, { fetch });
    const [a, b] = await Promise.all([loadMiniProfile(services, 'Akira', 6), loadMiniProfile(services, 'Akira', 6)]);
    expect(a.name).toBe('Akira');
    expect(b).toEqual(a);
    expect((await loadMiniProfile(services, 'akira', 6)).name).toBe('Akira');
    expect(fetch).toHaveBeenCalledTimes(1);
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string) as { variables: unknown };
    expect(body.variables).toEqual({ name: 'Akira', perPage: 6 });
    expect(Object.keys(store.get(miniProfileCacheKey))).toEqual(['akira']);
    // More favourites than were fetched: ask again.
    await loadMiniProfile(services, 'Akira', 10);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('rejects on failure and caches nothing', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ data: null, errors: [{ message: 'Not Found.', status: 404 }] }), { status: 404 }),
    );
    const { services, store } = makeTestServices(undefined, { fetch });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(loadMiniProfile(services, 'Nobody', 6)).rejects.toThrow();
    expect(store.get(miniProfileCacheKey)).toEqual({});
  });
});

describe('card', () => {
  // The card shows a bio once the sanitizer module is there (the script evaluates it when a bio is
  // first shown). Under vitest that first load transforms DOMPurify, which on a busy machine
  // outlasts waitFor's second; the late render itself is checked in Chromium (mini-profile.spec).
  beforeAll(() => sanitizer.load());
  const anchor: Rect = { left: 10, right: 60, top: 10, bottom: 30, width: 50, height: 20 };
  function renderCard(u: MiniProfileUser, config = MINI_PROFILE_DEFAULTS) {
    const { services, navigations } = makeTestServices();
    const container = document.createElement('div');
    document.body.append(container);
    const handlers = { enter: vi.fn(), leave: vi.fn(), navigate: vi.fn() };
    render(
      <Providers services={services} container={container} name="test">
        <MiniProfileCard user={u} anchor={anchor} config={config} handlers={handlers} />
      </Providers>,
    );
    return { handlers, navigations };
  }

  it('shows the name in the profile colour, badges, bio and the configured favourites', async () => {
    // Sanitising itself is checked in Chromium (tests/e2e/mini-profile.spec.ts): DOMPurify misbehaves under happy-dom.
    renderCard(user({ about: '<p>Hello <b>there</b></p>' }), { ...MINI_PROFILE_DEFAULTS, numberOfFavourites: 3, displayStaff: true });
    const card = screen.getByRole('region', { name: 'Mini profile of Akira' });
    expect(card.style.getPropertyValue('--vv-mp-color')).toBe('192, 99, 255');
    expect(screen.getByRole('link', { name: 'Akira' }).getAttribute('href')).toBe('/user/Akira/');
    expect(card.textContent).toContain('Cool');
    expect(card.textContent).toContain('Follows you');
    expect(card.textContent).not.toContain('Following');
    await waitFor(() => expect(card.querySelector('.vv-mp-about')?.innerHTML).toContain('Hello <b>there</b>'));
    expect(screen.getByRole('list', { name: 'Favourite anime' }).querySelectorAll('a')).toHaveLength(3);
    expect(screen.getByRole('list', { name: 'Favourite manga' }).querySelectorAll('a')).toHaveLength(3);
    expect(screen.queryByRole('list', { name: 'Favourite characters' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Favourite staff' }).querySelectorAll('a')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'ANIME 1' }).getAttribute('href')).toBe('/anime/1/');
    expect(screen.getByRole('link', { name: 'Person 300' }).getAttribute('href')).toBe('/staff/300/');
  });

  it('hides the bio when off and routes same-site clicks through the app', () => {
    const { handlers } = renderCard(user(), { ...MINI_PROFILE_DEFAULTS, displayBio: false });
    expect(document.querySelector('.vv-mp-about')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'MANGA 100' }));
    expect(handlers.navigate).toHaveBeenCalledWith('/manga/100/');
  });
});

describe('feature and configuration panel', () => {
  it('declares its option, command, palette page and settings tab', () => {
    expect(miniProfile.planned).toBeUndefined();
    expect(miniProfile.options?.map((o) => o.key)).toEqual(['miniProfileEnabled']);
    expect(miniProfile.commands?.find((c) => c.id === 'mini-profile.configure')?.page).toBe('mini-profile.config');
    expect(miniProfile.panels?.map((p) => [p.kind, p.title])).toEqual([
      ['palette-page', 'Mini Profile Configuration'],
      ['settings-tab', 'mini profile'],
    ]);
    expect(miniProfile.panels?.find((p) => p.kind === 'settings-tab')).toMatchObject({ option: 'miniProfileEnabled' });
  });

  it('edits every field of the stored config', () => {
    const { services, store } = makeTestServices();
    const container = document.createElement('div');
    render(
      <Providers services={services} container={container} name="test">
        <MiniProfileConfig ctx={services.context(null)} />
      </Providers>,
    );
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'center' } });
    fireEvent.change(screen.getByLabelText('Number of favourites'), { target: { value: '12' } });
    for (const label of ['Display bio', 'Display character favourites', 'Display staff favourites', 'Show when hovering notifications'])
      fireEvent.click(screen.getByRole('checkbox', { name: label }));
    fireEvent.click(screen.getByRole('checkbox', { name: /hovering @mentions/ }));
    expect(store.get(miniProfileConfigKey)).toEqual({
      ...MINI_PROFILE_DEFAULTS,
      position: 'center',
      numberOfFavourites: 12,
      displayBio: false,
      displayCharacters: true,
      displayStaff: true,
      hoverTags: false,
      hoverNotifications: true,
    });
  });
});
