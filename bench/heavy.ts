/**
 * Heavy users: the bench's data sets (500 verified users, 5,000 read notification ids, 1,000 GIFs,
 * 200 saved layouts, 50 saved activity searches) seeded into storage, and what they cost:
 *
 *   the settings page rendering its users tab (click → 500 rows laid out)
 *   generating the verified-user styles (the pure generators, every per-user option on)
 *   the palette filter with every one of those as a command, per keystroke
 *   each declared storage key with the cap stated beside it, and the stored sizes against it
 */
import type { Browser } from 'playwright-core';
import { createMockApi } from '../tests/host/mock-api';
import { highlightCss, profileCss, usernameCss } from '../src/data/verified-users-styles';
import { USER_FLAGS, type VerifiedUser } from '../src/data/verified-users';
import { allFeaturesOn, filterOnce, scriptedContext, stored, TEST_SCRIPT, tokenSeed } from './context';

export const HEAVY = { users: 500, readNotifications: 5_000, gifs: 1_000, layouts: 200, savedSearches: 50 };

/** Every per-user switch on, and the badge shown: the heaviest style each user can ask for. */
const FLAGS = [...USER_FLAGS, 'quickAccessBadgeDisplay'] as const;

/** 500 verified users with every per-user option on, a colour, a sign and an avatar each. */
function heavyUsers(now: number): VerifiedUser[] {
  return Array.from({ length: HEAVY.users }, (_, i) => ({
    username: `Heavy${i}_${'abcdefghij'[i % 10]}`,
    id: 100_000 + i,
    avatar: `https://s4.anilist.co/file/anilistcdn/user/avatar/large/b${100_000 + i}.png`,
    banner: null,
    color: `${(i * 7) % 256}, ${(i * 13) % 256}, ${(i * 29) % 256}`,
    lastFetch: now,
    sign: i % 3 ? '✔' : '★',
    colorOverride: i % 5 ? '' : '#3db4f2',
    ...Object.fromEntries(FLAGS.map((f) => [f, true])),
  })) as VerifiedUser[];
}

/** Every data set, as stored values (the storage adapter's envelope). */
function heavySeed(now: number): Record<string, string> {
  const layout = (i: number) => ({
    name: `Layout ${i}`,
    avatar: `https://example.com/avatar/${i}.png`,
    banner: `https://example.com/banner/${i}.png`,
    color: 'blue',
    donatorBadge: '',
    bio: `About me, layout ${i}. `.repeat(20),
  });
  return {
    ...tokenSeed(now),
    'void-verified-users': stored(heavyUsers(now)),
    'void-verified-read-notifications': stored(Array.from({ length: HEAVY.readNotifications }, (_, i) => 900_000_000 + i)),
    'void-verified-gif-keyboard': stored({
      gifs: Array.from({ length: HEAVY.gifs }, (_, i) => `https://media.example.com/gif/${i}-reaction.gif`),
      images: [],
      gifSize: 260,
    }),
    'void-verified-layouts': stored({
      layoutsList: Array.from({ length: HEAVY.layouts }, (_, i) => layout(i)),
      selectedLayout: 0,
      preview: false,
      disableCss: false,
    }),
    'void-verified-activity-search-saved': stored(
      Array.from({ length: HEAVY.savedSearches }, (_, i) => ({ name: `Saved search ${i}`, params: {} })),
    ),
  };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
};

/** Median ms of generating the three verified-user stylesheets for 500 users (Node; warm). */
export function verifiedStylesMs(): number {
  const users = heavyUsers(Date.now());
  const global = { get: (key: string) => (key === 'highlightSize' ? '5px' : key !== 'useDefaultHighlightColor') };
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const start = performance.now();
    usernameCss(users, global);
    highlightCss(users, global);
    profileCss(users, global, `/user/${users[250]!.username}/`);
    times.push(performance.now() - start);
  }
  return median(times.slice(5));
}

export interface HeavyPageReport {
  /** The users tab: click → every row rendered and laid out; the first time, then the median of the next. */
  usersTabFirst: number;
  usersTabMedian: number;
  usersRows: number;
  /** Commands in the palette while filtering, and ms per keystroke (debounce fired → list rendered). */
  commands: number;
  filterMedian: number;
  filterSamples: number;
  /** Stored values after the session: key → entries (array items, map keys) or characters. */
  sizes: Record<string, number>;
}

