import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { CommandContext } from '../commands/types';
import { effectiveHotkey, formatHotkey } from '../commands/hotkeys';
import { markdownRenderer, sanitizer } from '../commands/lazy';
import { hotkeysKey, settingsKey, TASKBAR_OPTION } from '../data/config';
import { MARKDOWN_MAPPINGS } from '../data/markdown';
import { applyMarkdownTo, type TextField } from '../inject/editor-text';
import { imageWidthOf } from '../data/image-markup';
import { useDebounced, useLazyModule, useStored } from './hooks';
import { MarkdownTaskbar } from './common/MarkdownTaskbar';
import { ToolButton } from './common/ToolButton';

/**
 * Our markdown editor, for replies, edits and messages: a
 * toolbar, a textarea, a preview updated 50 ms after input, the site-guidelines notice, Cancel and
 * Publish. Focusing it shows the toolbar, notice and actions; Cancel hides them and clears the
 * text; Publish sends through `onPublish` and cancels on success, keeping the text on failure.
 */

export const PREVIEW_DELAY_MS = 50;
export const GUIDELINES_PATH = '/forum/thread/14';

export interface MarkdownEditorProps {
  /** The services: the toolbar reads the pasted images' width from the settings; the taskbar runs its commands. */
  ctx: CommandContext;
  /** Sends the text. Resolve: the editor clears and hides. Reject: the text stays (say why, e.g. with a toast). */
  onPublish(text: string): Promise<unknown>;
  /** Called after Cancel has cleared and hidden the editor. */
  onCancel?(): void;
  /** Text to start with (an edit); the editor then starts open. */
  initialText?: string;
  /** Default 'Write a reply...'. */
  placeholder?: string;
  /** The textarea's accessible name; default the placeholder. */
  label?: string;
  /** Default 'Publish'. */
  publishLabel?: string;
  /** Focus the textarea once mounted (after a surrounding dialog has placed its own focus). */
  autoFocus?: boolean;
  /** A reply's editor: the taskbar's counter counts to AniList's 8000 instead of 10000. */
  reply?: boolean;
}

const GLYPHS: Record<string, string> = {
  bold: 'B',
  italic: 'I',
  strikethrough: 'S',
  spoiler: '!',
  center: '≡',
  code: '<>',
  'code-block': '{ }',
  quote: '❝',
  header: 'H',
  'unordered-list': '•',
  'ordered-list': '1.',
  youtube: '▶',
  webm: 'W',
  link: '🔗',
  image: '🖼',
};

/**
 * The toolbar: one button per markdown mapping, each showing its (remapped) hotkey; it acts on the
 * text field `field()` returns (ours, or a host editor's textarea).
 */
export function MarkdownToolbar({ ctx, field }: { ctx: Pick<CommandContext, 'settings'>; field(): TextField | null }) {
  const overrides = useStored(hotkeysKey);
  return (
    <div className="vv-md-toolbar" role="toolbar" aria-label="Markdown">
      {MARKDOWN_MAPPINGS.map((m) => {
        const key = formatHotkey(effectiveHotkey({ id: `markdown.${m.id}`, hotkey: m.key }, overrides));
        return (
          <ToolButton
            key={m.id}
            className="vv-md-tool"
            data-mapping={m.id}
            label={m.description}
            title={key ? `${m.description} (${key})` : m.description}
            onClick={() => {
              const target = field();
              if (target) applyMarkdownTo(target, m, imageWidthOf(ctx.settings));
            }}
          >
            {GLYPHS[m.id] ?? m.description[0]}
          </ToolButton>
        );
      })}
    </div>
  );
}

/** What a preview shows: the sanitized HTML, or why there is none. */
type Preview = { sanitizedHtml: string; error?: undefined } | { sanitizedHtml?: undefined; error: string };

