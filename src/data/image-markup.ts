/**
 * Image markup, `img{width}(url)`, and the width written into it (`img{width}(…)`) wherever the script writes one: pasted
 * image links, uploaded images, the image hotkey (document 3, C10). 2.0.3's two options: the
 * value, and whether it is a percentage (then at most 100).
 */

export const IMAGE_WIDTH_VALUE = 'pasteImageWidthValue';
export const IMAGE_WIDTH_PERCENT = 'pasteImageUnitIsPercentage';
export const DEFAULT_IMAGE_WIDTH = 420;
/** The taskbar's width slider (C8): 10 to 1000 in steps of 5, to 100 in percent. */
export const WIDTH_SLIDER = { min: 10, max: 1000, maxPercent: 100, step: 5 } as const;

/** A stored width (a number, or 2.0.3's slider's numeric string) as a positive whole number; 420 when unusable. */
export function widthNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : DEFAULT_IMAGE_WIDTH;
}

/** `420` in pixels, `50%` in percent (clamped to 100%). */
export function imageWidth(value: unknown, percent: unknown): string {
  const n = widthNumber(value);
  return percent === true ? `${Math.min(n, WIDTH_SLIDER.maxPercent)}%` : String(n);
}

/** The width the settings ask for. */
export const imageWidthOf = (settings: { get(key: string): unknown }): string =>
  imageWidth(settings.get(IMAGE_WIDTH_VALUE), settings.get(IMAGE_WIDTH_PERCENT));

/** `img420(url)` (or `img50%(url)`), or `[img420(url)](url)` with the link wrapping option. */
export function imageMarkup(url: string, width: string | number, withLink = false): string {
  const img = `img${width}(${url})`;
  return withLink ? `[${img}](${url})` : img;
}
