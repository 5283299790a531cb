// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { miniMedia } from '../../src/commands/features/mini-media';
import { memoryBackend } from '../../src/data/backend';
import {
  cachedOverview,
  duration,
  loadMediaOverview,
  MEDIA_CACHE_LIFETIME_MS,
  MEDIA_CACHE_MAX,
  mediaFacts,
  mediaFromHref,
  mediaOverviewCacheKey,
  MINI_MEDIA_DEFAULTS,
  miniMediaConfigKey,
  parseMediaOverview,
  withOverview,
  type MediaOverview,
} from '../../src/data/mini-media';
import { decodeStored, Store } from '../../src/data/storage';
import { MediaOverviewCard, mediaCardPosition } from '../../src/panels/mini-media/MiniMediaCard';
import { MiniMediaConfig } from '../../src/panels/mini-media/MiniMediaConfig';
import { Providers } from '../../src/panels/overlay';
import type { Rect } from '../../src/panels/common/HoverCard';
import { makeTestServices } from './helpers';

afterEach(() => cleanup());

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const people = (n: number, from: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: from + i,
    name: { userPreferred: `Person ${from + i}` },
    image: { medium: `https://img.test/${from + i}.jpg` },
  }));

/** A media as AniList answers the overview query. */
function apiMedia(overrides: Record<string, unknown> = {}) {
  return {
    id: 154587,
    type: 'ANIME',
    isAdult: false,
    title: {
      userPreferred: 'Sousou no Frieren',
      romaji: 'Sousou no Frieren',
      english: "Frieren: Beyond Journey's End",
      native: '葬送のフリーレン',
    },
    description: 'An elf <i>mage</i>.<br>',
    coverImage: { large: 'https://img.test/cover.jpg' },
    bannerImage: 'https://img.test/banner.jpg',
    format: 'TV_SHORT',
    status: 'FINISHED',
    episodes: 28,
    duration: 24,
    chapters: null,
    volumes: null,
    averageScore: 90,
    meanScore: 91,
    season: 'FALL',
    seasonYear: 2023,
    startDate: { year: 2023, month: 9, day: 29 },
    endDate: { year: 2024, month: 3, day: 22 },
    source: 'MANGA',
    genres: ['Adventure', 'Drama'],
    studios: { edges: [{ isMain: true, node: { id: 1, name: 'MADHOUSE' } }, { isMain: false, node: { id: 2, name: 'TOHO' } }, null] },
    relations: {
      edges: [
        {
          relationType: 'SOURCE',
          node: {
            id: 118586,
            type: 'MANGA',
            status: 'RELEASING',
            title: { userPreferred: 'Frieren' },
            coverImage: { medium: 'https://img.test/r.jpg' },
          },
        },
      ],
    },
    characters: {
      edges: people(8, 1).map((node, i) => ({
        role: i ? 'SUPPORTING' : 'MAIN',
        node,
        voiceActorRoles: i === 1 ? [] : [{ voiceActor: people(1, 100 + i)[0] }],
      })),
    },
    staff: { edges: people(8, 200).map((node) => ({ role: 'Director', node })) },
    tags: [
      { name: 'Elf', rank: 95, isMediaSpoiler: false, isGeneralSpoiler: false },
      { name: 'Time Skip', rank: 80, isMediaSpoiler: true, isGeneralSpoiler: false },
      { name: 'Travel', rank: 99, isMediaSpoiler: false, isGeneralSpoiler: false },
    ],
    ...overrides,
  };
}
const overview = (overrides: Record<string, unknown> = {}) => parseMediaOverview(apiMedia(overrides))!;

