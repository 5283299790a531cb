import { useEffect, useRef, useState } from 'react';
import type { CommandContext } from '../../commands/types';
import type { Store } from '../../data/store';
import { useStore } from '../hooks';

/** 'Message yourself': the button (runs `openCommand`) and, once open, a text box with Publish. */
export function SelfMessage({
  ctx,
  open,
  openCommand,
  publish,
}: {
  ctx: Pick<CommandContext, 'run'>;
  open: Store<boolean>;
  openCommand: string;
  publish(text: string): Promise<boolean>;
}) {
  const isOpen = useStore(open);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    box.current?.focus();
    // Opened from the palette: its closing hands focus back to the page; take it after that.
    const frame = requestAnimationFrame(() => box.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);

  if (!isOpen)
    return (
      <div className="vv-self-message">
        <button type="button" className="vv-button vv-button-small" onClick={() => void ctx.run(openCommand)}>
          Message yourself
        </button>
      </div>
    );
  return (
    <form
      className="vv-self-message"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void publish(text).then((ok) => {
          setBusy(false);
          if (!ok) return; // keep the text to try again
          setText('');
          open.set(false);
        });
      }}
    >
      <textarea
        ref={box}
        className="vv-textarea vv-self-message-text"
        aria-label="Message to yourself"
        placeholder="Write a message to yourself..."
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="vv-actions">
        <button type="button" className="vv-button vv-button-small" onClick={() => open.set(false)}>
          Cancel
        </button>
        <button type="submit" className="vv-button vv-button-small vv-button-primary" disabled={busy || !text.trim()}>
          Publish
        </button>
      </div>
    </form>
  );
}
