import type { ComponentType } from 'react';
import type { HostViewer } from '../data/auth';
import type { GraphQLClient } from '../data/graphql';
import type { Identity } from '../data/identity';
import type { KeyDef, Store } from '../data/storage';
import type { ToastBus } from './toast-bus';
import type { Registry } from './registry';

/** The settings categories; options are listed under them in this order. */
export type Category = 'users' | 'paste' | 'activity' | 'misc';
export const CATEGORIES: readonly Category[] = ['users', 'paste', 'activity', 'misc'];

export type OptionValue = boolean | string | number;

export interface OptionDef<T extends OptionValue = OptionValue> {
  /** The option's name, as the original VoidVerified stored it (kept for import). */
  readonly key: string;
  /** Short label for lists and the palette. */
  readonly title: string;
  readonly description: string;
  readonly default: T;
  readonly category: Category;
  /** Needs an API token to do anything. */
  readonly authRequired?: boolean;
  /** Number options: inclusive bounds. */
  readonly min?: number;
  readonly max?: number;
  /** String options with a fixed set of values. */
  readonly choices?: readonly string[];
  /** Text options: longest accepted value. */
  readonly maxLength?: number;
  /** Text options holding a colour ('#rrggbb'): edited with a colour input. */
  readonly format?: 'color';
}

/**
 * An option as a feature declares it: listed under its feature's category, and where its title or
 * description is left out (a feature's one switch) it takes the feature's. The registry fills them in.
 */
type OptionDecl<T extends OptionValue = OptionValue> = Omit<OptionDef<T>, 'title' | 'description' | 'category'> & {
  readonly title?: string;
  readonly description?: string;
};

/** Where a hotkey listens: 'global' outside text fields, 'editor' inside markdown editors. */
export type HotkeyScope = 'global' | 'editor';

/**
 * What running a command does beyond this browser's configuration. 'account': it writes to the
 * AniList account (publishes, saves the about, posts, deletes, likes, marks notifications read).
 * 'credential': it spends or drops a credential (uploads to an image host, revokes an
 * authorization). Such a command never answers to a page-wide key without ctrl, alt or meta, and a
 * hotkey for it from an imported file or an adopted configuration is only taken when the user
 * ticks it in the import summary.
 */
export type CommandEffect = 'account' | 'credential';

/** The services every command, panel and injection works with. */
export interface AppServices {
  readonly registry: Registry;
  readonly store: Store;
  readonly client: GraphQLClient;
  readonly toasts: ToastBus;
  readonly settings: {
    get(key: string): OptionValue;
    set(key: string, value: OptionValue): void;
  };
  readonly route: {
    /** The current path (location.pathname). */
    path(): string;
    /** Navigates inside the host app through its router. */
    navigate(path: string): void;
    /** Leaves the app for a full page load (the OAuth authorize page, say). */
    load(url: string): void;
    /** Rewrites the address bar without navigating (drops an OAuth fragment, say). */
    replace(url: string): void;
  };
  readonly palette: PaletteController;
  /** Opens registered dialogs (the changelog, say). */
  readonly dialogs: DialogController;
  readonly auth: {
    token(): string | null;
    /** The account signed in to the site (the host's page storage): display and navigation only, never whose data is written. */
    viewer(): HostViewer | null;
  };
  /**
   * Runs a registered command by id, with the same checks as the palette, about what has focus now
   * or about `focused` (the palette's: what had focus before it opened).
   */
  run(commandId: string, focused?: Element | null): Promise<void>;
  /** A confirm dialog (title 'Warning', buttons Cancel and Ok). */
  confirm(text?: string): Promise<boolean>;
  /** A prompt dialog (the title, a text field, buttons Cancel and Ok): the text, or null when cancelled. */
  prompt(title: string, placeholder?: string): Promise<string | null>;
  /** A fresh context (path, authorization, focus) for running or listing commands. */
  context(focused?: Element | null): CommandContext;
  /** What the injector knows about the current page (for the Health command). */
  readonly diagnostics: {
    missingLandmarks(): { feature: string; injection: string; selector: string }[];
    activeInjections(): string[];
    failures(): { feature: string; injection: string; error: unknown }[];
  };
}

