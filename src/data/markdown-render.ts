import {
  Lexer,
  Parser,
  Tokenizer,
  getDefaults,
  type MarkedOptions,
  type RendererExtensionFunction,
  type TokenizerAndRendererExtension,
  type Tokens,
  type TokensList,
} from 'marked';
import { blockTokenizers, nested, withLinearRules } from './markdown-blocks';
import { lexInline } from './markdown-inline';

export { MAX_BLOCK_DEPTH } from './markdown-blocks';
export { MAX_INLINE_DEPTH, youtubeId } from './markdown-inline';

/**
 * AniList's markdown dialect (AniList host facts (d), see docs/host-facts.md) as an HTML string:
 * `marked` with the site's options (gfm, breaks) for the blocks, the dialect's block rules
 * (~~~centre~~~ and ~!spoiler!~ over several paragraphs, headers without a space), and our own
 * inline lexer (src/data/markdown-inline.ts) for everything inside a block, which marked's
 * renderer then writes. The output is NOT safe: every caller passes it through
 * src/panels/sanitize.ts. No DOM here.
 *
 * Bounded: any text renders in time linear in its length (issue 25: 10,000 characters within
 * 50 ms, 160,000 within 1 s on the bench), quotes, lists and the dialect's blocks nest at most
 * MAX_BLOCK_DEPTH deep and inline marks MAX_INLINE_DEPTH deep (deeper ones stay text), and
 * renderMarkdown never throws.
 */

