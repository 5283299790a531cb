import {
  addedMessage,
  addMedia,
  classifyMedia,
  gifKeyboardKey,
  KIND_LABEL,
  removeMedia,
  type MediaKind,
  GIF_KEYBOARD_TEXTS,
} from '../../data/gif-keyboard';
import { createStore, type Store } from '../../data/store';
import { aimedEditor } from '../../inject/editor-focus';
import { editableField, HOST_EDITOR_TOOLBAR, insertAtCaret } from '../../inject/editor-text';
import { styleWhileRunning } from '../../inject/styles';
import { mountUi } from '../../panels/mount';
import { useStore, useStored } from '../../panels/hooks';
import type { CommandContext, FeatureDef } from '../types';
import { lazyComponent } from '../lazy';
import styles from '../../panels/gif-keyboard/gif-keyboard.css';

const GifKeyboard = lazyComponent(() => import('../../panels/gif-keyboard/GifKeyboard'), 'GifKeyboard');
const GifPalettePage = lazyComponent(() => import('../../panels/gif-keyboard/GifPalettePage'), 'GifPalettePage');

/**
 * The GIF keyboard: a hidden panel under every one of AniList's
 * markdown editors (activities, replies, messages, forum replies, reviews, the bio), opened by a
 * button in its toolbar and hidden with it while the editor is inactive; like buttons over images
 * in activities and replies (delegated mouseover and focusin listeners, one floating button), also
 * the palette's 'Save to GIF keyboard' for the image hovered or focused (or in a focused link); and the
 * palette page 'GIF keyboard' (its key works in editors too), which inserts into the editor that had
 * focus before the palette, else the one used last, or copies the markup when there is none.
 */

/** Rendered activity and reply text; YouTube thumbnails are images too, but not media to save. */
const LIKEABLE = '.activity-markdown img, .reply-markdown img';
/** The keyboard's host, a later sibling of the toolbar in the editor. */
const KEYBOARD_UI = 'gif-keyboard';
/**
 * While the host hides an editor's toolbar (inline `display: none`, the editor inactive), its
 * keyboard hides too, as the original's `.markdown-editor[style*="display: none;"] ~
 * .void-gif-keyboard-container`: the browser's own selector matching, no watching.
 */
const HIDE_WHILE_INACTIVE = `${HOST_EDITOR_TOOLBAR}[style*="display: none"] ~ [data-void-ui="${KEYBOARD_UI}"] { display: none !important; }`;

function ToggleButton({ open }: { open: Store<boolean> }) {
  const isOpen = useStore(open);
  return (
    <button
      type="button"
      className="vv-gif-toggle"
      title="GIF Keyboard"
      aria-label="GIF Keyboard"
      aria-expanded={isOpen}
      onClick={() => open.set(!isOpen)}
    >
      GIF
    </button>
  );
}

function EditorKeyboard({ ctx, open, insert }: { ctx: CommandContext; open: Store<boolean>; insert(markup: string): void }) {
  return useStore(open) ? <GifKeyboard ctx={ctx} insert={insert} /> : null;
}

type Hovered = { url: string; kind: MediaKind } | null;
/** The image the like button is over (hovered or focused): the palette's command saves it too. */
const hovered = createStore<Hovered>(null);

/** Saves the hovered image to the keyboard, or removes it when saved. */
function toggleSaved(ctx: CommandContext): void {
  const { url, kind } = hovered.get() ?? {};
  if (!url || !kind) return;
  const saved = ctx.store.get(gifKeyboardKey)[kind].includes(url);
  ctx.store.update(gifKeyboardKey, (c) => (saved ? removeMedia(c, kind, url) : addMedia(c, kind, url)));
  ctx.toasts.success(saved ? GIF_KEYBOARD_TEXTS.removed(KIND_LABEL[kind]) : addedMessage(kind));
}

function LikeButton({ ctx }: { ctx: CommandContext }) {
  const current = useStore(hovered);
  const config = useStored(gifKeyboardKey);
  if (!current) return null;
  const saved = config[current.kind].includes(current.url);
  return (
    <button
      type="button"
      className="vv-gif-like"
      aria-pressed={saved}
      aria-label={saved ? 'Remove from GIF keyboard' : 'Add to GIF keyboard'}
      title={saved ? 'Remove from GIF keyboard' : 'Add to GIF keyboard'}
      onClick={() => toggleSaved(ctx)}
    >
      {saved ? '♥' : '♡'}
    </button>
  );
}

/** The editor that had focus before the palette opened, else the one used last (`aimedEditor`): the markup goes there. */
const paletteTarget = (ctx: CommandContext) => aimedEditor(ctx.focused);

