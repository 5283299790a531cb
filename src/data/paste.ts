import { imageMarkup } from './image-markup';

/**
 * Pure rules for pasting into markdown editors: which files and
 * URLs are images, the image markup AniList renders (`img{width}(url)`, optionally inside a link
 * to itself), when a pasted URL is left alone, and the video extension → mime subtype table.
 */

/** Extensions treated as images (host facts (e): VV's imageFormats). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'apng', 'avif', 'svg'] as const;

/*
 * An image URL is `http(s)://`, then no whitespace, parenthesis or angle bracket, with `.png` (or
 * another image extension) somewhere after the first character of its path, at its end or before
 * a `?` or `#`. Two patterns that each read a character once: the former single pattern
 * (`^https?://[^\s()<>]+\.(?:png|…)(?:[?#][^\s()<>]*)?$`) tried every `.png` of a line with
 * the rest of the line after it, so a pasted line of 100,000 characters took minutes.
 */
const URL_LINE = /^https?:\/\/[^\s()<>]+$/i;
const IMAGE_EXTENSION = new RegExp(`[^\\s()<>]\\.(?:${IMAGE_EXTENSIONS.join('|')})(?:[?#]|$)`, 'i');

/** A plain http(s) URL of an image file (by extension, case-insensitive; a query or fragment may follow). */
export function isImageUrl(text: string): boolean {
  const url = text.trim();
  return URL_LINE.test(url) && IMAGE_EXTENSION.test(url.slice(url.indexOf('//') + 2));
}

/**
 * Whether the caret is inside an open parenthesis, right after `img420(`, `[text](` or `(` plus
 * part of a URL: a URL pasted there is already being wrapped by the user. `before` is the text
 * before the caret.
 */
export function insideParentheses(before: string): boolean {
  return /\([^()\s]*$/.test(before);
}

/**
 * The text to insert for a paste of `text` with `before` in front of the caret: each line that is
 * a plain image URL becomes image markup. Null when nothing changes (the browser pastes as usual).
 */
export function wrapPastedText(text: string, before: string, width: string | number, withLink = false): string | null {
  if (insideParentheses(before)) return null;
  let changed = false;
  const lines = text.split(/\r?\n/).map((line) => {
    if (!isImageUrl(line)) return line;
    changed = true;
    return imageMarkup(line.trim(), width, withLink);
  });
  return changed ? lines.join('\n') : null;
}

/** A file counts as an image by its type, or by its name's extension when the type is unknown. */
export function isImageFile(file: { type: string; name: string }): boolean {
  if (file.type) return file.type.startsWith('image/');
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext !== undefined && (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Video file extension → mime subtype, for `<source type="video/…">`. */
export const VIDEO_SUBTYPES: Readonly<Record<string, string>> = {
  '.av1': 'av1',
  '.mp4': 'mp4',
  '.avi': 'x-msvideo',
  '.mpeg': 'mpeg',
  '.ogg': 'ogv',
};

/**
 * The type a `<source>` with this src should carry ('video/mp4'), or null when its extension is
 * not in the table (the type is then left as it is).
 */
export function videoTypeFor(src: string): string | null {
  let path: string;
  try {
    path = new URL(src, 'https://anilist.co').pathname;
  } catch {
    path = src.split(/[?#]/)[0] ?? src;
  }
  const ext = /\.[a-z0-9]+$/i.exec(path)?.[0]?.toLowerCase();
  // The extension comes from the address: only the table's own entries count.
  const subtype = ext !== undefined && Object.hasOwn(VIDEO_SUBTYPES, ext) ? VIDEO_SUBTYPES[ext] : undefined;
  return subtype ? `video/${subtype}` : null;
}

/** Whether a source's current type attribute needs fixing (missing or not the table's). */
export function fixedVideoType(src: string, type: string | null): string | null {
  const wanted = videoTypeFor(src);
  return wanted && (type ?? '').trim().toLowerCase() !== wanted ? wanted : null;
}
