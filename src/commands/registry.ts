import type { KeyDef } from '../data/storage';
import { createStore } from '../data/store';
import type {
  CommandEffect,
  Command,
  CommandContext,
  FeatureDef,
  Injection,
  OptionDef,
  OptionValue,
  PageBehaviour,
  PanelDef,
  ReplyAction,
  StoredKey,
  StoredRead,
} from './types';

/** A part of a feature that the injector runs on the page: an injection on a landmark, or a page behaviour. */
type Placed = Injection | PageBehaviour;

/** What the registry needs of the store to re-check on the keys parts read. */
export interface KeyWatcher {
  get<T>(key: KeyDef<T>): T;
  subscribe<T>(key: KeyDef<T>, listener: (value: T) => void): () => void;
}

/** Declares that a part reads only `pick` of `key`'s value: a write re-checks only when what `pick` returns changes. */
export function partOf<T>(key: KeyDef<T>, pick: (value: T) => unknown): StoredRead {
  return { key: key as StoredKey, part: pick };
}

/** What the parts read of one key: all of it (every write re-checks), or only some parts of its value. */
interface KeyReads {
  whole: boolean;
  parts: ((value: unknown) => unknown)[];
  /** The parts as last seen (JSON), to tell a write that changed one from one that did not. */
  seen: string | null;
}

/** The parts of `value` that `reads` names, as text to compare (stored values are JSON), or null when a pick fails. */
function partsSeen(reads: KeyReads, value: unknown): string | null {
  try {
    return JSON.stringify(reads.parts.map((pick) => pick(value)));
  } catch {
    return null;
  }
}

/**
 * The one registry. Features declare themselves here once; the palette, the hotkeys, the settings
 * page and the injector all read it. Nothing else knows which features exist.
 */
export class Registry {
  private readonly featureList: FeatureDef[] = [];
  private readonly optionIndex = new Map<string, { option: OptionDef; feature: FeatureDef }>();
  private readonly commandIndex = new Map<string, { command: Command; feature: FeatureDef }>();
  private readonly panelIndex = new Map<string, PanelDef>();
  /**
   * The feature each declared command, injection and page behaviour belongs to, for its toggle. A
   * provided command is found by its id instead (`providerOf`): those are built again on every
   * listing, and a table entry for each would grow the table with every palette open.
   */
  private readonly owners = new WeakMap<Command | Placed, FeatureDef>();
  /** The features that provide commands (`provideCommands`), in the features' order. */
  private readonly providers: FeatureDef[] = [];
  /** The injections and page behaviours (which need a token, and the account, as commands do not). */
  private readonly placed = new WeakSet<Placed>();
  /** Counts changes; its listeners are the registry's. */
  private readonly version = createStore(0);
  /** The storage keys (or the parts of them) the parts' `when` and the provided commands read (their `reads`). */
  private readonly readKeys = new Map<StoredKey, KeyReads>();
  /** The store, once `watch` was called: keys declared later are watched too. */
  private watcher: KeyWatcher | null = null;

  define(feature: FeatureDef): FeatureDef {
    if (!/^[a-z][a-z0-9-]*$/.test(feature.id)) throw new Error(`Feature id "${feature.id}" must be kebab-case`);
    if (this.featureList.some((f) => f.id === feature.id)) throw new Error(`Feature "${feature.id}" is defined twice`);
    for (const declared of feature.options ?? []) {
      if (this.optionIndex.has(declared.key)) throw new Error(`Option "${declared.key}" is declared twice`);
      const option: OptionDef = {
        ...declared,
        title: declared.title ?? feature.title,
        description: declared.description ?? feature.description,
        category: feature.category,
      };
      this.optionIndex.set(option.key, { option, feature });
    }
    // A feature is switched by its own boolean options, so that it never depends on another feature.
    const placed: Placed[] = [...(feature.injections ?? []), ...(feature.page ?? [])];
    const parts: (Command | Placed)[] = [...(feature.commands ?? []), ...placed];
    const hotkeyToggles = (feature.commands ?? []).map((c) => c.hotkeyToggle);
    for (const toggle of [feature.toggle, ...parts.map((p) => p.toggle), ...hotkeyToggles]) {
      if (toggle == null) continue;
      const own = feature.options?.find((o) => o.key === toggle);
      if (typeof own?.default !== 'boolean')
        throw new Error(`Feature "${feature.id}" is toggled by "${toggle}", which is not one of its boolean options`);
    }
    for (const part of parts) this.owners.set(part, feature);
    for (const part of placed) {
      if (placed.filter((p) => p.id === part.id).length > 1)
        throw new Error(`Feature "${feature.id}" declares "${part.id}" twice among its injections and page behaviours`);
      this.placed.add(part);
    }
    for (const command of feature.commands ?? []) {
      if (this.commandIndex.has(command.id)) throw new Error(`Command "${command.id}" is declared twice`);
      this.commandIndex.set(command.id, { command, feature });
    }
    for (const panel of feature.panels ?? []) {
      if (this.panelIndex.has(panel.id)) throw new Error(`Panel "${panel.id}" is declared twice`);
      this.panelIndex.set(panel.id, panel);
    }
    this.featureList.push(feature);
    if (feature.provideCommands) this.providers.push(feature);
    for (const read of [...(feature.reads ?? []), ...parts.flatMap((p) => p.reads ?? [])]) this.watchRead(read);
    this.changed();
    return feature;
  }

