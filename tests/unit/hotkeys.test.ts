import { describe, expect, it } from 'vitest';
import {
  bindingsFor,
  clashesWith,
  effectiveHotkey,
  findConflicts,
  formatHotkey,
  hotkeyFromEvent,
  parseHotkey,
  toTinykeys,
} from '../../src/commands/hotkeys';
import type { Command } from '../../src/commands/types';

const cmd = (id: string, hotkey: string | null, extra: Partial<Command> = {}): Command => ({
  id,
  title: id,
  section: 's',
  hotkey,
  run: () => {},
  ...extra,
});

describe('hotkey notation', () => {
  it.each([
    ['ctrl+space', 'ctrl+space'],
    ['Control+Space', 'ctrl+space'],
    ['shift+alt+5', 'alt+shift+5'],
    ['alt+S', 'alt+shift+s'],
    ['ctrl+shift+alt+c', 'ctrl+alt+shift+c'],
    ['cmd+k', 'meta+k'],
    ['f2', 'f2'],
    ['ctrl+/', 'ctrl+/'],
    ['esc', 'escape'],
  ])('parses %s as %s', (input, expected) => expect(parseHotkey(input)).toBe(expected));

  it.each(['', 'ctrl+', 'ctrl+ctrl+a', 'a+b', 'ctrl+nope', '+'])('rejects %j', (input) => expect(parseHotkey(input)).toBeNull());

  it('converts to tinykeys codes that survive keyboard layouts and shift', () => {
    expect(toTinykeys('ctrl+space')).toBe('Control+Space');
    expect(toTinykeys('alt+shift+5')).toBe('Alt+Shift+Digit5');
    expect(toTinykeys('ctrl+k')).toBe('Control+KeyK');
    expect(toTinykeys('ctrl+/')).toBe('Control+Slash');
  });

  it('formats for people', () => {
    expect(formatHotkey('ctrl+shift+c')).toBe('Ctrl+Shift+C');
    expect(formatHotkey(null)).toBe('');
  });

  it('reads a key press, ignoring a lone modifier', () => {
    expect(hotkeyFromEvent({ code: 'KeyJ', ctrlKey: true, altKey: false, shiftKey: true, metaKey: false })).toBe('ctrl+shift+j');
    expect(hotkeyFromEvent({ code: 'Space', ctrlKey: true, altKey: false, shiftKey: false, metaKey: false })).toBe('ctrl+space');
    expect(hotkeyFromEvent({ code: 'ShiftLeft', ctrlKey: false, altKey: false, shiftKey: true, metaKey: false })).toBeNull();
  });
});

describe('overrides and conflicts', () => {
  const commands = [
    cmd('a', 'ctrl+b'),
    cmd('b', 'alt+x'),
    cmd('e', 'ctrl+b', { scope: 'editor' }),
    cmd('g', 'ctrl+space', { allowInInputs: true }),
  ];

  it('uses the override, null unbinds, an unreadable override falls back to the default', () => {
    expect(effectiveHotkey(commands[0]!, {})).toBe('ctrl+b');
    expect(effectiveHotkey(commands[0]!, { a: 'alt+j' })).toBe('alt+j');
    expect(effectiveHotkey(commands[0]!, { a: null })).toBeNull();
    expect(effectiveHotkey(commands[0]!, { a: 'nonsense+' })).toBe('ctrl+b');
  });

  it('lets a page command and an editor command share a key, but not two in one context', () => {
    expect(findConflicts(bindingsFor(commands, {})).size).toBe(0);
    expect(clashesWith(commands, {}, 'b', 'ctrl+b')).toEqual(['a']);
    // A global command that fires in inputs overlaps editors.
    expect(clashesWith(commands, {}, 'g', 'ctrl+b')).toEqual(['a', 'e']);
    expect([...findConflicts(bindingsFor(commands, { b: 'ctrl+b' }))]).toEqual([['ctrl+b', ['a', 'b']]]);
  });
});
