import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { features } from '../../src/commands/features';
import { bindingsFor, findConflicts, parseHotkey } from '../../src/commands/hotkeys';
import { DASHBOARD } from '../../src/commands/palette-state';
import { Registry } from '../../src/commands/registry';
import { CATEGORIES } from '../../src/commands/types';
import { renamedId, renamedIds } from '../../src/data/renamed-ids';
import { makeTestServices } from './helpers';

/** Walks the real registry: every feature's metadata is complete and every command runs. */
describe('the registry', () => {
  const registry = new Registry();
  features.forEach((f) => registry.define(f));
  const { services } = makeTestServices(registry);
  const ctx = services.context(null);
  const commands = registry.commands(ctx);

  it('has features with unique kebab-case ids, a title, a description and a category', () => {
    const ids = features.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of features) {
      expect(f.id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(f.title.trim()).not.toBe('');
      expect(f.description.trim()).not.toBe('');
      expect(CATEGORIES).toContain(f.category);
    }
  });

  it("lists an option under its feature's category, with the feature's title and description where it gives none", () => {
    const own = new Registry();
    own.define({
      id: 'demo',
      title: 'Demo',
      description: 'A demo feature.',
      category: 'misc',
      toggle: 'demoEnabled',
      options: [
        { key: 'demoEnabled', default: false },
        { key: 'demoExtra', title: 'Extra', description: 'Something more.', default: 3 },
      ],
    });
    expect(own.option('demoEnabled')).toMatchObject({ title: 'Demo', description: 'A demo feature.', category: 'misc' });
    expect(own.option('demoExtra')).toMatchObject({ title: 'Extra', description: 'Something more.', category: 'misc' });
    for (const option of registry.options()) {
      expect(option.title.trim(), option.key).not.toBe('');
      expect(option.category, option.key).toBe(registry.featureOfOption(option.key)!.category);
    }
  });

  it('gives every command a title, a section, a unique id and a valid hotkey', () => {
    expect(commands.length).toBeGreaterThan(50);
    const ids = commands.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of commands) {
      expect(c.title.trim(), c.id).not.toBe('');
      expect(c.section.trim(), c.id).not.toBe('');
      if (c.hotkey) expect(parseHotkey(c.hotkey), `${c.id}: ${c.hotkey}`).not.toBeNull();
      expect(!!(c.run || c.page), `${c.id} does something`).toBe(true);
      if (c.page) expect(registry.panel(c.page, 'palette-page'), `${c.id} opens a known page`).toBeDefined();
    }
  });

  it('has no hotkey conflicts among the defaults', () => {
    expect([...findConflicts(bindingsFor(commands, {}))]).toEqual([]);
  });

  it('gives every option a default, a description, a title and a category', () => {
    for (const o of registry.options()) {
      expect(o.default, o.key).not.toBeUndefined();
      expect(o.description.trim(), o.key).not.toBe('');
      expect(o.title.trim(), o.key).not.toBe('');
      expect(CATEGORIES).toContain(o.category);
    }
  });

  it('lists every option as a palette command', () => {
    for (const o of registry.options()) expect(ids(commands)).toContain(`settings.option.${o.key}`);
  });

  it('runs every command without throwing', async () => {
    for (const c of commands) {
      if (!c.run) continue;
      await expect(
        Promise.resolve().then(() => c.run!(services.context(null))),
        c.id,
      ).resolves.not.toThrow();
    }
  });

  it('puts no injection on the whole page: a page-level behaviour is declared under `page`', () => {
    const wholePage = new Set(['body', 'head', 'html', ':root']);
    const found = features.flatMap((f) =>
      (f.injections ?? []).filter((i) => wholePage.has(i.selector.trim())).map((i) => `${f.id}/${i.id}`),
    );
    expect(
      found.map(
        (part) =>
          `${part} is an injection on the whole page: a page-level behaviour (a document listener, a style while on): declare it under \`page\` (run(ctx), no selector)`,
      ),
    ).toEqual([]);
  });

  it('refuses duplicate features, commands and options', () => {
    const r = new Registry();
    r.define({ id: 'a', title: 'A', category: 'misc', description: 'a', commands: [{ id: 'x', title: 'X', section: 'S', run: () => {} }] });
    expect(() => r.define({ id: 'a', title: 'A', category: 'misc', description: 'a' })).toThrow(/twice/);
    expect(() =>
      r.define({
        id: 'b',
        title: 'B',
        category: 'misc',
        description: 'b',
        commands: [{ id: 'x', title: 'X', section: 'S', run: () => {} }],
      }),
    ).toThrow(/twice/);
    expect(() => r.define({ id: 'Bad Id', title: 'B', category: 'misc', description: 'b' })).toThrow(/kebab/);
  });

  it("lists a provided command only under its feature's id, and switches it with its feature", () => {
    const r = new Registry();
    r.define({
      id: 'p',
      title: 'P',
      category: 'misc',
      description: 'p',
      toggle: 'pOn',
      options: [{ key: 'pOn', default: true }],
      provideCommands: () => [
        { id: 'p.mine', title: 'Mine', section: 'P', run: () => {} },
        { id: 'q.theirs', title: 'Theirs', section: 'P', run: () => {} },
      ],
    });
    const { services } = makeTestServices(r);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const listed = () => {
      const ctx = services.context(null);
      return r
        .commands(ctx)
        .filter((c) => r.allows(c, ctx))
        .map((c) => c.id);
    };
    expect(listed()).toEqual(['p.mine']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('q.theirs from p is not under "p."'));
    services.settings.set('pOn', false);
    expect(listed()).toEqual([]);
    warn.mockRestore();
  });
});

