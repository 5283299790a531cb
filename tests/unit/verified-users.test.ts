import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadAniListSchema } from '../../schema';
import { hexToTriple, NAMED_COLORS, profileColorToTriple } from '../../src/data/colors';
import { highlightCss, profileCss, usernameCss, cssString, highlightSize } from '../../src/data/verified-users-styles';
import {
  addUser,
  checkedApiUser,
  refreshUsers,
  DEFAULT_COLOR,
  removeUser,
  resolveColor,
  resolveSign,
  staleUsers,
  timeUntil,
  updateFromApi,
  userHas,
  quickAccessUsers,
  verifiedUsersKey,
  verifiedUsersQuery,
  type ApiUser,
  type VerifiedUser,
} from '../../src/data/verified-users';
import { decodeStored, Store } from '../../src/data/storage';
import { memoryBackend } from '../../src/data/backend';
import type { GqlDocument } from '../../src/data/graphql';

const schema = loadAniListSchema();
const options = (values: Record<string, boolean | string | number> = {}) => {
  const defaults: Record<string, boolean | string | number> = {
    copyColorFromProfile: true,
    enabledForUsername: true,
    highlightEnabled: true,
    highlightEnabledForReplies: true,
    defaultSign: '✔',
    highlightSize: '5px',
    defaultHighlightColor: '#FFFFFF',
  };
  return { get: (key: string) => ({ ...defaults, ...values })[key] ?? false };
};
const user = (extra: Partial<VerifiedUser> = {}): VerifiedUser => ({ ...addUser([], 'Akira')[0]!, ...extra });
const api = (extra: Partial<ApiUser> = {}): ApiUser => ({
  id: 2,
  name: 'Akira',
  avatar: { large: 'https://a/2.png' },
  bannerImage: 'https://b/2.jpg',
  options: { profileColor: 'purple' },
  ...extra,
});