describe('the overview', () => {
  it("keeps 2.0.3's parts, the first 6 characters (with their first Japanese voice actor) and staff, tags by rank", () => {
    const m = overview();
    expect(m.characters).toHaveLength(6);
    expect(m.characters[0]).toMatchObject({ id: 1, name: 'Person 1', role: 'MAIN', voiceActor: { id: 100, name: 'Person 100' } });
    expect(m.characters[1]!.voiceActor).toBeNull();
    expect(m.staff).toHaveLength(6);
    expect(m.studios).toEqual([
      { name: 'MADHOUSE', isMain: true },
      { name: 'TOHO', isMain: false },
    ]);
    expect(m.tags.map((t) => [t.name, t.spoiler])).toEqual([
      ['Travel', false],
      ['Elf', false],
      ['Time Skip', true],
    ]);
    expect(parseMediaOverview({ id: 'x' })).toBeNull();
    expect(parseMediaOverview(null)).toBeNull();
  });

  it("writes the data list in 2.0.3's order and words", () => {
    expect(mediaFacts(overview())).toEqual([
      ['Format', 'tv short'],
      ['Episodes', '28'],
      ['Duration', '24 mins'],
      ['Status', 'finished'],
      ['Start Date', 'Sep 29, 2023'],
      ['End Date', 'Mar 22, 2024'],
      ['Season', 'fall 2023'],
      ['Average Score', '90%'],
      ['Mean Score', '91%'],
      ['Studios', 'MADHOUSE'],
      ['Producers', 'TOHO'],
      ['Source', 'manga'],
      ['Genres', 'Adventure, Drama'],
      ['English', "Frieren: Beyond Journey's End"],
      ['Native', '葬送のフリーレン'],
    ]);
    const movie = mediaFacts(overview({ format: 'MOVIE', duration: 107 }));
    expect(movie).toContainEqual(['Release Date', 'Sep 29, 2023']);
    expect(movie.map(([label]) => label)).not.toContain('End Date');
    expect(movie).toContainEqual(['Duration', '1 hour 47 mins']);
  });

  it('shows what a media with no season, score or dates has (2.0.3 stopped on season: null and wrote "null%")', () => {
    const bare = overview({
      season: null,
      seasonYear: null,
      averageScore: null,
      meanScore: null,
      startDate: { year: null, month: null, day: null },
      endDate: null,
      studios: null,
      relations: null,
      characters: { edges: null },
      staff: null,
      tags: null,
      genres: null,
      description: null,
      coverImage: null,
      bannerImage: null,
    });
    expect(bare).not.toBeNull();
    const facts = mediaFacts(bare);
    expect(facts.map(([label]) => label)).toEqual(['Format', 'Episodes', 'Duration', 'Status', 'Source', 'English', 'Native']);
    expect(JSON.stringify(facts)).not.toContain('null');
    expect(mediaFacts(overview({ startDate: { year: 2024, month: 3, day: null } }))).toContainEqual(['Start Date', 'Mar 2024']);
  });

  it('writes durations as 2.0.3 does', () => {
    expect([1, 24, 60, 107, 120, 0, null].map(duration)).toEqual(['1 min', '24 mins', '1 hour', '1 hour 47 mins', '2 hours', null, null]);
  });

  it('reads the media a link points at', () => {
    expect(mediaFromHref('/anime/154587/Sousou-no-Frieren/', 'https://anilist.co/home')).toEqual({ id: 154587, type: 'ANIME' });
    expect(mediaFromHref('https://anilist.co/manga/30002', 'http://localhost:5173/')).toEqual({ id: 30002, type: 'MANGA' });
    expect(mediaFromHref('https://evil.test/anime/1', 'https://anilist.co/')).toBeNull();
    expect(mediaFromHref('/user/Akira/', 'https://anilist.co/')).toBeNull();
    expect(mediaFromHref(null, 'https://anilist.co/')).toBeNull();
  });
});

