import { NO_DATES_MEDIA_ID, relatedMedia } from './replica-runtime';
import type { SeedData, SeedMedia } from './seed';

/**
 * The media fields MiniMedia's overview asks for (document 3, C14) that the seed does not keep:
 * season, end date, mean score, source, studios, relations, characters with voice actors, staff and
 * tags, made up from each media's id so they are the same on every run. One media
 * (NO_DATES_MEDIA_ID, serial experiments lain) has no season, no scores and no dates, as AniList
 * answers for a media it knows little of (2.0.3 stopped drawing on it).
 */

export { NO_DATES_MEDIA_ID };

type Ctx = { state: SeedData };
const SEASONS = ['WINTER', 'SPRING', 'SUMMER', 'FALL'] as const;
const FIRST = ['Aiko', 'Haru', 'Kaito', 'Mei', 'Ren', 'Sora', 'Yui', 'Daichi'];
const LAST = ['Tanaka', 'Suzuki', 'Mori', 'Kato', 'Ishida', 'Ono'];
const STAFF_ROLES = [
  'Director',
  'Original Creator',
  'Series Composition',
  'Music',
  'Character Design',
  'Animation Director',
  'Sound Director',
];
const TAGS: [name: string, spoiler: boolean][] = [
  ['Ensemble Cast', false],
  ['Found Family', false],
  ['Time Skip', true],
  ['Tragedy', false],
  ['Twist Ending', true],
];

const bare = (m: SeedMedia) => m.id === NO_DATES_MEDIA_ID;
const name = (n: number) => ({ userPreferred: `${FIRST[n % FIRST.length]} ${LAST[(n >> 3) % LAST.length]}` });
const image = (kind: string, id: number) => ({ medium: `https://s4.anilist.co/file/anilistcdn/${kind}/medium/b${id}-seed.png` });

export const mediaOverviewFields = {
  season: (m: SeedMedia) => (m.type !== 'ANIME' || bare(m) ? null : SEASONS[Math.floor((m.startDate.month - 1) / 3)]),
  seasonYear: (m: SeedMedia) => (m.type !== 'ANIME' || bare(m) ? null : m.startDate.year),
  startDate: (m: SeedMedia) => (bare(m) ? { year: null, month: null, day: null } : m.startDate),
  endDate: (m: SeedMedia) =>
    bare(m) || m.status !== 'FINISHED' ? null : { year: m.startDate.year + 1, month: m.startDate.month, day: m.startDate.day },
  averageScore: (m: SeedMedia) => (bare(m) ? null : m.averageScore),
  meanScore: (m: SeedMedia) => (bare(m) ? null : Math.min(100, m.averageScore + 1)),
  source: (m: SeedMedia) => (m.type === 'MANGA' ? 'ORIGINAL' : m.id % 3 ? 'MANGA' : 'ORIGINAL'),
  studios: (m: SeedMedia) => ({
    edges:
      m.type === 'ANIME'
        ? [
            {
              isMain: true,
              node: {
                id: 1000 + (m.id % 7),
                name: ['MAPPA', 'MADHOUSE', 'Sunrise', 'Bones', 'ufotable', 'Kyoto Animation', 'WIT STUDIO'][m.id % 7],
              },
            },
            { isMain: false, node: { id: 2000 + (m.id % 3), name: ['Aniplex', 'TOHO', 'Bandai Visual'][m.id % 3] } },
          ]
        : [],
  }),
  relations: (m: SeedMedia, _args: unknown, ctx: Ctx) => {
    const related = relatedMedia(ctx.state.media, m);
    return {
      edges: related.map((r, i) => ({
        relationType: r.type === m.type ? (i ? 'SIDE_STORY' : 'SEQUEL') : 'ADAPTATION',
        node: { ...r, coverImage: { medium: r.coverImage.medium } },
      })),
    };
  },
  characters: (m: SeedMedia) => ({
    edges: Array.from({ length: 8 }, (_, i) => {
      const id = m.id * 10 + i;
      return {
        role: i < 2 ? 'MAIN' : 'SUPPORTING',
        node: { id, name: name(id), image: image('character', id), gender: null },
        voiceActorRoles:
          m.type === 'ANIME' && i !== 3 ? [{ voiceActor: { id: 90000 + id, name: name(id + 5), image: image('staff', 90000 + id) } }] : [],
      };
    }),
  }),
  staff: (m: SeedMedia) => ({
    edges: Array.from({ length: 7 }, (_, i) => {
      const id = 50000 + m.id * 10 + i;
      return { role: STAFF_ROLES[i], node: { id, name: name(id), image: image('staff', id) } };
    }),
  }),
  tags: (m: SeedMedia) =>
    TAGS.map(([tag, spoiler], i) => ({ name: tag, rank: 95 - ((m.id + i * 17) % 40), isMediaSpoiler: spoiler, isGeneralSpoiler: false })),
};
