/**
 * The one guard for each kind of value that reaches CSS, HTML or a URL from stored, imported or
 * host data. Pure; nothing here throws.
 */

const TRIPLE = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/;

/**
 * A colour as the bare "r, g, b" triple AniList's theme variables use (`rgb(var(--color-blue))`),
 * each part an integer 0 to 255, normalised to "r, g, b"; null for anything else. The only form
 * in which a colour is written into CSS.
 */
export function rgbTriple(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 32) return null;
  const m = TRIPLE.exec(value);
  if (!m) return null;
  const parts = [m[1], m[2], m[3]].map(Number);
  return parts.every((n) => n <= 255) ? parts.join(', ') : null;
}

/**
 * A path segment of the address decoded ('%C3%A9' → 'é'); a malformed escape ('%E0%A4%A') is kept
 * as written instead of throwing, so code that reads the address keeps working on any address.
 */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
