import type { Registry } from './commands/registry';
import type { GraphQLClient } from './data/graphql';
import type { Store } from './data/storage';
import type { Injector } from './inject/injector';

/** What the test build's hook hands the bench and a few end-to-end tests (tests/host/test-hooks.ts). */
export interface TestHooks {
  version: string;
  registry: Registry;
  injector: Injector;
  store: Store;
  client: GraphQLClient;
}

/**
 * Nothing in the script users install: no internals reach the page. The test build
 * (`dist/test/`) loads tests/host/test-hooks.ts in place of this module (tsup.config.ts).
 */
export function exposeTestHooks(_hooks: TestHooks): void {}
