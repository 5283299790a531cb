import type { Lifetime } from './lifetime';
import { guardUserInput } from './trusted-input';

/**
 * Our UI lives in shadow roots so the host's CSS and ours never collide. Every root holds the same
 * style sheets, the ones `setUiStyles` was last given (the shared ones and those of the features
 * that are on, src/panels/styles.ts); each text is one constructed sheet that all roots share, and
 * a new list reaches the roots already made. Host theme variables (--color-*) are inherited custom
 * properties, so they reach inside the shadow roots and our CSS follows the site theme.
 *
 * The roots are closed: a page script finds our hosts but not what is inside them (our elements,
 * the values of our fields, the component tree and the services it holds), and an event it
 * dispatches on a host does not enter. We keep each root in `roots`; `deepActiveElement` and
 * `eventOrigin` look through them where `shadowRoot` and `composedPath()` stop at a closed root.
 * Each root is guarded against input the browser did not make (src/inject/trusted-input.ts).
 */

/** Element.prototype.attachShadow as it was when the script started. */
const attachShadow = typeof Element === 'undefined' ? null : Element.prototype.attachShadow;
/** Our shadow roots by their host element. */
const roots = new WeakMap<Element, ShadowRoot>();

const sheets = new Map<string, CSSStyleSheet | null>();
/** The style sheets' texts every root holds, in cascade order. */
let uiStyles: readonly string[] = [];
/** Our roots, to give them a new list of sheets; a root whose host is gone is let go (and its entry with it). */
const liveRoots = new Set<WeakRef<ShadowRoot>>();
const forgetRoot = new FinalizationRegistry<WeakRef<ShadowRoot>>((ref) => liveRoots.delete(ref));
/** Delegated listeners that every root of ours carries, those made and those to come (`listenInOurRoots`). */
const rootListeners = new Set<{ type: string; listener: (event: Event) => void; signal: AbortSignal; capture: boolean }>();

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

/** Our (closed, guarded) shadow root on `host`, made the first time. */
function uiRoot(host: HTMLElement): ShadowRoot {
  let root = roots.get(host);
  if (!root) {
    root = attachShadow!.call(host, { mode: 'closed' });
    guardUserInput(root);
    roots.set(host, root);
    const ref = new WeakRef(root);
    liveRoots.add(ref);
    forgetRoot.register(root, ref);
    for (const { type, listener, signal, capture } of rootListeners)
      root.addEventListener(type, listener, { passive: true, signal, capture });
  }
  return root;
}

/**
 * A passive listener for `type` inside every shadow root of ours, those made and those to come,
 * until `signal` aborts: for a delegated listener that must see our UI's own elements (one outside
 * sees only the hosts, and nothing at all of a move between two elements of the same root). The
 * page cannot dispatch into a closed root, so what it hears comes from the browser or from us.
 * `capture`: heard on the way down, before a panel of ours stops the event (the palette's activity
 * view keeps its keys from the palette's list).
 */
export function listenInOurRoots(type: string, listener: (event: Event) => void, { signal }: Lifetime, capture = false): void {
  if (signal.aborted) return;
  const entry = { type, listener, signal, capture };
  rootListeners.add(entry);
  signal.addEventListener('abort', () => rootListeners.delete(entry), { once: true });
  for (const ref of liveRoots) ref.deref()?.addEventListener(type, listener, { passive: true, signal, capture });
}

/** Gives `root` the current sheets: adopted, or as style elements where constructed sheets are not supported. */
function applyStyles(root: ShadowRoot): void {
  const adopted = uiStyles.map(stylesheet);
  if (adopted.every((sheet) => sheet !== null)) {
    root.adoptedStyleSheets = adopted;
    return;
  }
  root.querySelectorAll(':scope > style').forEach((style) => style.remove());
  root.prepend(
    ...uiStyles.map((css) => {
      const style = document.createElement('style');
      style.textContent = css;
      return style;
    }),
  );
}

/**
 * Sets the style sheets of all our roots, those made and those to come, in cascade order: a sheet
 * left out leaves every root, one added joins them.
 */
export function setUiStyles(css: readonly string[]): void {
  if (css.length === uiStyles.length && css.every((text, i) => text === uiStyles[i])) return;
  uiStyles = [...css];
  for (const ref of liveRoots) {
    const root = ref.deref();
    if (root) applyStyles(root);
  }
}

/** Gives `host` a closed shadow root with our style sheets, and a container for our UI inside it. */
export function attachShadowUi(host: HTMLElement): ShadowMount {
  const root = uiRoot(host);
  applyStyles(root);
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
  const root = existing && roots.get(existing);
  if (existing && root) {
    const container = root.querySelector<HTMLDivElement>('.vv-root');
    if (container) return { host: existing, root, container };
  }
  const host = createUiHost('overlay');
  // Inside body so the theme's custom properties (set on body or :root) are inherited.
  document.body.append(host);
  return attachShadowUi(host);
}

/** The shadow root inside `node` that we can look into: ours (closed), or an open one. */
function rootInside(node: unknown): ShadowRoot | null {
  return node instanceof Element ? (roots.get(node) ?? node.shadowRoot) : null;
}

/** The deepest focused element inside `element`, looking through our roots and open ones. */
export function deepFocus(element: Element | null): Element | null {
  let active = element;
  for (let root = rootInside(active); root?.activeElement; root = rootInside(active)) active = root.activeElement;
  return active;
}

/** The deepest focused element of the page, looking through our roots and open ones. */
export function deepActiveElement(): Element | null {
  return deepFocus(document.activeElement);
}

/**
 * Back to where focus was before a dialog of ours opened (an editor, a button of the dialog below,
 * the adoption question's Ok), unless what the dialog did put it somewhere already. Radix cannot do
 * it: inside our shadow root it only sees the root's host as focused.
 */
export function restoreFocus(focusedBefore: Element | null): void {
  const now = deepActiveElement();
  if (focusedBefore instanceof HTMLElement && focusedBefore.isConnected && (now === null || now === document.body)) {
    focusedBefore.focus({ preventScroll: true });
  }
}

/**
 * The selection inside one of our roots (text selected in our own activity cards), which
 * `document.getSelection()` shows only as its host; null when none of them holds one.
 */
export function selectionInOurRoots(): Selection | null {
  for (const ref of liveRoots) {
    const root = ref.deref() as (ShadowRoot & { getSelection?(): Selection | null }) | undefined;
    const selection = root?.getSelection?.();
    if (selection && !selection.isCollapsed && selection.rangeCount && root!.contains(selection.anchorNode)) return selection;
  }
  return null;
}

const hasPoint = (event: Event): event is MouseEvent => 'clientX' in event && typeof event.clientX === 'number';

/**
 * Where an event began, seen from a listener outside our roots (on the document or window), where
 * `composedPath()` stops at a closed root's host: inside our roots, the element under the pointer
 * for pointer, mouse and drag events, the focused element for the others (keys, clipboard, focus).
 */
export function eventOrigin(event: Event): EventTarget | null {
  let origin: EventTarget | null = event.composedPath()[0] ?? event.target;
  for (let root = rootInside(origin); root; root = rootInside(origin)) {
    const inner = hasPoint(event) ? root.elementFromPoint(event.clientX, event.clientY) : root.activeElement;
    if (!inner || inner === origin || !root.contains(inner)) break;
    origin = inner;
  }
  return origin;
}
