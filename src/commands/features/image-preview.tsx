import { imageLinkSource } from '../../data/image-preview';
import { createStore } from '../../data/store';
import type { PreviewState } from '../../panels/image-preview/ImagePreview';
import { mountUi } from '../../panels/mount';
import { lazyComponent } from '../lazy';
import type { FeatureDef } from '../types';
import styles from '../../panels/image-preview/image-preview.css';

const ImagePreview = lazyComponent(() => import('../../panels/image-preview/ImagePreview'), 'ImagePreview');

/**
 * Image-link preview: hovering a link to an image shows the image beside the pointer. One set of
 * delegated pointer listeners on the document; the preview is an <img> in a shadow root.
 */
export const imagePreview: FeatureDef = {
  id: 'image-preview',
  styles,
  title: 'Image link preview',
  category: 'activity',
  description: 'Preview linked images on hover.',
  toggle: 'imagePreviewEnabled',
  options: [
    {
      key: 'imagePreviewEnabled',
      default: false,
    },
  ],
  page: [
    {
      id: 'image-preview',
      run: (ctx) => {
        const state = createStore<PreviewState | null>(null);
        mountUi(ctx, 'image-preview', (host) => document.body.append(host), <ImagePreview state={state} />);
        let link: Element | null = null;
        const show = (a: Element | null, src: string | null, event: MouseEvent) => {
          link = src ? a : null;
          state.set(src ? { src, x: event.clientX, y: event.clientY } : null);
        };
        const onPointer = (event: MouseEvent) => {
          if (event.type === 'mousemove') {
            // A link removed under the pointer never sends mouseout.
            if (link) show(link, link.isConnected ? (state.get()?.src ?? null) : null, event);
          } else if (event.type === 'mouseout') {
            if (link && !(event.relatedTarget instanceof Node && link.contains(event.relatedTarget))) show(null, null, event);
          } else {
            const a = event.target instanceof Element ? event.target.closest('a[href]') : null;
            if (a !== link) show(a, a && imageLinkSource(a.getAttribute('href'), a.querySelector('img') !== null, location.href), event);
          }
        };
        for (const type of ['mouseover', 'mousemove', 'mouseout'] as const)
          document.addEventListener(type, onPointer, { passive: true, signal: ctx.signal });
      },
    },
  ],
};
