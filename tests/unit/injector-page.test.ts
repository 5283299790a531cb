// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Registry } from '../../src/commands/registry';
import type { FeatureDef, PageBehaviour } from '../../src/commands/types';
import { settingsKey } from '../../src/data/config';
import { s } from '../../src/data/schema';
import { defineKey, fixedShape } from '../../src/data/storage';
import { Injector, REMOUNT, type CriticalFailure } from '../../src/inject/injector';
import { makeTestServices } from './helpers';

/**
 * Page behaviours (a feature's `page`): no landmark, they run once while their feature, route,
 * toggle and `when` hold and stop when the signal aborts, with an injection's life cycle: a route
 * left, a feature switched off or a `when` that stops holding (re-checked on its `reads`) aborts
 * them; a node they track that the page removes, or a key that a navigation changes, starts them
 * again; one that throws is logged and the others go on.
 */

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function go(path: string): Promise<void> {
  history.pushState({}, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  await flush();
}

const modeKey = defineKey({
  name: 'test-page-behaviour-mode',
  cap: fixedShape,
  description: 'A probe the tests switch.',
  schema: s.enum(['on', 'off'] as const),
  defaultValue: () => 'off' as 'on' | 'off',
});

interface Seen {
  runs: number;
  aborts: unknown[];
}

function probe(id: string, extra: Partial<PageBehaviour> = {}): { behaviour: PageBehaviour; seen: Seen } {
  const seen: Seen = { runs: 0, aborts: [] };
  const behaviour: PageBehaviour = {
    id,
    run: (ctx) => {
      seen.runs++;
      ctx.signal.addEventListener('abort', () => void seen.aborts.push(ctx.signal.reason));
    },
    ...extra,
  };
  return { behaviour, seen };
}

let injector: Injector | null = null;

function start(page: PageBehaviour[], feature: Partial<FeatureDef> = {}) {
  const registry = new Registry();
  registry.define({
    id: 'probe',
    title: 'Probe',
    category: 'misc',
    description: 'Test page behaviours',
    options: [{ key: 'probeShown', title: 'Probe shown', description: 'Shows the probe.', default: true }],
    page,
    ...feature,
  });
  const { services, store } = makeTestServices(registry);
  const critical: CriticalFailure[] = [];
  // As the app wires it: the options and the declared keys make the registry re-check.
  registry.watch(store, [settingsKey]);
  injector = new Injector(
    registry,
    () => services.context(null),
    (f) => critical.push(f),
  );
  injector.start();
  return { engine: injector, store, ctx: services.context(null), critical, registry };
}

beforeEach(async () => {
  await go('/home');
  document.body.innerHTML = '<main></main>';
});

afterEach(() => {
  injector?.stop();
  injector = null;
  vi.restoreAllMocks();
});

describe('page behaviours', () => {
  it('run once at once, whatever the page does, and are counted as active but never as a missing landmark', async () => {
    const { behaviour, seen } = probe('listener');
    const { engine } = start([behaviour]);
    expect(seen.runs).toBe(1);

    document.body.insertAdjacentHTML('beforeend', '<p>more</p>');
    document.body.querySelector('main')!.remove();
    await flush();
    engine.reconcile();
    expect(seen.runs).toBe(1);
    expect(seen.aborts).toEqual([]);
    expect(engine.activeInjections()).toEqual(['probe/listener']);
    expect(engine.missingLandmarks()).toEqual([]);
  });

  it('stop on leaving their route and run again on coming back', async () => {
    const { behaviour, seen } = probe('home-only', { route: (path) => path === '/home' });
    const { engine } = start([behaviour]);
    await go('/user/Akira/');
    expect(seen.aborts).toHaveLength(1);
    expect(engine.activeInjections()).toEqual([]);
    await go('/home');
    expect(seen.runs).toBe(2);
  });

  it("stop when the feature's option goes off and run again when it comes back on", () => {
    const gated = probe('gated');
    const ungated = probe('ungated', { toggle: null });
    const { ctx } = start([gated.behaviour, ungated.behaviour], { toggle: 'probeShown' });
    ctx.settings.set('probeShown', false);
    expect(gated.seen.aborts).toHaveLength(1);
    expect(ungated.seen.aborts).toEqual([]);
    ctx.settings.set('probeShown', true);
    expect(gated.seen.runs).toBe(2);
  });

  it('follow a `when` reading a declared key at once, without a navigation', () => {
    const { behaviour, seen } = probe('when', { when: (ctx) => ctx.store.get(modeKey) === 'on', reads: [modeKey] });
    const { store } = start([behaviour]);
    expect(seen.runs).toBe(0);
    store.set(modeKey, 'on');
    expect(seen.runs).toBe(1);
    store.set(modeKey, 'off');
    expect(seen.aborts).toHaveLength(1);
  });

  it('run again after a navigation that changes their key, and not after one that keeps it', async () => {
    const { behaviour, seen } = probe('keyed', { key: (path) => (path.startsWith('/user/') ? 'profile' : 'elsewhere') });
    start([behaviour]);
    await go('/search/anime');
    expect(seen.runs).toBe(1);
    await go('/user/Akira/');
    expect(seen.runs).toBe(2);
    expect(seen.aborts).toEqual([REMOUNT]);
  });

  it('run again when the page removes a node they placed', async () => {
    let runs = 0;
    const { behaviour } = probe('placer', {
      run: (ctx) => {
        runs++;
        const node = document.createElement('aside');
        document.body.append(node);
        ctx.track(node);
        ctx.signal.addEventListener('abort', () => node.remove());
      },
    });
    start([behaviour]);
    expect(runs).toBe(1);
    document.body.querySelector('aside')!.remove();
    await flush();
    expect(runs).toBe(2);
    expect(document.body.querySelectorAll('aside')).toHaveLength(1);
  });

  it('are isolated: one that throws is logged and the others run; one marked `setupFailure` says so once and stays off', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const other = probe('other');
    const { engine, critical } = start([
      probe('throwing', {
        run: () => {
          throw new Error('feature bug');
        },
      }).behaviour,
      probe('machinery', {
        setupFailure: 'Failed to set up the probe.',
        run: () => {
          throw new Error('refused');
        },
      }).behaviour,
      other.behaviour,
    ]);
    expect(other.seen.runs).toBe(1);
    expect(engine.failures.map((f) => f.injection)).toEqual(['throwing', 'machinery']);
    expect(critical).toEqual([
      expect.objectContaining({ kind: 'injection', injection: 'machinery', message: 'Failed to set up the probe.' }),
    ]);
    expect(engine.activeInjections()).toEqual(['probe/throwing', 'probe/other']);
    await go('/user/Akira/');
    expect(critical).toHaveLength(1);
    expect(engine.stopped).toBe(false);
  });

  it('share their ids with the injections of their feature: one id names one part', () => {
    const registry = new Registry();
    expect(() =>
      registry.define({
        id: 'twice',
        title: 'Twice',
        category: 'misc',
        description: 'A part declared twice',
        injections: [{ id: 'part', selector: 'main', mount: () => undefined }],
        page: [{ id: 'part', run: () => undefined }],
      }),
    ).toThrow('Feature "twice" declares "part" twice among its injections and page behaviours');
  });
});