describe('config', () => {
  it("defaults to 2.0.3's values under its storage and file names", () => {
    const store = new Store(memoryBackend(), () => {});
    expect(store.get(miniMediaConfigKey)).toEqual(MINI_MEDIA_DEFAULTS);
    expect(MINI_MEDIA_DEFAULTS).toEqual({
      hoverActivityTitles: true,
      hoverEmbeds: false,
      hoverRelations: false,
      hideRelations: false,
      hideCharacters: false,
      hideStaff: false,
      hideBanner: false,
      hideCover: false,
      hideTags: false,
    });
    expect(miniMediaConfigKey).toMatchObject({ name: 'void-verified-mini-media-config', original: 'miniMediaConfig', exported: true });
  });

  it("reads 2.0.3's stored config (no envelope, a stray localStorage field); bad flags take their default", () => {
    const raw = JSON.stringify({ hoverEmbeds: true, hideTags: 'yes', localStorage: 'void-verified-mini-media-config' });
    expect(decodeStored(miniMediaConfigKey, raw).value).toEqual({ ...MINI_MEDIA_DEFAULTS, hoverEmbeds: true });
  });

  it("the settings tab has 2.0.3's nine checkboxes, in its order and words, each writing its flag", () => {
    const { services, store } = makeTestServices();
    const container = document.createElement('div');
    document.body.append(container);
    render(
      <Providers services={services} container={container} name="test">
        <MiniMediaConfig ctx={services.context(null)} />
      </Providers>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Mini Media Overview Configuration');
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      'Show when hovering media titles in activities',
      'Show when hovering embeds',
      'Show when hovering relations in media page',
      'Hide Relations',
      'Hide Characters',
      'Hide Staff',
      'Hide Banner',
      'Hide Cover',
      'Hide Tags',
    ]);
    fireEvent.click(screen.getByLabelText('Hide Staff'));
    expect(store.get(miniMediaConfigKey)).toEqual({ ...MINI_MEDIA_DEFAULTS, hideStaff: true });
    // A change made elsewhere meanwhile (another tab) is kept: a click changes its own flag only.
    store.set(miniMediaConfigKey, { ...store.get(miniMediaConfigKey), hoverEmbeds: true });
    fireEvent.click(screen.getByLabelText('Hide Tags'));
    expect(store.get(miniMediaConfigKey)).toEqual({ ...MINI_MEDIA_DEFAULTS, hideStaff: true, hoverEmbeds: true, hideTags: true });
  });

  it("is the 'mini media' settings tab, shown while miniMediaEnabled (off by default) is on", () => {
    expect(miniMedia.options).toEqual([{ key: 'miniMediaEnabled', description: 'Hover over media to view an overview.', default: false }]);
    expect(miniMedia.category).toBe('misc');
    expect(miniMedia.panels?.find((p) => p.kind === 'settings-tab')).toMatchObject({ title: 'mini media', option: 'miniMediaEnabled' });
  });
});

describe('cache', () => {
  const m = (id: number) => ({ ...overview(), id });

  it('answers a media for 31 days, by its id', () => {
    const cache = withOverview({}, m(1), NOW);
    expect(cachedOverview(cache, 1, NOW + MEDIA_CACHE_LIFETIME_MS - 1)?.id).toBe(1);
    expect(cachedOverview(cache, 1, NOW + MEDIA_CACHE_LIFETIME_MS)).toBeNull();
    expect(cachedOverview(cache, 2, NOW)).toBeNull();
    // A clock put back does not make an entry from the future fresh.
    expect(cachedOverview(cache, 1, NOW - 1)).toBeNull();
    expect(cachedOverview(cache, Number('NaN'), NOW)).toBeNull();
  });

  it(`keeps at most ${MEDIA_CACHE_MAX} media, the newest, and drops the expired on every write`, () => {
    const store = new Store(memoryBackend(), () => {});
    const write = (id: number, now: number) => store.update(mediaOverviewCacheKey, (cache) => withOverview(cache, m(id), now));
    store.set(
      mediaOverviewCacheKey,
      Object.fromEntries(Array.from({ length: MEDIA_CACHE_MAX }, (_, i) => [String(i + 1), { media: m(i + 1), cachedAt: NOW + i + 1 }])),
    );
    for (let id = MEDIA_CACHE_MAX + 1; id <= MEDIA_CACHE_MAX + 20; id++) write(id, NOW + id);
    const ids = Object.keys(store.get(mediaOverviewCacheKey)).map(Number);
    expect(ids).toHaveLength(MEDIA_CACHE_MAX);
    expect(Math.min(...ids)).toBe(21);
    const later = write(1, NOW + MEDIA_CACHE_LIFETIME_MS + 50);
    expect(
      Object.keys(later)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, ...Array.from({ length: 70 }, (_, i) => 51 + i)]);
    expect(mediaOverviewCacheKey).toMatchObject({ name: 'void-verified-palette-media-overview-cache', exported: false });
    expect(mediaOverviewCacheKey.original).toBeUndefined();
    expect(mediaOverviewCacheKey.cap).toEqual({
      max: MEDIA_CACHE_MAX,
      describe: `${MEDIA_CACHE_MAX} entries, expired and the oldest pruned`,
    });
    // More than the cap, stored by someone else: refused (the default, empty) rather than kept.
    const tooMany = Object.fromEntries(Array.from({ length: MEDIA_CACHE_MAX + 1 }, (_, i) => [String(i), { media: m(i), cachedAt: NOW }]));
    expect(decodeStored(mediaOverviewCacheKey, JSON.stringify({ v: 1, data: tooMany })).value).toEqual({});
  });

  it('loads once: the query is sent once, with the id, type and 6 people, then the cache answers', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ data: { Media: apiMedia({ season: null, averageScore: null }) } }), { status: 200 }),
    );
    const { services, store } = makeTestServices(undefined, { fetch });
    const querying = vi.fn();
    const a = await loadMediaOverview(services, { id: 154587, type: 'ANIME' }, { querying });
    expect(a.season).toBeNull();
    expect((await loadMediaOverview(services, { id: 154587, type: 'ANIME' }, { querying })).id).toBe(154587);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(querying).toHaveBeenCalledTimes(1);
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string) as { variables: unknown };
    expect(body.variables).toEqual({ mediaId: 154587, type: 'ANIME', perPage: 6 });
    expect(Object.keys(store.get(mediaOverviewCacheKey))).toEqual(['154587']);
  });

  it('rejects on failure and caches nothing', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ data: null, errors: [{ message: 'Not Found.', status: 404 }] }), { status: 404 }),
    );
    const { services, store } = makeTestServices(undefined, { fetch });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(loadMediaOverview(services, { id: 9, type: 'MANGA' })).rejects.toThrow();
    expect(store.get(mediaOverviewCacheKey)).toEqual({});
  });
});

