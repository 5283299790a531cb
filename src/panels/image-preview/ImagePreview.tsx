import { PREVIEW_OFFSET_PX } from '../../data/image-preview';
import type { Store } from '../../data/store';
import { useStore } from '../hooks';

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
