import type { Links } from 'marked';
import { YOUTUBE_LINK } from './markdown';

/**
 * What the inline lexer (src/data/markdown-inline.ts) reads text with, each in time linear in
 * what it reads: character classes and CommonMark's flanking rules, numeric references, searches
 * that only move forward, the backtick runs of a text, its email addresses, where a URL autolink
 * ends, and what follows a link's `]`. Pure.
 */

// ---------------------------------------------------------------------------------------------
// Characters

export const isAsciiPunct = (c: string) => /^[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]$/.test(c);
const UNICODE_PUNCT = /^[\p{P}\p{S}]$/u;
const UNICODE_SPACE = /^\s$/u;

/** The character before index `i` (a whole code point), or '' at the start. */
export function charBefore(src: string, i: number, start: number): string {
  if (i <= start) return '';
  const low = src.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i - 2 >= start) return src.slice(i - 2, i);
  return src[i - 1]!;
}

/** The character at index `i` (a whole code point), or '' at the end. */
export function charAt(src: string, i: number, end: number): string {
  if (i >= end) return '';
  const code = src.codePointAt(i)!;
  return String.fromCodePoint(code);
}

const isSpace = (c: string) => c === '' || UNICODE_SPACE.test(c);
const isPunct = (c: string) => c !== '' && UNICODE_PUNCT.test(c);

/**
 * Whether a delimiter run between `before` and `after` can open or close: CommonMark's flanking
 * rules for `*` and `_`; for `~~` the dialect's (marked's former rule here): it opens before
 * anything but a space and closes after anything but a space.
 */
export function flanking(before: string, after: string, char: string): { canOpen: boolean; canClose: boolean } {
  if (char === '~') return { canOpen: !isSpace(after), canClose: !isSpace(before) };
  const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
  const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
  if (char === '*') return { canOpen: left, canClose: right };
  return { canOpen: left && (!right || isPunct(before)), canClose: right && (!left || isPunct(after)) };
}

/** Characters of an email address's local part, and its domain, as marked's GFM autolinks read them. */
export const EMAIL_LOCAL = /[A-Za-z0-9._+-]/;
const EMAIL_DOMAIN = /[a-zA-Z0-9-_]+(?:\.[a-zA-Z0-9-_]*[a-zA-Z0-9])+(?![\w-])/y;
/** The end of a sticky pattern's match at `at`, or -1. */
export function matchEnd(re: RegExp, src: string, at: number): number {
  re.lastIndex = at;
  return re.test(src) ? re.lastIndex : -1;
}

// ---------------------------------------------------------------------------------------------
// Text as marked writes it

const NUMERIC_REFERENCE = /&#(?:(\d{1,7})|[Xx]([A-Fa-f0-9]{1,6}));|&(?!(?:#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/g;

/** Numeric character references as the characters they name (marked's text tokens). */
const HAS_NUMERIC_REFERENCE = /&#(?:\d{1,7}|[Xx][A-Fa-f0-9]{1,6});/;

export function decodeNumericReferences(text: string): string {
  if (!HAS_NUMERIC_REFERENCE.test(text)) return text;
  return text.replace(NUMERIC_REFERENCE, (ref: string, dec?: string, hex?: string) => {
    if (dec === undefined && hex === undefined) return '&amp;';
    const code = dec === undefined ? Number.parseInt(hex!, 16) : Number.parseInt(dec, 10);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return code === 38 ? '&amp;' : String.fromCodePoint(code);
  });
}

/** A link label as definitions are keyed (marked's normalizeLabel). */
export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase().toLowerCase();
}

export const unescapePunct = (text: string) => text.replace(/\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g, '$1');

