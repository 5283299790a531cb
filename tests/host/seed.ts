/**
 * Deterministic seed data shared by the replica (tests/host/replica.ts) and the mock API
 * (tests/host/mock-api.ts), so that the activity ids on a replica page exist in the API and the
 * other way round. Everything is generated from a fixed PRNG seed and a fixed clock (SEED_NOW):
 * two calls of createSeed() give deep-equal data.
 *
 * The shapes are plain JSON (the replica embeds the whole object in the page for its client-side
 * router). Field names follow the GraphQL schema where the value is returned as is; relations are
 * stored as ids (`likeIds`, `subscriberIds`, `following`) and resolved by the mock API.
 */

/** "Now" of the seeded world: 2026-01-01T12:00:00Z, Unix seconds. Tests can pin the page clock to it. */
export const SEED_NOW = 1767268800;
/** The signed-in user of the replica and the owner of the mock API's valid tokens. */
export const VIEWER_ID = 1;

export const NAMED_COLORS: Readonly<Record<string, string>> = {
  blue: '61, 180, 242',
  purple: '192, 99, 255',
  green: '76, 202, 81',
  orange: '239, 136, 26',
  red: '225, 51, 51',
  pink: '252, 157, 214',
  gray: '103, 123, 148',
};

const LIST_STATUSES = ['CURRENT', 'PLANNING', 'COMPLETED', 'DROPPED', 'PAUSED', 'REPEATING'] as const;
type ListStatus = (typeof LIST_STATUSES)[number];

export interface SeedUser {
  id: number;
  name: string;
  about: string | null;
  avatar: { large: string; medium: string };
  bannerImage: string | null;
  donatorTier: number;
  donatorBadge: string;
  moderatorRoles: string[] | null;
  options: {
    profileColor: string;
    titleLanguage: 'ROMAJI' | 'ENGLISH' | 'NATIVE';
    displayAdultContent: boolean;
    airingNotifications: boolean;
    timezone: string | null;
    activityMergeTime: number;
    restrictMessagesToFollowing: boolean;
    disabledListActivity: { type: ListStatus; disabled: boolean }[];
  };
  /** Ids of the users this user follows. */
  following: number[];
  unreadNotificationCount: number;
  createdAt: number;
  siteUrl: string;
}

export interface SeedMedia {
  id: number;
  type: 'ANIME' | 'MANGA';
  format: 'TV' | 'MOVIE' | 'OVA' | 'ONA' | 'MANGA' | 'ONE_SHOT';
  status: 'FINISHED' | 'RELEASING';
  title: { romaji: string; english: string | null; native: string | null; userPreferred: string };
  coverImage: { extraLarge: string; large: string; medium: string; color: string };
  bannerImage: string | null;
  startDate: { year: number; month: number; day: number };
  episodes: number | null;
  chapters: number | null;
  volumes: number | null;
  duration: number | null;
  averageScore: number;
  popularity: number;
  genres: string[];
  description: string;
  siteUrl: string;
  isAdult: boolean;
}

interface ActivityBase {
  id: number;
  createdAt: number;
  /** Users who like it. */
  likeIds: number[];
  /** Users subscribed to its replies. */
  subscriberIds: number[];
  isLocked: boolean;
  isPinned: boolean;
}
interface SeedTextActivity extends ActivityBase {
  __typename: 'TextActivity';
  type: 'TEXT';
  userId: number;
  text: string;
}
interface SeedListActivity extends ActivityBase {
  __typename: 'ListActivity';
  type: 'ANIME_LIST' | 'MANGA_LIST';
  userId: number;
  mediaId: number;
  /** AniList's lower-case status phrase, e.g. "watched episode", "completed". */
  status: string;
  progress: string | null;
}
interface SeedMessageActivity extends ActivityBase {
  __typename: 'MessageActivity';
  type: 'MESSAGE';
  messengerId: number;
  recipientId: number;
  message: string;
  isPrivate: boolean;
}
export type SeedActivity = SeedTextActivity | SeedListActivity | SeedMessageActivity;

export interface SeedReply {
  id: number;
  activityId: number;
  userId: number;
  text: string;
  createdAt: number;
  likeIds: number[];
}

