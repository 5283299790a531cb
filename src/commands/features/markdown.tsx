import { useEffect, useState } from 'react';
import { MARKDOWN_MAPPINGS, renderMarkdownQuery, saveTextActivity, type MarkdownMapping, STATUS_TEXTS } from '../../data/markdown';
import { attempt } from '../../data/api-errors';
import { read, write } from '../../data/swr';
import { applyMarkdownTo } from '../../inject/editor-text';
import { imageWidthOf } from '../../data/image-markup';
import { aimedEditor, focusedEditor } from '../../inject/editor-focus';
import { mountUi } from '../../panels/mount';
import { lazyComponent, sanitizer } from '../lazy';
import type { Command, FeatureDef, PalettePageProps } from '../types';
import styles from '../../panels/markdown/markdown.css';
import { activityPath } from '../../data/paths';
import { TOOLBAR_OPTION } from '../../data/config';

const MarkdownEditor = lazyComponent(() => import('../../panels/MarkdownEditor'), 'MarkdownEditor');
const MarkdownToolbar = lazyComponent(() => import('../../panels/MarkdownEditor'), 'MarkdownToolbar');

/**
 * Markdown: the 15 markdown hotkeys as editor-scope commands (remappable in the shortcuts panel),
 * palette rows while a markdown textarea has focus (the host's or ours) and acting on it; their
 * keys answer while 'Markdown hotkeys' is on (`hotkeyToggle`). 'Exact preview'
 * (AniList's own rendering of the editor's text) and 'Write a status…' (our editor, publishing a
 * text activity).
 */

const SECTION = 'Markdown';

function hotkeyCommand(mapping: MarkdownMapping): Command {
  return {
    id: `markdown.${mapping.id}`,
    title: mapping.description,
    section: SECTION,
    keywords: ['markdown', 'format', mapping.type],
    hotkey: mapping.key,
    scope: 'editor',
    // A palette row while an editor has focus, whatever the option; the option switches its key on.
    hotkeyToggle: 'markdownHotkeys',
    when: (ctx) => focusedEditor(ctx.focused) !== null,
    run: (ctx) => {
      const field = focusedEditor(ctx.focused);
      if (field) applyMarkdownTo(field, mapping, imageWidthOf(ctx.settings));
    },
  };
}

function ExactPreview({ ctx }: PalettePageProps) {
  const [text] = useState(() => aimedEditor(ctx.focused)?.value ?? '');
  const [result, setResult] = useState<{ sanitizedHtml?: string; error?: string }>({});
  useEffect(() => {
    if (!text.trim()) return;
    const controller = new AbortController();
    read(ctx, renderMarkdownQuery, { markdown: text }, { signal: controller.signal })
      .then(async (data) => {
        const { sanitizeHtml } = await sanitizer.load();
        if (!controller.signal.aborted) setResult({ sanitizedHtml: sanitizeHtml(data.Markdown?.html ?? '') });
      })
      .catch(
        (error: unknown) => !controller.signal.aborted && setResult({ error: error instanceof Error ? error.message : String(error) }),
      );
    return () => controller.abort();
  }, [ctx, text]);

  return (
    <div className="vv-exact-preview" role="region" aria-label="Exact preview">
      <h3 className="vv-heading">Exact preview</h3>
      {!text.trim() ? (
        <p className="vv-note">Write something in a markdown editor first, then run Exact preview from it (ctrl+space).</p>
      ) : result.error ? (
        <p className="vv-error" role="alert">
          AniList could not render it: {result.error}
        </p>
      ) : result.sanitizedHtml === undefined ? (
        <p className="vv-note">Asking AniList…</p>
      ) : (
        <>
          <p className="vv-note">As AniList renders it:</p>
          <div className="vv-markdown" dangerouslySetInnerHTML={{ __html: result.sanitizedHtml }} />
        </>
      )}
    </div>
  );
}

function WriteStatus({ ctx, close }: PalettePageProps) {
  async function publish(text: string) {
    const saved = await attempt(ctx.toasts, { toast: STATUS_TEXTS.failed, detail: false, log: 'publishing a status failed' }, () =>
      write(ctx, saveTextActivity, { text }),
    );
    if (!saved.ok) throw saved.error;
    const id = saved.value.SaveTextActivity?.id;
    ctx.toasts.success(STATUS_TEXTS.published);
    close();
    if (id !== undefined) ctx.route.navigate(activityPath(id));
  }
  return (
    <div className="vv-write-status">
      <h3 className="vv-heading">Write a status</h3>
      <MarkdownEditor ctx={ctx} placeholder="Write a status..." label="Status" autoFocus onPublish={publish} />
    </div>
  );
}

export const markdown: FeatureDef = {
  id: 'markdown',
  styles,
  title: 'Markdown editor',
  category: 'activity',
  description: 'A toolbar and remappable hotkeys in every markdown editor.',
  options: [
    {
      key: 'markdownHotkeys',
      title: 'Markdown hotkeys',
      description: 'Enable markdown shortcuts in editors.',
      default: false,
    },
    {
      // Ours (2.0.3's markdownTaskbarEnabled is its taskbar, the markdown-taskbar feature): settings version 2 moved it here.
      key: TOOLBAR_OPTION,
      title: 'Markdown toolbar',
      description: "Add the markdown toolbar to AniList's editors.",
      default: false,
    },
  ],
  commands: [
    ...MARKDOWN_MAPPINGS.map(hotkeyCommand),
    {
      id: 'markdown.exact-preview',
      title: 'Exact preview',
      section: SECTION,
      keywords: ['markdown', 'render', 'preview'],
      authRequired: true,
      // Its key works in the editor too (it needs a modifier there).
      allowInInputs: true,
      when: (ctx) => aimedEditor(ctx.focused) !== null,
      relevant: (ctx) => focusedEditor(ctx.focused) !== null,
      page: 'markdown.exact-preview',
    },
    {
      id: 'markdown.write-status',
      title: 'Write a status…',
      section: SECTION,
      keywords: ['post', 'text activity', 'status', 'publish'],
      authRequired: true,
      relevant: (ctx) => ctx.path === '/home',
      page: 'markdown.write-status',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'markdown.exact-preview',
      title: 'Exact preview',
      layout: 'form',
      component: ExactPreview,
    },
    {
      kind: 'palette-page',
      id: 'markdown.write-status',
      title: 'Write a status',
      layout: 'form',
      component: WriteStatus,
    },
  ],
  injections: [
    {
      // Our toolbar above the textarea of every host editor (composer, reply and message boxes).
      id: 'host-toolbar',
      selector: '.activity-edit',
      optional: true,
      toggle: TOOLBAR_OPTION,
      mount: (editor, ctx) => {
        const field = () => editor.querySelector<HTMLTextAreaElement>('textarea.el-textarea__inner, textarea');
        const input = editor.querySelector('.input') ?? field();
        if (!input) return;
        mountUi(ctx, 'markdown-toolbar', (host) => input.before(host), <MarkdownToolbar ctx={ctx} field={field} />);
      },
    },
  ],
};
