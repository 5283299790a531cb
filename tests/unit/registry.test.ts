import { describe, expect, it } from 'vitest';
import { features } from '../../src/commands/features';
import { bindingsFor, findConflicts, isValidHotkey } from '../../src/commands/hotkeys';
import { Registry } from '../../src/commands/registry';
import { CATEGORIES } from '../../src/commands/types';
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
      if (c.hotkey) expect(isValidHotkey(c.hotkey), `${c.id}: ${c.hotkey}`).toBe(true);
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
});

function ids(list: { id: string }[]): string[] {
  return list.map((c) => c.id);
}
