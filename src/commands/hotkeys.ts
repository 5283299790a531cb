import type { HotkeyChange } from '../data/config-io';
import type { Command, CommandEffect, HotkeyScope } from './types';

/**
 * Hotkeys in our notation: lowercase modifiers in a fixed order, then one key, joined by '+':
 * 'ctrl+space', 'alt+shift+5', 'ctrl+k'. An upper-case letter in a written default means shift
 * is held ('alt+S' is 'alt+shift+s'), as the original's event.key comparison implied.
 * Everything here is pure: the DOM side lives in src/inject/hotkeys.ts.
 */

const MODIFIERS = ['ctrl', 'alt', 'shift', 'meta'] as const;
type Modifier = (typeof MODIFIERS)[number];

const MODIFIER_ALIASES: Record<string, Modifier> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
  super: 'meta',
};

/** Named keys: our name → KeyboardEvent.code. */
const NAMED_KEYS: Record<string, string> = {
  space: 'Space',
  enter: 'Enter',
  escape: 'Escape',
  tab: 'Tab',
  backspace: 'Backspace',
  delete: 'Delete',
  insert: 'Insert',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
};

const PUNCTUATION: Record<string, string> = {
  '/': 'Slash',
  '.': 'Period',
  ',': 'Comma',
  ';': 'Semicolon',
  "'": 'Quote',
  '[': 'BracketLeft',
  ']': 'BracketRight',
  '\\': 'Backslash',
  '-': 'Minus',
  '=': 'Equal',
  '`': 'Backquote',
};

const KEY_ALIASES: Record<string, string> = {
  esc: 'escape',
  return: 'enter',
  del: 'delete',
  up: 'arrowup',
  down: 'arrowdown',
  left: 'arrowleft',
  right: 'arrowright',
  plus: '=',
};