describe('verified user rules', () => {
  it('maps profile colours of the documented set: named ones to fixed triples, #rrggbb as hex', () => {
    expect(profileColorToTriple('blue')).toBe('61, 180, 242');
    expect(profileColorToTriple('Purple')).toBe('192, 99, 255');
    expect(profileColorToTriple('#ff6f61')).toBe('255, 111, 97');
    expect(profileColorToTriple('chartreuse')).toBeNull();
    expect(profileColorToTriple(null)).toBeNull();
    expect(hexToTriple('zzzzzz')).toBeNull();
    // AniList documents seven names and #rrggbb: nothing else is a profile colour.
    for (const odd of ['#abc', 'ff6f61', '#ff6f6', 'rgb(1,2,3)', '', 42, {}, ['blue']]) expect(profileColorToTriple(odd)).toBeNull();
  });

  it("a colour named after an object's property reaches no prototype (issue 25)", () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'Constructor']) {
      expect(profileColorToTriple(name)).toBeNull();
      expect(NAMED_COLORS.get(name)).toBeUndefined();
    }
  });

  it("a profile colour of 'constructor' from the API still leaves a list the store accepts, refreshed", () => {
    const users = [user({ id: 2, lastFetch: null }), user({ username: 'Bocchi', id: 3, lastFetch: null })];
    const fresh = [api({ options: { profileColor: 'constructor' } }), api({ id: 3, name: 'Bocchi', options: { profileColor: 'pink' } })];
    const next = updateFromApi(users, fresh, options(), 1000);
    expect(next.map((u) => [u.username, u.color, u.lastFetch])).toEqual([
      ['Akira', null, 1000],
      ['Bocchi', '252, 157, 214', 1000],
    ]);
    expect(verifiedUsersKey.schema.parse(next).ok).toBe(true);
  });

  it('API users are checked before they are stored: odd ids, names, images and colours', () => {
    const raw = {
      id: 2,
      name: 'Akira',
      avatar: { large: 'https://s4.anilist.co/a.png' },
      bannerImage: null,
      options: { profileColor: 'purple' },
    };
    expect(checkedApiUser(raw)).toEqual(raw);
    expect(checkedApiUser({ ...raw, options: { profileColor: 'constructor' } })?.options).toEqual({ profileColor: null });
    expect(checkedApiUser({ ...raw, options: { profileColor: { toString: 1 } } })?.options).toEqual({ profileColor: null });
    expect(checkedApiUser({ ...raw, avatar: { large: 'javascript:alert(1)' } })?.avatar).toEqual({ large: null });
    expect(checkedApiUser({ ...raw, bannerImage: `https://b/${'x'.repeat(3000)}` })?.bannerImage).toBeNull();
    expect(checkedApiUser({ ...raw, avatar: 'x' })?.avatar).toBeNull();
    for (const odd of [
      null,
      'x',
      [raw],
      { ...raw, id: '2' },
      { ...raw, id: 0 },
      { ...raw, id: 1.5 },
      { ...raw, name: '' },
      { ...raw, name: 7 },
    ])
      expect(checkedApiUser(odd)).toBeNull();
    expect(checkedApiUser({ ...raw, name: 'x'.repeat(65) })).toBeNull();
  });

  it('a feature applies when the global switch or the user flag is on', () => {
    expect(userHas(user(), 'highlightEnabled', options())).toBe(true);
    expect(userHas(user(), 'highlightEnabled', options({ highlightEnabled: false }))).toBe(false);
    expect(userHas(user({ highlightEnabled: true }), 'highlightEnabled', options({ highlightEnabled: false }))).toBe(true);
  });

  it('quick access shows every verified user while the global switch is on, else the flagged ones (issue 29)', () => {
    const all = [user({ username: 'Akira', quickAccessEnabled: true }), user({ username: 'Bocchi', quickAccessEnabled: false })];
    expect(quickAccessUsers(all, options({ quickAccessEnabled: true })).map((u) => u.username)).toEqual(['Akira', 'Bocchi']);
    expect(quickAccessUsers(all, options({ quickAccessEnabled: false })).map((u) => u.username)).toEqual(['Akira']);
    expect(quickAccessUsers([all[1]!], options({ quickAccessEnabled: false }))).toEqual([]);
  });

  it('resolves the colour: override, then the profile colour when copying, then the default', () => {
    const c = '192, 99, 255';
    expect(resolveColor(user({ color: c, colorOverride: '#0A0B0C' }), options())).toBe('10, 11, 12');
    expect(resolveColor(user({ color: c }), options())).toBe(c);
    expect(resolveColor(user({ color: c }), options({ copyColorFromProfile: false }))).toBe(DEFAULT_COLOR);
    expect(resolveColor(user({ color: c, copyColorFromProfile: true }), options({ copyColorFromProfile: false }))).toBe(c);
    expect(resolveColor(user({ color: null }), options())).toBe('120, 180, 255');
    expect(resolveColor(user({ color: null }), options({ useDefaultHighlightColor: true, defaultHighlightColor: '#112233' }))).toBe(
      '17, 34, 51',
    );
    expect(resolveColor(user({ color: null }), options({ useDefaultHighlightColor: true, defaultHighlightColor: 'nope' }))).toBe(
      DEFAULT_COLOR,
    );
    expect(resolveColor(user({ color: c, colorOverride: 'nonsense' }), options())).toBe(c);
  });

  it('an empty sign means the default sign', () => {
    expect(resolveSign(user({ sign: '' }), options())).toBe('✔');
    expect(resolveSign(user({ sign: '  ' }), options({ defaultSign: '♥' }))).toBe('♥');
    expect(resolveSign(user({ sign: '★' }), options({ defaultSign: '♥' }))).toBe('★');
    expect(resolveSign(user(), options({ defaultSign: '' }))).toBe('✔');
  });

  it('adds once, case-insensitively, and removes by name in any case', () => {
    const one = addUser([], 'Akira');
    expect(addUser(one, 'akira')).toBe(one);
    expect(addUser(one, '  ')).toBe(one);
    expect(addUser(one, 'Bocchi').map((u) => u.username)).toEqual(['Akira', 'Bocchi']);
    expect(removeUser(addUser(one, 'Bocchi'), 'AKIRA').map((u) => u.username)).toEqual(['Bocchi']);
  });

  it('updates from API data by id, else by case-insensitive name', () => {
    const list = [user({ username: 'akira' }), user({ username: 'Renamed', id: 3 })];
    const next = updateFromApi(list, [api(), api({ id: 3, name: 'NewName', options: { profileColor: '#010203' } })], options(), 1000);
    expect(next[0]).toMatchObject({
      username: 'Akira',
      id: 2,
      color: '192, 99, 255',
      avatar: 'https://a/2.png',
      banner: 'https://b/2.jpg',
      lastFetch: 1000,
    });
    expect(next[1]).toMatchObject({ username: 'NewName', id: 3, color: '1, 2, 3' });
  });

  it('raises the quick-access badge only for a change, with the badge on globally or for the user', () => {
    const known = user({ id: 2, avatar: 'https://a/2.png', banner: 'https://b/2.jpg', color: '192, 99, 255', lastFetch: 1 });
    expect(updateFromApi([known], [api()], options({ quickAccessBadge: true }), 2)[0]!.quickAccessBadgeDisplay).toBe(false);
    for (const change of [
      { avatar: { large: 'https://a/new.png' } },
      { bannerImage: null },
      { options: { profileColor: 'red' } },
      { name: 'Akira2' },
    ]) {
      expect(
        updateFromApi([known], [api(change)], options({ quickAccessBadge: true }), 2)[0]!.quickAccessBadgeDisplay,
        JSON.stringify(change),
      ).toBe(true);
      expect(updateFromApi([known], [api(change)], options(), 2)[0]!.quickAccessBadgeDisplay).toBe(false);
      expect(updateFromApi([{ ...known, quickAccessBadge: true }], [api(change)], options(), 2)[0]!.quickAccessBadgeDisplay).toBe(true);
    }
    // First fetch: nothing was known, so nothing "changed".
    expect(updateFromApi([user()], [api()], options({ quickAccessBadge: true }), 2)[0]!.quickAccessBadgeDisplay).toBe(false);
  });

  it('finds users due for a refresh (missing or 15 minutes old)', () => {
    const now = 10_000_000;
    const list = [
      user({ username: 'a', lastFetch: null }),
      user({ username: 'b', lastFetch: now - 15 * 60_000 }),
      user({ username: 'c', lastFetch: now - 60_000 }),
    ];
    expect(staleUsers(list, now).map((u) => u.username)).toEqual(['a', 'b']);
  });

  it('timer text: minutes above one minute, else seconds', () => {
    expect(timeUntil(15 * 60_000)).toBe('15 minutes');
    expect(timeUntil(61_000)).toBe('2 minutes');
    expect(timeUntil(60_000)).toBe('60 seconds');
    expect(timeUntil(1000)).toBe('1 second');
    expect(timeUntil(-5)).toBe('0 seconds');
  });

  it("reads the original's stored list (nulls and missing fields)", () => {
    const raw = JSON.stringify([{ username: 'Akira', id: 2, sign: null, colorOverride: null, highlightEnabled: null, color: '1, 2, 3' }]);
    const { value, problem } = decodeStored(verifiedUsersKey, raw);
    expect(problem).toBeUndefined();
    expect(value[0]).toMatchObject({ username: 'Akira', sign: '', colorOverride: '', highlightEnabled: false, quickAccessEnabled: false });
  });
});

