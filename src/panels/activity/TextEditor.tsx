import { useState } from 'react';
import type { CommandContext } from '../../commands/types';

/**
 * The editor activity entries use for replies and edits: publish keeps the text when it fails and
 * clears it when it succeeds.
 */
export function TextEditor({
  ctx,
  initial = '',
  label,
  placeholder = 'Write a reply...',
  publishLabel = 'Publish',
  onPublish,
  onCancel,
}: {
  ctx: CommandContext;
  initial?: string;
  label: string;
  placeholder?: string;
  publishLabel?: string;
  onPublish(text: string): Promise<boolean>;
  onCancel?(): void;
}) {
  void ctx;
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <div className="vv-text-editor">
      <textarea className="vv-textarea" data-markdown-editor="" aria-label={label} placeholder={placeholder} value={text} onChange={(e) => setText(e.target.value)} rows={4} />
      <div className="vv-actions">
        {onCancel && (
          <button type="button" className="vv-button" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button
          type="button"
          className="vv-button vv-button-primary"
          disabled={busy || !text.trim()}
          onClick={async () => {
            setBusy(true);
            const ok = await onPublish(text);
            setBusy(false);
            if (ok) setText('');
          }}
        >
          {publishLabel}
        </button>
      </div>
    </div>
  );
}