export interface SeedNotification {
  __typename: string;
  id: number;
  type: string;
  /** Whose notification it is (the schema has no such field; the mock API filters on it). */
  recipientId: number;
  /** The user who caused it (schema `userId`), when there is one. */
  userId?: number;
  activityId?: number;
  context?: string;
  contexts?: string[];
  animeId?: number;
  episode?: number;
  mediaId?: number;
  reason?: string;
  /** Forum notifications: the thread (id, title) and the comment. */
  threadId?: number;
  commentId?: number;
  thread?: { id: number; title: string };
  comment?: { id: number };
  deletedMediaTitle?: string;
  deletedMediaTitles?: string[];
  /** Submission updates. */
  status?: string;
  notes?: string;
  submittedTitle?: string | null;
  staff?: SeedPerson;
  character?: SeedPerson;
  createdAt: number;
}

/** A staff member or character as a submission notification names it. */
interface SeedPerson {
  id: number;
  name: { userPreferred: string; full: string };
  image: { large: string; medium: string };
  siteUrl: string;
}

export interface SeedMediaListEntry {
  id: number;
  userId: number;
  mediaId: number;
  status: ListStatus;
  progress: number;
  progressVolumes: number | null;
  score: number;
  repeat: number;
  priority: number;
  private: boolean;
  notes: string | null;
  hiddenFromStatusLists: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface SeedData {
  /** The clock of the seeded world (Unix seconds); relative times on replica pages use it. */
  now: number;
  users: SeedUser[];
  media: SeedMedia[];
  activities: SeedActivity[];
  replies: SeedReply[];
  notifications: SeedNotification[];
  mediaList: SeedMediaListEntry[];
}

/** mulberry32: a tiny deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const USER_NAMES = [
  'Viewer',
  'Akira',
  'Bocchi',
  'Chihiro',
  'Daisuke',
  'Emiru',
  'Fumiko',
  'Goro',
  'Haruhi',
  'Isami',
  'Jun',
  'Kaede',
  'Lain',
  'Makoto',
  'Nagisa',
  'Osamu',
  'Pochita',
  'Quinella',
  'Rei',
  'Sakura',
  'Tomoya',
  'Usagi',
  'Violet',
  'Wataru',
  'Xingqiu',
  'Yuki',
  'Zenitsu',
  'Ayanami',
  'Kirito',
  'Mitsuha',
];

type MediaRow = [
  id: number,
  romaji: string,
  english: string | null,
  format: SeedMedia['format'],
  year: number,
  count: number | null,
  duration: number | null,
  genres: string,
];
const ANIME: MediaRow[] = [
  [1, 'Cowboy Bebop', 'Cowboy Bebop', 'TV', 1998, 26, 24, 'Action,Sci-Fi'],
  [5114, 'Hagane no Renkinjutsushi: FULLMETAL ALCHEMIST', 'Fullmetal Alchemist: Brotherhood', 'TV', 2009, 64, 24, 'Action,Adventure,Drama'],
  [9253, 'Steins;Gate', 'Steins;Gate', 'TV', 2011, 24, 24, 'Drama,Sci-Fi,Thriller'],
  [20, 'NARUTO', 'Naruto', 'TV', 2002, 220, 23, 'Action,Adventure'],
  [21, 'ONE PIECE', 'ONE PIECE', 'TV', 1999, null, 24, 'Action,Adventure,Comedy'],
  [16498, 'Shingeki no Kyojin', 'Attack on Titan', 'TV', 2013, 25, 24, 'Action,Drama,Fantasy'],
  [101922, 'Kimetsu no Yaiba', 'Demon Slayer: Kimetsu no Yaiba', 'TV', 2019, 26, 24, 'Action,Adventure'],
  [113415, 'Jujutsu Kaisen', 'JUJUTSU KAISEN', 'TV', 2020, 24, 24, 'Action,Drama,Supernatural'],
  [130003, 'Bocchi the Rock!', 'BOCCHI THE ROCK!', 'TV', 2022, 12, 24, 'Comedy,Music,Slice of Life'],
  [154587, 'Sousou no Frieren', "Frieren: Beyond Journey's End", 'TV', 2023, 28, 24, 'Adventure,Drama,Fantasy'],
  [21519, 'Kimi no Na wa.', 'Your Name.', 'MOVIE', 2016, 1, 107, 'Drama,Romance,Supernatural'],
  [199, 'Sen to Chihiro no Kamikakushi', 'Spirited Away', 'MOVIE', 2001, 1, 125, 'Adventure,Fantasy'],
  [11061, 'HUNTER×HUNTER (2011)', 'Hunter x Hunter (2011)', 'TV', 2011, 148, 23, 'Action,Adventure,Fantasy'],
  [1535, 'DEATH NOTE', 'Death Note', 'TV', 2006, 37, 23, 'Mystery,Psychological,Thriller'],
  [30, 'Shinseiki Evangelion', 'Neon Genesis Evangelion', 'TV', 1995, 26, 24, 'Action,Mecha,Psychological'],
  [339, 'serial experiments lain', 'Serial Experiments Lain', 'TV', 1998, 13, 23, 'Mystery,Psychological,Sci-Fi'],
  [21087, 'One Punch Man', 'One-Punch Man', 'TV', 2015, 12, 24, 'Action,Comedy'],
  [20954, 'Koe no Katachi', 'A Silent Voice', 'MOVIE', 2016, 1, 130, 'Drama,Romance'],
  [21827, 'Violet Evergarden', 'Violet Evergarden', 'TV', 2018, 13, 24, 'Drama,Fantasy'],
  [2167, 'CLANNAD', 'CLANNAD', 'TV', 2007, 23, 24, 'Drama,Romance,Slice of Life'],
  [849, 'Suzumiya Haruhi no Yuuutsu', 'The Melancholy of Haruhi Suzumiya', 'TV', 2006, 14, 24, 'Comedy,Mystery'],
  [127230, 'Chainsaw Man', 'Chainsaw Man', 'TV', 2022, 12, 24, 'Action,Horror'],
  [140960, 'SPY×FAMILY', 'SPY x FAMILY', 'TV', 2022, 12, 24, 'Action,Comedy,Slice of Life'],
  [20997, 'Charlotte', 'Charlotte', 'TV', 2015, 13, 24, 'Drama,Supernatural'],
  [9989, 'Ano Hi Mita Hana no Namae wo Bokutachi wa Mada Shiranai.', 'Anohana', 'TV', 2011, 11, 23, 'Drama,Slice of Life'],
];
const MANGA: MediaRow[] = [
  [30002, 'Berserk', 'Berserk', 'MANGA', 1989, null, null, 'Action,Drama,Horror'],
  [30013, 'ONE PIECE', 'One Piece', 'MANGA', 1997, null, null, 'Action,Adventure,Comedy'],
  [30011, 'NARUTO', 'Naruto', 'MANGA', 1999, 700, null, 'Action,Adventure'],
  [30025, 'Hagane no Renkinjutsushi', 'Fullmetal Alchemist', 'MANGA', 2001, 116, null, 'Action,Adventure,Drama'],
  [30021, 'DEATH NOTE', 'Death Note', 'MANGA', 2003, 108, null, 'Mystery,Psychological'],
  [30656, 'Vagabond', 'Vagabond', 'MANGA', 1998, 327, null, 'Action,Drama'],
  [30001, 'MONSTER', 'Monster', 'MANGA', 1994, 162, null, 'Drama,Mystery,Thriller'],
  [30104, 'Yotsuba to!', 'Yotsuba&!', 'MANGA', 2003, null, null, 'Comedy,Slice of Life'],
  [53390, 'Shingeki no Kyojin', 'Attack on Titan', 'MANGA', 2009, 139, null, 'Action,Drama'],
  [87216, 'Kimetsu no Yaiba', 'Demon Slayer', 'MANGA', 2016, 207, null, 'Action,Supernatural'],
  [101517, 'Jujutsu Kaisen', 'Jujutsu Kaisen', 'MANGA', 2018, 271, null, 'Action,Supernatural'],
  [105778, 'Chainsaw Man', 'Chainsaw Man', 'MANGA', 2018, null, null, 'Action,Horror'],
  [118586, 'Sousou no Frieren', "Frieren: Beyond Journey's End", 'MANGA', 2020, null, null, 'Adventure,Fantasy'],
  [86635, 'Kaguya-sama wa Kokurasetai', 'Kaguya-sama: Love is War', 'MANGA', 2015, 281, null, 'Comedy,Romance'],
  [31706, 'JoJo no Kimyou na Bouken: Steel Ball Run', 'Steel Ball Run', 'ONE_SHOT', 2004, 95, null, 'Action,Adventure'],
];

const TEXTS = [
  'Finally caught up! That last arc was **incredible**.',
  'Does anyone have recommendations for a cozy slice of life? _Please_ no tragedies this week.',
  'Rewatching an old favourite and it still holds up.\n\nimg220(https://s4.anilist.co/file/anilistcdn/media/anime/banner/1-seed.jpg)',
  'Hot take: the manga ending was better than the anime one.',
  'Season ranking so far:\n1. Frieren\n2. Bocchi\n3. everything else',
  'Spoiler warning for the finale ~!they all survive!~',
  'Listening to the OST on repeat. youtube(dQw4w9WgXcQ)',
  'Posted my winter watchlist, see [my list](https://anilist.co/user/Viewer/animelist).',
  'Thanks @Akira for the recommendation!',
  'Hey @Viewer, you should really start Frieren.',
  '~~~Happy New Year everyone!~~~',
  'Is it just me or did this week fly by?',
  'Dropped three shows this season. Quality over quantity.',
];
const REPLIES = [
  'Agreed!',
  'Same here, honestly.',
  'Welcome back :)',
  'That scene got me too.',
  'Have you tried the manga?',
  'lol',
  'Big if true.',
  'Thanks for sharing!',
  'Happy new year!',
  'This is the way.',
];
const MESSAGES = [
  'Hey! Saw your list update, what did you think?',
  'Happy birthday!!',
  'Thanks for the follow!',
  'Did you finish it yet?',
  'You have to watch this: https://anilist.co/anime/154587',
];

function pick<T>(rand: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function subset(rand: () => number, ids: number[], max: number): number[] {
  const n = Math.floor(rand() * (max + 1));
  const pool = [...ids];
  const out: number[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  return out.sort((a, b) => a - b);
}

const hex = (rand: () => number) =>
  '#' +
  Math.floor(rand() * 0xffffff)
    .toString(16)
    .padStart(6, '0');

function makeUser(id: number, name: string, rand: () => number): SeedUser {
  const colors = Object.keys(NAMED_COLORS);
  // One user (Haruhi) has a donator's hex colour; the rest cycle through the named colours.
  const profileColor = name === 'Haruhi' ? '#ff6f61' : colors[(id - 1) % colors.length]!;
  const donatorTier = id === 1 ? 1 : [0, 0, 1, 2, 3, 4, 0, 0][id % 8]!;
  const badges: Record<number, string> = { 3: 'Cool Donator', 4: 'Rainbow Donator' };
  const moderatorRoles = name === 'Lain' ? ['ADMIN', 'DEVELOPER'] : name === 'Rei' ? ['COMMUNITY'] : name === 'Goro' ? ['RETIRED'] : null;
  return {
    id,
    name,
    about:
      id % 5 === 4
        ? null
        : `Hi, I'm **${name}**.\n\nI mostly watch ${pick(rand, ['action', 'romance', 'slice of life', 'mecha', 'mystery'])} shows.`,
    avatar: {
      large: `https://s4.anilist.co/file/anilistcdn/user/avatar/large/b${id}-seed.png`,
      medium: `https://s4.anilist.co/file/anilistcdn/user/avatar/medium/b${id}-seed.png`,
    },
    bannerImage: id % 3 === 0 ? null : `https://s4.anilist.co/file/anilistcdn/user/banner/b${id}-seed.jpg`,
    donatorTier,
    donatorBadge: badges[donatorTier] ?? 'Donator',
    moderatorRoles,
    options: {
      profileColor,
      titleLanguage: 'ROMAJI',
      displayAdultContent: false,
      airingNotifications: true,
      timezone: null,
      activityMergeTime: 29,
      restrictMessagesToFollowing: false,
      disabledListActivity: LIST_STATUSES.map((type) => ({ type, disabled: false })),
    },
    following: [],
    unreadNotificationCount: id === VIEWER_ID ? 3 : 0,
    createdAt: SEED_NOW - 86400 * (400 + id * 13),
    siteUrl: `https://anilist.co/user/${id}`,
  };
}

function makeMedia(
  [id, romaji, english, format, year, count, duration, genres]: MediaRow,
  type: SeedMedia['type'],
  rand: () => number,
): SeedMedia {
  const kind = type === 'ANIME' ? 'anime' : 'manga';
  return {
    id,
    type,
    format,
    status: count === null ? 'RELEASING' : 'FINISHED',
    title: { romaji, english, native: null, userPreferred: romaji },
    coverImage: {
      extraLarge: `https://s4.anilist.co/file/anilistcdn/media/${kind}/cover/large/bx${id}-seed.jpg`,
      large: `https://s4.anilist.co/file/anilistcdn/media/${kind}/cover/medium/bx${id}-seed.jpg`,
      medium: `https://s4.anilist.co/file/anilistcdn/media/${kind}/cover/small/bx${id}-seed.jpg`,
      color: hex(rand),
    },
    bannerImage: id % 2 === 0 ? `https://s4.anilist.co/file/anilistcdn/media/${kind}/banner/${id}-seed.jpg` : null,
    startDate: { year, month: 1 + (id % 12), day: 1 + (id % 28) },
    episodes: type === 'ANIME' ? count : null,
    chapters: type === 'MANGA' ? count : null,
    volumes: type === 'MANGA' && count !== null ? Math.ceil(count / 9) : null,
    duration: type === 'ANIME' ? duration : null,
    averageScore: 60 + Math.floor(rand() * 35),
    popularity: 10000 + Math.floor(rand() * 900000),
    genres: genres.split(','),
    description: `${english ?? romaji} is a ${year} ${kind} about ${pick(rand, ['friendship', 'growing up', 'a long journey', 'music', 'revenge'])}.`,
    siteUrl: `https://anilist.co/${kind}/${id}`,
    isAdult: false,
  };
}

function listPhrase(
  type: SeedMedia['type'],
  status: ListStatus,
  rand: () => number,
  count: number | null,
): { status: string; progress: string | null } {
  const max = count ?? 200;
  const at = 1 + Math.floor(rand() * Math.max(1, max - 1));
  switch (status) {
    case 'CURRENT':
      return {
        status: type === 'ANIME' ? 'watched episode' : 'read chapter',
        progress: rand() < 0.3 && at > 2 ? `${at - 2} - ${at}` : String(at),
      };
    case 'REPEATING':
      return { status: type === 'ANIME' ? 'rewatched episode' : 'reread chapter', progress: String(at) };
    case 'COMPLETED':
      return { status: 'completed', progress: null };
    case 'PLANNING':
      return { status: type === 'ANIME' ? 'plans to watch' : 'plans to read', progress: null };
    case 'DROPPED':
      return { status: type === 'ANIME' ? 'dropped episode' : 'dropped chapter', progress: String(at) };
    case 'PAUSED':
      return { status: type === 'ANIME' ? 'paused watching' : 'paused reading', progress: null };
  }
}

/** Builds the seeded world. Pure and deterministic. */
export function createSeed(): SeedData {
  const rand = prng(20260101);
  const users = USER_NAMES.map((name, i) => makeUser(i + 1, name, rand));
  const userIds = users.map((u) => u.id);
  // The follow graph: the viewer follows users 2-16; users 9-20 follow the viewer; everyone else
  // follows a few random people.
  for (const u of users) {
    if (u.id === VIEWER_ID) u.following = userIds.filter((id) => id >= 2 && id <= 16);
    else {
      const others = userIds.filter((id) => id !== u.id && id !== VIEWER_ID);
      u.following = subset(rand, others, 6);
      if (u.id >= 9 && u.id <= 20) u.following = [VIEWER_ID, ...u.following];
    }
  }
  const media = [...ANIME.map((row) => makeMedia(row, 'ANIME', rand)), ...MANGA.map((row) => makeMedia(row, 'MANGA', rand))];
  const mediaById = new Map(media.map((m) => [m.id, m]));

  // The viewer's list: a few of each status.
  const mediaList: SeedMediaListEntry[] = [];
  const viewerPicks: [number, ListStatus][] = [
    [154587, 'CURRENT'],
    [130003, 'CURRENT'],
    [21, 'CURRENT'],
    [113415, 'CURRENT'],
    [1, 'COMPLETED'],
    [9253, 'COMPLETED'],
    [339, 'PLANNING'],
    [21827, 'PAUSED'],
    [30002, 'CURRENT'],
    [118586, 'CURRENT'],
    [30104, 'COMPLETED'],
    [105778, 'DROPPED'],
  ];
  for (const [mediaId, status] of viewerPicks) {
    const m = mediaById.get(mediaId)!;
    const count = m.episodes ?? m.chapters;
    mediaList.push({
      id: 1000 + mediaList.length + 1,
      userId: VIEWER_ID,
      mediaId,
      status,
      progress: status === 'COMPLETED' ? (count ?? 100) : status === 'PLANNING' ? 0 : Math.min(count ?? 999, 3 + (mediaId % 9)),
      progressVolumes: m.type === 'MANGA' ? 1 : null,
      score: status === 'COMPLETED' ? 8 + (mediaId % 3) : 0,
      repeat: 0,
      priority: 0,
      private: false,
      notes: null,
      hiddenFromStatusLists: false,
      createdAt: SEED_NOW - 86400 * 30,
      updatedAt: SEED_NOW - 3600 * (1 + (mediaId % 50)),
    });
  }

  // Activities, oldest first. Ids and times increase together, like on the site.
  const activities: SeedActivity[] = [];
  const replies: SeedReply[] = [];
  const COUNT = 120;
  let replyId = 50_000_001;
  for (let i = 0; i < COUNT; i++) {
    const id = 700_000_001 + i;
    const createdAt = SEED_NOW - (COUNT - i) * 1800 - Math.floor(rand() * 900);
    // Every fifth activity belongs to the viewer so profiles, notifications and deletes have data.
    const userId = i % 5 === 2 ? VIEWER_ID : pick(rand, userIds);
    const base = {
      id,
      createdAt,
      likeIds: subset(rand, userIds, 5),
      subscriberIds: [] as number[],
      isLocked: false,
      isPinned: false,
    };
    const roll = rand();
    let activity: SeedActivity;
    if (roll < 0.42) {
      const m = pick(rand, media);
      const status = pick(rand, ['CURRENT', 'CURRENT', 'CURRENT', 'COMPLETED', 'PLANNING', 'DROPPED', 'PAUSED', 'REPEATING'] as const);
      activity = {
        ...base,
        __typename: 'ListActivity',
        type: m.type === 'ANIME' ? 'ANIME_LIST' : 'MANGA_LIST',
        userId,
        mediaId: m.id,
        ...listPhrase(m.type, status, rand, m.episodes ?? m.chapters),
      };
    } else if (roll < 0.82) {
      activity = { ...base, __typename: 'TextActivity', type: 'TEXT', userId, text: pick(rand, TEXTS) };
    } else {
      // Messages: mostly between the viewer and others, in both directions.
      const toViewer = rand() < 0.6;
      const other = pick(
        rand,
        userIds.filter((u) => u !== VIEWER_ID),
      );
      activity = {
        ...base,
        __typename: 'MessageActivity',
        type: 'MESSAGE',
        messengerId: toViewer ? other : userId,
        recipientId: toViewer ? VIEWER_ID : userId === VIEWER_ID ? other : VIEWER_ID,
        message: pick(rand, MESSAGES),
        isPrivate: rand() < 0.25,
      };
      if (activity.messengerId === activity.recipientId) activity.recipientId = other === activity.messengerId ? 2 : other;
    }
    const owner = activity.__typename === 'MessageActivity' ? activity.messengerId : activity.userId;
    activity.subscriberIds = [owner];
    activities.push(activity);
    const replyCount = rand() < 0.45 ? 1 + Math.floor(rand() * 4) : 0;
    for (let r = 0; r < replyCount; r++) {
      const replier = pick(rand, userIds);
      replies.push({
        id: replyId++,
        activityId: id,
        userId: replier,
        text: pick(rand, REPLIES),
        createdAt: createdAt + 60 * (r + 1) + Math.floor(rand() * 300),
        likeIds: subset(rand, userIds, 3),
      });
    }
  }
  // The viewer is subscribed to the activities they replied to, as the site does.
  for (const r of replies) {
    const a = activities.find((x) => x.id === r.activityId);
    if (a && r.userId === VIEWER_ID && !a.subscriberIds.includes(VIEWER_ID)) a.subscriberIds.push(VIEWER_ID);
  }
  // The viewer's oldest text activity is pinned on their profile, to exercise PINNED sorting.
  const pinned = activities.find((a) => a.__typename === 'TextActivity' && a.userId === VIEWER_ID);
  if (pinned) pinned.isPinned = true;

  return {
    now: SEED_NOW,
    users,
    media,
    activities,
    replies,
    notifications: makeNotifications(users, media, activities, replies, mediaList),
    mediaList,
  };
}

function makeNotifications(
  users: SeedUser[],
  media: SeedMedia[],
  activities: SeedActivity[],
  replies: SeedReply[],
  mediaList: SeedMediaListEntry[],
): SeedNotification[] {
  const out: Omit<SeedNotification, 'id'>[] = [];
  const owner = (a: SeedActivity) => (a.__typename === 'MessageActivity' ? a.recipientId : a.userId);
  const byId = new Map(activities.map((a) => [a.id, a]));
  for (const a of activities) {
    if (a.__typename === 'MessageActivity' && a.recipientId === VIEWER_ID && a.messengerId !== VIEWER_ID)
      out.push({
        __typename: 'ActivityMessageNotification',
        type: 'ACTIVITY_MESSAGE',
        recipientId: VIEWER_ID,
        userId: a.messengerId,
        activityId: a.id,
        context: ' sent you a message.',
        createdAt: a.createdAt,
      });
    if (owner(a) === VIEWER_ID)
      for (const liker of a.likeIds.filter((u) => u !== VIEWER_ID).slice(0, 1))
        out.push({
          __typename: 'ActivityLikeNotification',
          type: 'ACTIVITY_LIKE',
          recipientId: VIEWER_ID,
          userId: liker,
          activityId: a.id,
          context: ' liked your activity.',
          createdAt: a.createdAt + 500,
        });
    if (a.__typename === 'TextActivity' && a.text.includes('@Viewer'))
      out.push({
        __typename: 'ActivityMentionNotification',
        type: 'ACTIVITY_MENTION',
        recipientId: VIEWER_ID,
        userId: a.userId,
        activityId: a.id,
        context: ' mentioned you in their activity.',
        createdAt: a.createdAt,
      });
  }
  for (const r of replies) {
    const a = byId.get(r.activityId);
    if (!a || r.userId === VIEWER_ID) continue;
    if (owner(a) === VIEWER_ID)
      out.push({
        __typename: 'ActivityReplyNotification',
        type: 'ACTIVITY_REPLY',
        recipientId: VIEWER_ID,
        userId: r.userId,
        activityId: a.id,
        context: ' replied to your activity.',
        createdAt: r.createdAt,
      });
    else if (a.subscriberIds.includes(VIEWER_ID))
      out.push({
        __typename: 'ActivityReplySubscribedNotification',
        type: 'ACTIVITY_REPLY_SUBSCRIBED',
        recipientId: VIEWER_ID,
        userId: r.userId,
        activityId: a.id,
        context: " replied to activity you're subscribed to.",
        createdAt: r.createdAt,
      });
  }
  // A reply by the viewer liked by someone.
  const viewerReply = replies.find((r) => r.userId === VIEWER_ID && r.likeIds.some((u) => u !== VIEWER_ID));
  if (viewerReply)
    out.push({
      __typename: 'ActivityReplyLikeNotification',
      type: 'ACTIVITY_REPLY_LIKE',
      recipientId: VIEWER_ID,
      userId: viewerReply.likeIds.find((u) => u !== VIEWER_ID)!,
      activityId: viewerReply.activityId,
      context: ' liked your activity reply.',
      createdAt: viewerReply.createdAt + 200,
    });
  // Followers.
  for (const u of users.filter((x) => x.following.includes(VIEWER_ID)).slice(0, 4))
    out.push({
      __typename: 'FollowingNotification',
      type: 'FOLLOWING',
      recipientId: VIEWER_ID,
      userId: u.id,
      context: ' started following you.',
      createdAt: SEED_NOW - 86400 * (u.id % 7) - 3000,
    });
  // Airing episodes of the viewer's current anime.
  const airing = mediaList.filter((e) => e.status === 'CURRENT' && media.find((m) => m.id === e.mediaId)?.type === 'ANIME');
  airing.forEach((e, i) =>
    out.push({
      __typename: 'AiringNotification',
      type: 'AIRING',
      recipientId: VIEWER_ID,
      animeId: e.mediaId,
      episode: e.progress + 1,
      contexts: ['Episode ', ' of ', ' aired.'],
      createdAt: SEED_NOW - 7200 * (i + 1),
    }),
  );
  out.push({
    __typename: 'RelatedMediaAdditionNotification',
    type: 'RELATED_MEDIA_ADDITION',
    recipientId: VIEWER_ID,
    mediaId: 118586,
    context: ' was recently added to the site.',
    createdAt: SEED_NOW - 86400 * 2,
  });
  out.push({
    __typename: 'MediaDataChangeNotification',
    type: 'MEDIA_DATA_CHANGE',
    recipientId: VIEWER_ID,
    mediaId: 154587,
    context: ' received site data changes.',
    reason: 'Added the episode count.',
    createdAt: SEED_NOW - 86400 * 3,
  });
  // Forum: two threads, comments by other users.
  const threads = [
    { id: 71001, title: 'Winter 2026 anime discussion' },
    { id: 71002, title: "What's your comfort anime?" },
  ];
  const others = users.filter((u) => u.id !== VIEWER_ID);
  const forum: [string, string, string, number][] = [
    ['ThreadCommentMentionNotification', 'THREAD_COMMENT_MENTION', ' mentioned you, in the forum thread ', 0],
    ['ThreadCommentReplyNotification', 'THREAD_COMMENT_REPLY', ' replied to your comment, in the forum thread ', 0],
    ['ThreadCommentSubscribedNotification', 'THREAD_SUBSCRIBED', ' commented in your subscribed forum thread ', 1],
    ['ThreadCommentLikeNotification', 'THREAD_COMMENT_LIKE', ' liked your comment, in the forum thread ', 1],
  ];
  forum.forEach(([typename, type, context, t], i) =>
    out.push({
      __typename: typename,
      type,
      recipientId: VIEWER_ID,
      userId: others[(i * 3 + 2) % others.length]!.id,
      commentId: 5_550_001 + i,
      comment: { id: 5_550_001 + i },
      thread: threads[t]!,
      context,
      createdAt: SEED_NOW - 5400 * (i + 1) - 600,
    }),
  );
  out.push({
    __typename: 'ThreadLikeNotification',
    type: 'THREAD_LIKE',
    recipientId: VIEWER_ID,
    userId: others[5 % others.length]!.id,
    threadId: threads[1]!.id,
    thread: threads[1]!,
    context: ' liked your forum thread, ',
    createdAt: SEED_NOW - 86400 - 1200,
  });
  // The site's data: a merge, a deletion and three submission answers.
  const anime = media.filter((m) => m.type === 'ANIME');
  const person = (kind: 'staff' | 'character', id: number, name: string): SeedPerson => ({
    id,
    name: { userPreferred: name, full: name },
    image: {
      large: `https://s4.anilist.co/file/anilistcdn/${kind}/large/b${id}-seed.png`,
      medium: `https://s4.anilist.co/file/anilistcdn/${kind}/medium/b${id}-seed.png`,
    },
    siteUrl: `https://anilist.co/${kind}/${id}`,
  });
  out.push({
    __typename: 'MediaMergeNotification',
    type: 'MEDIA_MERGE',
    recipientId: VIEWER_ID,
    mediaId: anime[0]!.id,
    deletedMediaTitles: [`${anime[0]!.title.romaji} (TV)`],
    context: ' was merged into ',
    reason: 'Duplicate entry.',
    createdAt: SEED_NOW - 86400 * 4,
  });
  out.push({
    __typename: 'MediaDeletionNotification',
    type: 'MEDIA_DELETION',
    recipientId: VIEWER_ID,
    deletedMediaTitle: 'Untitled Original Project (2027)',
    context: ' was deleted from the site.',
    reason: 'Cancelled before it was announced.',
    createdAt: SEED_NOW - 86400 * 5,
  });
  const contexts = ['Your submission for ', ' has been ', '.'];
  out.push({
    __typename: 'MediaSubmissionUpdateNotification',
    type: 'MEDIA_SUBMISSION_UPDATE',
    recipientId: VIEWER_ID,
    mediaId: anime[1]!.id,
    contexts,
    status: 'accepted',
    notes: 'Thank you for the episode titles!',
    submittedTitle: null,
    createdAt: SEED_NOW - 86400 * 6,
  });
  out.push({
    __typename: 'StaffSubmissionUpdateNotification',
    type: 'STAFF_SUBMISSION_UPDATE',
    recipientId: VIEWER_ID,
    staff: person('staff', 95_001, 'Kana Hanazawa'),
    contexts,
    status: 'rejected',
    notes: 'Please add a source.',
    createdAt: SEED_NOW - 86400 * 6 - 3600,
  });
  out.push({
    __typename: 'CharacterSubmissionUpdateNotification',
    type: 'CHARACTER_SUBMISSION_UPDATE',
    recipientId: VIEWER_ID,
    character: person('character', 85_001, 'Frieren'),
    contexts,
    status: 'partially accepted',
    notes: 'The birthday was kept as it was.',
    createdAt: SEED_NOW - 86400 * 6 - 7200,
  });
  // Keep at most 50: every kind at least once, then the newest. Ids increase with time.
  out.sort((a, b) => b.createdAt - a.createdAt);
  const kept = new Set<Omit<SeedNotification, 'id'>>();
  for (const n of out) if (![...kept].some((k) => k.type === n.type)) kept.add(n);
  for (const n of out) if (kept.size < 50) kept.add(n);
  return [...kept].sort((a, b) => a.createdAt - b.createdAt).map((n, i) => ({ ...n, id: 300_000_001 + i }));
}
