import type { Registry } from '../commands/registry';
import type { CommandContext, FeatureDef, Injection, PageBehaviour, RouteMatcher } from '../commands/types';
import { observe, onChanges, onNodesRemoved } from './observer';
import { currentPath, onRouteChange } from './route';

/**
 * Runs the registry's injections and page behaviours: each one is active while its route matches
 * and its `when` holds; while active, every element matching an injection's selector is mounted
 * once, and a page behaviour runs once; a mount or run that throws is logged and contained.
 * Leaving the route, switching the option off or the node leaving the page tears it down.
 *
 * The host is a Vue 2 app, which both replaces nodes and patches them in place. Each case brings
 * an injection back:
 * - a replaced landmark is a new element: it is mounted like any other;
 * - a rebuilt child (the landmark stays, the part our node sat in is new): the mount's tracked
 *   nodes are gone while its element is still in the page, so it is mounted again;
 * - an element reused for other data (a feed entry now showing another activity): the
 *   injection's `key` changed, so it is mounted again.
 */

/** Why the browser refuses a selector (checked on a detached fragment), or null when it is valid. */
function selectorProblem(selector: string): unknown {
  try {
    document.createDocumentFragment().querySelector(selector);
    return null;
  } catch (error) {
    return error;
  }
}

/** Whether a route applies on `path`; no route applies everywhere. */
function routeMatches(route: RouteMatcher | undefined, path: string): boolean {
  if (route === undefined) return true;
  return typeof route === 'function' ? route(path) : route.test(path);
}

/**
 * A page behaviour as the injector runs it: mounted once on the document's root element, which is
 * always in the page, so that it lives exactly as an injection does (started and aborted with its
 * route, toggles and `when`, started again when a node it tracks is removed or its key changes),
 * without a landmark to wait for.
 */
function onRoot(behaviour: PageBehaviour): Injection {
  const { key, run, ...activation } = behaviour;
  return {
    ...activation,
    selector: ':root',
    single: true,
    key: key && ((_root, path) => key(path)),
    mount: (_root, ctx) => run(ctx),
  };
}

interface Mount {
  element: Element;
  /** Its abort is the mount's only teardown. */
  controller: AbortController;
  /** Nodes the mount put into the page (ctx.track). */
  placed: Set<Node>;
  /** What `injection.key` said when it mounted. */
  key: string | null;
}

/**
 * The abort reason of a mount that is torn down only to be mounted again at once (its part of the
 * page was rebuilt, or shows other data): a clean-up may keep what the user had open.
 */
export const REMOUNT = 'remount';

/** Why a mount that returned something failed: its teardown belongs on the signal. */
export const MOUNT_RETURNED = 'A mount returns nothing: tear down on ctx.signal instead of returning a clean-up.';

/** Mounts again on one element, at most this many times (a host that fights us must not loop us). */
const MAX_REVIVALS = 50;

interface Running {
  injection: Injection;
  feature: FeatureDef;
  /** A page behaviour (on the root element): it has no landmark, and its key reads only the path. */
  page: boolean;
  /** Stops watching the injection's selector. */
  watch: AbortController;
  mounts: Mount[];
}

export interface InjectionFailure {
  injection: string;
  feature: string;
  error: unknown;
}

/**
 * A failure of the product's own machinery, reported once: the engine could not start ('setup'),
 * or it failed while running and stopped ('engine'); or an injection marked `setupFailure` could
 * not be set up and stays off until the page is loaded again ('injection').
 */
export type CriticalFailure =
  { kind: 'setup' | 'engine'; error: unknown } | { kind: 'injection'; feature: string; injection: string; message: string; error: unknown };

export class Injector {
  private readonly running = new Map<string, Running>();
  /** The engine's own listeners (routes, removals, the registry), until it stops. */
  private engine = new AbortController();
  private readonly revivals = new WeakMap<Element, number>();
  private changes: AbortController | null = null;
  /** Injections switched off for this page load (their set-up failed, or their selector is not valid). */
  private readonly broken = new Set<string>();
  private stoppedByFailure = false;
  readonly failures: InjectionFailure[] = [];

  constructor(
    private readonly registry: Registry,
    private readonly context: () => CommandContext,
    private readonly onCritical: (failure: CriticalFailure) => void = () => {},
  ) {}

  start(): void {
    try {
      const { signal } = this.engine;
      onRouteChange(
        this.guard(() => {
          this.reconcileNow();
          this.rekey('all');
        }),
        { signal },
      );
      onNodesRemoved(
        this.guard(() => this.sweep()),
        { signal },
      );
      const unsubscribe = this.registry.subscribe(this.guard(() => this.reconcileNow()));
      signal.addEventListener('abort', unsubscribe, { once: true });
      this.reconcileNow();
    } catch (error) {
      this.crash('setup', error);
    }
  }