function preview(
  renderer: { renderMarkdown(markdown: string): string },
  purifier: { sanitizeHtml(html: string): string },
  markdown: string,
): Preview {
  try {
    return { sanitizedHtml: purifier.sanitizeHtml(renderer.renderMarkdown(markdown)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Sanitized rendering of some markdown in the AniList dialect; click a spoiler to reveal it. The
 * renderer (marked) and the sanitizer (DOMPurify) are evaluated when markdown is first rendered,
 * not when an editor is shown: until then the view is empty. Should rendering fail, the view says so and the editor around
 * it, with the text, stays.
 */
export function MarkdownView({ markdown, className = '' }: { markdown: string; className?: string }) {
  const renderer = useLazyModule(markdownRenderer);
  const purifier = useLazyModule(sanitizer);
  const shown = useMemo(
    () => (renderer && purifier ? preview(renderer, purifier, markdown) : { sanitizedHtml: '' }),
    [renderer, purifier, markdown],
  );
  const reveal = (event: MouseEvent<HTMLDivElement>) =>
    (event.target as Element).closest('.markdown-spoiler')?.classList.toggle('spoiler-visible');
  if (shown.error !== undefined)
    return (
      <p className={`vv-markdown vv-markdown-error ${className}`.trim()} role="alert">
        The preview could not be shown ({shown.error}). Your text is unchanged.
      </p>
    );
  return <div className={`vv-markdown ${className}`.trim()} onClick={reveal} dangerouslySetInnerHTML={{ __html: shown.sanitizedHtml }} />;
}

export function MarkdownEditor({
  ctx,
  onPublish,
  onCancel,
  initialText = '',
  placeholder = 'Write a reply...',
  label,
  publishLabel = 'Publish',
  autoFocus = false,
  reply = false,
}: MarkdownEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const taskbar = useStored(settingsKey)[TASKBAR_OPTION] === true;
  const field = useCallback(() => ref.current, []);
  const isReply = useCallback(() => reply, [reply]);
  const [text, setText] = useState(initialText);
  const [active, setActive] = useState(initialText !== '');
  const [sending, setSending] = useState(false);
  const preview = useDebounced(text, PREVIEW_DELAY_MS);

  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);

  function cancel() {
    if (ref.current) ref.current.value = '';
    setText('');
    setActive(false);
    ref.current?.blur();
    onCancel?.();
  }

  async function publish() {
    if (!text.trim() || sending) return;
    setSending(true);
    try {
      await onPublish(text);
      cancel();
    } catch {
      // The text stays for another try; onPublish says what went wrong.
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Typing is ours: surrounding widgets (the palette's list keys, Enter) must not act on it.
    if (event.key !== 'Escape' && event.key !== 'Tab') event.stopPropagation();
  }

  return (
    <div className={`vv-md-editor${active ? ' vv-md-active' : ''}`}>
      {active && <MarkdownToolbar ctx={ctx} field={() => ref.current} />}
      <textarea
        ref={ref}
        className="vv-md-textarea"
        data-markdown-editor=""
        defaultValue={initialText}
        placeholder={placeholder}
        aria-label={label ?? placeholder}
        rows={active ? 4 : 2}
        onFocus={() => {
          setActive(true);
          // The preview's renderer, ready by the time the first preview is due.
          void markdownRenderer.load();
        }}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {active && taskbar && <MarkdownTaskbar ctx={ctx} field={field} reply={isReply} />}
      {active && preview.trim() !== '' && text !== '' && (
        <section className="vv-md-preview" aria-label="Preview">
          <h4 className="vv-md-preview-header">Preview</h4>
          <MarkdownView markdown={preview} />
        </section>
      )}
      {active && <EditorActions cancel={cancel} publish={publish} sending={sending} empty={!text.trim()} publishLabel={publishLabel} />}
    </div>
  );
}

/** Below an active editor: the guidelines' notice, Cancel and Publish. */
function EditorActions({
  cancel,
  publish,
  sending,
  empty,
  publishLabel,
}: {
  cancel(): void;
  publish(): Promise<void>;
  sending: boolean;
  empty: boolean;
  publishLabel: string;
}) {
  return (
    <>
      <p className="vv-md-notice">
        Please read the{' '}
        <a href={GUIDELINES_PATH} target="_blank" rel="noopener noreferrer">
          site guidelines
        </a>{' '}
        before posting
      </p>
      <div className="vv-md-actions">
        <button type="button" className="vv-button" onClick={cancel}>
          Cancel
        </button>
        <button type="button" className="vv-button vv-button-primary" disabled={sending || empty} onClick={() => void publish()}>
          {sending ? 'Publishing…' : publishLabel}
        </button>
      </div>
    </>
  );
}
