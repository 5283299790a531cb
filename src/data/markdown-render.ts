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
 * The index of the first match of `find` in `src` at or after `from`, or -1: a global regular
 * expression, or a function for targets a regular expression cannot express in linear time. The
 * answer must depend only on the text from `from` on. `run` is the lexer's tokens array for this
 * run; a later call of the same run reuses the search when it can.
 */
function findFrom(run: object, key: string, src: string, from: number, find: RegExp | ((src: string, from: number) => number)): number {
  const start = src.length - from;
  // A short text is searched directly: no memo to allocate for the many tiny runs (a strong's word).
  if (start <= SHORT_TEXT) return search(src, from, find);
  let byKey = memos.get(run);
  if (!byKey) memos.set(run, (byKey = new Map()));
  const memo = byKey.get(key);
  if (memo && start <= memo.start) {
    if (memo.found === -1) return -1;
    if (memo.found <= start) return src.length - memo.found;
  }
  const at = search(src, from, find);
  const found = at === -1 ? -1 : src.length - at;
  if (memo) {
    memo.start = start;
    memo.found = found;
  } else byKey.set(key, { start, found });
  return at;
}

const SHORT_TEXT = 256;

function search(src: string, from: number, find: RegExp | ((src: string, from: number) => number)): number {
  if (typeof find === 'function') return find(src, from);
  find.lastIndex = from;
  return find.exec(src)?.index ?? -1;
}

const runOf = (tokens: unknown): object => (typeof tokens === 'object' && tokens !== null ? tokens : memos);

/**
 * `mark` + content + `mark` at the start of `src` (content at least `min` characters, the closing
 * mark followed by what `after` allows): the content and the length of the whole, or null.
 */
function delimited(
  src: string,
  run: object,
  key: string,
  open: string,
  min: number,
  closeRe: RegExp,
  tailRe: RegExp,
): { inner: string; length: number } | null {
  if (!src.startsWith(open)) return null;
  const close = findFrom(run, key, src, open.length + min, closeRe);
  if (close === -1) return null;
  tailRe.lastIndex = close;
  const tail = tailRe.exec(src);
  if (!tail) return null;
  return { inner: src.slice(open.length, close), length: close + tail[0].length };
}

const MEDIA_ARG_END = /[\s)]/g;

/** Where the argument of a media mark whose head ends at `from` ends (its ')'), or -1: at least one character, no space. */
function mediaArgEnd(src: string, run: object, from: number): number {
  const end = findFrom(run, 'media-arg', src, from, MEDIA_ARG_END);
  return end > from && src[end] === ')' ? end : -1;
}

/** `name(arg)` media: the head (`img 50%(`), then an argument without spaces or ')' and the ')'. */
function media(src: string, run: object, head: RegExp): { head: RegExpExecArray; arg: string; length: number } | null {
  const h = head.exec(src);
  if (!h) return null;
  const end = mediaArgEnd(src, run, h[0].length);
  if (end === -1) return null;
  return { head: h, arg: src.slice(h[0].length, end), length: end + 1 };
}

/*
 * Where plain text must stop so that a mark gets its turn. Only where a mark could really start:
 * a media head whose ')' never comes is skipped, or text full of unclosed heads (`img(` repeated)
 * would be cut into one token per head and cost a full lexer step each. Each kind's next valid
 * opening is memoised per run like every search.
 */
