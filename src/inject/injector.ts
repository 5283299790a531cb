import type { Registry } from '../commands/registry';
import type { CommandContext, FeatureDef, Injection, RouteMatcher } from '../commands/types';
import { observe, onNodesRemoved } from './observer';
import { currentPath, onRouteChange } from './route';

/**
 * Runs the registry's injections: each one is active while its route matches and its `when`
 * holds; while active, every element matching its selector is mounted once (Vue re-renders
 * replace nodes, and the new node is mounted again); a mount that throws is logged and contained.
 * Leaving the route, switching the option off or the node leaving the page tears it down.
 */

export function routeMatches(route: RouteMatcher, path: string): boolean {
  return typeof route === 'function' ? route(path) : route.test(path);
}

interface Mount {
  element: Element;
  controller: AbortController;
  cleanup?: () => void;
}

interface Running {
  injection: Injection;
  feature: FeatureDef;
  unobserve: () => void;
  mounts: Mount[];
}

export interface InjectionFailure {
  injection: string;
  feature: string;
  error: unknown;
}

export class Injector {
  private readonly running = new Map<string, Running>();
  private readonly stops: (() => void)[] = [];
  readonly failures: InjectionFailure[] = [];

  constructor(
    private readonly registry: Registry,
    private readonly context: () => CommandContext,
  ) {}

  start(): void {
    this.stops.push(
      onRouteChange(() => this.reconcile()),
      onNodesRemoved(() => this.sweep()),
      this.registry.subscribe(() => this.reconcile()),
    );
    this.reconcile();
  }

  stop(): void {
    this.stops.splice(0).forEach((s) => s());
    for (const id of [...this.running.keys()]) this.deactivate(id);
  }

  /** Re-evaluates which injections should run (route or settings changed). */
  reconcile(): void {
    const path = currentPath();
    const ctx = this.context();
    for (const { injection, feature } of this.registry.injections()) {
      const key = `${feature.id}/${injection.id}`;
      let active = false;
      try {
        active = routeMatches(injection.route, path) && (injection.when?.(ctx) ?? true);
      } catch (error) {
        this.fail(injection, feature, error);
      }
      if (active && !this.running.has(key)) this.activate(key, injection, feature);
      else if (!active && this.running.has(key)) this.deactivate(key);
    }
  }

  /** Injections that should be on this page but whose landmark is not in it. */
  missingLandmarks(): { feature: string; injection: string; selector: string }[] {
    return [...this.running.values()]
      .filter((r) => !r.injection.optional && document.querySelector(r.injection.selector) === null)
      .map((r) => ({ feature: r.feature.id, injection: r.injection.id, selector: r.injection.selector }));
  }

  activeInjections(): string[] {
    return [...this.running.keys()];
  }

  private activate(key: string, injection: Injection, feature: FeatureDef): void {
    const running: Running = { injection, feature, mounts: [], unobserve: () => {} };
    this.running.set(key, running);
    running.unobserve = observe(injection.selector, (element) => this.mount(running, element));
  }

  private deactivate(key: string): void {
    const running = this.running.get(key);
    if (!running) return;
    this.running.delete(key);
    running.unobserve();
    running.mounts.splice(0).forEach((m) => this.unmount(running, m));
  }

  private mount(running: Running, element: Element): void {
    if (running.mounts.some((m) => m.element === element)) return;
    if (running.injection.single && running.mounts.some((m) => m.element.isConnected)) return;
    const controller = new AbortController();
    const mount: Mount = { element, controller };
    running.mounts.push(mount);
    try {
      const cleanup = running.injection.mount(element, { ...this.context(), signal: controller.signal });
      if (typeof cleanup === 'function') mount.cleanup = cleanup;
    } catch (error) {
      this.fail(running.injection, running.feature, error);
    }
  }

  private unmount(running: Running, mount: Mount): void {
    mount.controller.abort();
    try {
      mount.cleanup?.();
    } catch (error) {
      this.fail(running.injection, running.feature, error);
    }
  }

  /** Tears down mounts whose element left the page. */
  private sweep(): void {
    for (const running of this.running.values()) {
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

  private fail(injection: Injection, feature: FeatureDef, error: unknown): void {
    this.failures.push({ injection: injection.id, feature: feature.id, error });
    console.error(`[VoidVerified] injection ${feature.id}/${injection.id} failed`, error);
  }
}
