// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { features } from '../../src/commands/features';
import { Registry } from '../../src/commands/registry';
import { hotkeysKey } from '../../src/data/config';
import { MarkdownEditor, PREVIEW_DELAY_MS, type MarkdownEditorProps } from '../../src/panels/MarkdownEditor';
import { Providers } from '../../src/panels/overlay';
import { makeTestServices } from './helpers';

/**
 * The MarkdownEditor component's contract. Rendered markdown is checked in
 * Chromium (tests/e2e/markdown.spec.ts): happy-dom cannot host DOMPurify faithfully.
 */

function setup(props: Partial<MarkdownEditorProps> = {}) {
  const registry = new Registry();
  features.forEach((f) => registry.define(f));
  const t = makeTestServices(registry);
  const container = document.createElement('div');
  document.body.append(container);
  const onPublish = vi.fn<(text: string) => Promise<unknown>>(async () => undefined);
  render(
    <Providers services={t.services} container={container} name="test">
      <MarkdownEditor ctx={t.services.context()} onPublish={onPublish} {...props} />
    </Providers>,
  );
  const box = screen.getByRole('textbox') as HTMLTextAreaElement;
  const type = (text: string) => {
    box.value = text;
    fireEvent.input(box);
  };
  return { ...t, onPublish, box, type };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('MarkdownEditor', () => {
  it("starts as a bare textarea with the placeholder 'Write a reply...'", () => {
    const { box } = setup();
    expect(box.placeholder).toBe('Write a reply...');
    expect(box.hasAttribute('data-markdown-editor')).toBe(true);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('focus shows the toolbar (15 tools), the notice and the actions', () => {
    const { box } = setup();
    fireEvent.focus(box);
    expect(screen.getByRole('toolbar', { name: 'Markdown' }).querySelectorAll('button')).toHaveLength(15);
    const notice = screen.getByText(/Please read the/);
    expect(notice.textContent).toBe('Please read the site guidelines before posting');
    const link = screen.getByRole('link', { name: 'site guidelines' });
    expect(link.getAttribute('href')).toBe('/forum/thread/14');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('tool tips show the current hotkey, remapped ones too', () => {
    const { box, store } = setup();
    fireEvent.focus(box);
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('title')).toBe('Bold (Ctrl+B)');
    act(() => store.set(hotkeysKey, { 'markdown.bold': 'alt+shift+b' }));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('title')).toBe('Bold (Alt+Shift+B)');
  });

  it(`updates the preview ${PREVIEW_DELAY_MS} ms after input and hides it when empty`, () => {
    vi.useFakeTimers();
    const { box, type } = setup();
    fireEvent.focus(box);
    type('hello');
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    act(() => vi.advanceTimersByTime(PREVIEW_DELAY_MS));
    expect(screen.getByRole('region', { name: 'Preview' }).querySelector('h4')?.textContent).toBe('Preview');
    type('');
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });

  it('a toolbar button edits the text at the selection', () => {
    const { box, type } = setup();
    fireEvent.focus(box);
    type('a word');
    box.setSelectionRange(2, 6);
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(box.value).toBe('a __word__');
    fireEvent.click(screen.getByRole('button', { name: 'Image' }));
    expect(box.value).toBe('a __img420(word)__');
  });

  it('Cancel hides everything and clears the text', () => {
    const onCancel = vi.fn();
    const { box, type } = setup({ onCancel });
    fireEvent.focus(box);
    type('draft');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(box.value).toBe('');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByText(/site guidelines/)).toBeNull();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('Publish sends the text, then clears and hides', async () => {
    const { box, type, onPublish } = setup();
    fireEvent.focus(box);
    type('__hi__');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish' })));
    expect(onPublish).toHaveBeenCalledWith('__hi__');
    expect(box.value).toBe('');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('a failed Publish keeps the text and the editor open', async () => {
    const { box, type, onPublish } = setup();
    onPublish.mockRejectedValueOnce(new Error('nope'));
    fireEvent.focus(box);
    type('keep me');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish' })));
    expect(box.value).toBe('keep me');
    expect(screen.getByRole('toolbar')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('an initial text (an edit) starts open, with a custom placeholder and label', () => {
    const { box } = setup({ initialText: 'old', placeholder: 'Write a status...', label: 'Status', publishLabel: 'Save' });
    expect(box.value).toBe('old');
    expect(box.placeholder).toBe('Write a status...');
    expect(box.getAttribute('aria-label')).toBe('Status');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
