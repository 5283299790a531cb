import type { Registry } from '../../src/commands/registry';
import type { GraphQLClient } from '../../src/data/graphql';
import type { Store } from '../../src/data/storage';
import type { Injector } from '../../src/inject/injector';

/**
 * The test build's hook (`dist/test/voidverified.user.js`): `window.__voidVerified` hands the bench
 * (which defines thousands of commands to time the palette) and the few end-to-end tests that need
 * internals the script's registry, injector, store and client. Any script on the page could read
 * it, so it lives here, outside src: tsup.config.ts loads this file in place of src/test-hooks.ts
 * for the test build only; the shipped build keeps src's empty function (tests/unit/build.test.ts
 * checks the file).
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
