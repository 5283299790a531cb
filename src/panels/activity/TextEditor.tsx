import { MarkdownEditor, type MarkdownEditorProps } from '../MarkdownEditor';

/**
 * The markdown editor as activity entries use it for replies and edits: `onPublish` answers
 * whether it was saved; when it was not, the text stays in the editor.
 */
export function TextEditor({
  initial,
  onPublish,
  ...props
}: Omit<MarkdownEditorProps, 'onPublish' | 'initialText'> & { initial?: string; onPublish(text: string): Promise<boolean> }) {
  return (
    <MarkdownEditor
      {...props}
      initialText={initial}
      onPublish={async (text) => {
        if (!(await onPublish(text))) throw new Error('not saved');
      }}
    />
  );
}
