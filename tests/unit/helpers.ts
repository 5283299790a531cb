import { createPaletteController, DASHBOARD } from '../../src/commands/palette-state';
import { Registry } from '../../src/commands/registry';
import { createServices } from '../../src/commands/services';
import { authKey, validToken } from '../../src/data/auth';
import { memoryBackend } from '../../src/data/backend';
import { GraphQLClient } from '../../src/data/graphql';
import { Store } from '../../src/data/storage';
import { ToastBus, type Toast } from '../../src/commands/toast-bus';
import { clientReports } from '../../src/commands/api-reports';

/** Services over in-memory storage and a scripted fetch, for unit and component tests. */
export function makeTestServices(
  registry = new Registry(),
  opts: {
    fetch?: typeof fetch;
    path?: string;
    viewer?: { id: number; name: string; donatorTier?: number } | null;
    /** Requests carry the stored token (default: none ever). */
    storedToken?: boolean;
    /** A stored API token, which the client sends (without one, the client has none). */
    token?: string;
    /** The confirm dialog's answer (default: Ok). */
    confirm?: (text?: string) => Promise<boolean>;
    /** What has focus, as start-up reads it (default: nothing). */
    focused?: () => Element | null;
  } = {},
) {
  const store = new Store(memoryBackend(), () => {});
  const toastsSeen: Toast[] = [];
  const toasts = new ToastBus(() => ({ enabled: true, level: 0, duration: 5 }));
  toasts.listen((t) => toastsSeen.push(t));
  const palette = createPaletteController(() => [DASHBOARD, ...registry.panels('palette-mode').map((m) => m.id)]);
  const client = new GraphQLClient({
    fetch: opts.fetch ?? (async () => new Response(JSON.stringify({ data: {} }), { status: 200 })),
    store,
    ...clientReports(toasts),
    getToken: () => opts.token ?? (opts.storedToken ? validToken(store) : null),
  });
  if (opts.token) store.set(authKey, { token: opts.token, expires: null });
  const navigations: string[] = [];
  const loads: string[] = [];
  let path = opts.path ?? '/home';
  const viewer = opts.viewer === undefined ? { id: 1, name: 'Viewer' } : opts.viewer;
  const services = createServices({
    registry,
    store,
    client,
    toasts,
    palette,
    path: () => path,
    navigate: (p) => {
      navigations.push(p);
      path = p;
    },
    load: (url) => loads.push(url),
    replaceUrl: () => {},
    hostViewer: () => (viewer ? { avatar: null, donatorTier: 0, profileColor: null, disabledListActivity: [], ...viewer } : null),
    focused: opts.focused ?? (() => null),
    confirm: opts.confirm ?? (async () => true),
    diagnostics: { missingLandmarks: () => [], activeInjections: () => [], failures: () => [] },
  });
  return { services, store, toastsSeen, navigations, loads, palette, client };
}
