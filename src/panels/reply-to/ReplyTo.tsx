import { useRef, useState, type MouseEvent } from 'react';
import { isPlainClick } from '../../data/paths';
import { REPLY_TO_TEXTS } from '../../data/reply-to';
import type { Store } from '../../data/store';
import { useCardPosition, type HoverCardHandlers, type HoverCardState, type Place, type Rect } from '../common/HoverCard';
import { useStore } from '../hooks';

/**
 * Reply To's button above a selection and a referenced quote's "Direct Link" (reply-to feature):
 * both are small bubbles centred 5 px above what they are for, with an arrow below.
 */

/** The button over the selection, or what it says once the quote is copied. */
export interface ReplyToButtonState {
  /** The selection's box (viewport coordinates). */
  readonly anchor: Rect;
  readonly copied: boolean;
}

/** Centred above the anchor, 5 px away, kept inside the window; below it when there is no room above. */
const above: Place = (anchor, card, viewport) => {
  const left = Math.min(Math.max(4, anchor.left + anchor.width / 2 - card.width / 2), viewport.width - card.width - 4);
  const top = anchor.top - card.height - 5;
  return { left, top: top >= 0 ? top : anchor.bottom + 5 };
};

const hidden = { left: 0, top: 0, visibility: 'hidden' } as const;

/** An arrow turning left (Reply To) or a check (copied). */
function Glyph({ copied }: { copied: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d={copied ? 'M4 12l5 5L20 6' : 'M9 14 4 9l5-5M4 9h10a6 6 0 0 1 6 6v5'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Once shown, the button stays in the document and in the layout, only unseen (transparent, out of
 * reach of the pointer, Tab and assistive technology) while there is nothing to quote. Its host
 * follows the quoted text, and a triple click's selection ends at the start of what follows: in
 * the button. Taking the button out of the document or out of the layout (`display: none`)
 * collapsed the selection made meanwhile, the one the button was about to be shown for.
 */
export function ReplyToButton({ state, onCopy }: { state: Store<ReplyToButtonState | null>; onCopy(): void }) {
  const current = useStore(state);
  // The last state shown, kept while idle (React's "information from previous renders").
  const [shown, setShown] = useState(current);
  if (current && current !== shown) setShown(current);
  return shown ? <Bubble anchor={shown.anchor} copied={current?.copied === true} idle={!current} onCopy={onCopy} /> : null;
}

function Bubble({ anchor, copied, idle, onCopy }: { anchor: Rect; copied: boolean; idle: boolean; onCopy(): void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const at = useCardPosition(ref, anchor, above);
  return (
    <button
      ref={ref}
      type="button"
      className={idle ? 'vv-reply-to vv-reply-to-idle' : 'vv-reply-to'}
      aria-hidden={idle || undefined}
      tabIndex={idle ? -1 : undefined}
      style={at ?? hidden}
      // The selection stays: a press on the button does not clear it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onCopy}
      disabled={copied}
    >
      <Glyph copied={copied} />
      <span role={copied ? 'status' : undefined}>{copied ? REPLY_TO_TEXTS.copied : REPLY_TO_TEXTS.button}</span>
    </button>
  );
}

/** A referenced quote of another activity: its "Direct Link", while the quote is hovered or focused. */
export function DirectLinkLayer({
  state,
  handlers,
}: {
  state: Store<HoverCardState<{ path: string }> | null>;
  handlers: HoverCardHandlers;
}) {
  const current = useStore(state);
  return current ? <DirectLink path={current.data.path} anchor={current.anchor} handlers={handlers} /> : null;
}

function DirectLink({ path, anchor, handlers }: { path: string; anchor: Rect; handlers: HoverCardHandlers }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const at = useCardPosition(ref, anchor, above);
  const follow = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    handlers.navigate(path);
  };
  return (
    <a
      ref={ref}
      className="vv-reply-to"
      href={path}
      style={at ?? hidden}
      onPointerEnter={handlers.enter}
      onPointerLeave={handlers.leave}
      onClick={follow}
    >
      <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M10 13a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1.5 1.5M14 11a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1.5-1.5" strokeLinecap="round" />
      </svg>
      {REPLY_TO_TEXTS.directLink}
    </a>
  );
}