/** What a command sees when it is listed or run: the services plus a snapshot of the moment. */
export interface CommandContext extends AppServices {
  readonly path: string;
  readonly authorized: boolean;
  /** The account signed in to the site (page storage): for display and navigation only. */
  readonly viewer: HostViewer | null;
  /** The token's owner as AniList reported it, the site's account, and whether they differ. */
  readonly identity: Identity;
  /** The element that had focus (inside our shadow roots too) when the command was invoked. */
  readonly focused: Element | null;
}

export interface Command {
  /** Unique, dotted: `{feature}.{action}`. */
  readonly id: string;
  readonly title: string;
  /** The palette group it is listed under. */
  readonly section: string;
  readonly keywords?: readonly string[];
  /** Default hotkey in our notation ('ctrl+space', 'alt+shift+5'); users remap it. */
  readonly hotkey?: string | null;
  readonly scope?: HotkeyScope;
  /** A global command whose hotkey still fires while typing (it needs a modifier). */
  readonly allowInInputs?: boolean;
  /**
   * A boolean option of its feature that switches its hotkey on ('Markdown hotkeys'): without it
   * the command is still a palette row and runs, but its key does nothing.
   */
  readonly hotkeyToggle?: string;
  /** Needs an API token; run without one, it explains how to authorize instead. */
  readonly authRequired?: boolean;
  /**
   * What running it does to the AniList account or a credential, said here once. A provided command
   * takes its feature's `providedEffect` (set by the registry, never by the command), and
   * tests/unit/command-effects.test.ts runs every command against the mock API and fails for one
   * that writes or uploads without saying so.
   */
  readonly effect?: CommandEffect;
  /**
   * Acts as "you" (writes the account the user sees as theirs): locked while the site's signed-in
   * account is not the token's owner; run then, it explains why instead.
   */
  readonly actsAsYou?: boolean;
  /**
   * A boolean option this command also needs on, besides its feature's toggle. `null`: listed and
   * runnable while the feature's toggle is off (its configuration page, say).
   */
  readonly toggle?: string | null;
  /** Listed and runnable only when this holds (for conditions other than an option's toggle). */
  readonly when?: (ctx: CommandContext) => boolean;
  /** The storage keys `when` reads (beyond the options and the token): the registry re-checks when one changes. */
  readonly reads?: readonly StoredRead[];
  /** Makes sense on the current page: ranked above the rest. */
  readonly relevant?: (ctx: CommandContext) => boolean;
  /** A short value shown beside the title (a setting's state, say). */
  readonly hint?: (ctx: CommandContext) => string | undefined;
  /**
   * Dashboard content (quick access users, notifications): before anything is typed it is listed
   * ahead of the other commands (after the page's and the recent ones).
   */
  readonly dashboard?: boolean;
  /** Keeps the palette open after running (toggles). */
  readonly keepOpen?: boolean;
  /**
   * Also a button on the markdown taskbar under every editor (the markdown-taskbar feature reads
   * it from the registry): `icon` is its face, the title its label, and it runs aimed at that
   * editor (the editor is `ctx.focused`), as from the palette while the editor has focus.
   */
  readonly editorButton?: { readonly icon: string };
  /** Opens this palette page (a command that takes an argument) instead of running. */
  readonly page?: string;
  /** What the page is about (an option key, say). */
  readonly pageArg?: string;
  readonly run?: (ctx: CommandContext) => void | Promise<void>;
}

export interface PalettePageProps {
  /** What the user typed (debounced). */
  readonly query: string;
  /** The argument the page was opened with. */
  readonly arg?: string;
  readonly ctx: CommandContext;
  /** Closes the palette. */
  close(): void;
}

