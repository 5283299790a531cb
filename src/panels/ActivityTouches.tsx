import { useEffect, useRef, useState } from 'react';
import { collapsedKey } from '../data/collapse';
import { PREVIEW_OFFSET_PX } from '../data/activity-touches';
import type { Store } from '../data/store';
import { useServices, useStore, useStored } from './hooks';

/** The small UIs of the activity-page touches (src/commands/features/activity-touches.tsx). */

export interface PreviewState {
  src: string;
  /** Pointer position (client coordinates). */
  x: number;
  y: number;
}

/** The hovered image, 20 px from the pointer, on the side of the pointer with more room. */
export function ImagePreview({ state }: { state: Store<PreviewState | null> }) {
  const preview = useStore(state);
  if (!preview) return null;
  const { x, y } = preview;
  const left = x <= window.innerWidth / 2;
  const top = y <= window.innerHeight / 2;
  const style = {
    ...(left ? { left: x + PREVIEW_OFFSET_PX } : { right: window.innerWidth - x + PREVIEW_OFFSET_PX }),
    ...(top ? { top: y + PREVIEW_OFFSET_PX } : { bottom: window.innerHeight - y + PREVIEW_OFFSET_PX }),
  };
  return <img className="vv-image-preview" src={preview.src} alt="" style={style} />;
}

/** 'Message yourself': the button (runs `openCommand`) and, once open, a text box with Publish. */
export function SelfMessage({
  open,
  openCommand,
  publish,
}: {
  open: Store<boolean>;
  openCommand: string;
  publish(text: string): Promise<boolean>;
}) {
  const services = useServices();
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
        <button type="button" className="vv-button vv-button-small" onClick={() => void services.run(openCommand)}>
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
        className="vv-self-message-text"
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

/** A reply's collapse toggle; it focuses itself so the command knows which reply it is about. */
export function ReplyCollapseButton({ collapsed, command }: { collapsed: () => boolean; command: string }) {
  const services = useServices();
  useStored(collapsedKey);
  const isCollapsed = collapsed();
  return (
    <button
      type="button"
      className="vv-reply-collapse"
      aria-expanded={!isCollapsed}
      aria-label={isCollapsed ? 'Expand reply' : 'Collapse reply'}
      title={isCollapsed ? 'Expand reply' : 'Collapse reply'}
      onClick={(event) => {
        event.currentTarget.focus();
        void services.run(command);
      }}
    >
      {isCollapsed ? '+' : '−'}
    </button>
  );
}
