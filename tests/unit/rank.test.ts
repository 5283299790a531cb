import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/commands/types';
import { fuzzyScore } from '../../src/data/fuzzy';
import { groupRanked, keepPlaces, rankCommands, SECTION_MATCHES, SECTION_ONLY_CUTOFF } from '../../src/panels/palette/rank';

const c = (id: string, title: string, section = 'S', extra: Partial<Command> = {}): Command => ({
  id,
  title,
  section,
  run: () => {},
  ...extra,
});
const none = () => false;

describe('palette ranking', () => {
  it('prefers a prefix, then a word start, then a substring, then a subsequence', () => {
    const scores = ['notifications', 'go to notifications', 'xnotify', 'n o t e s'].map((t) => fuzzyScore('not', t));
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    expect(scores[2]).toBeGreaterThan(scores[3]!);
    expect(fuzzyScore('zzz', 'notifications')).toBe(0);
  });

  it('ranks recently used and page-relevant commands first', () => {
    const cmds = [c('a', 'Settings: Account'), c('b', 'Settings: Lists'), c('c', 'Settings: Media')];
    const now = Date.now();
    const ranked = rankCommands(cmds, { query: 'settings', usage: { c: { count: 3, last: now } }, relevant: (x) => x.id === 'b', now });
    expect(ranked.map((r) => r.command.id)).toEqual(['b', 'c', 'a']);
  });

  it('lists Dashboard content first before typing, after what is used; typing ignores it', () => {
    const cmds = [
      c('tool', 'Mark all as read', 'Tools'),
      c('note', 'Ann liked your activity.', 'Notifications', { dashboard: true }),
      c('used', 'Used', 'Links'),
    ];
    const now = Date.now();
    const empty = rankCommands(cmds, { query: '', usage: { used: { count: 1, last: now } }, relevant: none, now });
    expect(empty.map((r) => r.command.id)).toEqual(['used', 'note', 'tool']);
    const typed = rankCommands(cmds, { query: 'mark', usage: {}, relevant: none, now });
    expect(typed.map((r) => r.command.id)).toEqual(['tool']);
  });

  it('matches keywords and sections too', () => {
    const ranked = rankCommands([c('a', 'Health', 'QuickStart', { keywords: ['diagnostics'] })], {
      query: 'diagn',
      usage: {},
      relevant: none,
      now: 0,
    });
    expect(ranked).toHaveLength(1);
  });

  it("lists a command matched only by its section's name after every match by title or keyword, in a group of its own", () => {
    const cmds = [
      c('revoke', 'Revoke authorization', 'VoidVerified Settings'),
      c('users', 'Verified users', 'VoidVerified Settings'),
      c('css', 'Edit global CSS', 'VoidVerified Settings'),
      c('badge', 'Badges', 'Markdown', { keywords: ['verified badge'] }),
    ];
    const ranked = rankCommands(cmds, { query: 'verif', usage: {}, relevant: none, now: 0 });
    expect(ranked.map((r) => r.command.id)).toEqual(['users', 'badge', 'revoke', 'css']);
    expect(ranked.map((r) => !!r.sectionOnly)).toEqual([false, false, true, true]);
    const groups = groupRanked(ranked, { query: 'verif', usage: {}, relevant: none, perGroup: 10, recent: 5 });
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.id)])).toEqual([
      ['VoidVerified Settings', ['users']],
      ['Markdown', ['badge']],
      [SECTION_MATCHES, ['revoke', 'css']],
    ]);
    // Even heavy use does not lift a section-only match above a match by title.
    const used = rankCommands(cmds, {
      query: 'verif',
      usage: { revoke: { count: 50, last: 0 } },
      relevant: (x) => x.id === 'revoke',
      now: 0,
    });
    expect(used.map((r) => r.command.id)).toEqual(['users', 'badge', 'revoke', 'css']);
  });

  it('a keyword matches only where the query is written out in it, not as a scattered subsequence', () => {
    const cmds = [
      c('feed', 'Fix messages in list feed', 'Settings', { keywords: ['Hide private messages from the list feed on your own profile.'] }),
      c('sign', 'Default sign', 'Settings', { keywords: ['The sign shown beside verified users.'] }),
    ];
    const ranked = rankCommands(cmds, { query: 'verif', usage: {}, relevant: none, now: 0 });
    expect(ranked.map((r) => r.command.id)).toEqual(['sign']);
    expect(rankCommands(cmds, { query: 'diagn', usage: {}, relevant: none, now: 0 })).toEqual([]);
  });

  it('leaves section-only matches out once enough commands match by their own words', () => {
    const cmds = [
      ...Array.from({ length: SECTION_ONLY_CUTOFF }, (_, i) => c(`v${i}`, `Verified thing ${i}`, 'Other')),
      c('revoke', 'Revoke authorization', 'VoidVerified Settings'),
    ];
    const ranked = rankCommands(cmds, { query: 'verif', usage: {}, relevant: none, now: 0 });
    expect(ranked.map((r) => r.command.id)).not.toContain('revoke');
    expect(ranked).toHaveLength(SECTION_ONLY_CUTOFF);
  });

  it('lifts page-relevant and recent commands into their own groups when the query is empty', () => {
    const cmds = [c('a', 'A', 'Links'), c('b', 'B', 'Links'), c('x', 'X', 'Settings')];
    const usage = { x: { count: 1, last: 5 } };
    const relevant = (cmd: Command) => cmd.id === 'b';
    const ranked = rankCommands(cmds, { query: '', usage, relevant, now: 10 });
    const groups = groupRanked(ranked, { query: '', usage, relevant, perGroup: 10, recent: 5 });
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.id)])).toEqual([
      ['On this page', ['b']],
      ['Recent', ['x']],
      ['Links', ['a']],
    ]);
  });

  it('caps each group and counts the rest', () => {
    const cmds = Array.from({ length: 100 }, (_, i) => c(`c${i}`, `Command ${i}`));
    const ranked = rankCommands(cmds, { query: 'command', usage: {}, relevant: none, now: 0 });
    const [group] = groupRanked(ranked, { query: 'command', usage: {}, relevant: none, perGroup: 60, recent: 5 });
    expect(group!.items).toHaveLength(60);
    expect(group!.more).toBe(40);
  });
});