export type PanelDef =
  | {
      readonly kind: 'palette-page';
      readonly id: string;
      readonly title: string;
      /** The input's placeholder: a form page's is its title unless given; null: the palette's own. */
      readonly placeholder?: string | null;
      /** 'list' (default): cmdk items in the result list; 'form': controls shown beside the list. */
      readonly layout?: 'list' | 'form';
      readonly component: ComponentType<PalettePageProps>;
    }
  | {
      readonly kind: 'palette-mode';
      readonly id: string;
      readonly title: string;
      /** Milliseconds between a keystroke and the query reaching the mode. */
      readonly debounceMs: number;
      readonly placeholder?: string;
      readonly component: ComponentType<PalettePageProps>;
    }
  | {
      /** A modal dialog with a header and a close button, opened with `ctx.dialogs.open(id)`. */
      readonly kind: 'dialog';
      readonly id: string;
      readonly title: string;
      /** Called when the dialog closes (by its button, Escape or the backdrop). */
      readonly onClose?: (ctx: CommandContext, arg?: string) => void;
      readonly component: ComponentType<{ ctx: CommandContext; arg?: string; close(): void }>;
    }
  | {
      readonly kind: 'settings-tab';
      readonly id: string;
      readonly title: string;
      /** The tab is shown only while this option is on. */
      readonly option?: string;
      readonly component: ComponentType<{ ctx: CommandContext }>;
    };

/** A declared storage key, whatever its value. */
export type StoredKey = KeyDef<unknown>;

/**
 * What a part declares it reads in `reads`: a storage key, whose every write re-checks, or the part
 * of a key's value it reads (`partOf(key, pick)` in the registry), which re-checks only when a write
 * changes that part (a poll that stores the same list with a new time re-checks nothing).
 */
export type StoredRead = StoredKey | { readonly key: StoredKey; readonly part: (value: never) => unknown };

export type RouteMatcher = RegExp | ((path: string) => boolean);

export interface InjectionContext extends CommandContext {
  /** Aborted when the injection is torn down (navigation, option off, node removed). */
  readonly signal: AbortSignal;
  /**
   * Names a node this mount put into the page (mountUi does it for its hosts). When the host
   * re-renders the part it sits in and the node is gone while the landmark stays, the injection
   * is mounted again. Returns the untrack: call it when the mount removes the node itself.
   */
  track(node: Node): () => void;
}

/** When an injection or a page behaviour is active: its route, toggles, token, account and `when` hold. */
interface Activation {
  readonly id: string;
  /** The pages it applies on; without one, every page. */
  readonly route?: RouteMatcher;
  /**
   * This part is the product's machinery (the paste handler's set-up, say): when its mount or run
   * throws, this text is said as a critical toast and the part stays off until the page is loaded
   * again, instead of failing silently. Without it a failure is only logged (and listed by Health).
   */
  readonly setupFailure?: string;
  /**
   * A boolean option this part also needs on, besides its feature's toggle. `null`: active while
   * the feature's toggle is off.
   */
  readonly toggle?: string | null;
  /** Active only with an API token (the feature's calls need one). */
  readonly authRequired?: boolean;
  /** Acts as "you": inactive while the site's signed-in account is not the token's owner. */
  readonly actsAsYou?: boolean;
  /**
   * Active only while this holds, for conditions other than an option's toggle (the viewer's own
   * profile, say); re-checked when the options, the token, the route or a key of `reads` change.
   */
  readonly when?: (ctx: CommandContext) => boolean;
  /** The storage keys `when` reads (beyond the options and the token): the part is re-checked when one changes. */
  readonly reads?: readonly StoredRead[];
}

/** A part of a feature put on a landmark of the host page (each element its selector matches). */
export interface Injection extends Activation {
  /** The host landmark it attaches to; each matching element is mounted once. */
  readonly selector: string;
  /** Mount only on the first matching element. */
  readonly single?: boolean;
  /**
   * The selector names content that comes and goes (replies, videos, editors), not a landmark of
   * the page: Health does not report it missing.
   */
  readonly optional?: boolean;
  /**
   * The data the landmark shows (a user name, an activity id, a timestamp). The host reuses
   * elements for other data (Vue patches in place); when the key changes, the injection is
   * mounted again on the same element. Re-read after the page changes inside the element and
   * after every route change.
   */
  readonly key?: (element: Element, path: string) => string | null;
  /**
   * Attach to the element. It returns nothing: what it sets up is torn down when `ctx.signal`
   * aborts, the only teardown (helpers take `{ signal }`: pass `ctx`). Its type says `undefined`,
   * not `void`, so that TypeScript refuses a mount that returns a clean-up; the injector reports
   * one that does anyway. Runs isolated: a throw is logged and contained.
   */
  readonly mount: (element: Element, ctx: InjectionContext) => undefined;
}

