import { autoDraftAt, autoDraftName, autoPlace, draftsKey, putAutoDraft, removeAutoDraft } from '../../data/markdown-drafts';
import { activityPage } from '../../data/pages';
import { createStore } from '../../data/store';
import { aimedEditor, focusedEditor } from '../../inject/editor-focus';
import { editableField, HOST_EDITOR_TOOLBAR, markdownField, type TextField } from '../../inject/editor-text';
import { onAbort } from '../../inject/lifetime';
import { hostComponentId } from '../../inject/page-world';
import { saveNew } from '../../panels/markdown-drafts/actions';
import { mountUi } from '../../panels/mount';
import { useStore } from '../../panels/hooks';
import { lazyComponent } from '../lazy';
import type { CommandContext, FeatureDef, InjectionContext } from '../types';
import styles from '../../panels/markdown-drafts/markdown-drafts.css';

const DraftsPopover = lazyComponent(() => import('../../panels/markdown-drafts/DraftsPopover'), 'DraftsPopover');
const DraftsPage = lazyComponent(() => import('../../panels/markdown-drafts/DraftsPage'), 'DraftsPage');
const AutoDraftOffer = lazyComponent(() => import('../../panels/markdown-drafts/AutoDraftOffer'), 'AutoDraftOffer');

/**
 * Markdown drafts (document 3, C9): texts saved by name from any markdown editor, in 2.0.3's
 * storage. `markdown-drafts.open` opens the Drafts popover of the focused editor (the taskbar's
 * drafts button runs it); 'Save draft' and the 'Drafts' palette page act on the editor that had
 * focus. Beyond 2.0.3: the text of an AniList editor left unsent (the page moves on, the tab
 * closes) is kept as an automatic draft of its place and offered back under that editor.
 */

const DIALOG = 'markdown-drafts.dialog';
const SECTION = 'Markdown';
/** The markdown editor that has focus, or had it before the palette opened (ours or AniList's). */
const editorFor = (ctx: CommandContext) => focusedEditor(ctx.focused);

/** The editor the popover is open for. */
const popoverEditor = createStore<TextField | null>(null);

function Popover({ ctx, close }: { ctx: CommandContext; close(): void }) {
  return <DraftsPopover ctx={ctx} editor={useStore(popoverEditor)} close={close} />;
}

/**
 * An editor's kind, which with the page's path names its place: a reply box (in a feed, with its
 * activity's id; an activity's page names it already), a message box on another user's profile, a
 * status composer, or another editor of the page ('text': a forum comment, a review, the bio).
 */
function editorKind(field: Element, path: string): string {
  if (!field.closest('.activity-edit')) return 'text';
  const entry = field.closest('.activity-entry');
  if (entry || field.closest('.reply-wrap, .activity-replies')) {
    const id = entry && activityPage(path) === null ? hostComponentId(entry) : null;
    return id ? `reply:${id}` : 'reply';
  }
  return /message/i.test(field.getAttribute('placeholder') ?? '') ? 'message' : 'status';
}

/**
 * Keeps the unsent text of this page's AniList editors: what a person typed is noted per place,
 * and written as automatic drafts when the page moves on (this behaviour stops with the route) and
 * when the tab is hidden or closed. A click on an editor's Publish forgets its place's draft.
 */
function keepUnsent(ctx: InjectionContext): undefined {
  const path = ctx.path;
  const unsent = new Map<string, string>();
  const onInput = (event: Event) => {
    // Our own editors sit in shadow roots: what reaches the document is their host, no field.
    const field = markdownField(event.target);
    if (field && event.isTrusted) unsent.set(editorKind(field, path), field.value);
  };
  const onClick = (event: MouseEvent) => {
    const save = event.isTrusted && event.target instanceof Element ? event.target.closest('.actions .save') : null;
    const field = markdownField(save?.parentElement?.parentElement?.querySelector('textarea') ?? null);
    if (!field) return;
    const kind = editorKind(field, path);
    unsent.delete(kind);
    ctx.store.update(draftsKey, (list) => removeAutoDraft(list, autoPlace(path, kind)));
  };
  const flush = () => {
    if (!unsent.size) return;
    const now = new Date();
    ctx.store.update(draftsKey, (list) =>
      [...unsent].reduce((next, [kind, text]) => putAutoDraft(next, autoPlace(path, kind), autoDraftName(path, kind), text, now), list),
    );
  };
  document.addEventListener('input', onInput, { capture: true, signal: ctx.signal });
  document.addEventListener('click', onClick, { capture: true, signal: ctx.signal });
  window.addEventListener('pagehide', flush, { signal: ctx.signal });
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush(), { signal: ctx.signal });
  onAbort(ctx, flush);
}

