// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { features } from '../../src/commands/features';
import { Registry } from '../../src/commands/registry';
import { authKey } from '../../src/data/auth';
import { settingsKey } from '../../src/data/config';
import { aimedEditor, focusedEditor, watchEditorFocus } from '../../src/inject/editor-focus';
import { makeTestServices } from './helpers';

/**
 * Issue 31: a command aimed at an editor is usable from it. Its key fires inside the editor (the
 * editor scope, or a global command that fires in inputs), and a command that inserts lands in the
 * editor that had focus, even after a click beside it moved focus away.
 */

/** AniList's editor: the toolbar and the textarea in one parent (host-facts (a)). */
function hostEditor(): HTMLTextAreaElement {
  const editor = document.createElement('div');
  editor.innerHTML = '<div class="markdown-editor"></div><textarea></textarea>';
  document.body.append(editor);
  return editor.querySelector('textarea')!;
}

afterEach(() => (document.body.innerHTML = ''));

describe('commands aimed at an editor answer to their keys inside it', () => {
  const registry = new Registry();
  features.forEach((f) => registry.define(f));
  const t = makeTestServices(registry, { storedToken: true });
  t.store.set(authKey, { token: 'valid-token', expires: Date.now() + 86_400_000 });
  t.store.set(settingsKey, Object.fromEntries(registry.options().map((o) => [o.key, typeof o.default === 'boolean' ? true : o.default])));

  it('a command listed only while an editor has focus, or one that inserts into it, fires there', () => {
    const field = hostEditor();
    const inEditor = t.services.context(field);
    const outside = t.services.context(null);
    const aimed = registry
      .commands(inEditor)
      .filter((c) => registry.allows(c, inEditor) && !registry.allows(c, outside))
      .map((c) => c.id);
    // The palette pages that insert into the editor (the GIF keyboard, a draft) are aimed at it too.
    const inserting = ['gif-keyboard.open', 'markdown-drafts.list', 'markdown.exact-preview'];
    expect(aimed).toContain('markdown.bold');
    expect(aimed).toContain('markdown-taskbar.upload');
    const deaf = registry
      .commands(inEditor)
      .filter((c) => aimed.includes(c.id) || inserting.includes(c.id))
      .filter((c) => c.scope !== 'editor' && !c.allowInInputs)
      .map((c) => c.id);
    expect(deaf).toEqual([]);
  });
});

describe('the editor a command is aimed at (one way: src/inject/editor-focus.ts)', () => {
  it('is the focused editor, else the one focused last while it is still on the page', () => {
    const lifetime = new AbortController();
    watchEditorFocus(lifetime);
    const first = hostEditor();
    const second = hostEditor();
    const button = document.body.appendChild(document.createElement('button'));
    expect(aimedEditor(null)).toBeNull();
    first.focus();
    expect(focusedEditor(first)).toBe(first);
    second.focus();
    button.focus();
    expect(focusedEditor(button)).toBeNull();
    // A click beside the editor moved focus: what inserts still goes to the editor used last.
    expect(aimedEditor(button)).toBe(second);
    expect(aimedEditor(first)).toBe(first);
    second.disabled = true;
    expect(aimedEditor(null)).toBeNull();
    second.disabled = false;
    second.parentElement!.remove();
    expect(aimedEditor(null)).toBeNull();
    lifetime.abort();
  });

  it('a plain textarea, not a markdown editor, is not one', () => {
    const plain = document.body.appendChild(document.createElement('textarea'));
    expect(focusedEditor(plain)).toBeNull();
  });
});
