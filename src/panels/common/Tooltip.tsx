import {
  cloneElement,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { PortalContainer } from '../hooks';

/** Distance between the tooltip and its trigger, in px. */
const TOOLTIP_DISTANCE = 5;

/**
 * A static tooltip: shown 5px above its trigger while the pointer is over it or it has keyboard
 * focus; hidden on leave, blur or Escape. The trigger is described by the tooltip text.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<{ 'aria-describedby'?: string }> }) {
  const container = useContext(PortalContainer);
  const anchor = useRef<HTMLSpanElement>(null);
  const id = useId();
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const place = useCallback(() => {
    const rect = anchor.current?.getBoundingClientRect();
    if (rect) setAt({ left: rect.left + rect.width / 2, top: rect.top - TOOLTIP_DISTANCE });
  }, []);
  const hide = () => setAt(null);
  const shown = at !== null;

  useEffect(() => {
    if (!shown) return;
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [shown, place]);

  const tip = shown && (
    <div id={id} role="tooltip" className="vv-tooltip" style={{ left: at.left, top: at.top }}>
      {content}
    </div>
  );
  const trigger = isValidElement(children)
    ? cloneElement(children, { 'aria-describedby': shown ? id : children.props['aria-describedby'] })
    : children;
  return (
    <span
      ref={anchor}
      className="vv-tooltip-trigger"
      onMouseEnter={place}
      onMouseLeave={hide}
      onFocus={place}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !shown) return;
        // The first Escape only dismisses the tooltip (WCAG 1.4.13), not the palette around it.
        e.stopPropagation();
        hide();
      }}
    >
      {trigger}
      {tip && (container ? createPortal(tip, container) : tip)}
    </span>
  );
}
