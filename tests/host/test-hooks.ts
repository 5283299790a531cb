import type { TestHooks } from '../../src/test-hooks';

/**
 * The test build's hook (`dist/test/voidverified.user.js`): `window.__voidVerified` hands the bench
 * (which defines thousands of commands to time the palette) and the few end-to-end tests that need
 * internals the script's registry, injector, store and client. Any script on the page could read
 * it, so it lives here, outside src: tsup.config.ts loads this file in place of src/test-hooks.ts
 * for the test build only; the shipped build keeps src's empty function (tests/unit/build.test.ts
 * checks the file). What it hands is src's `TestHooks`.
 */
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
