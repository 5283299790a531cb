// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Registry } from '../../src/commands/registry';
import type { Injection } from '../../src/commands/types';
import { Injector, MOUNT_RETURNED, type CriticalFailure } from '../../src/inject/injector';
import { makeTestServices } from './helpers';

/**
 * Critical failures: the engine that fails stops for good and says
 * so once; an injection whose set-up fails says so and stays off; neither takes the others down.
 */

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let injector: Injector | null = null;
let restore: (() => void) | null = null;

function start(injections: Injection[]) {
  const registry = new Registry();
  registry.define({ id: 'probe', title: 'Probe', category: 'misc', description: 'Test injections', injections });
  const { services } = makeTestServices(registry);
  const critical: CriticalFailure[] = [];
  injector = new Injector(
    registry,
    () => services.context(null),
    (f) => critical.push(f),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
  injector.start();
  return { critical, injector };
}

/** Makes the page's querySelectorAll throw, as a broken host could. */
function breakQueries(): void {
  const original = Object.getOwnPropertyDescriptor(document, 'querySelectorAll');
  Object.defineProperty(document, 'querySelectorAll', {
    configurable: true,
    value: () => {
      throw new TypeError('the host broke querySelectorAll');
    },
  });
  restore = () => {
    if (original) Object.defineProperty(document, 'querySelectorAll', original);
    else delete (document as unknown as Record<string, unknown>).querySelectorAll;
  };
}

function counter(selector: string, extra: Partial<Injection> = {}) {
  const seen = { mounts: 0, cleanups: 0 };
  const injection: Injection = {
    id: `count-${selector}`,
    route: () => true,
    selector,
    mount: (_element, ctx) => {
      seen.mounts++;
      ctx.signal.addEventListener('abort', () => void seen.cleanups++);
    },
    ...extra,
  };
  return { injection, seen };
}

beforeEach(() => {
  document.body.innerHTML = '<div class="a"></div><div class="b"></div>';
});

afterEach(() => {
  restore?.();
  restore = null;
  injector?.stop();
  injector = null;
});

describe('critical failures of the injection engine', () => {
  it('an injection whose set-up fails is said once, switched off for the page, and the others keep working', async () => {
    const good = counter('.a');
    let tries = 0;
    const paste: Injection = {
      id: 'paste-and-drop',
      route: () => true,
      selector: '.b',
      setupFailure: 'Failed to set up the paste handler.',
      mount: () => {
        tries++;
        throw new Error('addEventListener refused');
      },
    };
    const { critical, injector: engine } = start([good.injection, paste]);
    expect(critical).toEqual([
      expect.objectContaining({ kind: 'injection', injection: 'paste-and-drop', message: 'Failed to set up the paste handler.' }),
    ]);
    expect(engine.activeInjections()).toEqual(['probe/count-.a']);

    // More landmarks and more reconciles (a route change, a settings change): not tried again.
    document.body.insertAdjacentHTML('beforeend', '<div class="b"></div><div class="a"></div>');
    await flush();
    engine.reconcile();
    expect(tries).toBe(1);
    expect(critical).toHaveLength(1);
    expect(good.seen.mounts).toBe(2);
    expect(engine.stopped).toBe(false);
  });

  it('a mount failing without setupFailure is only logged (Health lists it), and the injection stays on', async () => {
    const flaky: Injection = {
      id: 'flaky',
      route: () => true,
      selector: '.b',
      mount: () => {
        throw new Error('feature bug');
      },
    };
    const { critical, injector: engine } = start([flaky]);
    expect(critical).toEqual([]);
    expect(engine.failures).toHaveLength(1);
    expect(engine.activeInjections()).toEqual(['probe/flaky']);
  });

  it('a mount that returns a clean-up is refused: reported as a failure, and its function is never called', async () => {
    let called = 0;
    const returning = {
      id: 'returns-cleanup',
      route: () => true,
      selector: '.b',
      mount: () => () => void called++,
    } as unknown as Injection; // the type forbids it (mount returns undefined); plain JavaScript could still do it
    const { critical, injector: engine } = start([returning]);
    expect(engine.failures.map((f) => (f.error as Error).message)).toEqual([MOUNT_RETURNED]);
    expect(critical).toEqual([]);
    document.querySelector('.b')!.remove();
    await flush();
    engine.stop();
    expect(called).toBe(0);
  });

  it('a selector the browser refuses switches off only that injection', () => {
    const good = counter('.a');
    const bad = counter('div[[', { id: 'bad' });
    const { critical, injector: engine } = start([bad.injection, good.injection]);
    expect(critical).toEqual([]);
    expect(good.seen.mounts).toBe(1);
    expect(engine.activeInjections()).toEqual(['probe/count-.a']);
    expect(engine.failures.map((f) => f.injection)).toEqual(['bad']);
  });

  it('the engine failing mid-session stops cleanly, for good, and says so once', async () => {
    let late = false;
    const early = counter('.a');
    const later = counter('.b', { when: () => late });
    const { critical, injector: engine } = start([early.injection, later.injection]);
    expect(early.seen.mounts).toBe(1);

    breakQueries();
    late = true;
    engine.reconcile(); // activating `later` needs the page's querySelectorAll
    expect(critical).toEqual([expect.objectContaining({ kind: 'engine' })]);
    expect(engine.stopped).toBe(true);
    expect(early.seen.cleanups).toBe(1); // what it had added is taken away
    expect(engine.activeInjections()).toEqual([]);

    // Every later page, setting or DOM change: nothing more, no second toast.
    restore?.();
    restore = null;
    engine.reconcile();
    document.body.insertAdjacentHTML('beforeend', '<div class="a"></div>');
    await flush();
    expect(critical).toHaveLength(1);
    expect(early.seen.mounts).toBe(1);
  });

  it('an engine that cannot start says so (set-up failure) and holds nothing', () => {
    breakQueries();
    const one = counter('.a');
    const { critical, injector: engine } = start([one.injection]);
    expect(critical).toEqual([expect.objectContaining({ kind: 'setup' })]);
    expect(engine.stopped).toBe(true);
    expect(engine.activeInjections()).toEqual([]);
  });
});