describe('page relevance of AniList links', async () => {
  const { anilistLinks } = await import('../../src/commands/features/anilist-links');
  const { Registry } = await import('../../src/commands/registry');
  const { makeTestServices } = await import('./helpers');
  it('puts the other settings pages first on a settings page, and your lists on your profile', () => {
    const registry = new Registry();
    registry.define(anilistLinks);
    const onSettings = makeTestServices(registry, { path: '/settings/account' }).services.context(null);
    const relevant = registry
      .commands(onSettings)
      .filter((c) => c.relevant?.(onSettings))
      .map((c) => c.id);
    expect(relevant).toContain('anilist-links.settings-developer');
    expect(relevant).not.toContain('anilist-links.settings-account');
    expect(relevant).not.toContain('anilist-links.home');
    const onProfile = makeTestServices(registry, { path: '/user/Viewer/' }).services.context(null);
    expect(
      registry
        .commands(onProfile)
        .filter((c) => c.relevant?.(onProfile))
        .map((c) => c.id),
    ).toContain('anilist-links.animelist-watching');
  });
});

describe('render cap', () => {
  it('draws at most `total` items over all groups and counts the rest', () => {
    const cmds = Array.from({ length: 300 }, (_, i) => c(`c${i}`, `Command ${i}`, `Section ${i % 6}`));
    const ranked = rankCommands(cmds, { query: 'command', usage: {}, relevant: none, now: 0 });
    const groups = groupRanked(ranked, { query: 'command', usage: {}, relevant: none, perGroup: 60, recent: 5, total: 80 });
    expect(groups.reduce((n, g) => n + g.items.length, 0)).toBe(80);
    expect(groups.reduce((n, g) => n + g.items.length + g.more, 0)).toBe(300);
  });
});

describe('rows keep their places while the query stays (issue 29)', () => {
  const group = (heading: string, items: Command[], more = 0) => ({ heading, items, more });
  const ids = (groups: { heading: string; items: Command[]; gone: ReadonlySet<string> }[]) =>
    groups.map((g) => `${g.heading}: ${g.items.map((i) => (g.gone.has(i.id) ? `(${i.id})` : i.id)).join(' ')}`);
  const akira = c('akira', 'Akira', 'Quick Access');
  const verify = c('verify', 'Verify user', 'Verified users');
  const remove = c('remove', 'Remove verified user', 'Verified users');
  const first = [group('Quick Access', [akira]), group('Verified users', [verify, remove], 2)];
  const listedOf = (cmds: Command[]) => (id: string) => cmds.find((x) => x.id === id);

  it('shows the first listing as it is', () => {
    expect(ids(keepPlaces(null, first, listedOf([]), 24))).toEqual(['Quick Access: akira', 'Verified users: verify remove']);
  });

  it('puts rows that arrive later below every row shown, whatever their rank, and keeps the rest in place', () => {
    const shown = keepPlaces(null, first, listedOf([]), 24);
    const n1 = c('n1', 'Akira liked your activity', 'Notifications');
    const n2 = c('n2', 'Bocchi followed you', 'Notifications');
    const akiraNow = { ...akira, title: 'Akira (changed)' };
    const next = [group('Quick Access', [akiraNow]), group('Notifications', [n1, n2]), group('Verified users', [remove, verify], 5)];
    const kept = keepPlaces(shown, next, listedOf([akiraNow, n1, n2, verify, remove]), 24);
    expect(ids(kept)).toEqual(['Quick Access: akira', 'Verified users: verify remove', 'Notifications: n1 n2']);
    // The newest command object, the count of more as it showed, a key of its own for the late group.
    expect(kept[0]!.items[0]!.title).toBe('Akira (changed)');
    expect(kept[1]!.more).toBe(2);
    expect(new Set(kept.map((g) => g.key)).size).toBe(3);
    // At most `late` rows are added; a late row of the last group's section joins it.
    const capped = keepPlaces(
      shown,
      [group('Verified users', [c('x', 'X', 'Verified users'), c('y', 'Y', 'Verified users')])],
      listedOf([akira, verify, remove]),
      1,
    );
    expect(ids(capped)).toEqual(['Quick Access: akira', 'Verified users: verify remove x']);
  });

  it('keeps a row no longer listed in its place, as gone; a row beyond what the list draws is still listed', () => {
    const shown = keepPlaces(null, first, listedOf([]), 24);
    // 'remove' no longer matches; 'verify' is ranked but beyond the drawn rows.
    const kept = keepPlaces(shown, [group('Quick Access', [akira])], listedOf([akira, verify]), 24);
    expect(ids(kept)).toEqual(['Quick Access: akira', 'Verified users: verify (remove)']);
  });
});
