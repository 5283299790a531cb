// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '../../src/commands/features/notifications';
import { partOf, Registry } from '../../src/commands/registry';
import type { FeatureDef, Injection } from '../../src/commands/types';
import { authKey } from '../../src/data/auth';
import { settingsKey } from '../../src/data/config';
import { unreadStateKey } from '../../src/data/notifications/storage';
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

const pollKey = defineKey({
  name: 'test-registry-reads-poll',
  cap: fixedShape,
  description: 'A probe stored again on a timer: a time, and a list that changes now and then.',
  schema: s.object({ fetchedAt: s.number(), items: s.array(s.number(), { max: 10 }) }),
  defaultValue: () => ({ fetchedAt: 0, items: [] as number[] }),
});

const otherKey = defineKey({
  name: 'test-registry-reads-other',
  cap: fixedShape,
  description: 'A probe no part declares.',
  schema: s.number(),
  defaultValue: () => 0,
});

/** A registry over `feature` watching as the app does (the options and the token always), and a count of its re-checks. */
function watched(feature: FeatureDef) {
  const registry = new Registry();
  registry.define(feature);
  const { store } = makeTestServices(registry);
  registry.watch(store, [settingsKey, authKey]);
  const heard = { count: 0 };
  registry.subscribe(() => heard.count++);
  return { store, heard };
}

const reader = (reads: FeatureDef['reads']): FeatureDef => ({
  id: 'reader',
  title: 'Reader',
  category: 'misc',
  description: 'Provides commands from what it reads',
  reads,
  provideCommands: () => [],
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

describe('the registry re-checks on nothing else', () => {
  it('a write of a key no part declared in `reads` re-checks nothing', () => {
    const { store, heard } = watched(reader([modeKey]));
    store.set(otherKey, 1);
    store.set(otherKey, 2);
    expect(heard.count).toBe(0);
    store.set(modeKey, 'on');
    expect(heard.count).toBe(1);
  });

  it('a part declared with partOf re-checks when a write changes that part, and not when it stores it again unchanged', () => {
    const { store, heard } = watched(reader([partOf(pollKey, (poll) => poll.items)]));
    store.set(pollKey, { fetchedAt: 1, items: [] });
    store.set(pollKey, { fetchedAt: 2, items: [] });
    expect(heard.count).toBe(0);
    store.set(pollKey, { fetchedAt: 3, items: [7] });
    expect(heard.count).toBe(1);
    // The same list in a new array, as a poll stores it: nothing changed.
    store.set(pollKey, { fetchedAt: 4, items: [7] });
    expect(heard.count).toBe(1);
  });

  it('a key also read whole re-checks on every write, whatever else reads only a part of it', () => {
    const registry = new Registry();
    registry.define(reader([partOf(pollKey, (poll) => poll.items)]));
    registry.define({ ...reader([pollKey]), id: 'whole-reader' });
    const { store } = makeTestServices(registry);
    registry.watch(store, []);
    let heard = 0;
    registry.subscribe(() => heard++);
    store.set(pollKey, { fetchedAt: 1, items: [] });
    expect(heard).toBe(1);
  });

  it("the unread state the notifications poll stores every three minutes rebuilds the Dashboard's notifications only when its items change", () => {
    const { store, heard } = watched(notifications);
    const item = { id: 1, type: 'ACTIVITY_LIKE', text: 'Akira liked your activity.', path: '/activity/1', createdAt: 100 };
    store.set(unreadStateKey, { fetchedAt: 1, types: 'ACTIVITY_LIKE', items: [item] });
    expect(heard.count).toBe(1);
    // The next polls: the same page, a new time.
    store.set(unreadStateKey, { fetchedAt: 2, types: 'ACTIVITY_LIKE', items: [{ ...item }] });
    store.set(unreadStateKey, { fetchedAt: 3, types: 'ACTIVITY_LIKE', items: [{ ...item }] });
    expect(heard.count).toBe(1);
    store.set(unreadStateKey, { fetchedAt: 4, types: 'ACTIVITY_LIKE', items: [{ ...item, id: 2 }, item] });
    expect(heard.count).toBe(2);
  });
});
