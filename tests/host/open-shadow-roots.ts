/**
 * The userscript's shadow roots are closed (a page script cannot look inside them), and
 * Playwright's locators and the bench's in-page probes do not reach into closed roots. This source,
 * run before the userscript in its world (its Element.prototype), makes every shadow root attached
 * from then on open, whatever mode was asked. The e2e fixture runs it unless a test asks for closed
 * roots (`closedShadowRoots`); the bench runs it always.
 */
export const OPEN_SHADOW_ROOTS =
  "(() => { const attach = Element.prototype.attachShadow; Element.prototype.attachShadow = function (init) { return attach.call(this, Object.assign({}, init, { mode: 'open' })); }; })();";
