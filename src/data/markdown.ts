import { FRESH, mutation, query } from './graphql';

/**
 * Markdown hotkeys: the 15 mappings and the pure text
 * transformation they drive. Given the text, the selection and a mapping, `applyMarkdown` returns
 * the new text and selection (or null: nothing to do). No DOM here: src/commands/features/markdown
 * applies the result to a textarea through src/inject/editor-text.
 */

export type MarkdownType = 'wrap' | 'line start' | 'every line start' | 'video';

/** A hotkey mapping: what it inserts and how (wrap, line start, every line start, video). */
export interface MarkdownMapping {
  /** Stable id (commands are `markdown.{id}`). */
  readonly id: string;
  readonly description: string;
  /** Default hotkey, in our notation ('alt+S' means alt+shift+s). */
  readonly key: string;
  readonly type: MarkdownType;
  /** The mark, or [opening, closing]. `{width}` stands for the pasted image width. */
  readonly characters: string | readonly [string, string];
  /** An opening mark written in other forms that toggling off also removes (any image width). */
  readonly specialRemove?: RegExp;
  /** Line marks: how many may stack on one line (headers: 5). */
  readonly maxInstances?: number;
  /** video: what the selection must be; link: a selection that becomes the target; lines: an existing mark. */
  readonly regex?: RegExp;
}

/** watch, embed, shorts and youtu.be links; group 1 is the video id. */
export const YOUTUBE_LINK =
  /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:\S*?&)?v=|embed\/|shorts\/|v\/)|youtu\.be\/)([\w-]{6,15})\S*$/i;
/** An http(s) link ending in webm or mp4. */
export const VIDEO_LINK = /^https?:\/\/\S+\.(?:webm|mp4)$/i;
export const HTTP_LINK = /^https?:\/\/\S+$/i;
export const HEADER_MAX = 5;