function deliver(ctx: CommandContext, markup: string, close: () => void): void {
  const field = paletteTarget(ctx);
  if (!field) {
    // Through a promise, so a missing clipboard API (insecure page) is a failure, not a throw.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(markup))
      .then(
        () => ctx.toasts.success(GIF_KEYBOARD_TEXTS.copied(markup)),
        () => ctx.toasts.error(GIF_KEYBOARD_TEXTS.copyFailed),
      );
    close();
    return;
  }
  close();
  // After the palette has closed and handed focus back, so the text lands at the caret.
  setTimeout(() => field.isConnected && insertAtCaret(field, markup), 0);
}

export const gifKeyboard: FeatureDef = {
  id: 'gif-keyboard',
  styles,
  title: 'GIF keyboard',
  category: 'paste',
  description: 'Saved GIFs and images one click away under every editor.',
  options: [
    {
      key: 'gifKeyboardEnabled',
      description: 'Add a GIF and image keyboard to editors.',
      default: false,
    },
    {
      key: 'gifKeyboardLikeButtonsEnabled',
      title: 'GIF like buttons',
      description: 'Add buttons on GIFs and images to save them to the keyboard.',
      default: true,
    },
  ],
  toggle: 'gifKeyboardEnabled',
  commands: [
    {
      id: 'gif-keyboard.open',
      title: 'GIF keyboard',
      section: 'GIF keyboard',
      keywords: ['gif', 'image', 'meme', 'insert', 'media'],
      page: 'gif-keyboard.media',
      // A key bound to it works in the editor too (it needs a modifier there).
      allowInInputs: true,
      relevant: (ctx) => paletteTarget(ctx) !== null,
    },
    {
      id: 'gif-keyboard.save',
      title: 'Save to GIF keyboard',
      section: 'GIF keyboard',
      toggle: 'gifKeyboardLikeButtonsEnabled',
      when: () => hovered.get() !== null,
      run: toggleSaved,
    },
  ],
  panels: [
    {
      kind: 'palette-page',
      id: 'gif-keyboard.media',
      title: 'GIF keyboard',
      placeholder: 'Filter saved media by URL',
      component: (props) => <GifPalettePage {...props} target={paletteTarget} deliver={deliver} />,
    },
  ],
  injections: [
    {
      // Every markdown editor's toolbar; the editor is its parent, which holds the textarea (the original's model).
      id: 'editor-keyboard',
      selector: HOST_EDITOR_TOOLBAR,
      optional: true,
      mount: (toolbar, ctx) => {
        const editor = toolbar.parentElement;
        if (!editor) return;
        const open = createStore(false);
        const textarea = () => editor.querySelector('textarea');
        const insert = (markup: string) => {
          const field = editableField(textarea());
          if (field) insertAtCaret(field, markup);
        };
        mountUi(ctx, 'gif-keyboard-button', (host) => toolbar.append(host), <ToggleButton open={open} />, 'span');
        // Under the text field (its wrapper, when that is the toolbar's sibling), else at the end of the editor.
        const anchor = textarea();
        const below = anchor?.closest('.input') ?? anchor;
        mountUi(
          ctx,
          KEYBOARD_UI,
          (host) => (below?.parentElement === editor ? below.after(host) : editor.append(host)),
          <EditorKeyboard ctx={ctx} open={open} insert={insert} />,
        );
      },
    },
  ],
  page: [
    { id: 'hide-while-inactive', run: styleWhileRunning('gif-keyboard-inactive', HIDE_WHILE_INACTIVE) },
    {
      id: 'like-buttons',
      toggle: 'gifKeyboardLikeButtonsEnabled',
      run: (ctx) => {
        let host: HTMLElement | null = null;
        mountUi(
          ctx,
          'gif-like',
          (h) => {
            host = h;
            h.style.cssText = 'position:absolute;top:0;left:0;z-index:10;display:none;transform:translateX(-100%)';
            document.body.append(h);
          },
          <LikeButton ctx={ctx} />,
        );
        const hide = () => {
          hovered.set(null);
          if (host) host.style.display = 'none';
        };
        // One listener for every image: work happens only when the pointer or the focus moves onto
        // something (an image, a link holding one; our own UI, the palette say, changes nothing).
        const onOver = (event: Event) => {
          const target = event.target as Element;
          if (!host || target.closest('[data-void-ui]')) return;
          const img = target.matches('a') ? target.querySelector('img') : target;
          if (!(img instanceof HTMLImageElement) || !img.matches(LIKEABLE) || img.closest('.youtube')) return hovered.get() && hide();
          const kind = classifyMedia(img.src);
          const rect = img.getBoundingClientRect();
          // Nothing to save there (or an icon-sized image): hide the button if it shows.
          if (!kind || rect.width < 24 || rect.height < 24) return hovered.get() && hide();
          host.style.top = `${rect.top + window.scrollY + 4}px`;
          host.style.left = `${rect.right + window.scrollX - 4}px`;
          host.style.display = 'block';
          if (hovered.get()?.url !== img.src) hovered.set({ url: img.src, kind });
        };
        document.addEventListener('mouseover', onOver, { passive: true, signal: ctx.signal });
        document.addEventListener('focusin', onOver, { signal: ctx.signal });
      },
    },
  ],
};