/**
 * A page-level behaviour of a feature, tied to no landmark: a document listener, a style while the
 * feature is on, a check at start-up or on every page. It runs once when it becomes active and
 * stops when `ctx.signal` aborts (its route is left, its feature or toggle goes off, its `when`
 * stops holding); like a mount, a node it places with `ctx.track` that the page removes starts it
 * again.
 */
export interface PageBehaviour extends Activation {
  /** What on the page it depends on (the path, say): when it changes after a navigation, it is started again. */
  readonly key?: (path: string) => string | null;
  /** Starts the behaviour; returns nothing and tears down when `ctx.signal` aborts. Runs isolated: a throw is logged and contained. */
  readonly run: (ctx: InjectionContext) => undefined;
}

/**
 * A link our own reply cards (activity search's results, the messages feed) show first in a
 * reply's actions while its feature is on: the cards render what features declare here, and import
 * no feature.
 */
export interface ReplyAction {
  /** `<feature-id>.<name>`. */
  readonly id: string;
  /** Its accessible name and tooltip. */
  readonly label: string;
  /** Its icon: the `d` of stroked paths in a 24×24 box. */
  readonly icon: readonly string[];
  /** Where it leads for a reply. */
  readonly path: (activityId: number, replyId: number) => string;
}

export interface FeatureDef {
  /** Unique, kebab-case; the feature's file is named after it. */
  readonly id: string;
  readonly title: string;
  readonly category: Category;
  readonly description: string;
  /**
   * Declared for its settings (so they can be set, imported and exported) but not built yet: the
   * settings page marks its options as coming in a later update.
   */
  readonly planned?: boolean;
  readonly options?: readonly OptionDecl[];
  /**
   * The boolean option that switches the feature on: while it is off, its commands (declared and
   * provided) are not listed and their hotkeys do nothing, and its injections and page behaviours
   * are torn down. A part opts out with `toggle: null`.
   */
  readonly toggle?: string;
  readonly commands?: readonly Command[];
  /**
   * Commands built from state (one per option, per verified user...), each id under the feature's
   * (`<feature id>.…`): the registry finds a provided command's feature by it, and lists none that
   * is not.
   */
  readonly provideCommands?: (ctx: CommandContext) => readonly Command[];
  /**
   * What every command `provideCommands` builds does to the account ('+1 episode' writes the list
   * entry), declared here so that a binding of one is judged even while the command is not built
   * (an imported hotkey for `in-progress.add.…` before the lists are loaded): the registry gives it
   * to each provided command and answers it for every id under the feature's (`effectOf`).
   */
  readonly providedEffect?: CommandEffect;
  /**
   * The storage keys `provideCommands` (and the `when` of what it provides) reads, beyond the
   * options and the token: the commands are built again when one changes.
   */
  readonly reads?: readonly StoredRead[];
  readonly panels?: readonly PanelDef[];
  readonly injections?: readonly Injection[];
  /** Its page-level behaviours (no landmark: a document listener, a style while on). */
  readonly page?: readonly PageBehaviour[];
  /** Links in the actions of our own reply cards (`ReplyAction`). */
  readonly replyActions?: readonly ReplyAction[];
  /**
   * The feature's style sheet (src/panels/<id>/<id>.css, imported as text): in all our shadow
   * roots while the feature is on, and always for a feature with a part shown while it is off
   * (`toggle: null`). What several features use is in the shared sheets (src/panels/styles.ts).
   */
  readonly styles?: string;
}

export interface PaletteState {
  readonly open: boolean;
  /** The palette mode (a 'palette-mode' panel id, 'Dashboard' first). */
  readonly mode: string;
  /** Nested pages, innermost last. */
  readonly stack: readonly { readonly id: string; readonly arg?: string }[];
}

export interface PaletteController {
  state(): PaletteState;
  subscribe(listener: () => void): () => void;
  open(pageId?: string, arg?: string): void;
  close(): void;
  /** The palette hotkey: opens it, or cycles the mode while it is open. */
  toggleOrCycle(): void;
  setMode(mode: string): void;
  push(pageId: string, arg?: string): void;
  pop(): void;
}

export interface DialogState {
  readonly id: string;
  readonly arg?: string;
}

export interface DialogController {
  state(): DialogState | null;
  subscribe(listener: () => void): () => void;
  open(id: string, arg?: string): void;
  close(): void;
}