export const MARKDOWN_MAPPINGS: readonly MarkdownMapping[] = [
  { id: 'bold', description: 'Bold', key: 'ctrl+b', type: 'wrap', characters: '__' },
  { id: 'italic', description: 'Italic', key: 'ctrl+i', type: 'wrap', characters: '_' },
  { id: 'strikethrough', description: 'Strikethrough', key: 'alt+shift+5', type: 'wrap', characters: '~~' },
  { id: 'spoiler', description: 'Spoiler', key: 'alt+S', type: 'wrap', characters: ['~!', '!~'] },
  { id: 'center', description: 'Center', key: 'alt+shift+c', type: 'wrap', characters: '~~~' },
  { id: 'code', description: 'Code', key: 'ctrl+shift+c', type: 'wrap', characters: '`' },
  { id: 'code-block', description: 'Code block', key: 'ctrl+shift+alt+c', type: 'wrap', characters: ['<pre>', '</pre>'] },
  { id: 'quote', description: 'Quote', key: 'alt+q', type: 'every line start', characters: '>', regex: /^> ?/ },
  { id: 'header', description: 'Header', key: 'alt+h', type: 'line start', characters: '#', maxInstances: HEADER_MAX },
  { id: 'unordered-list', description: 'Unordered list', key: 'alt+b', type: 'every line start', characters: '-', regex: /^[-*+] / },
  { id: 'ordered-list', description: 'Ordered list', key: 'alt+l', type: 'every line start', characters: '1.', regex: /^\d+\. / },
  { id: 'youtube', description: 'YouTube', key: 'alt+y', type: 'video', characters: ['youtube(', ')'], regex: YOUTUBE_LINK },
  { id: 'webm', description: 'WebM', key: 'alt+w', type: 'video', characters: ['webm(', ')'], regex: VIDEO_LINK },
  { id: 'link', description: 'Link', key: 'ctrl+k', type: 'wrap', characters: ['[', ']()'], regex: HTTP_LINK },
  { id: 'image', description: 'Image', key: 'alt+i', type: 'wrap', characters: ['img{width}(', ')'], specialRemove: /img\s?\d*%?\s?\(/i },
];

export interface TextState {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export interface MarkdownOptions {
  /** The width for image markup ('420', '50%': imageWidthOf in image-markup.ts). */
  readonly imageWidth?: number | string;
}

/** Marks made of one repeated character, by character: the lengths in use ('_': italic 1, bold 2). */
const RUN_MARKS = new Map<string, number[]>();
for (const m of MARKDOWN_MAPPINGS) {
  if (typeof m.characters === 'string' && m.type === 'wrap' && /^(.)\1*$/.test(m.characters))
    RUN_MARKS.set(m.characters[0]!, [...(RUN_MARKS.get(m.characters[0]!) ?? []), m.characters.length]);
}

function pair(characters: MarkdownMapping['characters'], width: string): [string, string] {
  const [open, close] = typeof characters === 'string' ? [characters, characters] : characters;
  return [open.replace('{width}', width), close];
}

/** Length of the run of `ch` starting at `from` going forward (dir 1) or ending at `from` going back (-1). */
function runLength(text: string, from: number, dir: 1 | -1, ch: string): number {
  let n = 0;
  while (text[dir === 1 ? from + n : from - n - 1] === ch) n++;
  return n;
}

/**
 * Whether a run of `total` mark characters holds this mark: exactly, or together with another mark
 * of the same character (`___` is bold and italic, `~~~~~` centre and strike), never twice itself.
 */
function runHolds(total: number, n: number, ch: string): boolean {
  return total === n || (RUN_MARKS.get(ch) ?? []).some((other) => other !== n && total === n + other);
}

type Unwrap = { start: number; end: number; inner: [number, number] } | null;

/** The marks to remove when [start, end) is already wrapped, inside the selection or just outside it. */
function findWrap(text: string, start: number, end: number, open: string, close: string, special?: RegExp): Unwrap {
  const sel = text.slice(start, end);
  const run = open === close && /^(.)\1*$/.test(open) ? open[0]! : null;
  if (run) {
    const n = open.length;
    // Each end of the selection: the run outside it and the run inside it (which stops at the other end).
    const outStart = runLength(text, start, -1, run);
    const inStart = Math.min(runLength(text, start, 1, run), sel.length);
    const outEnd = runLength(text, end, 1, run);
    const inEnd = Math.min(runLength(text, end, -1, run), sel.length);
    if (!runHolds(outStart + inStart, n, run) || !runHolds(outEnd + inEnd, n, run)) return null;
    if (sel.length >= 2 * n && inStart >= n && inEnd >= n) return { start, end, inner: [start + n, end - n] };
    if (outStart >= n && outEnd >= n) return { start: start - n, end: end + n, inner: [start, end] };
    return null;
  }
  const openInside = special ? new RegExp(`^(?:${special.source})`, special.flags).exec(sel)?.[0] : sel.startsWith(open) ? open : undefined;
  if (openInside !== undefined && sel.length >= openInside.length + close.length && sel.endsWith(close))
    return { start, end, inner: [start + openInside.length, end - close.length] };
  const before = text.slice(0, start);
  const openOutside = special
    ? new RegExp(`(?:${special.source})$`, special.flags).exec(before)?.[0]
    : before.endsWith(open)
      ? open
      : undefined;
  if (openOutside !== undefined && text.startsWith(close, end))
    return { start: start - openOutside.length, end: end + close.length, inner: [start, end] };
  return null;
}

function unwrap(state: TextState, found: NonNullable<Unwrap>): TextState {
  const { text } = state;
  const inner = text.slice(found.inner[0], found.inner[1]);
  const at = found.start;
  return { text: text.slice(0, at) + inner + text.slice(found.end), start: at, end: at + inner.length };
}

/** The selection without leading and trailing whitespace (marks hug the words), unless it is all whitespace. */
function hug(state: TextState): TextState {
  const sel = state.text.slice(state.start, state.end);
  if (!sel.trim()) return state;
  return { ...state, start: state.start + (sel.length - sel.trimStart().length), end: state.end - (sel.length - sel.trimEnd().length) };
}

function insertAround(state: TextState, open: string, close: string, select: 'selection' | number = 'selection'): TextState {
  const { text, start, end } = state;
  const next = text.slice(0, start) + open + text.slice(start, end) + close + text.slice(end);
  if (select === 'selection') return { text: next, start: start + open.length, end: end + open.length };
  return { text: next, start: select, end: select };
}

function wrap(mapping: MarkdownMapping, state: TextState, width: string): TextState | null {
  const s = hug(state);
  const [open, close] = pair(mapping.characters, width);
  if (mapping.id === 'link') {
    // Either form of a link with nothing filled in yet is toggled off.
    const found = findWrap(s.text, s.start, s.end, '[](', ')') ?? findWrap(s.text, s.start, s.end, open, close);
    if (found) return unwrap(s, found);
    const sel = s.text.slice(s.start, s.end);
    if (mapping.regex?.test(sel)) return insertAround(s, '[](', ')', s.start + 1);
    return insertAround(s, open, close, s.end + open.length + 2);
  }
  const found = findWrap(s.text, s.start, s.end, open, close, mapping.specialRemove);
  return found ? unwrap(s, found) : insertAround(s, open, close);
}

function video(mapping: MarkdownMapping, state: TextState): TextState | null {
  const s = hug(state);
  const [open, close] = pair(mapping.characters, '');
  const found = findWrap(s.text, s.start, s.end, open, close);
  if (found) return unwrap(s, found);
  const sel = s.text.slice(s.start, s.end);
  return sel && mapping.regex?.test(sel) ? insertAround(s, open, close) : null;
}

function lineStartOf(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** Headers: one more mark on the selection's first line, up to maxInstances. */
function lineStart(mapping: MarkdownMapping, state: TextState): TextState | null {
  const mark = typeof mapping.characters === 'string' ? mapping.characters : mapping.characters[0];
  const { text, start, end } = state;
  const at = lineStartOf(text, start);
  const have = runLength(text, at, 1, mark[0]!) / mark.length;
  if (have >= (mapping.maxInstances ?? 1)) return null;
  const insert = have > 0 || text[at] === ' ' ? mark : `${mark} `;
  return { text: text.slice(0, at) + insert + text.slice(at), start: start + insert.length, end: end + insert.length };
}

/** Lists and quotes: a mark on every selected line; off again when every line has one. */
function everyLineStart(mapping: MarkdownMapping, state: TextState): TextState {
  const mark = typeof mapping.characters === 'string' ? mapping.characters : mapping.characters[0];
  const has = mapping.regex ?? new RegExp(`^${mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ?`);
  const { text, start, end } = state;
  const from = lineStartOf(text, start);
  // A selection ending at the start of a line does not take that line in.
  const lastEnd = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const toNl = text.indexOf('\n', lastEnd);
  const to = toNl === -1 ? text.length : toNl;
  const lines = text.slice(from, to).split('\n');
  const filled = lines.filter((l) => l.trim() !== '');
  const remove = filled.length > 0 && filled.every((l) => has.test(l));
  const numbered = /^\d+\.$/.test(mark);
  let count = 0;
  const shifts: number[] = [];
  const out = lines.map((line) => {
    if (remove) {
      const cut = has.exec(line)?.[0].length ?? 0;
      shifts.push(-cut);
      return line.slice(cut);
    }
    // Blank lines between items stay blank; a single blank line (an empty editor) gets the mark.
    if ((line.trim() === '' && lines.length > 1) || has.test(line)) {
      shifts.push(0);
      return line;
    }
    const prefix = `${numbered ? `${++count}.` : mark} `;
    shifts.push(prefix.length);
    return prefix + line;
  });
  const first = shifts[0] ?? 0;
  const total = shifts.reduce((a, b) => a + b, 0);
  const next = text.slice(0, from) + out.join('\n') + text.slice(to);
  const newStart = Math.max(from, start + first);
  return { text: next, start: newStart, end: Math.max(newStart, end + total) };
}

/** What a mapping does to the text and selection; null when it does nothing (a video command on a non-video selection, a sixth header mark). */
export function applyMarkdown(mapping: MarkdownMapping, state: TextState, opts: MarkdownOptions = {}): TextState | null {
  const start = Math.max(0, Math.min(state.start, state.end, state.text.length));
  const end = Math.min(state.text.length, Math.max(state.start, state.end));
  const s = { text: state.text, start, end };
  switch (mapping.type) {
    case 'wrap':
      return wrap(mapping, s, String(opts.imageWidth ?? ''));
    case 'video':
      return video(mapping, s);
    case 'line start':
      return lineStart(mapping, s);
    case 'every line start':
      return everyLineStart(mapping, s);
  }
}

/** The smallest replacement that turns `before` into `after` (so undo and the host's model see one edit). */
export function textEdit(before: string, after: string): { start: number; end: number; text: string } {
  let p = 0;
  while (p < before.length && p < after.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && s < after.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  return { start: p, end: before.length - s, text: after.slice(p, after.length - s) };
}

// ---------------------------------------------------------------------------------------------
// API documents (validated against the schema by tests/unit/documents.test.ts)

/** AniList's own rendering of some markdown ('Exact preview'). */
export const renderMarkdownQuery = query<{ Markdown: { html: string | null } | null }, { markdown: string }>(
  `query ExactPreview($markdown: String!) { Markdown(markdown: $markdown) { html } }`,
  { lifetime: FRESH, auth: true },
);

/** Posts a status (a text activity). */
export const saveTextActivity = mutation<{ SaveTextActivity: { id: number } | null }, { text: string }>(
  `mutation SaveTextActivity($text: String) { SaveTextActivity(text: $text) { id } }`,
);

/** What 'Write status' says. */
export const STATUS_TEXTS = { failed: 'Failed to publish status.', published: 'Status published.' };