describe('card', () => {
  function renderCard(media: MediaOverview, config = MINI_MEDIA_DEFAULTS) {
    const { services } = makeTestServices();
    const container = document.createElement('div');
    document.body.append(container);
    render(
      <Providers services={services} container={container} name="test">
        <MediaOverviewCard media={media} config={config} />
      </Providers>,
    );
    return screen.getByRole('region', { name: `Overview of ${media.title.userPreferred}` });
  }

  it('shows banner, cover, data, title, relations, characters with voice actors, staff and tags; spoiler tags behind their toggle', () => {
    // Sanitising itself is checked in Chromium (tests/e2e/mini-media.spec.ts): DOMPurify misbehaves under happy-dom.
    const card = renderCard(overview({ isAdult: true }));
    expect(card.querySelector('.vv-mm-banner')).not.toBeNull();
    expect(card.querySelector('.vv-mm-cover')).not.toBeNull();
    expect(screen.getByText('Adult')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sousou no Frieren' }).getAttribute('href')).toBe('/anime/154587/');
    expect(screen.getByRole('region', { name: 'Relations' }).textContent).toContain('manga · releasing');
    expect(screen.getByRole('region', { name: 'Characters' }).querySelectorAll('.vv-mm-actor')).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'Staff' }).querySelectorAll('li')).toHaveLength(6);
    const tags = screen.getByRole('complementary', { name: 'Tags' });
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Travel 99%', 'Elf 95%']);
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 spoiler tags' }));
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Travel 99%', 'Elf 95%', 'Time Skip 80%']);
  });

  it.each([
    ['hideBanner', '.vv-mm-banner'],
    ['hideCover', '.vv-mm-cover'],
    ['hideRelations', '[aria-label="Relations"]'],
    ['hideCharacters', '[aria-label="Characters"]'],
    ['hideStaff', '[aria-label="Staff"]'],
    ['hideTags', '[aria-label="Tags"]'],
  ] as const)('%s hides %s', (flag, selector) => {
    expect(renderCard(overview(), MINI_MEDIA_DEFAULTS).querySelector(selector)).not.toBeNull();
    cleanup();
    expect(renderCard(overview(), { ...MINI_MEDIA_DEFAULTS, [flag]: true }).querySelector(selector)).toBeNull();
  });
});

describe('card position', () => {
  const anchor: Rect = { left: 100, right: 300, top: 300, bottom: 320, width: 200, height: 20 };
  const viewport = { width: 1200, height: 800 };
  it('sits under the link, up to 30 px left of it, 50 px off the right edge, and above the link when it does not fit below', () => {
    expect(mediaCardPosition(anchor, { width: 600, height: 400 }, viewport)).toEqual({ left: 70, top: 330 });
    expect(mediaCardPosition({ ...anchor, left: 1000 }, { width: 600, height: 400 }, viewport).left).toBe(550);
    expect(mediaCardPosition({ ...anchor, top: 600, bottom: 620 }, { width: 600, height: 400 }, viewport).top).toBe(190);
  });
});