/** Under an empty AniList editor (the toolbar's parent) whose place has an automatic draft: the offer to restore it. */
function offerAutoDraft(toolbar: Element, ctx: InjectionContext): undefined {
  const field = editableField(toolbar.parentElement?.querySelector('textarea') ?? null);
  if (!field || field.value) return;
  const draft = autoDraftAt(ctx.store.get(draftsKey), autoPlace(ctx.path, editorKind(field, ctx.path)));
  if (!draft) return;
  const below = field.closest('.input') ?? field;
  mountUi(ctx, 'markdown-drafts-offer', (host) => below.after(host), <AutoDraftOffer ctx={ctx} editor={field} draft={draft} />);
}

export const markdownDrafts: FeatureDef = {
  id: 'markdown-drafts',
  styles,
  title: 'Markdown drafts',
  category: 'activity',
  description: 'Save, load and delete drafts of what you write, in every markdown editor.',
  options: [
    {
      key: 'autoDraftsEnabled',
      title: 'Keep unsent text as drafts',
      description: 'Keep the unsent text of an editor as a draft when you leave the page, and offer it back there.',
      default: true,
    },
  ],
  commands: [
    {
      id: 'markdown-drafts.open',
      title: 'Drafts',
      section: SECTION,
      keywords: ['draft', 'save', 'load', 'markdown'],
      scope: 'editor',
      // The taskbar's drafts button (2.0.3's document icon), after its image controls.
      editorButton: { icon: '✎' },
      when: (ctx) => editorFor(ctx) !== null,
      relevant: () => true,
      run: (ctx) => {
        popoverEditor.set(editorFor(ctx));
        ctx.dialogs.open(DIALOG);
      },
    },
    {
      id: 'markdown-drafts.save',
      title: 'Save draft',
      section: SECTION,
      scope: 'editor',
      keywords: ['draft', 'new draft', 'keep', 'markdown'],
      when: (ctx) => editorFor(ctx) !== null,
      relevant: () => true,
      run: (ctx) => {
        const editor = editorFor(ctx);
        return editor ? saveNew(ctx, editor) : undefined;
      },
    },
    {
      id: 'markdown-drafts.list',
      title: 'Load a draft…',
      section: SECTION,
      // Its key works in the editor too (it needs a modifier there); a draft loads into the editor used last.
      allowInInputs: true,
      keywords: ['drafts', 'delete draft', 'restore', 'unsent'],
      relevant: (ctx) => editorFor(ctx) !== null,
      page: 'markdown-drafts.page',
    },
  ],
  panels: [
    {
      kind: 'dialog',
      id: DIALOG,
      title: 'Drafts',
      component: Popover,
      // Back to the editor (the dialog may have been opened from the palette, which is gone), after the dialog's own focus return.
      onClose: () => void setTimeout(() => popoverEditor.get()?.focus(), 0),
    },
    {
      kind: 'palette-page',
      id: 'markdown-drafts.page',
      title: 'Drafts',
      placeholder: 'Filter drafts by name or first line',
      component: (props) => <DraftsPage {...props} target={(ctx) => aimedEditor(ctx.focused)} />,
    },
  ],
  injections: [
    {
      id: 'markdown-drafts.offer',
      selector: HOST_EDITOR_TOOLBAR,
      optional: true,
      toggle: 'autoDraftsEnabled',
      mount: offerAutoDraft,
    },
  ],
  page: [{ id: 'markdown-drafts.keep-unsent', toggle: 'autoDraftsEnabled', key: (path) => path, run: keepUnsent }],
};