/** The video id of a youtube(...) argument: a watch, embed, shorts or youtu.be link, or a bare id. */
export function youtubeId(input: string): string | null {
  const value = input.trim();
  if (/^[\w-]{10,15}$/.test(value)) return value;
  return YOUTUBE_LINK.exec(value)?.[1] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Forward-only searches

/**
 * The next index of `needle` at or after `from`, remembering the last answer: the lexer asks in
 * increasing order, so every search resumes where the last one stopped (linear in all).
 */
export class ForwardSearch {
  private from = -1;
  private found = -1;
  constructor(
    private readonly src: string,
    private readonly find: (src: string, from: number) => number,
  ) {}

  next(from: number): number {
    if (this.from !== -1 && from >= this.from && (this.found === -1 || from <= this.found)) return this.found;
    this.from = from;
    this.found = this.find(this.src, from);
    return this.found;
  }
}

export const indexOfFinder = (needle: string) => (src: string, from: number) => src.indexOf(needle, from);
export const regexFinder = (re: RegExp) => (src: string, from: number) => {
  re.lastIndex = from;
  return re.exec(src)?.index ?? -1;
};

/** The backtick runs of a text, each with the next run of the same length (a code span's closer). */
export class BacktickRuns {
  private readonly starts: number[] = [];
  private readonly closers: number[] = [];
  private cursor = 0;

  constructor(src: string, start: number, end: number) {
    const lengths: number[] = [];
    for (let i = src.indexOf('`', start); i !== -1 && i < end; i = src.indexOf('`', i)) {
      let j = i;
      while (j < end && src[j] === '`') j++;
      this.starts.push(i);
      lengths.push(j - i);
      i = j;
    }
    const nextOfLength = new Map<number, number>();
    for (let k = this.starts.length - 1; k >= 0; k--) {
      this.closers[k] = nextOfLength.get(lengths[k]!) ?? -1;
      nextOfLength.set(lengths[k]!, this.starts[k]!);
    }
  }

  /** Where the run starting at `at` is closed, or -1 (asked in increasing order of `at`). */
  closerOf(at: number): number {
    while (this.cursor < this.starts.length && this.starts[this.cursor]! < at) this.cursor++;
    return this.starts[this.cursor] === at ? this.closers[this.cursor]! : -1;
  }
}

/** An email autolink: src[start, end); `protocol` when written after `mailto:` or `xmpp:` (its text is the href). */
export interface EmailSpan {
  start: number;
  end: number;
  protocol: boolean;
}

/**
 * Every email address in the text, found from its '@': the whole local part before it, the
 * domain after it. Local parts end at the '@' before them, so each character is read once.
 */
export function emailSpans(src: string): EmailSpan[] {
  const spans: EmailSpan[] = [];
  let floor = 0;
  for (let at = src.indexOf('@'); at !== -1; at = src.indexOf('@', at + 1)) {
    let start = at;
    while (start > floor && EMAIL_LOCAL.test(src[start - 1]!)) start--;
    // It starts with a letter or a digit: a leading '_' or '*' is emphasis.
    while (start < at && !/[A-Za-z0-9]/.test(src[start]!)) start++;
    floor = at + 1;
    if (start === at) continue;
    const end = matchEnd(EMAIL_DOMAIN, src, at + 1);
    if (end === -1) continue;
    const protocol = /(?:^|[^a-zA-Z0-9])(?:mailto|xmpp):$/.exec(src.slice(Math.max(0, start - 8), start));
    const from = protocol ? start - protocol[0].length + (/^[a-zA-Z0-9]/.test(protocol[0]) ? 0 : 1) : start;
    spans.push({ start: from, end, protocol: protocol !== null });
    floor = end;
    at = end - 1;
  }
  return spans;
}

const URL_PUNCT = '?!.,:;*_\'"~)';
const URL_STOP = '?!.,:;*_\'"~()&';

/**
 * Where a URL autolink ends, as marked's GFM rule (`_backpedal`, repeated until nothing changes)
 * decides, computed in one pass: it stops before a '(' with no ')' after it and before an entity
 * that ends the text, and trailing punctuation (with ')') is dropped, repeatedly.
 */
export function trimUrlEnd(src: string, start: number, end: number, closeParen: ForwardSearch): number {
  const entity = entityBefore(src, start, end);
  /** Ends of balanced `(...)`: their ')' is part of the URL, at its end too. */
  const groupEnds = new Set<number>();
  let k = start;
  while (k < end) {
    const c = src[k]!;
    if (!URL_STOP.includes(c)) k++;
    else if (c === '(') {
      const close = closeParen.next(k);
      if (close === -1 || close >= end) break;
      k = close + 1;
      groupEnds.add(k);
    } else if (c === '&') {
      if (k === entity) break;
      k++;
    } else {
      while (k < end && URL_PUNCT.includes(src[k]!)) k++;
    }
  }
  return trimUrlTail(src, start, k, groupEnds);
}

/** Where an entity (`&name;`) ending exactly at `end` starts, or -1 (looking back at most 40 characters). */
function entityBefore(src: string, start: number, end: number): number {
  if (src[end - 1] !== ';') return -1;
  let k = end - 2;
  while (k > start && end - k <= 40 && /[a-zA-Z0-9]/.test(src[k]!)) k--;
  return src[k] === '&' && k < end - 2 ? k : -1;
}

/** Drops trailing punctuation and a trailing entity, until neither is left. */
function trimUrlTail(src: string, start: number, end: number, groupEnds: ReadonlySet<number>): number {
  for (;;) {
    if (end - start > 1 && URL_PUNCT.includes(src[end - 1]!) && !groupEnds.has(end)) {
      end--;
      continue;
    }
    const amp = entityBefore(src, start, end);
    if (amp > start) {
      end = amp;
      continue;
    }
    return end;
  }
}

// ---------------------------------------------------------------------------------------------
// What follows a `]`

export interface LinkTarget {
  href: string;
  title: string | null;
  /** Index after the whole link. */
  end: number;
}

/** At most 32 nested parentheses in a destination (cmark's limit), and 999 characters in a label. */
const MAX_PARENS = 32;
const MAX_LABEL = 999;

/**
 * The destination after `](` or a reference (`][label]`, `][]`, or the bracket's own text), or
 * null: `at` is just after the `]`, the bracket's text is src[textStart, textEnd).
 */
export function linkTarget(src: string, at: number, end: number, textStart: number, textEnd: number, links: Links): LinkTarget | null {
  if (src[at] === '(') {
    const inline = inlineTarget(src, at + 1, end);
    if (inline) return inline;
  }
  let label: string | null = null;
  let after = at;
  if (src[at] === '[') {
    const close = labelEnd(src, at + 1, end);
    if (close !== -1) {
      label = src.slice(at + 1, close);
      after = close + 1;
    }
  }
  if (label === null || label.trim() === '') label = textEnd - textStart <= MAX_LABEL ? src.slice(textStart, textEnd) : null;
  if (label === null) return null;
  const key = normalizeLabel(label);
  if (!key || !Object.hasOwn(links, key)) return null;
  const link = links[key]!;
  return { href: link.href, title: link.title ?? null, end: after };
}

/** The end of a reference label (its `]`), or -1: no unescaped brackets, at most 999 characters. */
function labelEnd(src: string, from: number, end: number): number {
  for (let k = from; k < end && k - from <= MAX_LABEL; k++) {
    const c = src[k];
    if (c === '\\') k++;
    else if (c === '[') return -1;
    else if (c === ']') return k;
  }
  return -1;
}

/** `(destination "title")` from just after the `(`. */
function inlineTarget(src: string, from: number, end: number): LinkTarget | null {
  let k = skipSpace(src, from, end);
  const dest = destination(src, k, end);
  if (!dest) return null;
  k = dest.end;
  let title: string | null = null;
  const spaced = skipSpace(src, k, end);
  if (spaced > k && spaced < end && /["'(]/.test(src[spaced]!)) {
    const t = linkTitle(src, spaced, end);
    if (!t) return null;
    title = t.title;
    k = skipSpace(src, t.end, end);
  } else k = spaced;
  if (src[k] !== ')' || k >= end) return null;
  return { href: dest.href, title, end: k + 1 };
}

function skipSpace(src: string, k: number, end: number): number {
  while (k < end && /[ \t\n]/.test(src[k]!)) k++;
  return k;
}

/** A link destination: `<...>`, or non-space characters with balanced parentheses (possibly none). */
function destination(src: string, k: number, end: number): { href: string; end: number } | null {
  if (src[k] === '<') {
    for (let j = k + 1; j < end; j++) {
      const c = src[j];
      if (c === '\\') j++;
      else if (c === '\n' || c === '<') return null;
      else if (c === '>') return { href: unescapePunct(src.slice(k + 1, j)), end: j + 1 };
    }
    return null;
  }
  let depth = 0;
  let j = k;
  for (; j < end; j++) {
    const c = src[j]!;
    if (c === '\\' && j + 1 < end && isAsciiPunct(src[j + 1]!)) j++;
    else if (c === '(') {
      if (++depth > MAX_PARENS) return null;
    } else if (c === ')') {
      if (depth === 0) break;
      depth--;
    } else if (/[\s\x00-\x1f]/.test(c)) break;
  }
  if (depth !== 0) return null;
  return { href: unescapePunct(src.slice(k, j)), end: j };
}

/** A link title in "", '' or (). */
function linkTitle(src: string, k: number, end: number): { title: string; end: number } | null {
  const open = src[k]!;
  const close = open === '(' ? ')' : open;
  for (let j = k + 1; j < end; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (open === '(' && c === '(') return null;
    else if (c === close) return { title: unescapePunct(src.slice(k + 1, j)), end: j + 1 };
  }
  return null;
}
