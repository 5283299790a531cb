// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from '../../src/commands/registry';
import type { FeatureDef, Injection } from '../../src/commands/types';
import { s } from '../../src/data/schema';
import { defineKey, fixedShape } from '../../src/data/storage';
import { Injector } from '../../src/inject/injector';
import { makeTestServices } from './helpers';

/**
 * `when` and provided commands declare the storage keys they read (`reads`), and the registry
 * re-checks when one changes: an injection follows at once, without waiting for a navigation, and
 * nothing calls `registry.changed()` by hand.
 */

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const modeKey = defineKey({
  name: 'test-registry-reads-mode',
  cap: fixedShape,
  description: 'A probe the tests switch.',
  schema: s.enum(['on', 'off'] as const),
  defaultValue: () => 'off' as 'on' | 'off',
});

let injector: Injector | null = null;
afterEach(() => {
  injector?.stop();
  injector = null;
  document.body.innerHTML = '';
});

function start(injection: Partial<Injection>, feature: Partial<FeatureDef> = {}) {
  document.body.innerHTML = '<div id="landmark"></div>';
  const mounted: string[] = [];
  const aborted: string[] = [];
  const registry = new Registry();
  registry.define({
    id: 'probe',
    title: 'Probe',
    category: 'misc',
    description: 'Reads a key',
    injections: [
      {
        id: 'badge',
        selector: '#landmark',
        when: (ctx) => ctx.store.get(modeKey) === 'on',
        mount: (_element, ctx) => {
          mounted.push('badge');
          ctx.signal.addEventListener('abort', () => aborted.push('badge'));
        },
        ...injection,
      },
    ],
    ...feature,
  });
  const { services, store } = makeTestServices(registry);
  registry.watch(store, []);
  injector = new Injector(registry, () => services.context(null));
  injector.start();
  return { registry, store, mounted, aborted };
}

describe('the registry re-checks on the keys parts declare they read', () => {
  it('a `when` reading a declared key is evaluated again when the key changes, without a navigation', async () => {
    const { store, mounted, aborted } = start({ reads: [modeKey] });
    await flush();
    expect(mounted).toEqual([]);

    store.set(modeKey, 'on');
    await flush();
    expect(mounted).toEqual(['badge']);

    store.set(modeKey, 'off');
    await flush();
    expect(aborted).toEqual(['badge']);
  });

  it('an undeclared read waits for the next re-check (which is why it is declared)', async () => {
    const { store, mounted } = start({});
    store.set(modeKey, 'on');
    await flush();
    expect(mounted).toEqual([]);
    injector!.reconcile();
    await flush();
    expect(mounted).toEqual(['badge']);
  });

  it("the palette and the hotkeys hear of a change of a key a feature's provided commands read", () => {
    const { registry, store } = start({}, { reads: [modeKey], provideCommands: () => [] });
    let heard = 0;
    registry.subscribe(() => heard++);
    store.set(modeKey, 'on');
    expect(heard).toBe(1);
  });
});