const ESC: ReadonlyMap<string, string> = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
]);
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESC.get(c)!);
/** The site rewrites http: media to https:. */
const https = (url: string) => url.replace(/^http:\/\//i, 'https://');

// ---------------------------------------------------------------------------------------------
// Block level: marked's lexer, with the dialect's blocks and the nesting cap

/*
 * The closing line of a centre or spoiler block is searched once per run of the lexer, not from
 * every line that opens one: within one run (one tokens array) the texts a block tokenizer sees
 * are suffixes of one another, so where a search found its target, counted from the end of the
 * text, serves every later position until that target is passed.
 */
interface Memo {
  /** Where the search started and what it found, as distances from the end of the text (-1: nothing). */
  start: number;
  found: number;
}
const memos = new WeakMap<object, Map<string, Memo>>();

/** The index of the first match of the global `find` in `src` at or after `from`, or -1, memoised per run. */
function findFrom(run: object, key: string, src: string, from: number, find: RegExp): number {
  const start = src.length - from;
  let byKey = memos.get(run);
  if (!byKey) memos.set(run, (byKey = new Map()));
  const memo = byKey.get(key);
  if (memo && start <= memo.start) {
    if (memo.found === -1) return -1;
    if (memo.found <= start) return src.length - memo.found;
  }
  find.lastIndex = from;
  const at = find.exec(src)?.index ?? -1;
  byKey.set(key, { start, found: at === -1 ? -1 : src.length - at });
  return at;
}

/** `~~~` or `~!` at the start of the text, then its closing mark alone at the end of a line. */
function blockMark(src: string, run: object, open: string, close: RegExp, tail: RegExp): { inner: string; length: number } | null {
  if (!src.startsWith(open)) return null;
  const at = findFrom(run, open, src, open.length, close);
  if (at === -1) return null;
  tail.lastIndex = at;
  const end = tail.exec(src);
  return end ? { inner: src.slice(open.length, at), length: at + end[0].length } : null;
}

/**
 * A header the site's way: up to six marks at the start of a line (after at most three spaces),
 * no space needed after them, the closing marks and spaces dropped. Read by hand: the regular
 * expression it replaces (`#{1,6} *([^\n]+?) *#* *`) took 39 s on a line of 10,000 spaces and marks.
 */
function heading(src: string): { depth: number; text: string; raw: string } | null {
  let at = 0;
  while (at < 3 && src[at] === ' ') at++;
  let marks = 0;
  while (src[at + marks] === '#') marks++;
  if (marks === 0) return null;
  const lineEnd = src.indexOf('\n', at) === -1 ? src.length : src.indexOf('\n', at);
  let depth = Math.min(marks, 6);
  if (at + depth === lineEnd) {
    // Nothing after the marks: the last mark is the text ('##' is a header 1 reading '#').
    if (depth < 2) return null;
    depth--;
  }
  const text = headingText(src.slice(at + depth, lineEnd));
  let end = lineEnd;
  while (src[end] === '\n') end++;
  return { depth, text, raw: src.slice(0, end) };
}

/** The text after a header's marks: without leading spaces or closing marks, at least one character. */
function headingText(rest: string): string {
  let start = 0;
  while (rest[start] === ' ') start++;
  if (start === rest.length) return ' ';
  const text = rest.slice(start);
  let end = text.length;
  while (text[end - 1] === ' ') end--;
  while (text[end - 1] === '#') end--;
  while (text[end - 1] === ' ') end--;
  return text.slice(0, Math.max(1, end));
}

/** A block past the nesting cap: its text as written, in a paragraph. */
const asText = (raw: string): Tokens.Paragraph => ({
  type: 'paragraph',
  raw,
  text: raw,
  tokens: [{ type: 'text', raw, text: raw, escaped: false }],
});

const runOf = (tokens: unknown): object => (typeof tokens === 'object' && tokens !== null ? tokens : memos);

const spoilerHtml = (inner: string) =>
  `<span class="markdown-spoiler"><i class="hide-spoiler el-icon-circle-close"></i><span>${inner}</span></span>`;

const blockExtensions: TokenizerAndRendererExtension[] = [
  // ~~~centre~~~ on its own lines: may hold several paragraphs and images.
  {
    name: 'centerBlock',
    level: 'block',
    tokenizer(src, tokens) {
      const m = blockMark(src, runOf(tokens), '~~~', /~~~[ \t]*(?:\n|$)/g, /~~~[ \t]*(?:\n+|$)/y);
      if (!m) return undefined;
      const raw = src.slice(0, m.length);
      return nested(() => ({ type: 'centerBlock', raw, tokens: this.lexer.blockTokens(m.inner.trim(), []) })) ?? asText(raw);
    },
    renderer(token) {
      return `<center>${this.parser.parse(token.tokens ?? [])}</center>`;
    },
  },
  // A spoiler over several paragraphs (a blank line inside; otherwise it is an inline spoiler).
  {
    name: 'spoilerBlock',
    level: 'block',
    tokenizer(src, tokens) {
      const run = runOf(tokens);
      const m = blockMark(src, run, '~!', /!~[ \t]*(?:\n|$)/g, /!~[ \t]*(?:\n+|$)/y);
      if (!m) return undefined;
      const blank = findFrom(run, 'blank line', src, 2, /\n[ \t]*\n/g);
      if (blank === -1 || blank >= 2 + m.inner.length) return undefined;
      const raw = src.slice(0, m.length);
      return nested(() => ({ type: 'spoilerBlock', raw, tokens: this.lexer.blockTokens(m.inner.trim(), []) })) ?? asText(raw);
    },
    renderer(token) {
      return `<div class="markdown-spoiler"><span>${this.parser.parse(token.tokens ?? [])}</span></div>`;
    },
  },
  {
    name: 'heading',
    level: 'block',
    tokenizer(src) {
      const m = heading(src);
      return m ? { type: 'heading', raw: m.raw, depth: m.depth, text: m.text, tokens: this.lexer.inline(m.text) } : undefined;
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Inline level: our lexer (src/data/markdown-inline.ts) makes the tokens, these write the dialect's

const inlineRenderers: TokenizerAndRendererExtension[] = [
  {
    name: 'center',
    renderer(t) {
      return `<center>${this.parser.parseInline(t.tokens ?? [])}</center>`;
    },
  },
  {
    name: 'spoiler',
    renderer(t) {
      return spoilerHtml(this.parser.parseInline(t.tokens ?? []));
    },
  },
  { name: 'img', renderer: (t) => `<img width="${escapeHtml(String(t.width))}" src="${escapeHtml(https(String(t.href)))}">` },
  {
    name: 'youtube',
    renderer(t) {
      const id = escapeHtml(String(t.id));
      return `<span class="youtube" id="${id}"><span class="play"></span><img src="https://i.ytimg.com/vi/${id}/hqdefault.jpg"></span>`;
    },
  },
  {
    name: 'webm',
    renderer(t) {
      const url = https(String(t.href));
      return `<video muted loop controls><source src="${escapeHtml(url)}" type="${/\.mp4$/i.test(url) ? 'video/mp4' : 'video/webm'}"></video>`;
    },
  },
  { name: 'mention', renderer: (t) => `<a href="/user/${escapeHtml(String(t.name))}">@${escapeHtml(String(t.name))}</a>` },
];

/** marked's block lexer (with the linear paragraph rule when `linear`), then our inline lexer over every run of text it queued. */
function lexDocument<P = string, R = string>(src: string, options: MarkedOptions<P, R> | undefined, linear: boolean): TokensList {
  const lexer = new Lexer<P, R>(options);
  if (linear && options?.tokenizer) withLinearRules(options.tokenizer as unknown as Tokenizer);
  lexer.blockTokens(src, lexer.tokens);
  for (const { src: text, tokens } of lexer.inlineQueue)
    for (const token of lexInline(text, { links: lexer.tokens.links })) tokens.push(token);
  lexer.inlineQueue = [];
  return lexer.tokens;
}

// ---------------------------------------------------------------------------------------------
// After rendering

/** Domains the site strips from rendered markdown. */
const BLACKLIST = /doko\.moe|nyaa\.si|horriblesubs\.info|kissanime|9anime/gi;
const RAW_SPOILER = '<div rel="spoiler">';

/** Raw `<div rel="spoiler">…</div>` is a spoiler too (each up to the first `</div>` after it). */
function rawSpoilers(html: string): string {
  let out = '';
  let from = 0;
  for (let at = html.indexOf(RAW_SPOILER); at !== -1; at = html.indexOf(RAW_SPOILER, from)) {
    const close = html.indexOf('</div>', at + RAW_SPOILER.length);
    // No '</div>' after this one: none after a later one either.
    if (close === -1) break;
    out += `${html.slice(from, at)}<p>${spoilerHtml(html.slice(at + RAW_SPOILER.length, close))}</p>`;
    from = close + '</div>'.length;
  }
  return out + html.slice(from);
}

/**
 * marked's options for the dialect, as marked's `new Marked({ gfm, breaks, extensions, tokenizer })`
 * builds them (its Instance.ts, `use`): the blocks' tokenizers, the last one declared tried first;
 * the renderers by name; a tokenizer with our linear block rules (src/data/markdown-blocks.ts) in
 * place of marked's, or marked's own (which tests/unit/markdown-blocks.test.ts compares ours with).
 */
function dialectOptions(linear: boolean): MarkedOptions {
  const renderers: Record<string, RendererExtensionFunction> = Object.create(null) as Record<string, RendererExtensionFunction>;
  for (const extension of [...blockExtensions, ...inlineRenderers])
    if ('renderer' in extension) renderers[extension.name] = extension.renderer;
  const block = blockExtensions.flatMap((extension) => ('tokenizer' in extension ? [extension.tokenizer] : [])).reverse();
  const tokenizer = new Tokenizer();
  if (linear) Object.assign(tokenizer, blockTokenizers);
  return { ...getDefaults(), gfm: true, breaks: true, extensions: { renderers, childTokens: {}, block }, tokenizer };
}

/**
 * Markdown in the dialect → HTML, with our linear block rules or (`linear` false) marked's own:
 * marked's block lexer and our inline lexer (lexDocument), marked's parser, then the raw spoilers
 * and the blacklist. Throws what the lexers or the renderers throw.
 */
export function dialectRenderer(linear = true): (markdown: string) => string {
  const options = dialectOptions(linear);
  return (markdown) => {
    // A copy per text, as marked's parse makes: its parser sets a renderer of its own on it.
    const once = { ...options };
    return rawSpoilers(Parser.parse(lexDocument(markdown, once, linear), once)).replace(BLACKLIST, '');
  };
}

const render = dialectRenderer();

/**
 * Markdown in AniList's dialect → HTML (unsanitized: pass it through sanitizeHtml before showing
 * it). Never throws: should rendering fail all the same, the text comes back escaped, after a
 * line saying so.
 */
export function renderMarkdown(markdown: string): string {
  const text = markdown.replace(/\r\n?/g, '\n');
  try {
    return render(text);
  } catch (error) {
    return failedRender(text, error);
  }
}

/** What a failed render shows: that it failed, then the text as it is. */
export function failedRender(text: string, error: unknown): string {
  const reason = error instanceof Error ? error.message.split('\n', 1)[0]! : String(error);
  const lines = escapeHtml(text).replace(/\n/g, '<br>');
  return `<p class="vv-markdown-error">This text could not be rendered (${escapeHtml(reason)}); here it is as written.</p>\n<p>${lines}</p>\n`;
}
