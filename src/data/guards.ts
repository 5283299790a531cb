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

/**
 * Where a URL is going:
 * - 'link': the href of a link in user or host HTML (through the sanitizer);
 * - 'source': the src of an image or video in user or host HTML (through the sanitizer);
 * - 'image': an image address we place ourselves, in an `src` or a CSS `url("…")` (covers,
 *   avatars and banners from the API, layout images, GIFs, link previews).
 */
export type UrlKind = 'link' | 'source' | 'image';

/** Whitespace and control characters: browsers skip them inside a scheme ('java\tscript:'). */
const URL_IGNORED = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;
/** Characters that would end an attribute or a CSS string, or start markup. */
const URL_BREAKING = /["'()<>\\`]/;
const URL_SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const URL_SCHEMES: Record<UrlKind, readonly string[]> = {
  link: ['http', 'https', 'mailto'],
  source: ['http', 'https'],
  image: ['http', 'https'],
};

/**
 * The one rule for a URL that becomes an `src` or `href`; the value trimmed, or undefined when
 * refused. Schemes are read case-insensitively after dropping the whitespace and control
 * characters browsers ignore in them, so 'JaVa\tScRiPt:' is refused like 'javascript:'.
 * - 'link': http:, https:, mailto:, or no scheme (site-relative '/x', protocol-relative '//host/x',
 *   relative 'x', '#top', '?q'), as AniList's own markdown links are;
 * - 'source': http:, https:, or no scheme;
 * - 'image': an absolute http: or https: URL only, holding no whitespace, control character,
 *   quote, parenthesis, backslash, backtick or angle bracket.
 * Every other scheme (javascript:, data:, vbscript:, file:, blob:...) is refused. A URL without a
 * scheme may not hold ':' or '&' before its first '/', '?' or '#' (no scheme written with
 * character references, such as '&#106;avascript:').
 */
export function safeUrl(value: unknown, kind: UrlKind): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim();
  if (!url) return undefined;
  if (kind === 'image') {
    if (url.search(URL_IGNORED) !== -1 || URL_BREAKING.test(url)) return undefined;
    return /^https?:\/\/[^/?#]/i.test(url) ? url : undefined;
  }
  const bare = url.replace(URL_IGNORED, '');
  const scheme = URL_SCHEME.exec(bare)?.[1]?.toLowerCase();
  if (scheme !== undefined) return URL_SCHEMES[kind].includes(scheme) ? url : undefined;
  return /[:&]/.test(bare.split(/[/?#]/, 1)[0]!) ? undefined : url;
}
