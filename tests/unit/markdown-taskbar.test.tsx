// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { features } from '../../src/commands/features';
import { Registry } from '../../src/commands/registry';
import type { FeatureDef } from '../../src/commands/types';
import { settingsKey } from '../../src/data/config';
import { setWidthUnit } from '../../src/data/editor-taskbar';
import { textCounts } from '../../src/data/text-counts';
import { imageHostConfigKey } from '../../src/data/image-hosts';
import { MarkdownEditor } from '../../src/panels/MarkdownEditor';
import { Providers } from '../../src/panels/overlay';
import { finishesWithin } from './hang';
import { makeTestServices } from './helpers';

/** The markdown taskbar (document 3, C8 and C10): the counts, the width unit, the controls under our editor. */

describe('the counts (C8)', () => {
  const table: [text: string, counts: ReturnType<typeof textCounts>][] = [
    ['', { characters: 0, words: 0, sentences: 0, paragraphs: 0 }],
    ['Hello world.', { characters: 12, words: 2, sentences: 1, paragraphs: 1 }],
    ['Wait... what?! Yes.', { characters: 19, words: 3, sentences: 3, paragraphs: 1 }],
    ['one\ntwo\n\n\nthree', { characters: 15, words: 3, sentences: 0, paragraphs: 2 }],
    ['  \n \n para  \n\n \t\n next.\n', { characters: 24, words: 2, sentences: 1, paragraphs: 2 }],
    ['...', { characters: 3, words: 1, sentences: 0, paragraphs: 1 }],
  ];
  it.each(table)('%j → %j', (text, counts) => expect(textCounts(text)).toEqual(counts));

  // In a worker (happy-dom's import.meta.url is not a file's).
  it('reads the text once: long hostile texts take their length', async () => {
    for (const text of ['\n '.repeat(200_000), '.a'.repeat(200_000), 'a'.repeat(400_000), ' \n\n'.repeat(150_000)]) {
      const counts = await finishesWithin<{ characters: number }>(
        8_000,
        pathToFileURL(`${process.cwd()}/src/data/text-counts.ts`),
        'textCounts',
        [text],
      );
      expect(counts.characters).toBe(text.length);
    }
  });
});

describe('the width unit (C10)', () => {
  it('switching to percent clamps the width to 100; back to pixels keeps it', () => {
    const values: Record<string, unknown> = { pasteImageWidthValue: '425' };
    const settings = { get: (k: string) => values[k], set: (k: string, v: unknown) => void (values[k] = v) };
    setWidthUnit(settings, true);
    expect(values).toEqual({ pasteImageWidthValue: 100, pasteImageUnitIsPercentage: true });
    setWidthUnit(settings, false);
    expect(values).toEqual({ pasteImageWidthValue: 100, pasteImageUnitIsPercentage: false });
  });
});

/** A feature of the test's that declares an editor button, as the drafts feature does. */
const drafts: FeatureDef = {
  id: 'test-drafts',
  title: 'Drafts (test)',
  category: 'activity',
  description: 'An editor button.',
  commands: [
    {
      id: 'test-drafts.open',
      title: 'Test button',
      section: 'Markdown',
      editorButton: { icon: '🗎' },
      when: (ctx) => ctx.focused instanceof HTMLTextAreaElement,
      run: (ctx) => void ran.push((ctx.focused as HTMLTextAreaElement).value),
    },
  ],
};
let ran: string[] = [];

function setup(settings: Record<string, boolean | number | string>, reply = false) {
  ran = [];
  const registry = new Registry();
  [...features, drafts].forEach((f) => registry.define(f));
  const t = makeTestServices(registry);
  t.store.set(settingsKey, settings);
  const container = document.createElement('div');
  document.body.append(container);
  render(
    <Providers services={t.services} container={container} name="test">
      <MarkdownEditor ctx={t.services.context()} onPublish={vi.fn(async () => undefined)} reply={reply} />
    </Providers>,
  );
  const box = screen.getByRole('textbox', { name: 'Write a reply...' }) as HTMLTextAreaElement;
  fireEvent.focus(box);
  const type = (text: string) => {
    box.value = text;
    fireEvent.input(box);
  };
  return { ...t, box, type };
}

afterEach(() => cleanup());

describe('under our editor', () => {
  it('is there only with markdownTaskbarEnabled', () => {
    setup({ markdownToolbarEnabled: true });
    expect(screen.queryByRole('toolbar', { name: 'Markdown taskbar' })).toBeNull();
  });

  it('counts to 10000, or 8000 in a reply, with the counts grid', () => {
    const t = setup({ markdownTaskbarEnabled: true });
    const bar = screen.getByRole('toolbar', { name: 'Markdown taskbar' });
    t.type('Two words.');
    expect(within(bar).getByText('10 / 10000')).toBeTruthy();
    const grid = within(bar).getByRole('tooltip', { hidden: true });
    expect(grid.textContent).toBe('Characters:10Words:2Sentences:1Paragraphs:1');
    expect(within(bar).getByText('10 / 10000').getAttribute('aria-describedby')).toBe(grid.id);
    cleanup();
    const reply = setup({ markdownTaskbarEnabled: true }, true);
    reply.type('Hi');
    expect(screen.getByText('2 / 8000')).toBeTruthy();
  });

  it('without uploads: no image controls; the declared editor buttons run aimed at this editor', async () => {
    const t = setup({ markdownTaskbarEnabled: true });
    const bar = screen.getByRole('toolbar', { name: 'Markdown taskbar' });
    expect(within(bar).queryByRole('button', { name: 'Upload image' })).toBeNull();
    t.type('draft text');
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Test button' })));
    expect(ran).toEqual(['draft text']);
    // The drafts feature's button is declared the same way.
    expect(within(bar).getByRole('button', { name: 'Drafts' }).getAttribute('data-command')).toBe('markdown-drafts.open');
  });

  it('with uploads: the host, the two toggles and the width with its unit, each labelled', async () => {
    const t = setup({ markdownTaskbarEnabled: true, pasteImagesToHostService: true });
    const bar = screen.getByRole('toolbar', { name: 'Markdown taskbar' });
    expect(within(bar).getByRole('button', { name: 'Upload image' })).toBeTruthy();
    const host = within(bar).getByRole('combobox', { name: 'Image host' }) as HTMLSelectElement;
    expect([...host.options].map((o) => o.value)).toEqual(['imgur', 'catbox', 'imgbb']);
    await act(async () => fireEvent.change(host, { target: { value: 'imgbb' } }));
    expect(t.store.get(imageHostConfigKey).selectedHost).toBe('imgbb');
    const link = within(bar).getByRole('button', { name: 'Wrap images with a link' });
    expect(link.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(link));
    expect(t.store.get(settingsKey).pasteWrapImagesWithLink).toBe(true);
    expect(within(bar).getByRole('button', { name: 'Wrap images with a link' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Wrap images with image tag' })));
    expect(t.store.get(settingsKey).pasteEnabled).toBe(true);
    const slider = within(bar).getByRole('slider', { name: 'Image width', hidden: true }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['10', '1000', '5', '420']);
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: '%', hidden: true })));
    expect(t.store.get(settingsKey)).toMatchObject({ pasteImageWidthValue: 100, pasteImageUnitIsPercentage: true });
    expect([slider.max, slider.value]).toEqual(['100', '100']);
    expect(within(bar).getByRole('button', { name: 'Image width 100%' })).toBeTruthy();
  });
});