  stop(): void {
    const attempt = (step: () => void) => {
      try {
        step();
      } catch (error) {
        console.error('[VoidVerified] stopping the injection engine', error);
      }
    };
    const engine = this.engine;
    this.engine = new AbortController();
    attempt(() => engine.abort());
    for (const id of [...this.running.keys()]) attempt(() => this.deactivate(id));
    attempt(() => this.watchChanges());
  }

  /** Whether the engine stopped after a failure of its own (it stays stopped until the page is loaded again). */
  get stopped(): boolean {
    return this.stoppedByFailure;
  }

  /** Re-evaluates which injections should run (route or settings changed). */
  reconcile(): void {
    this.guard(() => this.reconcileNow())();
  }

  /**
   * Runs a step of the engine. Errors of a feature's own code (route, when, key, mount, clean-up)
   * are contained where they happen; anything that escapes to here is the engine's own failure: it
   * stops, cleanly and for good, and says so once, instead of failing again on every page.
   */
  private guard<A extends unknown[]>(step: (...args: A) => void): (...args: A) => void {
    return (...args) => {
      if (this.stoppedByFailure) return;
      try {
        step(...args);
      } catch (error) {
        this.crash('engine', error);
      }
    };
  }

  private crash(kind: 'setup' | 'engine', error: unknown): void {
    if (this.stoppedByFailure) return;
    this.stoppedByFailure = true;
    console.error(`[VoidVerified] the injection engine ${kind === 'setup' ? 'could not start' : 'failed'} and stopped`, error);
    this.stop();
    try {
      this.onCritical({ kind, error });
    } catch (report) {
      console.error('[VoidVerified] reporting a critical failure failed', report);
    }
  }

  private reconcileNow(): void {
    const path = currentPath();
    const ctx = this.context();
    for (const { part, feature } of this.registry.placedParts()) {
      const key = `${feature.id}/${part.id}`;
      if (this.broken.has(key)) continue;
      let active = false;
      try {
        active = routeMatches(part.route, path) && this.registry.allows(part, ctx);
      } catch (error) {
        this.fail(part, feature, error);
      }
      if (active && !this.running.has(key)) this.activate(key, part, feature);
      else if (!active && this.running.has(key)) this.deactivate(key);
    }
    this.watchChanges();
  }

  /** Injections that should be on this page but whose landmark is not in it. */
  missingLandmarks(): { feature: string; injection: string; selector: string }[] {
    return [...this.running.values()]
      .filter((r) => !r.page && !r.injection.optional && document.querySelector(r.injection.selector) === null)
      .map((r) => ({ feature: r.feature.id, injection: r.injection.id, selector: r.injection.selector }));
  }

  activeInjections(): string[] {
    return [...this.running.keys()];
  }

  private activate(key: string, part: Injection | PageBehaviour, feature: FeatureDef): void {
    if (!('selector' in part)) {
      const running: Running = { injection: onRoot(part), feature, page: true, mounts: [], watch: new AbortController() };
      this.running.set(key, running);
      this.mount(running, document.documentElement);
      return;
    }
    const injection = part;
    // A selector the browser refuses is the feature's fault: only that injection goes off.
    const invalid = selectorProblem(injection.selector);
    if (invalid !== null) {
      this.broken.add(key);
      this.fail(injection, feature, invalid);
      return;
    }
    const running: Running = { injection, feature, page: false, mounts: [], watch: new AbortController() };
    this.running.set(key, running);
    // Elements already in the page are mounted inside observe(): one whose set-up failed has
    // switched the injection off (and aborted the watch) already.
    observe(
      injection.selector,
      this.guard((element: Element) => this.mount(running, element)),
      running.watch,
    );
  }

  private deactivate(key: string): void {
    const running = this.running.get(key);
    if (!running) return;
    this.running.delete(key);
    running.watch.abort();
    running.mounts.splice(0).forEach((m) => this.unmount(running, m));
  }

