import type { Registry } from './commands/registry';
import type { GraphQLClient } from './data/graphql';
import type { Store } from './data/storage';
import type { Injector } from './inject/injector';

/**
 * The test build's hook (`dist/test/voidverified.user.js`): `window.__voidVerified` hands the bench
 * (which defines thousands of commands to time the palette) and the few end-to-end tests that need
 * internals the script's registry, injector, store and client. Any script on the page could read
 * it, so the shipped build (`dist/voidverified.user.js`) has none: tsup.config.ts builds it with
 * this module replaced by an empty function, and tests/unit/build.test.ts checks the file.
 */
export interface TestHooks {
  version: string;
  registry: Registry;
  injector: Injector;
  store: Store;
  client: GraphQLClient;
}

declare global {
  interface Window {
    /** The test build's hook; never set by the script users install. */
    __voidVerified?: TestHooks;
  }
}

/** Exposes the internals on the page (test build only). */
export function exposeTestHooks(hooks: TestHooks): void {
  window.__voidVerified = hooks;
}
