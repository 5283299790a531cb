/**
 * A stand-in for the userscript manager (Tampermonkey, Violentmonkey, Greasemonkey 4):
 * `gmShimSource(opts)` returns the JavaScript source (without a <script> tag) that defines the GM
 * API as page globals, to be run before the userscript.
 *
 * - mode 'sync'  : GM_getValue, GM_setValue, GM_deleteValue, GM_listValues,
 *                  GM_addValueChangeListener, GM_removeValueChangeListener, GM_xmlhttpRequest, GM_info
 *   mode 'async' : the GM object: GM.getValue, GM.setValue, GM.deleteValue, GM.listValues,
 *                  GM.addValueChangeListener, GM.removeValueChangeListener, GM.xmlHttpRequest, GM.info
 *   mode 'both'  : both sets (like Tampermonkey; the default of the e2e fixture)
 *   mode 'none'  : neither (a plain page)
 * - Values live in the page's localStorage as `__gm__:<key>` = JSON of the value, so they survive
 *   reloads and are shared by the pages of one browser context. Listeners get same-page writes with
 *   remote=false (in a microtask, like the managers' asynchronous delivery) and other pages' writes,
 *   through the `storage` event, with remote=true.
 * - `seed`: values as the script would store them (strings, typically JSON), written once: only when
 *   the key is absent and has not been seeded before (a deleted seeded key stays deleted on reload).
 * - GM_xmlhttpRequest is implemented with fetch (so the test's routes answer it; the fixture adds the
 *   CORS headers a real manager would not need). FormData, Blob, URLSearchParams and string bodies.
 *   Like a real manager's, its requests never pass through what the page can replace: it sends with
 *   the `fetch` (and timers, `Headers`' and `Response`'s methods, `JSON`) taken when it is installed,
 *   or earlier, before any page script, where `gmNetSource()` ran as an init script (the e2e
 *   fixtures do). A page script that wraps `window.fetch` sees none of its requests.
 * - `window.__gm`: { dump(): all stored values (parsed), requests: every GM_xmlhttpRequest call as
 *   {method, url, headers, bodyKind, body (a string body), at (Date.now() when the script sent it)}, failWrites(keys): from then on (in this page) writes of those
 *   keys are refused with a QuotaExceededError: GM_setValue throws, GM.setValue rejects }.
 */
import { moduleExpression } from './browser-script';

export type GmMode = 'sync' | 'async' | 'both' | 'none';

export interface GmShimOptions {
  mode?: GmMode;
  seed?: Record<string, string>;
}

/** localStorage key prefix of the shim's values. */
export const GM_PREFIX = '__gm__:';
/** localStorage key listing the seed keys already written (so a deleted seed is not restored). */
export const GM_SEEDED_KEY = '__gm_seeded__';

export function gmShimSource(opts: GmShimOptions = {}): string {
  const config = JSON.stringify({ mode: opts.mode ?? 'both', seed: opts.seed ?? {}, prefix: GM_PREFIX, seededKey: GM_SEEDED_KEY }).replace(
    /</g,
    '\\u003c',
  );
  return `${moduleExpression(new URL('./gm-shim-runtime.ts', import.meta.url))}.installGmShim(${config});`;
}

/**
 * An init script (run before any page script) that takes what the shim's xmlHttpRequest sends with,
 * as `window.__gmNet`: read-only and not configurable, so no page script can replace it before the
 * shim is installed.
 */
export function gmNetSource(): string {
  return `Object.defineProperty(window, '__gmNet', { value: ${moduleExpression(new URL('./gm-shim-runtime.ts', import.meta.url))}.captureNet() });`;
}
