import { validToken, type HostViewer } from '../data/auth';
import { cachedOwner, IDENTITY_TEXTS, identityOf, type Identity } from '../data/identity';
import { frecencyKey, settingsKey } from '../data/config';
import type { GraphQLClient } from '../data/graphql';
import type { Store } from '../data/storage';
import type { ToastBus } from './toast-bus';
import { optionProblem, optionValue, type Registry } from './registry';
import { createDialogController } from './palette-state';
import type { AppServices, Command, CommandContext, DialogController, OptionValue, PaletteController } from './types';
import { COMMAND_TEXTS } from '../data/api-errors';

/**
 * Wires the services every command, panel and injection receives, and runs commands: one path
 * for the palette, hotkeys and injected buttons alike (checks `when`, explains authorization,
 * contains failures, remembers what was used for ranking).
 */

export interface ServiceDeps {
  registry: Registry;
  store: Store;
  client: GraphQLClient;
  toasts: ToastBus;
  palette: PaletteController;
  dialogs?: DialogController;
  path(): string;
  navigate(path: string): void;
  load?(url: string): void;
  replaceUrl?(url: string): void;
  hostViewer(): HostViewer | null;
  focused(): Element | null;
  confirm(text?: string): Promise<boolean>;
  /** The prompt dialog; without one (tests), every prompt is cancelled. */
  prompt?(title: string, placeholder?: string): Promise<string | null>;
  diagnostics: AppServices['diagnostics'];
  now?(): number;
}

function authorizationHint(command: Pick<Command, 'title'>): string {
  return `"${command.title}" needs authorization. Open VoidVerified settings (Settings > Developer) and authorize, or run "Authorize" from the palette.`;
}

/** Why a command that acts as "you" is locked now, or null when it is not. */
function identityLock(command: Pick<Command, 'title' | 'actsAsYou'>, identity: Identity): string | null {
  if (!command.actsAsYou || !identity.mismatch || !identity.owner || !identity.site) return null;
  return IDENTITY_TEXTS.locked(command.title, identity.owner.name, identity.site.name);
}

/** The options' values: stored ones checked against their declaration, defaults for the rest. */
function settingsOf(registry: Registry, store: Store): AppServices['settings'] {
  return {
    get(key: string): OptionValue {
      const option = registry.option(key);
      const stored = store.get(settingsKey)[key];
      if (!option) return stored ?? false;
      return optionValue(option, stored);
    },
    set(key: string, value: OptionValue): void {
      const option = registry.option(key);
      const problem = option ? optionProblem(option, value) : null;
      if (option && problem) throw new Error(`"${String(value)}" is not a valid value for ${option.title}: ${problem}`);
      store.update(settingsKey, (current) => ({ ...current, [key]: value }));
    },
  };
}

export function createServices(deps: ServiceDeps): AppServices {
  const now = deps.now ?? (() => Date.now());
  const services: AppServices = {
    registry: deps.registry,
    store: deps.store,
    client: deps.client,
    toasts: deps.toasts,
    palette: deps.palette,
    dialogs: deps.dialogs ?? createDialogController(),
    diagnostics: deps.diagnostics,
    confirm: deps.confirm,
    prompt: deps.prompt ?? (async () => null),
    settings: settingsOf(deps.registry, deps.store),
    route: {
      path: deps.path,
      navigate: deps.navigate,
      load: deps.load ?? ((url) => location.assign(url)),
      replace: deps.replaceUrl ?? ((url) => history.replaceState(history.state, '', url)),
    },
    auth: { token: () => validToken(deps.store, now()), viewer: deps.hostViewer },
    async run(commandId: string, focused?: Element | null): Promise<void> {
      const ctx = services.context(focused === undefined ? deps.focused() : focused);
      const command = deps.registry.command(commandId, ctx);
      if (!command) {
        console.warn(`[VoidVerified] no command ${commandId}`);
        return;
      }
      await runCommand(command, ctx);
    },
    context(focused = deps.focused()): CommandContext {
      const token = services.auth.token();
      const viewer = deps.hostViewer();
      const identity = identityOf(cachedOwner(services, token), viewer && { id: viewer.id, name: viewer.name });
      return { ...services, path: deps.path(), authorized: token !== null, viewer, identity, focused };
    },
  };

  async function runCommand(command: Command, ctx: CommandContext): Promise<void> {
    try {
      if (!deps.registry.allows(command, ctx)) return;
    } catch (error) {
      console.error(`[VoidVerified] ${command.id}: when() failed`, error);
      return;
    }
    if (command.authRequired && !ctx.authorized) {
      // A warning, so that it shows at the default toast level (info toasts are hidden by default).
      deps.toasts.warning(authorizationHint(command));
      return;
    }
    const locked = identityLock(command, ctx.identity);
    if (locked) {
      deps.toasts.warning(locked);
      return;
    }
    recordUse(command.id);
    if (command.page) {
      if (!deps.palette.state().open) deps.palette.open(command.page, command.pageArg);
      else deps.palette.push(command.page, command.pageArg);
      return;
    }
    try {
      await command.run?.(ctx);
    } catch (error) {
      console.error(`[VoidVerified] ${command.id} failed`, error);
      deps.toasts.error(COMMAND_TEXTS.failed(command.title, error instanceof Error ? error.message : String(error)));
    }
  }

  function recordUse(id: string): void {
    deps.store.update(frecencyKey, (current) => {
      const entry = current[id] ?? { count: 0, last: 0 };
      return { ...current, [id]: { count: entry.count + 1, last: now() } };
    });
  }

  return services;
}