  /**
   * Re-checks (tells its listeners: the palette, the hotkeys, the injector) whenever one of
   * `always` (the options and the token, which every part's toggle and authorization read) or a key
   * a part declares in `reads` changes, in this tab or another; for a key declared by its parts
   * alone (`partOf`), only when a write changes one of those parts. A write of a key no part
   * declared re-checks nothing. For the page's life.
   */
  watch(store: KeyWatcher, always: readonly StoredKey[]): void {
    this.watcher = store;
    for (const key of this.readKeys.keys()) this.subscribeTo(key);
    always.forEach((key) => this.watchRead(key));
  }

  private watchRead(read: StoredRead): void {
    const key = 'part' in read ? read.key : read;
    const known = this.readKeys.get(key);
    const reads = known ?? { whole: false, parts: [], seen: null };
    if ('part' in read) reads.parts.push(read.part as (value: unknown) => unknown);
    else reads.whole = true;
    if (known) {
      if (this.watcher) reads.seen = partsSeen(reads, this.watcher.get(key));
      return;
    }
    this.readKeys.set(key, reads);
    if (this.watcher) this.subscribeTo(key);
  }

  private subscribeTo(key: StoredKey): void {
    const reads = this.readKeys.get(key)!;
    reads.seen = partsSeen(reads, this.watcher!.get(key));
    this.watcher!.subscribe(key, (value) => {
      const seen = partsSeen(reads, value);
      if (!reads.whole && seen !== null && seen === reads.seen) return;
      reads.seen = seen;
      this.changed();
    });
  }

  features(): readonly FeatureDef[] {
    return this.featureList;
  }

  options(): OptionDef[] {
    return [...this.optionIndex.values()].map((o) => o.option);
  }

  option(key: string): OptionDef | undefined {
    return this.optionIndex.get(key)?.option;
  }

  featureOfOption(key: string): FeatureDef | undefined {
    return this.optionIndex.get(key)?.feature;
  }

  /** Commands declared up front (these have default hotkeys). */
  staticCommands(): Command[] {
    return [...this.commandIndex.values()].map((c) => c.command);
  }

  /** The reply card actions of the features that are on now, in the features' order. */
  replyActions(ctx: Pick<CommandContext, 'settings'>): ReplyAction[] {
    return this.featureList.flatMap((feature) => (this.toggledOn(feature.toggle, ctx) ? (feature.replyActions ?? []) : []));
  }

  /**
   * What the command `id` does to the account, whether or not it is built now: a declared
   * command's own `effect`, else the `providedEffect` of the feature whose provided ids it is under.
   */
  effectOf(id: string): CommandEffect | undefined {
    const declared = this.commandIndex.get(id)?.command;
    if (declared) return declared.effect;
    return this.providerOf(id)?.providedEffect;
  }

  /** The feature whose provided commands' ids `id` is under (`<feature id>.…`). */
  private providerOf(id: string): FeatureDef | undefined {
    return this.providers.find((feature) => id.startsWith(`${feature.id}.`));
  }

  /**
   * Every command, the declared ones and those features build from state (a feature whose toggle
   * is off provides none). Whether one may be listed or run now is `allows`.
   */
  commands(ctx: CommandContext): Command[] {
    const out = this.staticCommands();
    const seen = new Set(out.map((c) => c.id));
    for (const feature of this.featureList) {
      if (!feature.provideCommands || !this.toggledOn(feature.toggle, ctx)) continue;
      let provided: readonly Command[] = [];
      try {
        provided = feature.provideCommands(ctx);
      } catch (error) {
        console.error(`[VoidVerified] ${feature.id} could not list its commands`, error);
      }
      for (const built of provided) {
        const command = built.effect === feature.providedEffect ? built : { ...built, effect: feature.providedEffect };
        if (!command.id.startsWith(`${feature.id}.`)) {
          console.warn(`[VoidVerified] command id ${command.id} from ${feature.id} is not under "${feature.id}."`);
          continue;
        }
        if (seen.has(command.id)) {
          console.warn(`[VoidVerified] duplicate command id ${command.id} from ${feature.id}`);
          continue;
        }
        seen.add(command.id);
        out.push(command);
      }
    }
    return out;
  }

