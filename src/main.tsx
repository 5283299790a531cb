import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { features } from './commands/features';
import { lazyModule } from './commands/lazy';
import { bindingsFor } from './commands/hotkeys';
import { createDialogController, createPaletteController, DASHBOARD } from './commands/palette-state';
import { Registry } from './commands/registry';
import { createServices } from './commands/services';
import type { AppServices, DialogController, PaletteController } from './commands/types';
import { startApiTransport } from './data/api-transport';
import { browserAllocator, madeOnFirstUse } from './data/api-window';
import { authKey, forgetInvalidToken, parseHostAuth, type HostViewer } from './data/auth';
import { TOKEN_EXPIRED_MESSAGE, TokenExpiryWatcher } from './data/auth-expiry';
import { detectBackend } from './data/backend';
import { hotkeysKey, settingsKey } from './data/config';
import { CLIENT_TEXTS, GraphQLClient } from './data/graphql';
import { Store } from './data/storage';
import { toasterConfigKey } from './data/toasts';
import { ToastBus } from './commands/toast-bus';
import { clientReports } from './commands/api-reports';
import { watchEditorFocus } from './inject/editor-focus';
import { bindHotkeys } from './inject/hotkeys';
import { Injector } from './inject/injector';
import { currentPath } from './inject/route';
import { navigate } from './inject/router';
import { deepActiveElement, overlayRoot, setUiStyles } from './inject/shadow';
import { SHARED_STYLES } from './panels/styles';
import { exposeTestHooks } from './test-hooks';

/**
 * Start-up: storage, registry, API client, hotkeys and injections are ready at once and cost
 * almost nothing; React mounts the overlay lazily (first palette open, first toast, or idle time)
 * so the host page's load is not delayed. The synchronous run reads storage and registers
 * observers only: every UI module (the palette, dialogs, each feature's panels) and the libraries
 * only they use are evaluated when first needed, through dynamic imports.
 */

/** The overlay's code (palette, dialogs, toasts, with cmdk and Radix): evaluated in idle time after load, or when first needed. */
const overlay = lazyModule(() => import('./panels/overlay'));

/**
 * Said on the page once the script has started: the `data-voidverified` attribute of <html>, with
 * the version only. Tests and the sandbox wait for it; it exposes nothing and steers nothing (a
 * page that sets it only fools those who wait for it).
 */
const READY_ATTRIBUTE = 'data-voidverified';

/**
 * The GraphQL client's way out, taken now, in the script's first synchronous run: the manager's
 * request function, or without one the `fetch` of this moment. The token never passes through the
 * page's current `window.fetch` (see data/api-transport.ts).
 */
const apiTransport = startApiTransport();

/** Critical toasts for the injection engine: its set-up failed, or it failed later and stopped. */
const ENGINE_SETUP_FAILED =
  'Failed to set up the page engine, so VoidVerified adds nothing to this page. The palette and hotkeys still work. Reload the page to try again.';
const ENGINE_FAILED =
  "The page engine failed and has stopped, so VoidVerified adds nothing more to AniList's pages. The palette and hotkeys still work. Reload the page to start it again.";

/** How long after the page's load event the overlay mounts in idle time (if nothing needed it sooner). */
const OVERLAY_SETTLE_MS = 2000;

/**
 * The host's signed-in viewer, parsed again only when its snapshot changed: every command context
 * (one per injected mount) asks for it.
 */
let hostAuthRaw: string | null | undefined;
let hostAuthViewer: HostViewer | null = null;
function hostViewer(): HostViewer | null {
  const raw = localStorage.getItem('auth');
  if (raw !== hostAuthRaw) {
    hostAuthRaw = raw;
    hostAuthViewer = parseHostAuth(raw);
  }
  return hostAuthViewer;
}

function defineFeatures(): Registry {
  const registry = new Registry();
  for (const feature of features) {
    try {
      registry.define(feature);
    } catch (error) {
      console.error(`[VoidVerified] feature ${feature.id} could not be registered`, error);
    }
  }
  return registry;
}

/**
 * The overlay (palette, dialogs, toasts) mounts once, lazily: the returned function mounts it at
 * once when its code is loaded (warmed in idle time), else as soon as it is.
 */
function overlayMount(services: AppServices, toasts: ToastBus): () => void {
  let root: Root | null = null;
  return () =>
    overlay.use(({ Overlay, Providers, Toaster }) => {
      if (root) return;
      const { container } = overlayRoot();
      root = createRoot(container);
      flushSync(() =>
        root!.render(
          <Providers services={services} container={container} name="overlay">
            <Overlay />
            <Toaster bus={toasts} />
          </Providers>,
        ),
      );
    });
}

/** When the overlay mounts: the palette's or a dialog's first open, the first toast, or idle time after load. */
function scheduleOverlay(mountOverlay: () => void, palette: PaletteController, dialogs: DialogController, toasts: ToastBus): void {
  palette.subscribe(() => {
    if (palette.state().open) mountOverlay();
  });
  dialogs.subscribe(() => {
    if (dialogs.state()) mountOverlay();
  });
  // The first toast said before the overlay exists mounts it; the bus keeps it until the toaster listens.
  toasts.onUnheard(mountOverlay);
  // Otherwise mount it once the host has settled: a while after load, in idle time, so our React
  // start-up never competes with the host's own work right after load. Its code is evaluated
  // sooner, in the first idle time after load, so the palette's first open need not wait for it.
  afterLoad(() => {
    whenIdle(() => void overlay.load());
    setTimeout(() => whenIdle(mountOverlay), OVERLAY_SETTLE_MS);
  });
}

