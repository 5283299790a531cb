/**
 * Colours as AniList names and writes them, turned into the 'r, g, b' triples our styles use:
 * shared by verified users, the mini profile and the layout designer. Pure: no DOM.
 */

/**
 * AniList's named profile colours as the host shows them, as 'r, g, b'. A Map: a colour name
 * comes from the API or a layout, and an object's lookup of `constructor` answered
 * Object.prototype's function.
 */
export const NAMED_COLORS: ReadonlyMap<string, string> = new Map([
  ['blue', '61, 180, 242'],
  ['purple', '192, 99, 255'],
  ['green', '76, 202, 81'],
  ['orange', '239, 136, 26'],
  ['red', '225, 51, 51'],
  ['pink', '252, 157, 214'],
  ['gray', '103, 123, 148'],
]);

/** '#rgb' or '#rrggbb' → "r, g, b"; null when it is not a hex colour. */
export function hexToTriple(hex: string): string | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)).join(', ');
}

/**
 * A profile colour from the API as "r, g, b": one of AniList's names (blue, purple, pink,
 * orange, red, green, gray) or a `#rrggbb` value, its documented set; null for anything else.
 */
export function profileColorToTriple(color: unknown): string | null {
  if (typeof color !== 'string') return null;
  const value = color.trim().toLowerCase();
  const named = NAMED_COLORS.get(value);
  if (named !== undefined) return named;
  return /^#[0-9a-f]{6}$/.test(value) ? hexToTriple(value) : null;
}