  private mount(running: Running, element: Element): void {
    if (running.mounts.some((m) => m.element === element)) return;
    if (running.injection.single && running.mounts.some((m) => m.element.isConnected)) return;
    const controller = new AbortController();
    const mount: Mount = { element, controller, placed: new Set(), key: this.keyOf(running, element) };
    running.mounts.push(mount);
    const track = (node: Node) => {
      if (controller.signal.aborted) return () => {};
      mount.placed.add(node);
      return () => void mount.placed.delete(node);
    };
    try {
      const returned: unknown = running.injection.mount(element, { ...this.context(), signal: controller.signal, track });
      // The signal is the only teardown: a returned clean-up would never run, so it is a failure of the feature.
      if (returned !== undefined) throw new Error(MOUNT_RETURNED);
    } catch (error) {
      this.fail(running.injection, running.feature, error);
      if (running.injection.setupFailure !== undefined) this.disable(running, error);
    }
  }

  /** Switches an injection off for this page load after its set-up failed, and says so. */
  private disable(running: Running, error: unknown): void {
    const { injection, feature } = running;
    const key = `${feature.id}/${injection.id}`;
    if (this.broken.has(key)) return;
    this.broken.add(key);
    this.deactivate(key);
    this.watchChanges();
    try {
      this.onCritical({ kind: 'injection', feature: feature.id, injection: injection.id, message: injection.setupFailure ?? '', error });
    } catch (report) {
      console.error('[VoidVerified] reporting a critical failure failed', report);
    }
  }

  private keyOf(running: Running, element: Element): string | null {
    try {
      return running.injection.key?.(element, currentPath()) ?? null;
    } catch (error) {
      this.fail(running.injection, running.feature, error);
      return null;
    }
  }

  /** Tears a mount down and mounts its element again (its part was rebuilt, or it shows other data). */
  private revive(running: Running, mount: Mount): void {
    const count = (this.revivals.get(mount.element) ?? 0) + 1;
    this.revivals.set(mount.element, count);
    if (count > MAX_REVIVALS) {
      if (count === MAX_REVIVALS + 1)
        console.warn(`[VoidVerified] ${running.feature.id}/${running.injection.id} keeps being undone by the page; left as it is`);
      return;
    }
    running.mounts = running.mounts.filter((m) => m !== mount);
    this.unmount(running, mount, REMOUNT);
    this.mount(running, mount.element);
  }

  /** Listens for changes inside elements (text, data attributes) only while a keyed injection runs. */
  private watchChanges(): void {
    // A page behaviour's key reads the path alone: route changes re-read it (rekey('all')).
    const keyed = [...this.running.values()].some((r) => r.injection.key && !r.page);
    if (keyed && !this.changes) {
      this.changes = new AbortController();
      onChanges(
        this.guard((targets: ReadonlySet<Node>) => this.rekey(targets)),
        this.changes,
      );
    } else if (!keyed && this.changes) {
      this.changes.abort();
      this.changes = null;
    }
  }

  /** Mounts again where a keyed injection's element now shows other data (inside `targets`, or anywhere). */
  private rekey(targets: ReadonlySet<Node> | 'all'): void {
    for (const running of [...this.running.values()]) {
      if (!running.injection.key || (running.page && targets !== 'all')) continue;
      for (const mount of [...running.mounts]) {
        if (!mount.element.isConnected) continue;
        let inside = targets === 'all';
        if (!inside)
          for (const target of targets as ReadonlySet<Node>)
            if ((inside = mount.element === target || mount.element.contains(target))) break;
        if (inside && this.keyOf(running, mount.element) !== mount.key) this.revive(running, mount);
      }
    }
  }

  private unmount(running: Running, mount: Mount, reason?: typeof REMOUNT): void {
    try {
      mount.controller.abort(reason);
    } catch (error) {
      // A listener of the signal threw (the browser reports it; a polyfill may rethrow it here).
      this.fail(running.injection, running.feature, error);
    }
  }

  /** Tears down mounts whose element left the page; mounts again those whose own nodes did. */
  private sweep(): void {
    for (const running of [...this.running.values()]) {
      for (const mount of running.mounts.filter((m) => m.element.isConnected && [...m.placed].some((n) => !n.isConnected)))
        this.revive(running, mount);
      const gone = running.mounts.filter((m) => !m.element.isConnected);
      if (!gone.length) continue;
      running.mounts = running.mounts.filter((m) => m.element.isConnected);
      gone.forEach((m) => this.unmount(running, m));
      // A single-mount injection may now attach to another matching element.
      if (running.injection.single) {
        const next = document.querySelector(running.injection.selector);
        if (next) this.mount(running, next);
      }
    }
  }

  private fail(injection: { readonly id: string }, feature: FeatureDef, error: unknown): void {
    this.failures.push({ injection: injection.id, feature: feature.id, error });
    console.error(`[VoidVerified] injection ${feature.id}/${injection.id} failed`, error);
  }
}
