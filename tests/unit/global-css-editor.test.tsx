// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { globalCssKey } from '../../src/data/global-css';
import { GlobalCss } from '../../src/panels/global-css/GlobalCss';
import CssEditor, { difference } from '../../src/panels/global-css/codemirror/CssEditor';
import { EditorView } from '@codemirror/view';
import { panelHarness } from './panel-harness';

afterEach(() => cleanup());

/** What `difference` gives, applied to `from`. */
function applied(from: string, to: string): string {
  const change = difference(from, to);
  return from.slice(0, change.from) + change.insert + from.slice(change.to);
}

describe('the CSS editor takes a new value as the one span that differs', () => {
  it('replaces only what changed, at the start, the middle or the end', () => {
    expect(difference('body { }', 'html, body { }')).toEqual({ from: 0, to: 0, insert: 'html, ' });
    expect(difference('a { color: red; }', 'a { color: blue; }')).toEqual({ from: 11, to: 14, insert: 'blue' });
    expect(difference('a { }', 'a { }\nb { }')).toEqual({ from: 5, to: 5, insert: '\nb { }' });
    expect(difference('a { }', '')).toEqual({ from: 0, to: 5, insert: '' });
    expect(difference('', 'a')).toEqual({ from: 0, to: 0, insert: 'a' });
    // Repeated characters: the shared start is taken first, and the spans never overlap.
    expect(difference('aaa', 'aaaa')).toEqual({ from: 3, to: 3, insert: 'a' });
    expect(difference('abab', 'ab')).toEqual({ from: 2, to: 4, insert: '' });
  });

  it('never splits a surrogate pair', () => {
    const from = 'a::after { content: "😀"; }';
    const to = 'a::after { content: "😃"; }';
    const change = difference(from, to);
    expect(change.insert).toBe('😃');
    expect(applied(from, to)).toBe(to);
  });

  it('gives back the new text for any pair, and stays linear on long adversarial texts', () => {
    const pairs: [string, string][] = [
      ['x'.repeat(500_000), 'x'.repeat(499_999) + 'y'],
      ['ab'.repeat(250_000), 'ba'.repeat(250_000)],
      ['{'.repeat(300_000), '}'.repeat(300_000)],
      ['a'.repeat(400_000) + 'b' + 'a'.repeat(400_000), 'a'.repeat(800_001)],
    ];
    for (const [from, to] of pairs) {
      expect(applied(from, to)).toBe(to);
      expect(applied(to, from)).toBe(from);
    }
  });
});

describe('CssEditor', () => {
  it('keeps the caret where it was when a new value changes text before it', async () => {
    const onChange = vi.fn();
    const { container, rerender } = render(
      <CssEditor value="body { outline: 7px s}" label="Global CSS" onChange={onChange} onBlur={() => {}} />,
    );
    const view = EditorView.findFromDOM(container.querySelector('.cm-editor') as HTMLElement)!;
    act(() => view.dispatch({ selection: { anchor: 21 } }));
    rerender(<CssEditor value="html, body { outline: 7px s}" label="Global CSS" onChange={onChange} onBlur={() => {}} />);
    await waitFor(() => expect(view.state.doc.toString()).toBe('html, body { outline: 7px s}'));
    expect(view.state.selection.main.head).toBe(27);
    // The new value is not an edit to report.
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('GlobalCss', () => {
  function setup() {
    const t = panelHarness();
    render(t.wrap(<GlobalCss ctx={t.services.context(null)} />));
    return t;
  }

  it('follows a change stored elsewhere while nothing typed here waits to be saved', async () => {
    const { store } = setup();
    const content = await screen.findByText((_, el) => el?.classList.contains('cm-content') ?? false);
    const view = EditorView.findFromDOM(content.closest('.cm-editor') as HTMLElement)!;
    act(() => store.set(globalCssKey, 'a { color: red; }'));
    await waitFor(() => expect(view.state.doc.toString()).toBe('a { color: red; }'));
  });

  it('keeps and saves what is typed when a value is stored elsewhere before the save', async () => {
    const { store } = setup();
    const content = await screen.findByText((_, el) => el?.classList.contains('cm-content') ?? false);
    const view = EditorView.findFromDOM(content.closest('.cm-editor') as HTMLElement)!;
    act(() => view.dispatch({ changes: { from: 0, insert: 'b { }' } }));
    // Typed, not yet saved: a value stored elsewhere now does not replace it.
    act(() => store.set(globalCssKey, 'elsewhere { }'));
    await waitFor(() => expect(store.get(globalCssKey)).toBe('b { }'));
    expect(view.state.doc.toString()).toBe('b { }');
  });
});