describe('the batched users query', () => {
  it('asks for every user in one valid document, by id when known, else by name', () => {
    const { doc, variables } = verifiedUsersQuery([
      { id: 2, username: 'Akira' },
      { id: null, username: 'Bocchi' },
    ]);
    expect(validate(schema, parse(doc.source)).map((e) => e.message)).toEqual([]);
    expect(variables).toEqual({ u0: 2, u1: 'Bocchi' });
    expect(doc.partial).toBe(true);
    expect(doc.source.match(/User\(/g)).toHaveLength(2);
  });
});

describe('generated CSS', () => {
  const list = [
    user({ color: '192, 99, 255' }),
    user({ username: 'Haruhi', sign: '★', colorOverride: '#ff0000', enabledForUsername: true }),
  ];

  it('signs and colours usernames case-insensitively, escaping the sign', () => {
    const css = usernameCss(list, options());
    expect(css).toContain('a.name[href$="/user/Akira/" i]::after { content: " \\2714 "; color: rgb(192, 99, 255); }');
    expect(css).toContain('a.name[href$="/user/Haruhi/" i]::after { content: " \\2605 "; color: rgb(255, 0, 0); }');
    expect(usernameCss(list, options({ enabledForUsername: false }))).not.toContain('Akira');
    expect(usernameCss(list, options({ enabledForUsername: false }))).toContain('Haruhi');
    expect(cssString('a"b\\c\n')).toBe('"a\\22 b\\5c c\\a "');
    // The original colours the sign, not the name; the name only with 'Colour verified names' (issue 29).
    expect(css).not.toContain('a.name[href$="/user/Akira/" i] { color');
    expect(usernameCss(list, options({ colorVerifiedNames: true }))).toContain(
      'a.name[href$="/user/Akira/" i] { color: rgb(192, 99, 255) !important; }',
    );
  });

  it('highlights activities and replies with the size option, and colours links when asked', () => {
    const css = highlightCss(list, options({ highlightSize: '8px' }));
    // Names at any depth under the header or details (the original's matching), not a chain of direct children.
    expect(css).toContain(
      '.activity-entry .wrap:has(:is(.header, .details) a.name[href$="/user/Akira/" i]):not(:has(.small)) { border-right: 8px solid rgb(192, 99, 255); }',
    );
    expect(css).toContain('.reply:not(.preview):has(.header a.name[href$="/user/Akira/" i]) { border-right: 8px');
    expect(css).not.toContain('recipient');
    expect(css).not.toContain('.activity-markdown a');
    // Every link of the entry or reply, and a reply's spoiler markers, as the original (issue 29).
    const colored = highlightCss(list, options({ colorUserActivity: true, colorUserReplies: true }));
    expect(colored).toContain(
      '.activity-entry .wrap:has(:is(.header, .details) a.name[href$="/user/Akira/" i]) a { color: rgb(192, 99, 255); }',
    );
    expect(colored).toContain(
      '.reply:not(.preview):has(.header a.name[href$="/user/Akira/" i]) a, .reply:not(.preview):has(.header a.name[href$="/user/Akira/" i]) .markdown-spoiler::before { color: rgb(192, 99, 255); }',
    );
    expect(highlightCss(list, options({ highlightEnabled: false, highlightEnabledForReplies: false }))).toBe('');
    expect(highlightSize(options({ highlightSize: '5px; } body { display: none' }))).toBe('5px');
  });

  it('signs a profile header only with the option on and a case-insensitive path match', () => {
    expect(profileCss(list, options(), '/user/akira/')).toBe('');
    expect(profileCss(list, options({ enabledForProfileName: true }), '/user/akira/')).toContain('h1.name::after');
    expect(profileCss(list, options({ enabledForProfileName: true }), '/user/Someone/')).toBe('');
    expect(profileCss(list, options({ enabledForProfileName: true }), '/home')).toBe('');
  });
});

describe('refreshUsers', () => {
  /** A client answering the batched query with each asked user (by id or name) after a tick; `down` makes it fail. */
  function services(users: VerifiedUser[]) {
    const asked: (number | string)[][] = [];
    let down = false;
    const client = {
      identity: () => 'viewer',
      async request<D, V>(_doc: GqlDocument<D, V>, variables: V): Promise<D> {
        const values = Object.values(variables as Record<string, number | string>);
        asked.push(values);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (down) throw new Error('down');
        const byName = { Akira: 2, Lain: 13 } as Record<string, number>;
        return Object.fromEntries(
          values.map((v, i) => [`u${i}`, api({ id: typeof v === 'number' ? v : byName[v]!, name: typeof v === 'number' ? 'Lain' : v })]),
        ) as D;
      },
    };
    const store = new Store(memoryBackend(), () => {});
    store.set(verifiedUsersKey, users);
    return { ctx: { client, store, settings: options() } as never, store, asked, fail: () => (down = true) };
  }

  it('never overlaps: a refresh asked while one runs waits, then skips the users that one updated', async () => {
    const { ctx, store, asked } = services([user(), { ...user(), username: 'Lain' }]);
    let now = 1_000;
    const clock = () => now++;
    const listed = store.get(verifiedUsersKey);
    await Promise.all([refreshUsers(ctx, listed, clock), refreshUsers(ctx, listed, clock), refreshUsers(ctx, [listed[1]!], clock)]);
    expect(asked).toEqual([['Akira', 'Lain']]);
    expect(store.get(verifiedUsersKey).map((u) => [u.username, u.id, u.lastFetch !== null])).toEqual([
      ['Akira', 2, true],
      ['Lain', 13, true],
    ]);
  });

  it('rejects when the query fails, and the next refresh asks again', async () => {
    const { ctx, asked, fail } = services([user()]);
    fail();
    await expect(refreshUsers(ctx, [user()])).rejects.toThrow();
    await expect(refreshUsers(ctx, [user()])).rejects.toThrow();
    expect(asked).toHaveLength(2);
  });
});
