import type { CommandContext } from '../../commands/types';
import { MarkdownEditor } from '../MarkdownEditor';

/**
 * The markdown editor as activity entries use it for replies and edits: `onPublish` answers
 * whether it was saved; when it was not, the text stays in the editor.
 */
export function TextEditor({
  ctx,
  initial = '',
  label,
  placeholder = 'Write a reply...',
  publishLabel = 'Publish',
  onPublish,
  onCancel,
  reply = false,
}: {
  ctx: CommandContext;
  initial?: string;
  label: string;
  placeholder?: string;
  publishLabel?: string;
  onPublish(text: string): Promise<boolean>;
  onCancel?(): void;
  /** A reply's editor (AniList's 8000-character limit). */
  reply?: boolean;
}) {
  return (
    <MarkdownEditor
      ctx={ctx}
      initialText={initial}
      label={label}
      placeholder={placeholder}
      publishLabel={publishLabel}
      onCancel={onCancel}
      reply={reply}
      onPublish={async (text) => {
        if (!(await onPublish(text))) throw new Error('not saved');
      }}
    />
  );
}