/**
 * Command, panel and tab ids: each is prefixed with its feature's id (`<feature>.<name>`, or the
 * feature's id itself), and every id the source names as a literal (`run('…')`, `palette.push('…')`,
 * `palette.open('…')`, `dialogs.open('…')`, `setMode('…')`, a command's `page: '…'`) is declared.
 */
describe('ids', () => {
  const registry = new Registry();
  features.forEach((f) => registry.define(f));

  it("prefixes every command, panel and tab id with its feature's id", () => {
    const wrong: string[] = [];
    for (const f of registry.features()) {
      for (const { id, what } of [
        ...(f.commands ?? []).map((c) => ({ id: c.id, what: 'command' })),
        ...(f.panels ?? []).map((p) => ({ id: p.id, what: p.kind })),
      ]) {
        if (id === f.id || id.startsWith(`${f.id}.`)) continue;
        wrong.push(`The ${what} "${id}" of feature "${f.id}" should be named "${f.id}.…": prefix it with its feature's id.`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('maps every old id that stored data may name to a declared id, and declares none of the old ones', () => {
    const declared = (id: string) => registry.command(id) !== undefined || registry.panels('settings-tab').some((t) => t.id === id);
    const problems: string[] = [];
    for (const [old, now] of renamedIds()) {
      if (!declared(now))
        problems.push(`"${old}" is renamed to "${now}", which no feature declares: name the id it has now in src/data/renamed-ids.ts.`);
      if (declared(old)) problems.push(`"${old}" is an old id but a feature declares it again: give that command or tab another id.`);
    }
    for (const c of registry.commands(makeTestServices(registry).services.context(null)))
      if (c.id.startsWith('links.')) problems.push(`The command "${c.id}" takes the old AniList links prefix: name it otherwise.`);
    expect(problems).toEqual([]);
    expect(renamedId('links.notifications')).toBe('anilist-links.notifications');
    expect(declared(renamedId('links.notifications'))).toBe(true);
  });

  it('resolves every command, page, mode and dialog id the source names as a literal', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return files(path);
        return /\.tsx?$/.test(name) ? [path] : [];
      });
    const root = resolve(__dirname, '../../src');
    const known: Record<string, (id: string) => boolean> = {
      command: (id) => registry.command(id) !== undefined,
      'palette page': (id) => registry.panel(id, 'palette-page') !== undefined,
      'palette mode': (id) => id === DASHBOARD || registry.panel(id, 'palette-mode') !== undefined,
      dialog: (id) => registry.panel(id, 'dialog') !== undefined,
    };
    const patterns: [RegExp, keyof typeof known][] = [
      [/\brun\(\s*'([^']+)'/g, 'command'],
      [/\bpalette\.(?:push|open)\(\s*'([^']+)'/g, 'palette page'],
      [/\bpage:\s*'([^']+)'/g, 'palette page'],
      [/\bsetMode\(\s*'([^']+)'/g, 'palette mode'],
      [/\bdialogs\.open\(\s*'([^']+)'/g, 'dialog'],
    ];
    const found: string[] = [];
    const unknown: string[] = [];
    for (const path of files(root)) {
      const text = readFileSync(path, 'utf8');
      for (const [pattern, kind] of patterns) {
        for (const m of text.matchAll(pattern)) {
          found.push(m[1]!);
          if (!known[kind]!(m[1]!))
            unknown.push(
              `${relative(root, path)} names the ${kind} "${m[1]}", which no feature declares: use the id its feature declares.`,
            );
        }
      }
    }
    expect(found.length).toBeGreaterThan(10);
    expect(unknown).toEqual([]);
  });
});

function ids(list: { id: string }[]): string[] {
  return list.map((c) => c.id);
}
