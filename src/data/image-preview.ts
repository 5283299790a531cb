import { safeUrl } from './guards';

/**
 * Image-link preview rules: which links preview as images and where the overlay sits (2.0.3's C22,
 * with its defect fixed: near the bottom of the window it opens above the link). No DOM here.
 */

/** Links to files with these extensions (any case) preview as images, unless the link holds an image itself. */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'webp', 'apng', 'avif', 'jpeg', 'svg'] as const;
const IMAGE_PATH = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');
/** Between the link and the overlay. */
export const PREVIEW_GAP_PX = 10;
/** The overlay's widest: this, and 90 % of the window. */
export const PREVIEW_MAX_WIDTH_PX = 1200;
/** Kept between the overlay and the window's bottom (or top, opened above). */
export const PREVIEW_MARGIN_PX = 30;
/** Kept between the overlay and the window's right edge. */
export const PREVIEW_RIGHT_EDGE_PX = 50;
/** The overlay starts at most this far left of the link (and at most half its width). */
const PREVIEW_SHIFT_PX = 30;

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

export interface Box {
  left: number;
  top: number;
  bottom: number;
}
export interface Size {
  width: number;
  height: number;
}

/** Where the overlay goes (viewport coordinates): `top` below the link or `bottom` above it, its width, and the height it scrolls beyond. */
export interface PreviewPlacement {
  left: number;
  top?: number;
  /** From the window's bottom edge, when it opens above the link. */
  bottom?: number;
  width: number;
  maxHeight: number;
}

/**
 * The overlay for an image of natural size `image` hovered on a link at `link`: as wide as the
 * image up to min(1200 px, 90 % of the window), under the link, starting up to 30 px left of it and
 * 50 px inside the window's right edge, as tall as the room below leaves (30 px kept), scrolling
 * beyond. When the image does not fit below and there is more room above, it opens above the link.
 */
export function previewPlacement(link: Box, image: Size, viewport: Size): PreviewPlacement {
  const widest = Math.min(PREVIEW_MAX_WIDTH_PX, viewport.width * 0.9);
  const width = image.width > 0 ? Math.min(image.width, widest) : widest;
  const tall = image.width > 0 ? (image.height * width) / image.width : 0;
  const below = viewport.height - link.bottom - PREVIEW_GAP_PX - PREVIEW_MARGIN_PX;
  const above = link.top - PREVIEW_GAP_PX - PREVIEW_MARGIN_PX;
  const shifted = link.left - Math.min(PREVIEW_SHIFT_PX, width / 2);
  const left = Math.max(0, Math.min(shifted, viewport.width - PREVIEW_RIGHT_EDGE_PX - width));
  if (tall > below && above > below)
    return { left, bottom: viewport.height - link.top + PREVIEW_GAP_PX, width, maxHeight: Math.max(0, above) };
  return { left, top: link.bottom + PREVIEW_GAP_PX, width, maxHeight: Math.max(0, below) };
}
