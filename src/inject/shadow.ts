/**
 * Our UI lives in shadow roots so the host's CSS and ours never collide. The caller passes the
 * style sheet's text; all roots given the same text share one constructed stylesheet. Host theme
 * variables (--color-*) are inherited custom properties, so they reach inside the shadow roots and
 * our CSS follows the site theme.
 */

const sheets = new Map<string, CSSStyleSheet | null>();

/** One constructed sheet per text; null where constructed sheets are not supported. */
function stylesheet(css: string): CSSStyleSheet | null {
  if (sheets.has(css)) return sheets.get(css)!;
  let sheet: CSSStyleSheet | null;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  } catch {
    sheet = null;
  }
  sheets.set(css, sheet);
  return sheet;
}

export interface ShadowMount {
  host: HTMLElement;
  root: ShadowRoot;
  /** Where React renders; portals go into it too. */
  container: HTMLDivElement;
}

/** Gives `host` an open shadow root styled with `css`, and a container for our UI inside it. */
export function attachShadowUi(host: HTMLElement, css: string): ShadowMount {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const sheet = stylesheet(css);
  if (sheet) root.adoptedStyleSheets = [sheet];
  else {
    const style = document.createElement('style');
    style.textContent = css;
    root.append(style);
  }
  const container = document.createElement('div');
  container.className = 'vv-root';
  root.append(container);
  return { host, root, container };
}

/** A fresh host element for an injected UI, tagged so our observers can tell it from the host's. */
export function createUiHost(kind: string, tag: 'div' | 'span' | 'li' = 'div'): HTMLElement {
  const host = document.createElement(tag);
  host.setAttribute('data-void-ui', kind);
  return host;
}

/** The app's own overlay root (palette, dialogs, toasts), once per page, styled with `css`. */
export function overlayRoot(css: string): ShadowMount {
  const existing = document.querySelector<HTMLElement>('[data-void-ui="overlay"]');
  if (existing?.shadowRoot) {
    const container = existing.shadowRoot.querySelector<HTMLDivElement>('.vv-root');
    if (container) return { host: existing, root: existing.shadowRoot, container };
  }
  const host = createUiHost('overlay');
  // Inside body so the theme's custom properties (set on body or :root) are inherited.
  document.body.append(host);
  return attachShadowUi(host, css);
}

/** The deepest focused element, looking through open shadow roots. */
export function deepActiveElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