function keyToCode(key: string): string | null {
  if (/^[a-z]$/.test(key)) return `Key${key.toUpperCase()}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  if (/^f([1-9]|1[0-2])$/.test(key)) return key.toUpperCase();
  return NAMED_KEYS[key] ?? PUNCTUATION[key] ?? null;
}

/**
 * Parsed hotkeys by their text: the same few dozen are parsed for every binding and label. Emptied
 * when it holds this many (text typed into a hotkey field is parsed too).
 */
const parsed = new Map<string, string | null>();
const PARSED_MAX = 500;

/** Normalises a written hotkey; null when it is not one we can bind. */
export function parseHotkey(input: string): string | null {
  if (typeof input !== 'string') return null;
  let result = parsed.get(input);
  if (result === undefined) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(input, (result = parseUncached(input)));
  }
  return result;
}

function parseUncached(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  // Split on '+' but keep a literal '+' key ("ctrl++" is not supported: write "ctrl+plus").
  const parts = trimmed.split('+').map((p) => p.trim());
  if (parts.some((p) => p === '')) return null;
  const mods = new Set<Modifier>();
  let key: string | null = null;
  for (const part of parts) {
    const lower = part.toLowerCase();
    const mod = MODIFIER_ALIASES[lower];
    if (mod) {
      if (mods.has(mod)) return null;
      mods.add(mod);
      continue;
    }
    if (key !== null) return null;
    if (/^[A-Z]$/.test(part)) mods.add('shift');
    key = KEY_ALIASES[lower] ?? lower;
  }
  if (key === null || keyToCode(key) === null) return null;
  return [...MODIFIERS.filter((m) => mods.has(m)), key].join('+');
}

/** tinykeys' notation: modifiers by name, the key by its KeyboardEvent.code (layout-proof). */
export function toTinykeys(hotkey: string): string {
  const normalized = parseHotkey(hotkey);
  if (!normalized) throw new Error(`Not a hotkey: ${hotkey}`);
  const parts = normalized.split('+');
  const key = parts.pop()!;
  const names: Record<Modifier, string> = { ctrl: 'Control', alt: 'Alt', shift: 'Shift', meta: 'Meta' };
  return [...parts.map((m) => names[m as Modifier]), keyToCode(key)!].join('+');
}

/** For people: 'Ctrl+Shift+C'. */
export function formatHotkey(hotkey: string | null | undefined): string {
  if (!hotkey) return '';
  const normalized = parseHotkey(hotkey);
  if (!normalized) return hotkey;
  return normalized
    .split('+')
    .map((p) => (p.length === 1 ? p.toUpperCase() : p[0]!.toUpperCase() + p.slice(1)))
    .join('+');
}

const CODE_TO_KEY: Record<string, string> = Object.fromEntries([
  ...Object.entries(NAMED_KEYS).map(([k, code]) => [code, k]),
  ...Object.entries(PUNCTUATION).map(([k, code]) => [code, k]),
]);

/** The hotkey a key press spells, for the key-capture input; null for a lone modifier. */
export function hotkeyFromEvent(event: Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>): string | null {
  const { code } = event;
  let key: string | undefined;
  if (/^Key[A-Z]$/.test(code)) key = code.slice(3).toLowerCase();
  else if (/^Digit[0-9]$/.test(code)) key = code.slice(5);
  else if (/^Numpad[0-9]$/.test(code)) key = code.slice(6);
  else if (/^F([1-9]|1[0-2])$/.test(code)) key = code.toLowerCase();
  else key = CODE_TO_KEY[code];
  if (!key) return null;
  const mods: Modifier[] = [];
  if (event.ctrlKey) mods.push('ctrl');
  if (event.altKey) mods.push('alt');
  if (event.shiftKey) mods.push('shift');
  if (event.metaKey) mods.push('meta');
  return [...mods, key].join('+');
}

/** Whether a hotkey holds ctrl, alt or meta: a bare key or shift+key is ordinary typing or scrolling. */
function hasCommandModifier(hotkey: string): boolean {
  const normalized = parseHotkey(hotkey);
  return !!normalized && /(^|\+)(ctrl|alt|meta)\+/.test(normalized);
}

export interface Binding {
  readonly commandId: string;
  readonly hotkey: string;
  readonly scope: HotkeyScope;
  readonly allowInInputs: boolean;
}

/** Where a binding can fire: outside text fields, inside editors, or both. */
function contexts(b: Pick<Binding, 'scope' | 'allowInInputs'>): Set<'page' | 'editor'> {
  if (b.scope === 'editor') return new Set(['editor']);
  return b.allowInInputs ? new Set(['page', 'editor']) : new Set(['page']);
}

function bindingsOverlap(a: Pick<Binding, 'scope' | 'allowInInputs'>, b: Pick<Binding, 'scope' | 'allowInInputs'>): boolean {
  const ca = contexts(a);
  return [...contexts(b)].some((c) => ca.has(c));
}

export type HotkeyOverrides = Readonly<Record<string, string | null>>;

/** The hotkey a command answers to now: the user's override (null = none), else its default. */
export function effectiveHotkey(
  command: Pick<Command, 'id' | 'hotkey' | 'scope' | 'effect' | 'allowInInputs'>,
  overrides: HotkeyOverrides,
): string | null {
  const fallback = command.hotkey ? parseHotkey(command.hotkey) : null;
  if (!Object.prototype.hasOwnProperty.call(overrides, command.id)) return fallback;
  const override = overrides[command.id];
  if (override === null) return null;
  // An unreadable stored override, or one the command may not have (an import of an earlier
  // version stored it), is ignored rather than silently unbinding the command.
  const parsedOverride = override ? parseHotkey(override) : null;
  return parsedOverride && !bindingProblem(command, parsedOverride) ? parsedOverride : fallback;
}

const EFFECT_WORDS: Record<CommandEffect, string> = {
  account: 'changes your AniList account',
  credential: 'spends or drops a credential',
};

/**
 * Why `hotkey` may not start `command`, whoever binds it (its default, the shortcuts panel, a
 * stored remap, an import), or null. A key that fires while the user types (an editor command, or
 * a global one that fires in inputs) holds ctrl, alt or meta, so it never takes a typed character.
 * A page-wide key without one is pressed by accident (scrolling with the arrows, typing after a
 * field lost focus): it may not change the account or spend a credential. Other bindings are the
 * user's choice.
 */
export function bindingProblem(command: Pick<Command, 'scope' | 'effect' | 'allowInInputs'>, hotkey: string): string | null {
  if (hasCommandModifier(hotkey)) return null;
  if (command.scope === 'editor' || command.allowInInputs)
    return `${formatHotkey(hotkey)} has no Ctrl, Alt or Meta: it fires while you type, where it would take the key.`;
  if (!command.effect) return null;
  return `${formatHotkey(hotkey)} has no Ctrl, Alt or Meta: this command ${EFFECT_WORDS[command.effect]}, which a key pressed by accident must not do.`;
}

/** Why a binding from a file (an import, an adopted configuration) is refused or asked about. */
const IMPORTED_HOTKEY_WHY = {
  unreadable: 'not a hotkey this version can bind',
  bare: 'a key without Ctrl, Alt or Meta is pressed by accident (and in editors it would swallow typing)',
  effect: (effect: CommandEffect) => `this command ${EFFECT_WORDS[effect]}`,
};

/**
 * What the import summary says of imported hotkeys: every command whose hotkey the file's
 * overrides (`next`) would change from the user's (`current`), with its title, and whether the
 * change is taken, asked about or refused. A file may not bind a key without ctrl, alt or meta
 * (refused, whatever the command), nor bind a command that changes the account or spends a
 * credential unasked (asked: taken only when ticked). Going back to a default, or removing a
 * hotkey, is taken. An id no command has here now (a '+1 episode' before the lists are loaded) is
 * judged by what `effectOf` says of it (Registry.effectOf: its feature's `providedEffect`).
 */
export function reviewImportedHotkeys(commands: readonly Command[], effectOf: (id: string) => CommandEffect | undefined) {
  const byId = new Map(commands.map((c) => [c.id, c]));
  return (current: HotkeyOverrides, next: HotkeyOverrides): HotkeyChange[] =>
    [...new Set([...Object.keys(current), ...Object.keys(next)])].flatMap((id) => {
      const command = byId.get(id);
      const own = Object.prototype.hasOwnProperty.call(next, id);
      const from = command ? effectiveHotkey(command, current) : storedHotkey(current, id);
      const asked = own ? next[id]! : undefined;
      const to =
        asked === undefined ? (command ? effectiveHotkey(command, {}) : null) : asked === null ? null : (parseHotkey(asked) ?? asked);
      if (from === to) return [];
      return [{ commandId: id, title: command?.title ?? id, from, to, ...importedVerdict(command?.effect ?? effectOf(id), asked) }];
    });
}

/** A stored override as our notation, for a command this version does not have. */
function storedHotkey(overrides: HotkeyOverrides, id: string): string | null {
  const raw = Object.prototype.hasOwnProperty.call(overrides, id) ? overrides[id] : null;
  return raw ? (parseHotkey(raw) ?? raw) : null;
}

function importedVerdict(effect: CommandEffect | undefined, asked: string | null | undefined): Pick<HotkeyChange, 'verdict' | 'why'> {
  // Back to the default, or no hotkey at all.
  if (asked === undefined || asked === null) return { verdict: 'take', why: null };
  const hotkey = parseHotkey(asked);
  if (!hotkey) return { verdict: 'refuse', why: IMPORTED_HOTKEY_WHY.unreadable };
  if (!hasCommandModifier(hotkey)) return { verdict: 'refuse', why: IMPORTED_HOTKEY_WHY.bare };
  if (effect) return { verdict: 'ask', why: IMPORTED_HOTKEY_WHY.effect(effect) };
  return { verdict: 'take', why: null };
}

export function bindingsFor(commands: readonly Command[], overrides: HotkeyOverrides): Binding[] {
  const out: Binding[] = [];
  for (const command of commands) {
    const hotkey = effectiveHotkey(command, overrides);
    if (!hotkey) continue;
    out.push({ commandId: command.id, hotkey, scope: command.scope ?? 'global', allowInInputs: command.allowInInputs ?? false });
  }
  return out;
}

/** Commands that would share a key in a context where both can fire, keyed by hotkey. */
export function findConflicts(bindings: readonly Binding[]): Map<string, string[]> {
  const byKey = new Map<string, Binding[]>();
  for (const b of bindings) byKey.set(b.hotkey, [...(byKey.get(b.hotkey) ?? []), b]);
  const conflicts = new Map<string, string[]>();
  for (const [hotkey, list] of byKey) {
    const involved = new Set<string>();
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++)
        if (bindingsOverlap(list[i]!, list[j]!)) {
          involved.add(list[i]!.commandId);
          involved.add(list[j]!.commandId);
        }
    if (involved.size) conflicts.set(hotkey, [...involved]);
  }
  return conflicts;
}

/**
 * Whether giving `commandId` the hotkey `candidate` would clash with another command; returns the
 * ids it would clash with (empty when it is free).
 */
export function clashesWith(commands: readonly Command[], overrides: HotkeyOverrides, commandId: string, candidate: string): string[] {
  const normalized = parseHotkey(candidate);
  if (!normalized) return [];
  const self = commands.find((c) => c.id === commandId);
  if (!self) return [];
  const mine = { scope: self.scope ?? 'global', allowInInputs: self.allowInInputs ?? false };
  return bindingsFor(commands, overrides)
    .filter((b) => b.commandId !== commandId && b.hotkey === normalized && bindingsOverlap(b, mine))
    .map((b) => b.commandId);
}