const CENTER_CLOSE = /~~~/g;
const SPOILER_CLOSE = /!~/g;
const MEDIA_HEAD = /(?:img\s?\d*%?\s?|youtube\s?|webm\s?)\(/gi;
/** Whether an opening can become its mark: 'yes', 'no' (but a later one might), 'never' (no later one can either). */
type Verdict = 'yes' | 'no' | 'never';
interface Opening {
  key: string;
  open: RegExp;
  valid(src: string, run: object, at: number, length: number): Verdict;
}

/*
 * Marks that open with '~' (center, spoiler) need no entry: marked's plain text already stops
 * before every '~', so each of them begins a step of the lexer by itself.
 */
const OPENINGS: Opening[] = [
  {
    key: 'open-media',
    open: MEDIA_HEAD,
    valid: (src, run, at, length) => {
      const end = findFrom(run, 'media-arg', src, at + length, MEDIA_ARG_END);
      if (end === -1) return 'never';
      return end > at + length && src[end] === ')' ? 'yes' : 'no';
    },
  },
  // A mention starts a word; at the very start of the text the character before is not known here.
  { key: 'open-mention', open: /(?:^|(?<=[\s>]))@[A-Za-z0-9_]/g, valid: () => 'yes' },
];

/** Per kind, the search for its next opening that could become its mark (made once: start runs at every step). */
const VALID_OPENINGS = OPENINGS.map((kind) => {
  const anyKey = `${kind.key}-any`;
  const find = (text: string, start: number): number => {
    for (let at = start; ;) {
      at = findFrom(currentRun, anyKey, text, at, kind.open);
      if (at === -1) return -1;
      kind.open.lastIndex = at;
      const length = kind.open.exec(text)?.[0].length ?? 1;
      const verdict = kind.valid(text, currentRun, at, length);
      if (verdict === 'yes') return at;
      if (verdict === 'never') return -1;
      at += 1;
    }
  };
  return { key: kind.key, find };
});

/**
 * The run the lexer is in. marked calls a start function without the run, but within one step it
 * calls our inline tokenizer first (with the run) and the start functions after it, on a suffix
 * of the same text; so the start search is memoised per run like every other (`findFrom`).
 */
let currentRun: object = memos;

function inlineStart(src: string): number | undefined {
  let first = -1;
  for (let i = 0; i < VALID_OPENINGS.length; i++) {
    const kind = VALID_OPENINGS[i]!;
    const at = findFrom(currentRun, kind.key, src, 0, kind.find);
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  return first === -1 ? undefined : first;
}

/** An inline mark of the dialect: how it is recognised at the start of the text, and rendered. */
interface InlineMark {
  name: string;
  /** The characters it may start with (its first-character check, before any regular expression runs). */
  first: string;
  match: (src: string, run: object) => { length: number } | null;
  make: (m: never, self: TokenizerThis, prev: Tokens.Generic | undefined) => Fields | undefined;
  render: (token: Tokens.Generic, parse: (tokens: Tokens.Generic[]) => string) => string;
}

const mark = <M>(
  name: string,
  first: string,
  match: (src: string, run: object) => (M & { length: number }) | null,
  make: (m: M, self: TokenizerThis, prev: Tokens.Generic | undefined) => Fields | undefined,
  render: InlineMark['render'],
): InlineMark => ({ name, first, match, make: make as InlineMark['make'], render });

/**
 * All inline marks as one marked extension: marked calls every inline extension at every step of
 * the text (allocating a context for each), so six extensions cost six calls per character run;
 * one tokenizer that looks at the first character costs one. Each mark keeps its own renderer.
 */
function inlineMarks(marks: InlineMark[]): TokenizerAndRendererExtension[] {
  const byFirst = new Map<string, InlineMark[]>();
  for (const m of marks) for (const c of m.first) byFirst.set(c, [...(byFirst.get(c) ?? []), m]);
  const tokenizer: TokenizerAndRendererExtension = {
    name: 'inlineMarks',
    level: 'inline',
    start: inlineStart,
    tokenizer(src, tokens) {
      currentRun = runOf(tokens);
      const candidates = byFirst.get(src[0] ?? '');
      if (!candidates) return undefined;
      for (const m of candidates) {
        const found = m.match(src, currentRun);
        if (!found) continue;
        const fields = m.make(found as never, this, (tokens as Tokens.Generic[]).at(-1));
        if (fields) return { type: m.name, raw: src.slice(0, found.length), ...fields };
      }
      return undefined;
    },
  };
  const renderers = marks.map((m): TokenizerAndRendererExtension => ({
    name: m.name,
    renderer(token) {
      return m.render(token, (children) => this.parser.parseInline(children));
    },
  }));
  return [tokenizer, ...renderers];
}

const spoilerHtml = (inner: string) =>
  `<span class="markdown-spoiler"><i class="hide-spoiler el-icon-circle-close"></i><span>${inner}</span></span>`;

const blockExtensions: TokenizerAndRendererExtension[] = [
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
];

const inlineExtensions: TokenizerAndRendererExtension[] = [
  ...inlineMarks([
    mark(
      'center',
      '~',
      (src, run) => delimited(src, run, 'center', '~~~', 1, CENTER_CLOSE, /~~~/y),
      (m, self) => ({ tokens: self.lexer.inlineTokens(m.inner.trim(), []) }),
      (t, parse) => `<center>${parse(t.tokens ?? [])}</center>`,
    ),
    mark(
      'spoiler',
      '~',
      (src, run) => delimited(src, run, 'spoiler', '~!', 1, SPOILER_CLOSE, /!~/y),
      (m, self) => ({ tokens: self.lexer.inlineTokens(m.inner, []) }),
      (t, parse) => spoilerHtml(parse(t.tokens ?? [])),
    ),
    mark(
      'img',
      'iI',
      (src, run) => media(src, run, /^img\s?(\d+%?)?\s?\(/i),
      (m) => ({ width: m.head[1] ?? '', href: m.arg }),
      (t) => `<img width="${attr(String(t.width))}" src="${attr(https(String(t.href)))}">`,
    ),
    mark(
      'youtube',
      'yY',
      (src, run) => media(src, run, /^youtube\s?\(/i),
      (m) => {
        const id = youtubeId(m.arg);
        return id ? { id } : undefined;
      },
      (t) => {
        const id = attr(String(t.id));
        return `<span class="youtube" id="${id}"><span class="play"></span><img src="https://i.ytimg.com/vi/${id}/hqdefault.jpg"></span>`;
      },
    ),
    mark(
      'webm',
      'wW',
      (src, run) => media(src, run, /^webm\s?\(/i),
      (m) => ({ href: m.arg }),
      (t) => {
        const url = https(String(t.href));
        return `<video muted loop controls><source src="${attr(url)}" type="${/\.mp4$/i.test(url) ? 'video/mp4' : 'video/webm'}"></video>`;
      },
    ),
    // @name links to the profile when it starts a word (not inside a link's text).
    mark(
      'mention',
      '@',
      (src) => {
        const m = /^@([A-Za-z0-9_]+)/.exec(src);
        return m && { name: m[1]!, length: m[0].length };
      },
      (m, self, prev) => (!self.lexer.state.inLink && (!prev || /[\s>]$/.test(prev.raw)) ? { name: m.name } : undefined),
      (t) => `<a href="/user/${attr(String(t.name))}">@${attr(String(t.name))}</a>`,
    ),
  ]),
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

/** A renderer with the dialect's block rules, strikethrough and hooks, and its inline marks when asked. */
const createMarked = (extensions: TokenizerAndRendererExtension[]) =>
  new Marked({
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

/*
 * Two renderers: marked runs every inline extension (and its start function) at every step of
 * the text, which costs as much again as the text itself; a document in which no inline mark can
 * occur (no '@', no '~~~' pair, no '~!' with a '!~' after it, no media head with a ')' anywhere
 * after it) is rendered without them. The check is a superset: a document that might hold one
 * takes the full renderer.
 */
const full = createMarked([...blockExtensions, ...inlineExtensions]);
const lean = createMarked(blockExtensions);

function mayHoldInlineMarks(text: string): boolean {
  if (/@[A-Za-z0-9_]/.test(text)) return true;
  const center = text.indexOf('~~~');
  if (center !== -1 && text.indexOf('~~~', center + 3) !== -1) return true;
  const spoiler = text.indexOf('~!');
  if (spoiler !== -1 && text.indexOf('!~', spoiler + 2) !== -1) return true;
  const head = text.search(MEDIA_HEAD);
  return head !== -1 && text.indexOf(')', head) !== -1;
}

/** Markdown in AniList's dialect → HTML (unsanitized: pass it through sanitizeHtml before showing it). */
export function renderMarkdown(markdown: string, options: { everyMark?: boolean } = {}): string {
  const text = markdown.replace(/\r\n?/g, '\n');
  documentHas.center = text.includes('~~~');
  // `everyMark` always takes the full renderer (tests compare it with the choice made here).
  return (options.everyMark || mayHoldInlineMarks(text) ? full : lean).parse(text, { async: false });
}