const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(() => run(), { timeout: 4000 }) : run();

/** Runs `run` once the page has loaded (at once if it has). */
function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/** Hotkeys from the registry plus the user's remappings; rebound when either changes. */
function bindRegistryHotkeys(registry: Registry, store: Store, services: AppServices): void {
  let bound = new AbortController();
  const rebind = () => {
    bound.abort();
    bound = new AbortController();
    const bindings = bindingsFor(registry.commands(services.context(null)), store.get(hotkeysKey));
    bindHotkeys(
      bindings,
      (commandId, _event, target) => {
        const ctx = services.context(target);
        const command = registry.command(commandId, ctx);
        if (!command) return false;
        try {
          if (!registry.hotkeyAllows(command, ctx)) return false;
        } catch {
          return false;
        }
        if (command.page || command.run) void services.run(commandId);
        return true;
      },
      bound,
    );
  };
  // Bound right after the synchronous run (see boot): no key can reach the page before then.
  queueMicrotask(rebind);
  store.subscribe(hotkeysKey, rebind);
  registry.subscribe(rebind);
}

/**
 * Starts everything. There is no "already started" check: in the page's world a page script could
 * set whatever such a check reads before we run, and stop us; a manager runs the script once per page.
 */
async function boot(): Promise<void> {
  const backend = detectBackend();
  const store = new Store(backend);
  if (!backend.readSync) await store.preload();

  const toasts = new ToastBus(() => {
    const config = store.get(toasterConfigKey);
    return { enabled: services.settings.get('toasterEnabled') !== false, level: config.toastLevel, duration: config.duration };
  });
  const registry = defineFeatures();
  // The request window shared with the other tabs is joined on the first request, or in idle time
  // after load if none came sooner.
  const requestWindow = madeOnFirstUse(() => browserAllocator(store));
  afterLoad(() => whenIdle(() => requestWindow.make()));
  const palette = createPaletteController(() => [DASHBOARD, ...registry.panels('palette-mode').map((m) => m.id)]);
  const dialogs = createDialogController();
  const client = new GraphQLClient({
    transport: apiTransport,
    store,
    getToken: () => services.auth.token(),
    window: requestWindow,
    ...clientReports(toasts),
    backoff: () => services.settings.get('aniListApiExponentialBackoff') === true,
    onInvalidToken: () => {
      if (forgetInvalidToken(store)) toasts.error(CLIENT_TEXTS.invalidToken);
    },
  });
  const services = createServices({
    registry,
    store,
    client,
    toasts,
    palette,
    dialogs,
    path: currentPath,
    navigate,
    hostViewer,
    focused: deepActiveElement,
    confirm: async (text) => {
      const { confirmDialog } = await overlay.load();
      mountOverlay();
      return confirmDialog(text);
    },
    prompt: async (title, placeholder) => {
      const { promptDialog } = await overlay.load();
      mountOverlay();
      return promptDialog(title, placeholder);
    },
    diagnostics: {
      missingLandmarks: () => injector.missingLandmarks(),
      activeInjections: () => injector.activeInjections(),
      failures: () => injector.failures,
    },
  });

  // Our roots hold the shared style sheets and those of the features that are on: a feature switched
  // off drops its sheet, switched on adds it.
  const restyle = () => setUiStyles([...SHARED_STYLES, ...registry.styles(services)]);
  restyle();
  store.subscribe(settingsKey, restyle);
  registry.subscribe(restyle);

  const mountOverlay = overlayMount(services, toasts);
  scheduleOverlay(mountOverlay, palette, dialogs, toasts);

  // The palette, the hotkeys and the injections follow the options, the token and the keys the
  // features' `when` and provided commands read: the registry re-checks when one changes.
  registry.watch(store, [settingsKey, authKey]);

  bindRegistryHotkeys(registry, store, services);
  // The markdown editor used last, at which commands that insert are aimed (for the page's life).
  watchEditorFocus({ signal: new AbortController().signal });

  // Declared after the services, which reach it only through the diagnostics' functions, called later.
  const injector = new Injector(
    registry,
    () => services.context(null),
    (failure) =>
      toasts.critical(failure.kind === 'injection' ? failure.message : failure.kind === 'setup' ? ENGINE_SETUP_FAILED : ENGINE_FAILED),
  );
  // Injections mount right after the synchronous run, in a microtask: that still comes before the
  // page's first paint and before any event reaches the page (no host content shows unstyled or
  // unreplaced), while the script's own run only reads storage and registers listeners.
  queueMicrotask(() => injector.start());

  // A token that expires while the page is open is forgotten at that moment (every tab and
  // feature follows), and the user is told once; a hidden tab catches up when it is shown.
  const expiry = new TokenExpiryWatcher({
    store,
    tell: () => toasts.warning(TOKEN_EXPIRED_MESSAGE),
    visible: () => document.visibilityState !== 'hidden',
  });
  expiry.start();
  document.addEventListener('visibilitychange', () => expiry.check());

  // The test build's hook; an empty function in the shipped script (see test-hooks.ts).
  exposeTestHooks({ version: __VERSION__, registry, injector, store, client });
  document.documentElement.setAttribute(READY_ATTRIBUTE, __VERSION__);
}

boot().catch((error) => console.error('[VoidVerified] start-up failed', error));
