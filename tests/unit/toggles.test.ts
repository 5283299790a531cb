// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { features } from '../../src/commands/features';
import { Registry } from '../../src/commands/registry';
import type { FeatureDef } from '../../src/commands/types';
import { authKey } from '../../src/data/auth';
import { Injector } from '../../src/inject/injector';
import { makeTestServices } from './helpers';

/** Feature toggles: the registry gates a feature's commands and injections by the option it names. */

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function probe(overrides: Partial<FeatureDef> = {}) {
  const ran: string[] = [];
  const mounted: string[] = [];
  const feature: FeatureDef = {
    id: 'probe',
    title: 'Probe',
    category: 'misc',
    description: 'A toggled feature',
    options: [
      { key: 'probeEnabled', title: 'Probe', description: 'Switches the probe.', default: false },
      { key: 'probeExtra', title: 'Probe extra', description: 'A part of the probe.', default: true },
    ],
    toggle: 'probeEnabled',
    commands: [
      { id: 'probe.act', title: 'Act', section: 'Probe', hotkey: 'alt+shift+p', run: () => void ran.push('act') },
      { id: 'probe.configure', title: 'Configure', section: 'Probe', toggle: null, run: () => void ran.push('configure') },
      { id: 'probe.extra', title: 'Extra', section: 'Probe', toggle: 'probeExtra', run: () => void ran.push('extra') },
    ],
    provideCommands: () => [{ id: 'probe.provided', title: 'Provided', section: 'Probe', run: () => void ran.push('provided') }],
    injections: [
      { id: 'badge', selector: '#landmark', single: true, mount: () => void mounted.push('badge') },
      { id: 'authorized', selector: '#landmark', single: true, authRequired: true, mount: () => void mounted.push('authorized') },
    ],
    ...overrides,
  };
  const registry = new Registry();
  registry.define(feature);
  const t = makeTestServices(registry);
  return { ...t, registry, ran, mounted };
}

let injector: Injector | null = null;
afterEach(() => {
  injector?.stop();
  injector = null;
  document.body.innerHTML = '';
});

describe('feature toggles', () => {
  it("hides a feature's commands while its option is off, except a part that opts out", () => {
    const { registry, services } = probe();
    const listed = () =>
      registry
        .commands(services.context(null))
        .filter((c) => registry.allows(c, services.context(null)))
        .map((c) => c.id);
    expect(listed()).toEqual(['probe.configure']);
    services.settings.set('probeEnabled', true);
    expect(listed()).toEqual(['probe.act', 'probe.configure', 'probe.extra', 'probe.provided']);
    services.settings.set('probeExtra', false);
    expect(listed()).toEqual(['probe.act', 'probe.configure', 'probe.provided']);
  });

  it('refuses to run a command of a feature that is off, and runs it once on', async () => {
    const { services, ran } = probe();
    await services.run('probe.act');
    await services.run('probe.configure');
    expect(ran).toEqual(['configure']);
    services.settings.set('probeEnabled', true);
    await services.run('probe.act');
    await services.run('probe.provided');
    expect(ran).toEqual(['configure', 'act', 'provided']);
  });

  it('keeps `when` for other conditions, on top of the toggle', () => {
    const when = vi.fn(() => false);
    const { registry, services } = probe({
      commands: [{ id: 'probe.act', title: 'Act', section: 'Probe', when, run: () => {} }],
    });
    const command = registry.command('probe.act')!;
    expect(registry.allows(command, services.context(null))).toBe(false);
    expect(when).not.toHaveBeenCalled();
    services.settings.set('probeEnabled', true);
    expect(registry.allows(command, services.context(null))).toBe(false);
    expect(when).toHaveBeenCalledTimes(1);
  });

  it('tears injections down when the option goes off and mounts them again when it comes back on', async () => {
    document.body.innerHTML = '<div id="landmark"></div>';
    const { registry, services, store, mounted } = probe();
    store.set(authKey, { token: 'token', expires: null });
    injector = new Injector(registry, () => services.context(null));
    injector.start();
    await flush();
    expect(injector.activeInjections()).toEqual([]);

    services.settings.set('probeEnabled', true);
    injector.reconcile();
    await flush();
    expect(injector.activeInjections().sort()).toEqual(['probe/authorized', 'probe/badge']);
    expect(mounted.sort()).toEqual(['authorized', 'badge']);

    services.settings.set('probeEnabled', false);
    injector.reconcile();
    await flush();
    expect(injector.activeInjections()).toEqual([]);

    services.settings.set('probeEnabled', true);
    injector.reconcile();
    await flush();
    expect(injector.activeInjections().sort()).toEqual(['probe/authorized', 'probe/badge']);
  });

  it('keeps an injection that needs an API token off without one; a route-less injection runs on every page', async () => {
    document.body.innerHTML = '<div id="landmark"></div>';
    const { registry, services } = probe();
    services.settings.set('probeEnabled', true);
    injector = new Injector(registry, () => services.context(null));
    injector.start();
    await flush();
    expect(injector.activeInjections()).toEqual(['probe/badge']);
  });

  it("refuses a toggle that is not one of the feature's boolean options", () => {
    expect(() => probe({ toggle: 'someoneElsesOption' })).toThrow(/not one of its boolean options/);
    expect(() =>
      probe({ commands: [{ id: 'probe.act', title: 'Act', section: 'Probe', toggle: 'quickStartEnabled', run: () => {} }] }),
    ).toThrow(/"quickStartEnabled"/);
  });

  it('is declared by the features that have an on/off option of their own', () => {
    const registry = new Registry();
    features.forEach((f) => registry.define(f));
    const toggled = features.filter((f) => f.toggle).map((f) => f.id);
    expect(toggled).toEqual(
      expect.arrayContaining([
        'gif-keyboard',
        'global-css',
        'goals',
        'layout-designer',
        'messages-feed',
        'mini-profile',
        'quickstart',
        'reply-update',
      ]),
    );
    // Quick access has none: a user flagged for it shows with the global switch off (the original's rule).
    expect(toggled).not.toContain('quick-access');
  });
});
