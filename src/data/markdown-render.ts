import { Marked, type TokenizerAndRendererExtension, type TokenizerThis, type Tokens } from 'marked';
import { YOUTUBE_LINK } from './markdown';

/**
 * AniList's markdown dialect (AniList host facts (d), see docs/host-facts.md) as an HTML string: `marked` with
 * the site's options (gfm, breaks) plus extensions for img{width}(url), youtube(...), webm(...),
 * ~!spoiler!~, ~~~center~~~, headers without a space and @mentions. The output is NOT safe:
 * every caller passes it through src/panels/sanitize.ts. No DOM here.
 */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const attr = (value: string) => value.replace(/[&<>"']/g, (c) => ESC[c]!);
/** The site rewrites http: media to https:. */
const https = (url: string) => url.replace(/^http:\/\//i, 'https://');

/** The video id of a youtube(...) argument: a watch, embed, shorts or youtu.be link, or a bare id. */
export function youtubeId(input: string): string | null {
  const value = input.trim();
  if (/^[\w-]{10,15}$/.test(value)) return value;
  return YOUTUBE_LINK.exec(value)?.[1] ?? null;
}

type Fields = Omit<Tokens.Generic, 'type' | 'raw'>;

/*
 * Linear time. Marked hands an extension the rest of the text at each place it may apply, so a
 * closing mark searched to the end at every opening one is quadratic: 160,000 characters of
 * `~!a ` took seconds. Two things keep every input linear:
 * - one search per run: within one run of the lexer (one tokens array) the texts an extension sees
 *   are suffixes of one another, so where a search found its target, counted from the end of the
 *   text, serves every later position until that target is passed (`findFrom`);
 * - one start function for all inline extensions: marked asks each extension where it could start
 *   after every piece of plain text; separate searches for marks that never occur ran to the end
 *   each time.
 */

interface Memo {
  /** Where the search started and what it found, as distances from the end of the text (-1: nothing). */
  start: number;
  found: number;
}
const memos = new WeakMap<object, Map<string, Memo>>();

/**
 * The index of the first match of `re` (global) in `src` at or after `from`, or -1. `run` is the
 * lexer's tokens array for this run; a later call of the same run reuses the search when it can.
 */
function findFrom(run: object, key: string, src: string, from: number, re: RegExp): number {
  let byKey = memos.get(run);
  if (!byKey) memos.set(run, (byKey = new Map()));
  const start = src.length - from;
  const memo = byKey.get(key);
  if (memo && start <= memo.start) {
    if (memo.found === -1) return -1;
    if (memo.found <= start) return src.length - memo.found;
  }
  re.lastIndex = from;
  const at = re.exec(src)?.index ?? -1;
  byKey.set(key, { start, found: at === -1 ? -1 : src.length - at });
  return at;
}

const runOf = (tokens: unknown): object => (typeof tokens === 'object' && tokens !== null ? tokens : memos);

/**
 * `mark` + content + `mark` at the start of `src` (content at least `min` characters, the closing
 * mark followed by what `after` allows): the content and the length of the whole, or null.
 */
function delimited(src: string, run: object, key: string, open: string, min: number, closeRe: RegExp, tailRe: RegExp): { inner: string; length: number } | null {
  if (!src.startsWith(open)) return null;
  const close = findFrom(run, key, src, open.length + min, closeRe);
  if (close === -1) return null;
  tailRe.lastIndex = close;
  const tail = tailRe.exec(src);
  if (!tail) return null;
  return { inner: src.slice(open.length, close), length: close + tail[0].length };
}

/** `name(arg)` media: the head (`img 50%(`), then an argument without spaces or ')' and the ')'. */
function media(src: string, run: object, head: RegExp): { head: RegExpExecArray; arg: string; length: number } | null {
  const h = head.exec(src);
  if (!h) return null;
  // The argument is at least one character up to the first space or ')', which must be a ')'.
  const end = findFrom(run, 'media-arg', src, h[0].length, /[\s)]/g);
  if (end <= h[0].length || src[end] !== ')') return null;
  return { head: h, arg: src.slice(h[0].length, end), length: end + 1 };
}

/** Every inline extension's opening mark: where plain text must stop so that they get their turn. */
const INLINE_START = /~~~|~!|img\s?\d*%?\s?\(|youtube\s?\(|webm\s?\(|@[A-Za-z0-9]/i;

function inline(
  name: string,
  match: (src: string, run: object) => { length: number } | null,
  make: (m: never, self: TokenizerThis, prev: Tokens.Generic | undefined) => Fields | undefined,
  render: (token: Tokens.Generic, parse: (tokens: Tokens.Generic[]) => string) => string,
  start?: RegExp,
): TokenizerAndRendererExtension {
  return {
    name,
    level: 'inline',
    ...(start && {
      start: (src: string) => {
        const i = src.search(start);
        return i === -1 ? undefined : i;
      },
    }),
    tokenizer(src, tokens) {
      const m = match(src, runOf(tokens));
      if (!m) return undefined;
      const fields = make(m as never, this, (tokens as Tokens.Generic[]).at(-1));
      return fields && { type: name, raw: src.slice(0, m.length), ...fields };
    },
    renderer(token) {
      return render(token, (tokens) => this.parser.parseInline(tokens));
    },
  };
}

const spoilerHtml = (inner: string) => `<span class="markdown-spoiler"><i class="hide-spoiler el-icon-circle-close"></i><span>${inner}</span></span>`;

type Delimited = { inner: string; length: number };
type Media = { head: RegExpExecArray; arg: string; length: number };

const extensions: TokenizerAndRendererExtension[] = [
  // ~~~centre~~~ on its own lines: may hold several paragraphs and images.
  {
    name: 'centerBlock',
    level: 'block',
    start: (src) => {
      if (!documentHas.center) return undefined;
      const i = src.search(/(?:^|\n)~~~/);
      return i === -1 ? undefined : i + (src[i] === '\n' ? 1 : 0);
    },
    tokenizer(src, tokens) {
      const m = delimited(src, runOf(tokens), 'centerBlock', '~~~', 0, /~~~[ \t]*(?:\n|$)/g, /~~~[ \t]*(?:\n+|$)/y);
      return m ? { type: 'centerBlock', raw: src.slice(0, m.length), tokens: this.lexer.blockTokens(m.inner.trim(), []) } : undefined;
    },
    renderer(token) {
      return `<center>${this.parser.parse(token.tokens ?? [])}</center>`;
    },
  },
  // A spoiler over several paragraphs.
  {
    name: 'spoilerBlock',
    level: 'block',
    tokenizer(src, tokens) {
      const m = delimited(src, runOf(tokens), 'spoilerBlock', '~!', 1, /!~[ \t]*(?:\n|$)/g, /!~[ \t]*(?:\n+|$)/y);
      if (!m || !/\n[ \t]*\n/.test(m.inner)) return undefined;
      return { type: 'spoilerBlock', raw: src.slice(0, m.length), tokens: this.lexer.blockTokens(m.inner.trim(), []) };
    },
    renderer(token) {
      return `<div class="markdown-spoiler"><span>${this.parser.parse(token.tokens ?? [])}</span></div>`;
    },
  },
  // Headers, the site's way: up to ###### and no space needed after the marks.
  {
    name: 'heading',
    level: 'block',
    tokenizer(src) {
      const m = /^ {0,3}(#{1,6}) *([^\n]+?) *#* *(?:\n+|$)/.exec(src);
      if (!m) return undefined;
      return { type: 'heading', raw: m[0], depth: m[1]!.length, text: m[2]!, tokens: this.lexer.inline(m[2]!) };
    },
  },
  inline(
    'center',
    (src, run) => delimited(src, run, 'center', '~~~', 1, /~~~/g, /~~~/y),
    (m: Delimited, self) => ({ tokens: self.lexer.inlineTokens(m.inner.trim(), []) }),
    (t, parse) => `<center>${parse(t.tokens ?? [])}</center>`,
    INLINE_START,
  ),
  inline(
    'spoiler',
    (src, run) => delimited(src, run, 'spoiler', '~!', 1, /!~/g, /!~/y),
    (m: Delimited, self) => ({ tokens: self.lexer.inlineTokens(m.inner, []) }),
    (t, parse) => spoilerHtml(parse(t.tokens ?? [])),
  ),
  inline(
    'img',
    (src, run) => media(src, run, /^img\s?(\d+%?)?\s?\(/i),
    (m: Media) => ({ width: m.head[1] ?? '', href: m.arg }),
    (t) => `<img width="${attr(String(t.width))}" src="${attr(https(String(t.href)))}">`,
  ),
  inline(
    'youtube',
    (src, run) => media(src, run, /^youtube\s?\(/i),
    (m: Media) => {
      const id = youtubeId(m.arg);
      return id ? { id } : undefined;
    },
    (t) => {
      const id = attr(String(t.id));
      return `<span class="youtube" id="${id}"><span class="play"></span><img src="https://i.ytimg.com/vi/${id}/hqdefault.jpg"></span>`;
    },
  ),
  inline(
    'webm',
    (src, run) => media(src, run, /^webm\s?\(/i),
    (m: Media) => ({ href: m.arg }),
    (t) => {
      const url = https(String(t.href));
      return `<video muted loop controls><source src="${attr(url)}" type="${/\.mp4$/i.test(url) ? 'video/mp4' : 'video/webm'}"></video>`;
    },
  ),
  // @name links to the profile when it starts a word (not inside a link's text).
  inline(
    'mention',
    (src) => {
      const m = /^@([A-Za-z0-9_]+)/.exec(src);
      return m && { name: m[1]!, length: m[0].length };
    },
    (m: { name: string }, self, prev) => (!self.lexer.state.inLink && (!prev || /[\s>]$/.test(prev.raw)) ? { name: m.name } : undefined),
    (t) => `<a href="/user/${attr(String(t.name))}">@${attr(String(t.name))}</a>`,
  ),
];

/*
 * Strikethrough, AniList's way and in linear time: only `~~text~~` (a single `~` is plain text on
 * the site), the opening pair followed and the closing pair preceded by something other than a
 * space or `~`. marked's own rule also takes single tildes and searches to the end from every
 * one of them: 160,000 characters of `~!a ` took most of a second. The closing pair is found
 * once per run of the lexer: marked passes every step of a run the same masked text, and where a
 * search found its closer, counted from the end, serves every later opener until it is passed.
 */
const DEL_CLOSE = /(?<=[^\s~])~~(?!~)/g;
let delMemo: { masked: string; start: number; found: number } | null = null;

function delCloser(src: string, masked: string): number {
  // Where `src` starts inside the run's text, and the first place a closer may be (one character of content).
  const offset = masked.length - src.length;
  const from = offset + 3;
  const start = masked.length - from;
  if (delMemo && delMemo.masked === masked && start <= delMemo.start) {
    if (delMemo.found === -1) return -1;
    if (delMemo.found <= start) return masked.length - delMemo.found - offset;
  }
  DEL_CLOSE.lastIndex = from;
  const at = DEL_CLOSE.exec(masked)?.index ?? -1;
  delMemo = { masked, start, found: at === -1 ? -1 : masked.length - at };
  return at === -1 ? -1 : at - offset;
}

/** What the document being rendered contains at all (set by renderMarkdown), so that a block start never searches for nothing. */
const documentHas = { center: true };

/** Domains the site strips from rendered markdown. */
const BLACKLIST = /doko\.moe|nyaa\.si|horriblesubs\.info|kissanime|9anime/gi;

const marked = new Marked({
  gfm: true,
  breaks: true,
  extensions,
  tokenizer: {
    del(src, maskedSrc) {
      if (!src.startsWith('~~') || src.length < 5 || /[\s~]/.test(src[2]!)) return undefined;
      // The masked text is the run's whole text: src is its tail (marked masks only, never shifts).
      const masked = maskedSrc.length >= src.length ? maskedSrc : src;
      const close = delCloser(src, masked);
      if (close === -1) return undefined;
      const text = src.slice(2, close);
      return { type: 'del', raw: src.slice(0, close + 2), text, tokens: this.lexer.inlineTokens(text) };
    },
  },
  hooks: {
    postprocess: (html) =>
      html
        // Raw `<div rel="spoiler">` is a spoiler too.
        .replace(/<div rel="spoiler">([\s\S]*?)<\/div>/g, (_m, inner: string) => `<p>${spoilerHtml(inner)}</p>`)
        .replace(BLACKLIST, ''),
  },
});

/** Markdown in AniList's dialect → HTML (unsanitized: pass it through sanitizeHtml before showing it). */
export function renderMarkdown(markdown: string): string {
  const text = markdown.replace(/\r\n?/g, '\n');
  documentHas.center = text.includes('~~~');
  return marked.parse(text, { async: false });
}
