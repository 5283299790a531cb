import { autoDraftAt, autoDraftName, autoPlace, draftsKey, putAutoDraft, removeAutoDraft } from '../../data/markdown-drafts';
import { activityPage } from '../../data/pages';
import { createStore } from '../../data/store';
import { editableField, type TextField } from '../../inject/editor-text';
import { isMarkdownEditor } from '../../inject/hotkeys';
import { onAbort } from '../../inject/lifetime';
import { hostComponentId } from '../../inject/page-world';
import { deepFocus, eventOrigin } from '../../inject/shadow';
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
/** AniList's activity editors: the composer, message and reply boxes. */
const HOST_EDITOR = '.activity-edit textarea';

function editorOf(element: Element | null): TextField | null {
  if (!element) return null;
  const field = editableField(deepFocus(element));
  return field && isMarkdownEditor(field) ? field : null;
}

/** The markdown editor focused last, for when the palette has taken focus from it. */
let lastEditor: TextField | null = null;
const editorFor = (ctx: CommandContext): TextField | null => editorOf(ctx.focused) ?? (lastEditor?.isConnected ? lastEditor : null);

/** The editor the popover is open for. */
const popoverEditor = createStore<TextField | null>(null);

function Popover({ ctx, close }: { ctx: CommandContext; close(): void }) {
  return <DraftsPopover ctx={ctx} editor={useStore(popoverEditor)} close={close} />;
}

/**
 * An editor's kind, which with the page's path names its place: a reply box (in a feed, with its
 * activity's id; an activity's page names it already), a message box on another user's profile, or
 * a status composer.
 */
function editorKind(field: Element, path: string): string {
  const entry = field.closest('.activity-entry');
  if (entry || field.closest('.reply-wrap, .activity-replies')) {
    const id = entry && activityPage(path) === null ? hostComponentId(entry) : null;
    return id ? `reply:${id}` : 'reply';
  }
  return /message/i.test(field.getAttribute('placeholder') ?? '') ? 'message' : 'status';
}

const hostEditor = (target: EventTarget | null): TextField | null =>
  target instanceof Element && target.matches(HOST_EDITOR) ? editableField(target) : null;

/**
 * Keeps the unsent text of this page's AniList editors: what a person typed is noted per place,
 * and written as automatic drafts when the page moves on (this behaviour stops with the route) and
 * when the tab is hidden or closed. A click on an editor's Publish forgets its place's draft.
 */
function keepUnsent(ctx: InjectionContext): undefined {
  const path = ctx.path;
  const unsent = new Map<string, string>();
  const onInput = (event: Event) => {
    const field = hostEditor(event.target);
    if (field && event.isTrusted) unsent.set(editorKind(field, path), field.value);
  };
  const onClick = (event: MouseEvent) => {
    const edit = event.isTrusted && event.target instanceof Element ? event.target.closest('.activity-edit') : null;
    const field = edit && event.target instanceof Element && event.target.closest('.actions .save') ? edit.querySelector('textarea') : null;
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

/** Under an empty AniList editor whose place has an automatic draft: the offer to restore it. */
function offerAutoDraft(edit: Element, ctx: InjectionContext): undefined {
  const field = editableField(edit.querySelector('textarea'));
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
      when: (ctx) => editorOf(ctx.focused) !== null,
      relevant: () => true,
      run: (ctx) => {
        popoverEditor.set(editorOf(ctx.focused));
        ctx.dialogs.open(DIALOG);
      },
    },
    {
      id: 'markdown-drafts.save',
      title: 'Save draft',
      section: SECTION,
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
      component: (props) => <DraftsPage {...props} target={editorFor} />,
    },
  ],
  injections: [
    {
      id: 'markdown-drafts.offer',
      selector: '.activity-edit',
      optional: true,
      toggle: 'autoDraftsEnabled',
      mount: offerAutoDraft,
    },
  ],
  page: [
    {
      // Remembers the markdown editor focused last, so the palette's commands act on it after taking focus.
      id: 'markdown-drafts.last-editor',
      run: (ctx) => {
        const onFocus = (event: FocusEvent) => {
          const target = editorOf(eventOrigin(event) as Element | null);
          if (target) lastEditor = target;
        };
        document.addEventListener('focusin', onFocus, { capture: true, signal: ctx.signal });
      },
    },
    { id: 'markdown-drafts.keep-unsent', toggle: 'autoDraftsEnabled', key: (path) => path, run: keepUnsent },
  ],
};