  command(id: string, ctx?: CommandContext): Command | undefined {
    const found = this.commandIndex.get(id)?.command;
    if (found || !ctx) return found;
    return this.commands(ctx).find((c) => c.id === id);
  }

  panel<K extends PanelDef['kind']>(id: string, kind: K): Extract<PanelDef, { kind: K }> | undefined {
    const panel = this.panelIndex.get(id);
    return panel?.kind === kind ? (panel as Extract<PanelDef, { kind: K }>) : undefined;
  }

  panels<K extends PanelDef['kind']>(kind: K): Extract<PanelDef, { kind: K }>[] {
    return [...this.panelIndex.values()].filter((p): p is Extract<PanelDef, { kind: K }> => p.kind === kind);
  }

  /**
   * Whether a command may be listed and run, or an injection or page behaviour be active, now: its
   * feature's toggle (unless the part opts out with `toggle: null`) and its own toggle are on, an
   * injection or page behaviour that needs an API token has one, one that acts as "you" is not
   * facing an account mismatch, and its `when` holds. A command that needs a token, or acts as
   * "you", stays allowed without one or in a mismatch (running it explains why it is locked). A
   * throwing `when` throws here.
   */
  allows(part: Command | Placed, ctx: CommandContext): boolean {
    const feature = this.owners.get(part) ?? this.providerOf(part.id);
    if (part.toggle !== null && !this.toggledOn(feature?.toggle, ctx)) return false;
    if (!this.toggledOn(part.toggle, ctx)) return false;
    const injected = this.placed.has(part as Placed);
    if (injected && part.authRequired && !ctx.authorized) return false;
    if (injected && part.actsAsYou && ctx.identity.mismatch) return false;
    return part.when ? part.when(ctx) : true;
  }

  /** Whether a command's hotkey may run it now: the command is allowed and its `hotkeyToggle`, if any, is on. */
  hotkeyAllows(command: Command, ctx: CommandContext): boolean {
    return this.toggledOn(command.hotkeyToggle, ctx) && this.allows(command, ctx);
  }

  /**
   * The style sheets of the features that can show something now, in the features' order: a
   * feature's while its toggle is on, and always for one with a part shown while it is off
   * (`toggle: null`, its configuration page say), so that part is styled too.
   */
  styles(ctx: Pick<CommandContext, 'settings'>): string[] {
    return this.featureList.flatMap((feature) => {
      if (!feature.styles) return [];
      const parts = [...(feature.commands ?? []), ...(feature.injections ?? []), ...(feature.page ?? [])];
      const shownWhileOff = parts.some((part) => part.toggle === null);
      return shownWhileOff || this.toggledOn(feature.toggle, ctx) ? [feature.styles] : [];
    });
  }

  private toggledOn(toggle: string | null | undefined, ctx: Pick<CommandContext, 'settings'>): boolean {
    return toggle == null || ctx.settings.get(toggle) === true;
  }

  /** What the injector runs: each feature's injections, then its page behaviours, in the features' order. */
  placedParts(): { part: Placed; feature: FeatureDef }[] {
    return this.featureList.flatMap((feature) =>
      [...(feature.injections ?? []), ...(feature.page ?? [])].map((part) => ({ part, feature })),
    );
  }

  /** Listeners hear when features are defined, or a key of `watch` changes, or `changed` is called. */
  subscribe(listener: () => void): () => void {
    return this.version.subscribe(listener);
  }

  changed(): void {
    this.version.set((n) => n + 1);
  }
}

/** Why `value` is not acceptable for `option`, or null when it is. The one place these rules live. */
export function optionProblem(option: OptionDef, value: OptionValue | undefined): string | null {
  if (value === undefined) return 'No value.';
  if (typeof value !== typeof option.default)
    return typeof option.default === 'number' ? 'Type a number.' : `Expected ${typeof option.default}.`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'Type a number.';
    if ((option.min !== undefined && value < option.min) || (option.max !== undefined && value > option.max))
      return `Between ${option.min ?? '-∞'} and ${option.max ?? '∞'}.`;
  }
  if (typeof value === 'string') {
    if (option.choices && !option.choices.includes(value)) return `Choose one of ${option.choices.join(', ')}.`;
    if (option.maxLength !== undefined && value.length > option.maxLength) return `At most ${option.maxLength} characters.`;
    if (option.format === 'color' && !/^#[0-9a-f]{6}$/i.test(value)) return 'A colour like #ffffff.';
  }
  return null;
}

/** The value an option holds given what is stored, falling back to its default when invalid. */
export function optionValue(option: OptionDef, stored: OptionValue | undefined): OptionValue {
  return optionProblem(option, stored) === null ? stored! : option.default;
}
