import { describe, expect, it } from 'vitest';
import {
  bindingProblem,
  bindingsFor,
  clashesWith,
  effectiveHotkey,
  findConflicts,
  formatHotkey,
  hotkeyFromEvent,
  parseHotkey,
  reviewImportedHotkeys,
  toTinykeys,
} from '../../src/commands/hotkeys';
import type { Command } from '../../src/commands/types';
import { hotkeysKey } from '../../src/data/config';
import { assignHotkey } from '../../src/panels/hotkeyCapture';
import { makeTestServices } from './helpers';

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

describe('a command that changes the account never answers to a key pressed by accident', () => {
  const publish = cmd('publish', null, { effect: 'account' });
  const revoke = cmd('revoke', null, { effect: 'credential' });
  const go = cmd('go', null);
  const bold = cmd('bold', 'ctrl+b', { scope: 'editor', effect: 'account' });

  it("needs ctrl, alt or meta on a page-wide key; other commands' page-wide keys are the user's choice", () => {
    for (const key of ['arrowdown', 'j', 'enter', 'shift+j', 'f5', 'space'])
      expect(bindingProblem(publish, key), key).toMatch(/has no Ctrl, Alt or Meta: this command changes your AniList account/);
    expect(bindingProblem(revoke, 'delete')).toMatch(/spends or drops a credential/);
    for (const key of ['ctrl+p', 'alt+shift+p', 'meta+enter']) expect(bindingProblem(publish, key), key).toBeNull();
    expect(bindingProblem(go, 'j')).toBeNull();
    expect(bindingProblem(bold, 'ctrl+b')).toBeNull();
  });

  it('a stored override it may not have (stored by an earlier import) is ignored: no binding fires', () => {
    const overrides = { publish: 'ArrowDown', revoke: 'alt+r', go: 'j' };
    expect(effectiveHotkey(publish, overrides)).toBeNull();
    expect(bindingsFor([publish, revoke, go], overrides).map((b) => `${b.commandId}=${b.hotkey}`)).toEqual(['revoke=alt+r', 'go=j']);
  });

  it('the shortcuts panel refuses it with the reason, and takes a modifier', () => {
    const { services, store } = makeTestServices();
    const ctx = services.context(null);
    expect(assignHotkey(ctx, [publish, go], publish, 'arrowdown')).toBe(
      'Arrowdown has no Ctrl, Alt or Meta: this command changes your AniList account, which a key pressed by accident must not do.',
    );
    expect(store.get(hotkeysKey)).toEqual({});
    expect(assignHotkey(ctx, [publish, go], go, 'j')).toBeNull();
    expect(assignHotkey(ctx, [publish, go], publish, 'ctrl+alt+p')).toBeNull();
    expect(store.get(hotkeysKey)).toEqual({ go: 'j', publish: 'ctrl+alt+p' });
  });
});

describe('a key that fires while typing holds ctrl, alt or meta: it never steals typing (issue 31)', () => {
  const gif = cmd('gif', null, { scope: 'editor' });
  const palette = cmd('palette', null, { allowInInputs: true });

  it('refuses a bare key or shift+key for an editor command or one that fires in inputs, and takes a modifier', () => {
    for (const command of [gif, palette])
      for (const key of ['g', 'shift+g', 'enter', 'space', 'f2'])
        expect(bindingProblem(command, key), `${command.id} ${key}`).toMatch(/has no Ctrl, Alt or Meta: it fires while you type/);
    for (const key of ['ctrl+alt+g', 'alt+shift+g', 'meta+g']) expect(bindingProblem(gif, key), key).toBeNull();
  });

  it('the shortcuts panel refuses it, and a stored one is ignored', () => {
    const { services } = makeTestServices();
    expect(assignHotkey(services.context(null), [gif], gif, 'g')).toBe(
      'G has no Ctrl, Alt or Meta: it fires while you type, where it would take the key.',
    );
    expect(effectiveHotkey(cmd('bold', 'ctrl+b', { scope: 'editor' }), { bold: 'b' })).toBe('ctrl+b');
  });
});

describe('imported hotkeys', () => {
  const review = reviewImportedHotkeys(
    [
      cmd('palette', 'ctrl+space', { title: 'Open QuickStart' }),
      cmd('publish', null, { title: 'Publish layout', effect: 'account' }),
      cmd('bold', 'ctrl+b', { title: 'Bold', scope: 'editor' }),
    ],
    (id) => (id.startsWith('in-progress.') ? 'account' : undefined),
  );

  it('refuses a key without ctrl, alt or meta whatever the command, asks about account changes, takes the rest', () => {
    expect(review({}, { palette: 'j', publish: 'ctrl+shift+p', bold: 'alt+b', unknown: 'ArrowDown', gone: 'alt+g' })).toEqual([
      expect.objectContaining({ commandId: 'palette', title: 'Open QuickStart', from: 'ctrl+space', to: 'j', verdict: 'refuse' }),
      {
        commandId: 'publish',
        title: 'Publish layout',
        from: null,
        to: 'ctrl+shift+p',
        verdict: 'ask',
        why: 'this command changes your AniList account',
      },
      { commandId: 'bold', title: 'Bold', from: 'ctrl+b', to: 'alt+b', verdict: 'take', why: null },
      // A command this version does not have is judged by its key alone.
      expect.objectContaining({ commandId: 'unknown', title: 'unknown', to: 'arrowdown', verdict: 'refuse' }),
      { commandId: 'gone', title: 'gone', from: null, to: 'alt+g', verdict: 'take', why: null },
    ]);
  });

  it("asks about a command not built now whose feature declares what its commands do ('+1 episode' before the lists load)", () => {
    expect(review({}, { 'in-progress.add.21': 'ctrl+alt+1' })).toEqual([
      {
        commandId: 'in-progress.add.21',
        title: 'in-progress.add.21',
        from: null,
        to: 'ctrl+alt+1',
        verdict: 'ask',
        why: 'this command changes your AniList account',
      },
    ]);
  });

  it('takes going back to a default and removing a hotkey; an unreadable one is refused; an unchanged one is not listed', () => {
    expect(review({ palette: 'alt+k', publish: 'ctrl+p' }, { publish: null, bold: 'nonsense+', palette: 'alt+k' })).toEqual([
      { commandId: 'publish', title: 'Publish layout', from: 'ctrl+p', to: null, verdict: 'take', why: null },
      expect.objectContaining({ commandId: 'bold', to: 'nonsense+', verdict: 'refuse', why: 'not a hotkey this version can bind' }),
    ]);
    expect(review({ palette: 'alt+k' }, {})).toEqual([
      { commandId: 'palette', title: 'Open QuickStart', from: 'alt+k', to: 'ctrl+space', verdict: 'take', why: null },
    ]);
  });
});