/** The settings page and the palette, with the data sets seeded and every feature on. */
export async function heavyPage(browser: Browser): Promise<HeavyPageReport> {
  const now = Date.now();
  // The test build: the palette's commands are defined through its registry (window.__voidVerified).
  const { context, open } = await scriptedContext(browser, createMockApi(), {
    seed: { ...heavySeed(now), 'void-verified-settings-tab': stored('tab.time') },
    script: TEST_SCRIPT,
  });
  const setup = await open('/home');
  await allFeaturesOn(setup);
  await setup.close();
  const page = await open('/settings/developer');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('*')].some((e) => e.shadowRoot?.querySelector('.vv-settings [role="tab"]')),
  );
  const usersTab: number[] = [];
  let usersRows = 0;
  // A person's click on a tab starts the clock (the script ignores synthetic clicks, as a page
  // script's are): a capture listener on the settings' shadow root hears it before the tab does.
  await page.evaluate(() => {
    const root = [...document.querySelectorAll('*')].find((e) => e.shadowRoot?.querySelector('.vv-settings'))!.shadowRoot!;
    root.addEventListener('click', () => ((window as unknown as { __clickAt?: number }).__clickAt = performance.now()), true);
  });
  /** From the next click until `kind` holds (the users' rows gone, or all shown) and is laid out. */
  const settleAfterClick = (kind: 'away' | 'shown') =>
    page.evaluate((kind) => {
      const w = window as unknown as { __clickAt?: number; __settled?: Promise<{ ms: number; rows: number }> };
      const root = [...document.querySelectorAll('*')].find((e) => e.shadowRoot?.querySelector('.vv-settings'))!.shadowRoot!;
      const rows = () => root.querySelectorAll('li.vv-user').length;
      const done = () => (kind === 'away' ? rows() === 0 : rows() >= 500);
      w.__clickAt = undefined;
      w.__settled = new Promise((resolve) => {
        const check = () => {
          if (w.__clickAt === undefined || !done()) return;
          observer.disconnect();
          root.querySelector('.vv-settings')!.getBoundingClientRect(); // laid out, ready to paint
          resolve({ ms: performance.now() - w.__clickAt, rows: rows() });
        };
        const observer = new MutationObserver(check);
        observer.observe(root, { childList: true, subtree: true });
        setTimeout(() => (observer.disconnect(), resolve({ ms: NaN, rows: rows() })), 5_000);
      });
    }, kind);
  const settled = () => page.evaluate(() => (window as unknown as { __settled: Promise<{ ms: number; rows: number }> }).__settled);
  const tab = (title: string) =>
    page
      .locator('[data-void-ui="settings"]')
      .getByRole('tablist', { name: 'Feature settings' })
      .getByRole('tab', { name: title, exact: true });
  for (let i = 0; i < 6; i++) {
    await settleAfterClick('away');
    await tab('time').click();
    await settled();
    await settleAfterClick('shown');
    await tab('users').click();
    const result = await settled();
    usersTab.push(result.ms);
    usersRows = result.rows;
  }
  await page.close();

  // The palette: every verified user, GIF, layout and saved search as a command, on top of the
  // product's own (saved searches already are commands; the others are made here, as a palette
  // that offers "go to", "unverify", "insert" and "apply" for each would).
  const palette = await open('/home');
  await palette.waitForFunction(() => !!(window as unknown as { __voidVerified?: unknown }).__voidVerified);
  const commands = await palette.evaluate((heavy) => {
    const vv = (
      window as unknown as {
        __voidVerified: { registry: { define(f: unknown): void; staticCommands(): unknown[] } };
      }
    ).__voidVerified;
    const list: { id: string; title: string; section: string; run: () => void }[] = [];
    for (let i = 0; i < heavy.users; i++) {
      const name = `Heavy${i}_${'abcdefghij'[i % 10]}`;
      list.push({ id: `heavy.user.${i}`, title: `Go to ${name}`, section: 'Verified users', run: () => {} });
      list.push({ id: `heavy.unverify.${i}`, title: `Unverify ${name}`, section: 'Verified users', run: () => {} });
    }
    for (let i = 0; i < heavy.gifs; i++)
      list.push({ id: `heavy.gif.${i}`, title: `Insert GIF ${i}-reaction.gif`, section: 'GIFs', run: () => {} });
    for (let i = 0; i < heavy.layouts; i++) {
      list.push({ id: `heavy.layout.${i}`, title: `Apply layout Layout ${i}`, section: 'Layouts', run: () => {} });
      list.push({ id: `heavy.layout-del.${i}`, title: `Delete layout Layout ${i}`, section: 'Layouts', run: () => {} });
    }
    vv.registry.define({
      id: 'bench-heavy',
      title: 'Bench heavy user',
      category: 'misc',
      description: 'Commands for the heavy-user data sets.',
      commands: list,
    });
    // The declared commands (commands(ctx) needs a command context, which the page does not expose).
    return vv.registry.staticCommands().length;
  }, HEAVY);
  await palette.keyboard.press('Control+Space');
  await palette.waitForTimeout(500);
  const samples: number[] = [];
  // Typing a query one key at a time: each keystroke (debounced) filters every command.
  for (const word of ['heavy4', 'layout 1', 'gif 99', 'unverify h', 'saved search 4']) {
    for (let n = 1; n <= word.length; n++) {
      const elapsed = await filterOnce(palette, word.slice(0, n), true);
      if (!Number.isNaN(elapsed)) samples.push(elapsed);
    }
  }
  await palette.keyboard.press('Escape');
  const sizes = await palette.evaluate(() => {
    const dump = (window as unknown as { __gm: { dump(): Record<string, unknown> } }).__gm.dump();
    const out: Record<string, number> = {};
    for (const [key, raw] of Object.entries(dump)) {
      let data: unknown;
      try {
        data = typeof raw === 'string' ? (JSON.parse(raw) as { data?: unknown }).data : raw;
      } catch {
        data = raw;
      }
      out[key] = entriesOf(data);
    }
    return out;
    /** The size a cap counts: the longest list or map inside the value, or a string's length. */
    function entriesOf(value: unknown): number {
      if (typeof value === 'string') return value.length;
      if (Array.isArray(value)) return value.length;
      if (value && typeof value === 'object') {
        const own = Object.keys(value).length;
        const inner = Object.values(value).map((v) => (Array.isArray(v) ? v.length : 0));
        return Math.max(own, ...inner);
      }
      return 0;
    }
  });
  await context.close();
  const [first, ...rest] = usersTab;
  return {
    usersTabFirst: first ?? NaN,
    usersTabMedian: median(rest.filter((x) => !Number.isNaN(x))),
    usersRows,
    commands,
    filterMedian: median(samples),
    filterSamples: samples.length,
    sizes,
  };
}
