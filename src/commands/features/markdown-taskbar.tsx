import { TASKBAR_OPTION } from '../../data/config';
import { setWidthUnit, TASKBAR_COMMANDS, TASKBAR_HOSTS, TASKBAR_LABELS as L } from '../../data/editor-taskbar';
import { imageHostConfigKey, imageUploader } from '../../data/image-hosts';
import { imageMarkup, imageWidthOf } from '../../data/image-markup';
import { aimedEditor, focusedEditor } from '../../inject/editor-focus';
import { HOST_EDITOR_TOOLBAR, replaceRange, type TextField } from '../../inject/editor-text';
import { chooseFile } from '../../inject/file-chooser';
import { mountUi } from '../../panels/mount';
import { UPLOAD_BUSY_MESSAGE, uploadImages } from '../image-upload';
import { lazyComponent } from '../lazy';
import type { Command, CommandContext, FeatureDef } from '../types';
import styles from '../../panels/markdown-taskbar/markdown-taskbar.css';

const MarkdownTaskbar = lazyComponent(() => import('../../panels/common/MarkdownTaskbar'), 'MarkdownTaskbar');
const WidthControl = lazyComponent(() => import('../../panels/common/MarkdownTaskbar'), 'WidthControl');

/**
 * The markdown taskbar (document 3, C8), 2.0.3's `markdownTaskbarEnabled`: under AniList's
 * editors (this file) and ours (MarkdownEditor), upload, image host, wrap toggles, width
 * and unit, the buttons features declare for editors (`editorButton`), and the character counter.
 * Each of its actions is a palette command while an editor has focus, aimed at that editor, and
 * answers to a key bound to it inside the editor (`scope: 'editor'`).
 */

const SECTION = 'Markdown';
const UPLOADS = 'pasteImagesToHostService';

const inEditor = (ctx: CommandContext) => focusedEditor(ctx.focused) !== null;
/** The image controls are there while uploads are on (2.0.3's), in an editor. */
const uploading = (ctx: CommandContext) => ctx.settings.get(UPLOADS) === true && inEditor(ctx);
const onOff = (key: string) => (ctx: CommandContext) => (ctx.settings.get(key) === true ? 'on' : 'off');

/** Uploads a chosen file to the selected host; its image markup replaces the selection and is left selected (2.0.3's). */
function uploadInto(ctx: CommandContext, field: TextField): void {
  chooseFile('taskbar-file', '', (file) => {
    const hosts = imageUploader({ store: ctx.store });
    if (hosts.busy) return void ctx.toasts.info(UPLOAD_BUSY_MESSAGE);
    void uploadImages(ctx.toasts, hosts, [file]).then((urls) => {
      if (!urls?.length || !field.isConnected) return;
      const width = imageWidthOf(ctx.settings);
      const text = urls.map((url) => imageMarkup(url, width, ctx.settings.get('pasteWrapImagesWithLink') === true)).join('\n\n');
      const start = field.selectionStart ?? field.value.length;
      replaceRange(field, start, field.selectionEnd ?? start, text, start, start + text.length);
    });
  });
}

function toggleCommand(id: string, title: string, key: string): Command {
  return {
    id,
    title,
    section: SECTION,
    scope: 'editor',
    keywords: ['taskbar', 'image', 'paste'],
    keepOpen: true,
    when: uploading,
    hint: onOff(key),
    run: (ctx) => ctx.settings.set(key, ctx.settings.get(key) !== true),
  };
}

const hostCommand = (host: (typeof TASKBAR_HOSTS)[number]): Command => ({
  id: TASKBAR_COMMANDS.host(host),
  title: `${L.host}: ${host}`,
  section: SECTION,
  scope: 'editor',
  keywords: ['taskbar', 'upload', 'image host'],
  when: uploading,
  hint: (ctx) => (ctx.store.get(imageHostConfigKey).selectedHost === host ? 'selected' : undefined),
  run: (ctx) => ctx.store.set(imageHostConfigKey, { ...ctx.store.get(imageHostConfigKey), selectedHost: host }),
});

export const markdownTaskbar: FeatureDef = {
  id: 'markdown-taskbar',
  styles,
  title: L.bar,
  category: 'activity',
  description: 'Add a taskbar to markdown editors.',
  options: [{ key: TASKBAR_OPTION, default: false }],
  toggle: TASKBAR_OPTION,
  commands: [
    {
      id: TASKBAR_COMMANDS.upload,
      title: L.upload,
      section: SECTION,
      scope: 'editor',
      keywords: ['taskbar', 'upload', 'image', 'file'],
      // No `effect`: what it spends is a file the person picks in the browser's chooser, which no hotkey can do for them.
      // While uploads are on, with the taskbar or without: the keyboard's way to upload a file, as a drop does.
      toggle: null,
      when: uploading,
      run: (ctx) => {
        const field = aimedEditor(ctx.focused);
        if (field) uploadInto(ctx, field);
      },
    },
    ...TASKBAR_HOSTS.map(hostCommand),
    toggleCommand(TASKBAR_COMMANDS.wrapLink, L.wrapLink, 'pasteWrapImagesWithLink'),
    toggleCommand(TASKBAR_COMMANDS.wrapTag, L.wrapTag, 'pasteEnabled'),
    {
      id: TASKBAR_COMMANDS.widthUnit,
      title: `${L.width} in percent`,
      section: SECTION,
      scope: 'editor',
      keywords: ['taskbar', 'image', 'width', 'unit', 'px', '%'],
      keepOpen: true,
      when: uploading,
      hint: (ctx) => imageWidthOf(ctx.settings),
      run: (ctx) => setWidthUnit(ctx.settings, ctx.settings.get('pasteImageUnitIsPercentage') !== true),
    },
    {
      id: 'markdown-taskbar.width',
      title: `${L.width}…`,
      section: SECTION,
      scope: 'editor',
      keywords: ['taskbar', 'image', 'width', 'slider'],
      when: uploading,
      hint: (ctx) => imageWidthOf(ctx.settings),
      page: 'markdown-taskbar.width',
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'markdown-taskbar.width',
      title: L.width,
      layout: 'form',
      component: ({ ctx }) => <WidthControl ctx={ctx} />,
    },
  ],
  injections: [
    {
      // Inside AniList's editors, under the textarea, as 2.0.3 places it in the activity editors (composer, replies, ours on
      // its pages); also in the others, whose textarea sits beside the same toolbar (a forum reply, a review, the bio).
      id: 'host-taskbar',
      selector: `.activity-edit .input.el-textarea, ${HOST_EDITOR_TOOLBAR} ~ .input.el-textarea`,
      optional: true,
      mount: (input, ctx) => {
        const field = () => input.querySelector<HTMLTextAreaElement>('textarea');
        // A reply editor: in a reply, or the home composer while our reply panel (reply-update) is open.
        const reply = () =>
          input.closest('.reply-wrap') !== null || input.closest('.activity-edit')?.querySelector('[data-void-ui="reply-update"]') != null;
        mountUi(ctx, 'markdown-taskbar', (host) => input.append(host), <MarkdownTaskbar ctx={ctx} field={field} reply={reply} />);
      },
    },
  ],
};
