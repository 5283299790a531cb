import { previewPlacement, type Box, type Size } from '../../data/image-preview';
import type { Store } from '../../data/store';
import { useStore } from '../hooks';

export interface PreviewState {
  src: string;
  /** The image's natural size (0 × 0 when the image does not say). */
  image: Size;
  /** The link's box (viewport coordinates), followed on scroll and resize. */
  anchor: Box;
}

export interface PreviewHandlers {
  /** The pointer entered the overlay (keep it open). */
  enter(): void;
  /** The pointer left the overlay (hide it soon). */
  leave(): void;
}

/** The hovered image, large, under its link (above it near the window's bottom); the pointer may move onto it and scroll it. */
export function ImagePreview({ state, handlers }: { state: Store<PreviewState | null>; handlers: PreviewHandlers }) {
  const preview = useStore(state);
  if (!preview) return null;
  const at = previewPlacement(preview.anchor, preview.image, { width: window.innerWidth, height: window.innerHeight });
  return (
    <div
      className="vv-image-preview"
      data-side={at.bottom === undefined ? 'below' : 'above'}
      style={{ left: at.left, top: at.top, bottom: at.bottom, width: at.width, maxHeight: at.maxHeight }}
      onPointerEnter={handlers.enter}
      onPointerLeave={handlers.leave}
    >
      <img src={preview.src} alt="" />
    </div>
  );
}
