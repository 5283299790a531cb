import { safeUrl } from './guards';

/**
 * Image-link preview rules: which links preview as images and where the preview sits. No DOM here.
 */

/** Links to files with these extensions (any case) preview as images, unless the link holds an image itself. */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'webp', 'apng', 'avif', 'jpeg', 'svg'] as const;
const IMAGE_PATH = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');
/** The preview sits this far from the pointer. */
export const PREVIEW_OFFSET_PX = 20;

/** The image a link points to (http or https; query and fragment allowed), or null when it is no image link. */
export function imageLinkSource(href: string | null | undefined, hasInnerImage: boolean, base = 'https://anilist.co/'): string | null {
  if (!href || hasInnerImage) return null;
  try {
    const url = new URL(href, base);
    return IMAGE_PATH.test(url.pathname) ? (safeUrl(url.href, 'image') ?? null) : null;
  } catch {
    return null;
  }
}
