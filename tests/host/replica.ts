/**
 * A replica of anilist.co for tests and the sandbox: `renderPage(path, opts)` returns a complete
 * HTML document whose DOM follows the AniList host facts (a) (docs/host-facts.md), with a tiny inline
 * "host app" that behaves like the Vue SPA (router on `#app.__vue__`, client-side re-render of
 * `.page-content`, `__vue__.$props.id` on activities and replies, `localStorage.auth`).
 *
 * The rendering code lives in replica-runtime.ts, which runs here in Node for the first render and
 * is embedded in the page (see browser-script.ts) for client-side navigation, so both render the
 * same markup. Output is deterministic: same data + path + options → same HTML.
 *
 * Like the site's Vue 2 app, the host app patches the DOM in place: a route change keeps the
 * elements that match the new render (same tag and first class at the same position) and changes
 * their text, attributes and `__vue__.$props.id`; nodes userscripts added are left alone (see
 * "Patching in place" in replica-runtime.ts). Other host traits it copies (host-facts (a)): the
 * editors' toolbar `.markdown-editor` is hidden with an inline `display: none` until the textarea
 * is focused; editors hold a hidden `.reply.preview` (the Preview button toggles it); Element UI
 * dropdown menus move to <body> when first opened and stay there; the home feed has a `.scroller`;
 * `#app.__vue__` appears a little after load (vueDelayMs, default 50 ms); a route change renders on
 * the next microtask (Vue's nextTick), not inside the history call.
 *
 * In the page, tests can use `window.__host` (type ReplicaHostApi in replica-runtime.ts):
 *   rerender()                  replace every .activity-entry and .reply with a fresh node (a re-render that recreates)
 *   rebuildChild(sel, child?)   rebuild one child subtree of each match in place (default: its first host element
 *                               child, e.g. an entry's .wrap); the match itself stays
 *   reuse(fromId, toId)         the entry showing activity fromId now shows toId, patched in place
 *   patchText(sel, text)        change the text of each match, the element kept
 *   navigations                 the paths rendered so far (first load included)
 *   dispatched                  $store.dispatch/commit calls
 *   editorModel(textarea)       the host's v-model text of an editor
 *   router, data, options
 */
import { moduleExpression } from './browser-script';
import { createSeed, type SeedData } from './seed';
import { appHtml, renderPageContent, themeClass, themeCss, type RuntimeOptions, type RuntimeViewer, type Theme } from './replica-runtime';

export { renderMarkdown } from './replica-runtime';

interface ReplicaViewer {
  id: number;
  name: string;
  donatorTier?: number;
  profileColor?: string;
}

export interface ReplicaOptions {
  /** The signed-in user; `null` renders the logged-out site. Default: the seeded viewer (id 1, 'Viewer'). */
  viewer?: ReplicaViewer | null;
  /** Number of cards in the /home feed. Default 20. */
  activities?: number;
  theme?: Theme;
  /** HTML appended to <head>. */
  headExtra?: string;
  /** HTML appended at the very end of <body> (after the host app): the GM shim and the userscript. */
  bodyEnd?: string;
  /** The world to render. Default: the seed. The e2e fixture passes the mock API's live state. */
  data?: SeedData;
  /** The number on the nav's notification dot. Default: the viewer's unreadNotificationCount. */
  unreadNotifications?: number;
  /** Emulate the host's same-component refresh quirk (see RuntimeOptions). Default false. */
  sameComponentQuirk?: boolean;
  /** Mount `#app.__vue__` only after this many ms after boot (the site's app can be late). Default 50; 0 mounts synchronously. */
  vueDelayMs?: number;
}

/** The site's app is not always mounted at document-end (host-facts (b)); neither is the replica's by default. */
const DEFAULT_VUE_DELAY_MS = 50;

let seedCache: SeedData | undefined;
/** The seed, built once per process (treat it as read-only). */
function defaultData(): SeedData {
  seedCache ??= createSeed();
  return seedCache;
}

/** replica-runtime.ts as a classic script defining the global `ReplicaRuntime`. */
export function runtimeScript(): string {
  return `var ReplicaRuntime = ${moduleExpression(new URL('./replica-runtime.ts', import.meta.url))};`;
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A <script> element running `source` unmodified: inline when that is safe, otherwise (the source
 * contains "</script") a reference to `fallbackSrc`, which the caller must serve.
 */
export function scriptTag(source: string, fallbackSrc: string): string {
  return /<\/script/i.test(source) ? `<script src="${fallbackSrc}"></script>` : `<script>${source}</script>`;
}

/** Fills in the defaults; what the runtime (and the page) get. */
export function runtimeOptions(opts: ReplicaOptions = {}, data: SeedData = opts.data ?? defaultData()): RuntimeOptions {
  let viewer: RuntimeViewer | null = null;
  const given = opts.viewer === undefined ? { id: 1, name: 'Viewer' } : opts.viewer;
  if (given) {
    const seeded = data.users.find((u) => u.id === given.id);
    viewer = {
      id: given.id,
      name: given.name,
      donatorTier: given.donatorTier ?? seeded?.donatorTier ?? 0,
      donatorBadge: seeded?.donatorBadge ?? 'Donator',
      profileColor: given.profileColor ?? seeded?.options.profileColor ?? 'blue',
      avatar: seeded?.avatar.large ?? `https://s4.anilist.co/file/anilistcdn/user/avatar/large/default.png`,
      bannerImage: seeded?.bannerImage ?? null,
    };
  }
  const unread = viewer ? (data.users.find((u) => u.id === viewer.id)?.unreadNotificationCount ?? 0) : 0;
  return {
    viewer,
    activities: opts.activities ?? 20,
    theme: opts.theme ?? 'default',
    unreadNotifications: opts.unreadNotifications ?? unread,
    sameComponentQuirk: opts.sameComponentQuirk ?? false,
    vueDelayMs: opts.vueDelayMs ?? DEFAULT_VUE_DELAY_MS,
  };
}

/** The full HTML document for an anilist.co path such as `/home` or `/user/Viewer/`. */
export function renderPage(path: string, opts: ReplicaOptions = {}): string {
  const data = opts.data ?? defaultData();
  const ro = runtimeOptions(opts, data);
  const page = renderPageContent(data, path, ro);
  const bodyClass = themeClass(ro.theme);
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${page.title.replace(/</g, '&lt;')}</title>` +
    `<style id="replica-theme">${themeCss()}</style>${opts.headExtra ?? ''}</head>` +
    `<body${bodyClass ? ` class="${bodyClass}"` : ''}>` +
    appHtml(data, path, ro, page) +
    `<script id="replica-runtime">${runtimeScript()}</script>` +
    `<script type="application/json" id="replica-data">${scriptJson(data)}</script>` +
    `<script id="replica-boot">ReplicaRuntime.boot(JSON.parse(document.getElementById('replica-data').textContent), ${scriptJson(ro)});</script>` +
    (opts.bodyEnd ?? '') +
    `</body></html>`
  );
}
