import css from '../panels/styles.css';

/**
 * Our UI lives in shadow roots so the host's CSS and ours never collide. All roots share one
 * constructed stylesheet. Host theme variables (--color-*) are inherited custom properties, so
 * they reach inside the shadow roots and our CSS follows the site theme.
 */

let shared: CSSStyleSheet | null = null;

function stylesheet(): CSSStyleSheet | null {
  if (shared) return shared;
  try {
    shared = new CSSStyleSheet();
    shared.replaceSync(css);
  } catch {
    shared = null;
  }
  return shared;
}

export interface ShadowMount {
  host: HTMLElement;
  root: ShadowRoot;
  /** Where React renders; portals go into it too. */
  container: HTMLDivElement;
}

export function attachShadowUi(host: HTMLElement): ShadowMount {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const sheet = stylesheet();
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

/** The app's own overlay root (palette, dialogs, toasts), once per page. */
export function overlayRoot(): ShadowMount {
  const existing = document.querySelector<HTMLElement>('[data-void-ui="overlay"]');
  if (existing?.shadowRoot) {
    const container = existing.shadowRoot.querySelector<HTMLDivElement>('.vv-root');
    if (container) return { host: existing, root: existing.shadowRoot, container };
  }
  const host = createUiHost('overlay');
  // Inside body so the theme's custom properties (set on body or :root) are inherited.
  document.body.append(host);
  return attachShadowUi(host);
}

/** The deepest focused element, looking through open shadow roots. */
export function deepActiveElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
