import { compressToBase64 } from './lz-compress';
import { decompressFromBase64 } from './lz-decompress';

/**
 * The data block at the very start of a user's about text (voidverified-config.md): an empty
 * markdown link `[](json<payload>)`, invisible on the site, whose payload is JSON encoded as plain
 * base64 (older writers) or with lz-string's compressToBase64 (the original's writer), followed by
 * a blank line. Other AniList userscripts share the convention, so keys we do not know are kept.
 * Pure: no DOM, no storage.
 */

export interface BioData {
  customCss?: string;
  goals?: unknown[];
  [key: string]: unknown;
}

const BLOCK = /^\[\]\(json([A-Za-z0-9+/=]+)\)/;

/**
 * The most a block may hold once decoded: 1,000,000 characters (twice the largest custom CSS we
 * keep). Past that it is unreadable: a 20 KB block compressed to expand to 50 million characters
 * stops there instead of being expanded whole.
 */
export const BIO_BLOCK_MAX_CHARS = 1_000_000;

/** Unicode-safe base64 of a string's UTF-8 bytes, and back (null when it is not valid UTF-8 base64). */
function fromBase64Utf8(payload: string): string | null {
  try {
    const binary = atob(payload);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.length > BIO_BLOCK_MAX_CHARS ? null : text;
  } catch {
    return null;
  }
}

function parseObject(text: string | null): BioData | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    // Never let a bio's keys reach an object's prototype.
    const out: BioData = {};
    for (const [k, v] of Object.entries(value)) if (k !== '__proto__' && k !== 'constructor' && k !== 'prototype') out[k] = v;
    return out;
  } catch {
    return null;
  }
}

export interface DecodedBio {
  /** The block's data; `{ customCss: '' }` when there is no readable block. */
  data: BioData;
  /** Whether the about text starts with a block (readable or not). */
  hasBlock: boolean;
  /** Whether the block could be decoded. */
  readable: boolean;
}

/** Reads the block: plain base64 first, then lz-string. */
export function decodeBio(about: string | null | undefined): DecodedBio {
  const match = BLOCK.exec(about ?? '');
  if (!match) return { data: { customCss: '' }, hasBlock: false, readable: false };
  const payload = match[1]!;
  const data = parseObject(fromBase64Utf8(payload)) ?? parseObject(safeDecompress(payload));
  return data ? { data, hasBlock: true, readable: true } : { data: { customCss: '' }, hasBlock: true, readable: false };
}

function safeDecompress(payload: string): string | null {
  const result = decompressFromBase64(payload, BIO_BLOCK_MAX_CHARS);
  return result.ok ? result.text : null;
}

/**
 * Writes `data` into the about text: replaces only the payload of an existing block, or puts a
 * new block and a blank line before the text. Every other character stays exactly as it was.
 */
export function encodeBio(about: string | null | undefined, data: BioData): string {
  const text = about ?? '';
  const block = `[](json${compressToBase64(JSON.stringify(data))})`;
  const match = BLOCK.exec(text);
  if (match) return block + text.slice(match[0].length);
  return `${block}\n\n${text}`;
}

/** Merges changes into the bio's data, keeping every key we do not touch. */
export function updateBio(about: string | null | undefined, change: (data: BioData) => BioData): string {
  const decoded = decodeBio(about);
  if (decoded.hasBlock && !decoded.readable) throw new Error('The data block in your bio could not be read; it was left untouched.');
  return encodeBio(about, change({ ...decoded.data }));
}

/** The about text without the block (what a profile shows). */
export function visibleBio(about: string | null | undefined): string {
  const text = about ?? '';
  const match = BLOCK.exec(text);
  return match ? text.slice(match[0].length).replace(/^\n\n/, '') : text;
}
