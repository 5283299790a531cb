// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Registry } from '../../src/commands/registry';
import type { Injection } from '../../src/commands/types';
import { settingsKey } from '../../src/data/config';
import { Injector } from '../../src/inject/injector';
import { subscriptionCount } from '../../src/inject/observer';
import { makeTestServices } from './helpers';

/**
 * The injector's life cycle: an element is mounted once however often the page changes; leaving
 * the route or switching the feature's option off tears its mounts down (and coming back mounts
 * again); a mount that throws is contained; every injection listens through the one shared
 * MutationObserver.
 */

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Moves the page to `path` as the host's router does (history, then a popstate the route watcher hears). */
async function go(path: string): Promise<void> {
  history.pushState({}, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  await flush();
}

interface Seen {
  mounts: string[];
  cleanups: string[];
}

/** An injection that records which element (by its data-name) it mounted on and tore down. */
function probe(id: string, selector: string, extra: Partial<Injection> = {}): { injection: Injection; seen: Seen } {
  const seen: Seen = { mounts: [], cleanups: [] };
  const injection: Injection = {
    id,
    selector,
    mount: (element, ctx) => {
      const name = element.getAttribute('data-name') ?? '?';
      seen.mounts.push(name);
      ctx.signal.addEventListener('abort', () => void seen.cleanups.push(name));
    },
    ...extra,
  };
  return { injection, seen };
}

/** MutationObservers made since this file started. */
let observersMade = 0;
beforeAll(() => {
  const Native = globalThis.MutationObserver;
  vi.stubGlobal(
    'MutationObserver',
    class extends Native {
      constructor(callback: MutationCallback) {
        super(callback);
        observersMade++;
      }
    },
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});

let injector: Injector | null = null;
const stops: (() => void)[] = [];

/**
 * Starts an injector over one probe feature with `injections` and the option `probeShown` (on by
 * default), which switches the feature on where `toggled`.
 */
function start(injections: Injection[], { toggled = false } = {}) {
  const registry = new Registry();
  registry.define({
    id: 'probe',
    title: 'Probe',
    category: 'misc',
    description: 'Test injections',
    options: [{ key: 'probeShown', title: 'Probe shown', description: 'Shows the probe.', default: true }],
    ...(toggled ? { toggle: 'probeShown' } : {}),
    injections,
  });
  const { services, store } = makeTestServices(registry);
  const engine = new Injector(registry, () => services.context(null));
  // As the app wires it: a settings change makes the injector re-check what should run.
  stops.push(store.subscribe(settingsKey, () => engine.reconcile()));
  engine.start();
  injector = engine;
  return { engine, ctx: services.context(null) };
}

beforeEach(async () => {
  await go('/home');
  document.body.innerHTML = '<div class="a" data-name="a1"></div><div class="a" data-name="a2"></div><div class="b" data-name="b1"></div>';
});

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  injector?.stop();
  injector = null;
  vi.restoreAllMocks();
});

describe('Injector life cycle', () => {
  it('mounts each matching element once, however often the page changes or settings are re-checked', async () => {
    const { injection, seen } = probe('once', '.a');
    const { engine } = start([injection]);
    expect(seen.mounts).toEqual(['a1', 'a2']);

    document.body.insertAdjacentHTML('beforeend', '<p>unrelated</p>');
    document.querySelector('.a')!.append(document.createElement('span'));
    await flush();
    engine.reconcile();
    engine.reconcile();
    expect(seen.mounts).toEqual(['a1', 'a2']);

    // A new landmark is mounted, once.
    document.body.insertAdjacentHTML('beforeend', '<section><div class="a" data-name="a3"></div></section>');
    await flush();
    expect(seen.mounts).toEqual(['a1', 'a2', 'a3']);
    expect(seen.cleanups).toEqual([]);
  });

  it('tears down on leaving its route and mounts again on coming back', async () => {
    const { injection, seen } = probe('home-only', '.a', { route: (path) => path === '/home' });
    const { engine } = start([injection]);
    expect(seen.mounts).toEqual(['a1', 'a2']);

    await go('/user/Akira/');
    expect(seen.cleanups).toEqual(['a1', 'a2']);
    expect(engine.activeInjections()).toEqual([]);
    // Its landmarks changing while it is off mount nothing.
    document.body.insertAdjacentHTML('beforeend', '<div class="a" data-name="a3"></div>');
    await flush();
    expect(seen.mounts).toEqual(['a1', 'a2']);

    await go('/home');
    expect(seen.mounts).toEqual(['a1', 'a2', 'a1', 'a2', 'a3']);
    expect(engine.activeInjections()).toEqual(['probe/home-only']);
  });

  it("tears down when the feature's option is switched off, and mounts again when it is switched on", () => {
    const { injection, seen } = probe('gated', '.a');
    // A part that opts out of the feature's toggle stays.
    const other = probe('ungated', '.b', { toggle: null });
    const { engine, ctx } = start([injection, other.injection], { toggled: true });
    expect(seen.mounts).toEqual(['a1', 'a2']);

    ctx.settings.set('probeShown', false);
    expect(seen.cleanups).toEqual(['a1', 'a2']);
    expect(engine.activeInjections()).toEqual(['probe/ungated']);
    expect(other.seen.cleanups).toEqual([]);

    ctx.settings.set('probeShown', true);
    expect(seen.mounts).toEqual(['a1', 'a2', 'a1', 'a2']);
  });

  it('contains a mount that throws: the other elements and the other injections still mount', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const throwingMounts: string[] = [];
    const throwing = probe('throwing', '.a', {
      mount: (element) => {
        if (element.getAttribute('data-name') === 'a1') throw new Error('feature bug');
        throwingMounts.push(element.getAttribute('data-name')!);
      },
    });
    const other = probe('other', '.b');
    const { engine } = start([throwing.injection, other.injection]);
    expect(throwingMounts).toEqual(['a2']);
    expect(other.seen.mounts).toEqual(['b1']);
    expect(engine.failures.map((f) => f.injection)).toEqual(['throwing']);

    // Still on: later landmarks of both are mounted.
    document.body.insertAdjacentHTML('beforeend', '<div class="a" data-name="a3"></div><div class="b" data-name="b2"></div>');
    await flush();
    expect(throwingMounts).toEqual(['a2', 'a3']);
    expect(other.seen.mounts).toEqual(['b1', 'b2']);
    expect(engine.stopped).toBe(false);
  });

  it('listens through the one shared MutationObserver, one subscription per running injection', async () => {
    const before = subscriptionCount();
    const a = probe('on-a', '.a');
    const b = probe('on-b', '.b');
    const c = probe('on-c', '.c');
    start([a.injection, b.injection, c.injection]);
    expect(subscriptionCount()).toBe(before + 3);
    // The one observer, made when the first injector started (its route watcher keeps it): not one per injection.
    expect(observersMade).toBe(1);

    // Each subscription hears only its own selector.
    document.body.insertAdjacentHTML('beforeend', '<div class="c" data-name="c1"></div>');
    await flush();
    expect(c.seen.mounts).toEqual(['c1']);
    expect(a.seen.mounts).toEqual(['a1', 'a2']);
    expect(b.seen.mounts).toEqual(['b1']);
    expect(observersMade).toBe(1);

    injector!.stop();
    injector = null;
    expect(subscriptionCount()).toBe(before);
  });
});
