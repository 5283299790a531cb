import type { Links, Token, Tokens } from 'marked';
import { YOUTUBE_LINK } from './markdown';

/**
 * The inline half of AniList's markdown dialect, in one linear pass: what marked's inline
 * tokenizers do (emphasis, strikethrough, links and images, code spans, raw HTML, autolinks, line
 * breaks, escapes) plus the dialect's marks (~!spoiler!~, ~~~centre~~~, img(...), youtube(...),
 * webm(...), @mentions), as marked's own token types, which marked's renderer then writes.
 *
 * Why not marked's: its inline tokenizers look for a closing mark from every opening one (regular
 * expressions searching to the end of the text), so runs like `_a_a_a`, `**[`, `!!!` or `a~!`
 * cost the square of their length, and nested emphasis re-reads its text at every level. Here
 * every character is read a bounded number of times:
 * - delimiters (`*`, `_`, `~~`) and brackets are matched the CommonMark way, with a stack, when
 *   their closing side is reached (the spec's "process emphasis" and "look for link or image");
 * - a code span's closing run is found in a table of backtick runs built once per run of text;
 * - searches for a dialect mark's closer (`!~`, `~~~`, a media argument's `)`) only move forward;
 * - an HTML tag's attributes are read once whichever `<` started reading them.
 * Nesting is capped at MAX_INLINE_DEPTH: deeper marks stay as the text they are.
 * Pure: no DOM, and it never throws on any input.
 */

/** Inline nesting (emphasis, strikethrough, links, images, spoilers, centres) kept as marks; deeper ones stay text. */
export const MAX_INLINE_DEPTH = 32;

// ---------------------------------------------------------------------------------------------
// The nodes of one run of text: a doubly linked list, so that wrapping a stretch of it into a
// mark (emphasis, a link) is a constant-time splice.

interface NodeBase {
  prev: Node | null;
  next: Node | null;
}
/** Literal text: a piece of the source (`raw`). */
interface TextNode extends NodeBase {
  kind: 'text';
  raw: string;
  mode: TextMode;
}
/** A finished token (a code span, a tag, a media mark...). */
interface TokenNode extends NodeBase {
  kind: 'token';
  token: Token;
}
/** An autolink: a link unless it ends up inside a link's text, where it is text. */
interface LinkLikeNode extends NodeBase {
  kind: 'linkLike';
  token: Token;
  raw: string;
}
/** A run of `*`, `_` or `~~` that may open or close a mark; its unused characters are text. */
interface DelimNode extends NodeBase {
  kind: 'delim';
  char: string;
  /** Characters still unused, and the run's length as written (for the rule of three). */
  count: number;
  length: number;
  canOpen: boolean;
  canClose: boolean;
  /** Where the unused characters are in the source. */
  start: number;
  end: number;
  /** The delimiter stack. */
  below: DelimNode | null;
  above: DelimNode | null;
}
/** `[` or `![`, until its `]` decides whether it opens a link. */
interface BracketNode extends NodeBase {
  kind: 'bracket';
  image: boolean;
  /** Source index just after the bracket. */
  after: number;
}
/** A mark holding other nodes: emphasis, strikethrough, a link, an image, a spoiler, a centre. */
interface WrapNode extends NodeBase {
  kind: 'wrap';
  token: Tokens.Generic;
  first: Node | null;
  last: Node | null;
  /** Its marks as written: what is shown instead when it is nested too deeply. */
  open: string;
  close: string;
}
type Node = TextNode | TokenNode | LinkLikeNode | DelimNode | BracketNode | WrapNode;

class NodeList {
  first: Node | null = null;
  last: Node | null = null;

  append(node: Node): void {
    node.prev = this.last;
    node.next = null;
    if (this.last) this.last.next = node;
    else this.first = node;
    this.last = node;
  }

  remove(node: Node): void {
    if (node.prev) node.prev.next = node.next;
    else this.first = node.next;
    if (node.next) node.next.prev = node.prev;
    else this.last = node.prev;
    node.prev = node.next = null;
  }

  /** Moves the nodes strictly between `from` and `to` into `wrap`, which takes their place. */
  wrapBetween(from: Node | null, to: Node | null, wrap: WrapNode): void {
    const first = from ? from.next : this.first;
    const last = to ? to.prev : this.last;
    if (first && last && first !== to) {
      wrap.first = first;
      wrap.last = last;
      first.prev = null;
      last.next = null;
    } else {
      wrap.first = wrap.last = null;
    }
    wrap.prev = from;
    wrap.next = to;
    if (from) from.next = wrap;
    else this.first = wrap;
    if (to) to.prev = wrap;
    else this.last = wrap;
  }
}

// ---------------------------------------------------------------------------------------------
// Characters

const isAsciiPunct = (c: string) => /^[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]$/.test(c);
const UNICODE_PUNCT = /^[\p{P}\p{S}]$/u;
const UNICODE_SPACE = /^\s$/u;

/** The character before index `i` (a whole code point), or '' at the start. */
function charBefore(src: string, i: number, start: number): string {
  if (i <= start) return '';
  const low = src.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i - 2 >= start) return src.slice(i - 2, i);
  return src[i - 1]!;
}

/** The character at index `i` (a whole code point), or '' at the end. */
function charAt(src: string, i: number, end: number): string {
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
function flanking(before: string, after: string, char: string): { canOpen: boolean; canClose: boolean } {
  if (char === '~') return { canOpen: !isSpace(after), canClose: !isSpace(before) };
  const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
  const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
  if (char === '*') return { canOpen: left, canClose: right };
  return { canOpen: left && (!right || isPunct(before)), canClose: right && (!left || isPunct(after)) };
}

/** Characters of an email address's local part, and its domain, as marked's GFM autolinks read them. */
const EMAIL_LOCAL = /[A-Za-z0-9._+-]/;
const EMAIL_DOMAIN = /[a-zA-Z0-9-_]+(?:\.[a-zA-Z0-9-_]*[a-zA-Z0-9])+(?![\w-])/y;
/**
 * Where something other than plain text may start: the marks' characters, media heads and URL
 * starts. Plain text up to there is taken at once.
 */
const NEXT_SPECIAL = /[\\`<[\]!*_~\n]|img|youtube|webm|https?:\/\/|ftp:\/\/|www\./gi;
const AUTOLINK_EMAIL =
  /[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+(?![-_])>/y;
const AUTOLINK_SCHEME = /[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s\x00-\x1f<>]*>/y;
const URL_START = /(?:[hH][tT][tT][pP][sS]?|[fF][tT][pP]):\/\/[a-zA-Z0-9-]/y;
const MEDIA_HEAD = /(?:img\s?(\d+%?)?\s?|youtube\s?|webm\s?)\(/iy;
const TAG_NAME = /[a-zA-Z][a-zA-Z0-9-]*/y;
const ATTRIBUTE_NAME = /[a-zA-Z:_][\w.:-]*/y;
const UNQUOTED_VALUE = /[^\s"'=<>`]+/y;
const SPACES = /\s*/y;

/** The end of a sticky pattern's match at `at`, or -1. */
function matchEnd(re: RegExp, src: string, at: number): number {
  re.lastIndex = at;
  return re.test(src) ? re.lastIndex : -1;
}

// ---------------------------------------------------------------------------------------------
// Text as marked writes it

const NUMERIC_REFERENCE = /&#(?:(\d{1,7})|[Xx]([A-Fa-f0-9]{1,6}));|&(?!(?:#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/g;

/** Numeric character references as the characters they name (marked's text tokens). */
const HAS_NUMERIC_REFERENCE = /&#(?:\d{1,7}|[Xx][A-Fa-f0-9]{1,6});/;

function decodeNumericReferences(text: string): string {
  if (!HAS_NUMERIC_REFERENCE.test(text)) return text;
  return text.replace(NUMERIC_REFERENCE, (ref: string, dec?: string, hex?: string) => {
    if (dec === undefined && hex === undefined) return '&amp;';
    const code = dec === undefined ? Number.parseInt(hex!, 16) : Number.parseInt(dec, 10);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return code === 38 ? '&amp;' : String.fromCodePoint(code);
  });
}

/** A link label as definitions are keyed (marked's normalizeLabel). */
function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase().toLowerCase();
}

const unescapePunct = (text: string) => text.replace(/\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g, '$1');

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
class ForwardSearch {
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

const indexOfFinder = (needle: string) => (src: string, from: number) => src.indexOf(needle, from);
const regexFinder = (re: RegExp) => (src: string, from: number) => {
  re.lastIndex = from;
  return re.exec(src)?.index ?? -1;
};

/** The backtick runs of a text, each with the next run of the same length (a code span's closer). */
class BacktickRuns {
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
interface EmailSpan {
  start: number;
  end: number;
  protocol: boolean;
}

/**
 * Every email address in the text, found from its '@': the whole local part before it, the
 * domain after it. Local parts end at the '@' before them, so each character is read once.
 */
function emailSpans(src: string): EmailSpan[] {
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

// ---------------------------------------------------------------------------------------------
// The lexer of one run

export interface InlineOptions {
  /** Link reference definitions of the document. */
  links: Links;
}

interface Range {
  start: number;
  end: number;
  /** The last character that is not whitespace (a line break before only whitespace is text). */
  lastContent: number;
}

/** Lexes one run of inline text (a paragraph's, a heading's, a table cell's) into marked tokens. */
export function lexInline(src: string, options: InlineOptions): Token[] {
  return new InlineLexer(src, options).run();
}

class InlineLexer {
  private readonly spoilerClose: ForwardSearch;
  private readonly centerClose: ForwardSearch;
  private readonly mediaArgEnd: ForwardSearch;
  private readonly commentEnd: ForwardSearch;
  private readonly piEnd: ForwardSearch;
  private readonly cdataEnd: ForwardSearch;
  private readonly tagClose: ForwardSearch;
  /** Where plain text may end (NEXT_SPECIAL); where a URL must end (whitespace, '<'); the next ')'. */
  readonly special: ForwardSearch;
  readonly urlStop: ForwardSearch;
  readonly closeParen: ForwardSearch;
  /** Attribute lists already read: where reading resumed → where the tag ends (-1: no tag). */
  private readonly attributesRead = new Map<number, number>();
  /** Email addresses of the text, in order: [start, end, protocol] (computed once). */
  readonly emails: EmailSpan[];
  /** Inside raw `<a ...>` HTML: no mentions or autolinks. Inside `<pre>`, `<code>`...: text as written. */
  private inHtmlLink = false;
  private inRawHtml = false;
  /** Ranges within the nesting cap: spoilers and centres lex their content as a range of its own. */
  private depth = 0;

  constructor(
    private readonly src: string,
    private readonly options: InlineOptions,
  ) {
    this.spoilerClose = new ForwardSearch(src, indexOfFinder('!~'));
    this.centerClose = new ForwardSearch(src, indexOfFinder('~~~'));
    this.mediaArgEnd = new ForwardSearch(src, regexFinder(/[\s)]/g));
    this.commentEnd = new ForwardSearch(src, indexOfFinder('-->'));
    this.piEnd = new ForwardSearch(src, indexOfFinder('?>'));
    this.cdataEnd = new ForwardSearch(src, indexOfFinder(']]>'));
    this.tagClose = new ForwardSearch(src, indexOfFinder('>'));
    this.special = new ForwardSearch(src, regexFinder(NEXT_SPECIAL));
    this.urlStop = new ForwardSearch(src, regexFinder(/[\s<]/g));
    this.closeParen = new ForwardSearch(src, indexOfFinder(')'));
    this.emails = emailSpans(src);
  }

  run(): Token[] {
    const nodes = this.lexRange(0, this.src.length);
    return materialize(nodes.first);
  }

  /** Lexes src[start, end) into nodes, with its own delimiters and brackets. */
  private lexRange(start: number, end: number): NodeList {
    let lastContent = end - 1;
    while (lastContent >= start && /\s/.test(this.src[lastContent]!)) lastContent--;
    return new RangeLexer(this, this.src, { start, end, lastContent }).lex();
  }

  /** A spoiler or centre: its content lexed as a range of its own, within the nesting cap. */
  lexContainer(start: number, end: number): NodeList | null {
    if (this.depth >= MAX_INLINE_DEPTH) return null;
    this.depth++;
    try {
      return this.lexRange(start, end);
    } finally {
      this.depth--;
    }
  }

  get links(): Links {
    return this.options.links;
  }

  get htmlLink(): boolean {
    return this.inHtmlLink;
  }

  get rawHtml(): boolean {
    return this.inRawHtml;
  }

  /** How text met now is written (see TextMode). */
  get textMode(): TextMode {
    if (this.inRawHtml) return 'raw html';
    return this.inHtmlLink ? 'html link' : 'text';
  }

  spoilerCloseFrom(from: number): number {
    return this.spoilerClose.next(from);
  }

  centerCloseFrom(from: number): number {
    return this.centerClose.next(from);
  }

  mediaArgEndFrom(from: number): number {
    return this.mediaArgEnd.next(from);
  }

  /** The end of the raw HTML (a tag, a comment...) starting at the '<' at `at`, or -1. */
  htmlEnd(at: number, end: number): number {
    const src = this.src;
    const next = src[at + 1];
    if (next === '!') return this.specialHtmlEnd(at, end);
    if (next === '?') return this.endAfter(this.piEnd.next(at + 2), 2, end);
    if (next === '/') {
      const name = matchEnd(TAG_NAME, src, at + 2);
      if (name === -1) return -1;
      const close = matchEnd(SPACES, src, name);
      return src[close] === '>' && close < end ? close + 1 : -1;
    }
    const name = matchEnd(TAG_NAME, src, at + 1);
    return name === -1 ? -1 : this.attributesEnd(name, end);
  }

  /** Comments, CDATA and declarations. */
  private specialHtmlEnd(at: number, end: number): number {
    const src = this.src;
    if (src.startsWith('<!--', at)) {
      if (src[at + 4] === '>') return at + 5;
      if (src.startsWith('->', at + 4)) return at + 6;
      return this.endAfter(this.commentEnd.next(at + 4), 3, end);
    }
    if (src.startsWith('<![CDATA[', at)) return this.endAfter(this.cdataEnd.next(at + 9), 3, end);
    const letters = matchEnd(/[a-zA-Z]+/y, src, at + 2);
    if (letters === -1 || !/\s/.test(src[letters] ?? '')) return -1;
    return this.endAfter(this.tagClose.next(letters), 1, end);
  }

  private endAfter(found: number, length: number, end: number): number {
    return found === -1 || found + length > end ? -1 : found + length;
  }

  /**
   * Where an opening tag whose attributes start at `from` ends, or -1. Whatever '<' began the
   * reading, the attributes from a given place read the same: each place is read once.
   */
  private attributesEnd(from: number, end: number): number {
    const src = this.src;
    const visited: number[] = [];
    let at = from;
    let result = -1;
    for (;;) {
      const known = this.attributesRead.get(at);
      if (known !== undefined) {
        result = known;
        break;
      }
      visited.push(at);
      const spaced = matchEnd(SPACES, src, at);
      if (src[spaced] === '>') result = spaced + 1;
      else if (src.startsWith('/>', spaced)) result = spaced + 2;
      else if (spaced > at) {
        const next = this.attributeEnd(spaced);
        if (next !== -1) {
          at = next;
          continue;
        }
      }
      break;
    }
    for (const place of visited) this.attributesRead.set(place, result);
    return result > end ? -1 : result;
  }

  /** One attribute (a name, optionally `= value`) starting at `at`: its end, or -1. */
  private attributeEnd(at: number): number {
    const src = this.src;
    const name = matchEnd(ATTRIBUTE_NAME, src, at);
    if (name === -1) return -1;
    const equals = matchEnd(SPACES, src, name);
    if (src[equals] !== '=') return name;
    const value = matchEnd(SPACES, src, equals + 1);
    const quote = src[value];
    if (quote === '"' || quote === "'") {
      const close = src.indexOf(quote, value + 1);
      return close === -1 ? -1 : close + 1;
    }
    return matchEnd(UNQUOTED_VALUE, src, value);
  }

  /** Raw HTML seen: `<a ...>` starts a link (no mentions or autolinks inside), `<pre>`, `<code>`... raw text. */
  noteHtml(tag: string): void {
    if (!this.inHtmlLink && /^<a /i.test(tag)) this.inHtmlLink = true;
    else if (this.inHtmlLink && /^<\/a>/i.test(tag)) this.inHtmlLink = false;
    if (!this.inRawHtml && /^<(pre|code|kbd|script)(\s|>)/i.test(tag)) this.inRawHtml = true;
    else if (this.inRawHtml && /^<\/(pre|code|kbd|script)(\s|>)/i.test(tag)) this.inRawHtml = false;
  }
}

/** The brackets stack: `[` and `![` waiting for their `]`. */
interface Bracket {
  node: BracketNode;
  /** The delimiter stack's top when the bracket was met: emphasis inside a link stays inside. */
  delimBottom: DelimNode | null;
  /** A link cannot hold a link: brackets below a finished link no longer open one. */
  active: boolean;
  below: Bracket | null;
}

/** One range's pass: the nodes, the delimiter stack and the brackets. */
class RangeLexer {
  private readonly nodes = new NodeList();
  private delimTop: DelimNode | null = null;
  private bracketTop: Bracket | null = null;
  /** The range's backtick runs, read at its first backtick. */
  private backticks: BacktickRuns | null = null;
  /** The next email address to reach (an index into the lexer's list). */
  private email: number;
  /** Plain text not yet added as a node: src[textStart, i). */
  private textStart: number;

  constructor(
    private readonly lexer: InlineLexer,
    private readonly src: string,
    private readonly range: Range,
  ) {
    this.textStart = range.start;
    this.email = firstAtOrAfter(lexer.emails, range.start);
  }

  lex(): NodeList {
    const { end } = this.range;
    let i = this.range.start;
    while (i < end) {
      i = this.nextSpecial(i);
      if (i >= end) break;
      const next = this.step(i);
      i = next === -1 ? i + 1 : next;
    }
    this.flushText(end);
    processEmphasis(this.nodes, this, null);
    return this.nodes;
  }

  /** The next index at or after `i` where something other than plain text may start. */
  private nextSpecial(i: number): number {
    const found = this.lexer.special.next(i);
    const special = found === -1 ? this.src.length : found;
    const emails = this.lexer.emails;
    while (this.email < emails.length && emails[this.email]!.start < i) this.email++;
    const email = emails[this.email]?.start ?? this.src.length;
    return Math.min(special, email);
  }

  /** Handles what starts at `i`: the index after it, or -1 when `i` is plain text. */
  private step(i: number): number {
    const email = this.lexer.emails[this.email];
    if (email?.start === i && email.end <= this.range.end && !this.lexer.htmlLink) return this.emailLink(email);
    const c = this.src[i]!;
    switch (c) {
      case '\\':
        return this.backslash(i);
      case '`':
        return this.backtick(i);
      case '<':
        return this.angle(i);
      case '[':
        return this.bracket(i, false);
      case '!':
        return this.src[i + 1] === '[' ? this.bracket(i, true) : -1;
      case ']':
        return this.closeBracket(i);
      case '*':
      case '_':
        return this.delimiterRun(i, c);
      case '~':
        return this.tilde(i);
      case '\n':
        return this.lineBreak(i, i);
      default:
        return this.word(i, c);
    }
  }

  // -- text and nodes

  /** Ends the pending text at `at`: it becomes a text node (merged with one just before). */
  private flushText(at: number): void {
    if (at > this.textStart) this.addText(this.src.slice(this.textStart, at));
    this.textStart = at;
  }

  addText(raw: string): void {
    const last = this.nodes.last;
    const mode = this.lexer.textMode;
    if (last?.kind === 'text' && last.mode === mode) last.raw += raw;
    else this.nodes.append({ kind: 'text', raw, mode, prev: null, next: null });
  }

  /** Adds a node for src[at, after) and resumes after it. */
  private add(node: Node, at: number, after: number): number {
    this.flushText(at);
    this.nodes.append(node);
    this.textStart = after;
    return after;
  }

  private addToken(token: Token, at: number, after: number): number {
    return this.add({ kind: 'token', token, prev: null, next: null }, at, after);
  }

  // -- escapes, code, HTML, autolinks, breaks

  private backslash(i: number): number {
    const next = this.src[i + 1];
    if (next === '\n' && i + 1 < this.range.end) return this.lineBreak(i, i + 1);
    if (next === undefined || i + 1 >= this.range.end || !isAsciiPunct(next)) return -1;
    return this.addToken({ type: 'escape', raw: `\\${next}`, text: next }, i, i + 2);
  }

  private backtick(i: number): number {
    let runEnd = i;
    while (runEnd < this.range.end && this.src[runEnd] === '`') runEnd++;
    this.backticks ??= new BacktickRuns(this.src, i, this.range.end);
    const close = this.backticks.closerOf(i);
    // A run that opens nothing is text, all of it.
    if (close === -1 || close >= this.range.end) return runEnd;
    const length = runEnd - i;
    let text = this.src.slice(runEnd, close).replace(/\n/g, ' ');
    if (/[^ ]/.test(text) && text.startsWith(' ') && text.endsWith(' ')) text = text.slice(1, -1);
    return this.addToken({ type: 'codespan', raw: this.src.slice(i, close + length), text }, i, close + length);
  }

  private angle(i: number): number {
    const end = this.range.end;
    const tagEnd = this.lexer.htmlEnd(i, end);
    if (tagEnd !== -1) {
      const raw = this.src.slice(i, tagEnd);
      // The text before the tag is written as the state before it says.
      this.flushText(i);
      this.lexer.noteHtml(raw);
      const token: Tokens.Tag = {
        type: 'html',
        raw,
        text: raw,
        inLink: this.lexer.htmlLink,
        inRawBlock: this.lexer.rawHtml,
        block: false,
      };
      return this.addToken(token, i, tagEnd);
    }
    let after = matchEnd(AUTOLINK_SCHEME, this.src, i + 1);
    let email = false;
    if (after === -1) {
      after = matchEnd(AUTOLINK_EMAIL, this.src, i + 1);
      email = after !== -1;
    }
    if (after === -1 || after > end) return -1;
    const text = this.src.slice(i + 1, after - 1);
    const token: Tokens.Link = {
      type: 'link',
      raw: this.src.slice(i, after),
      text,
      href: email ? `mailto:${text}` : text,
      title: null,
      autolink: true,
      tokens: [{ type: 'text', raw: text, text }],
    } as Tokens.Link;
    return this.addToken(token, i, after);
  }

  /**
   * A line break (AniList renders every newline as one): `from` is the newline or the backslash
   * before it. Spaces before it and indentation after it belong to it. A newline followed only by
   * whitespace stays text.
   */
  private lineBreak(from: number, newline: number): number {
    if (newline >= this.range.lastContent) return -1;
    let start = from;
    if (from === newline) while (start > this.textStart && this.src[start - 1] === ' ') start--;
    let after = newline + 1;
    while (after < this.range.end && (this.src[after] === ' ' || this.src[after] === '\t')) after++;
    return this.addToken({ type: 'br', raw: this.src.slice(start, after) }, start, after);
  }

  // -- emphasis and strikethrough

  private delimiterRun(i: number, char: string): number {
    let end = i;
    while (end < this.range.end && this.src[end] === char) end++;
    this.pushDelimiter(i, end, char);
    return end;
  }

  /** A run of delimiter characters: whether it can open or close (CommonMark's flanking rules). */
  private pushDelimiter(start: number, end: number, char: string): void {
    const { canOpen, canClose } = flanking(charBefore(this.src, start, this.range.start), charAt(this.src, end, this.range.end), char);
    const node: DelimNode = {
      kind: 'delim',
      char,
      count: end - start,
      length: end - start,
      canOpen,
      canClose,
      start,
      end,
      below: this.delimTop,
      above: null,
      prev: null,
      next: null,
    };
    this.add(node, start, end);
    if (!node.canOpen && !node.canClose) return;
    if (this.delimTop) this.delimTop.above = node;
    this.delimTop = node;
  }

  removeDelimiter(node: DelimNode): void {
    if (node.below) node.below.above = node.above;
    if (node.above) node.above.below = node.below;
    else if (this.delimTop === node) this.delimTop = node.below;
    node.below = node.above = null;
  }

  get topDelimiter(): DelimNode | null {
    return this.delimTop;
  }

  /** `~!spoiler!~`, `~~~centre~~~`, `~~strike~~`; any other run of tildes is text. */
  private tilde(i: number): number {
    const src = this.src;
    if (src[i + 1] === '!') {
      const spoiler = this.spoiler(i);
      if (spoiler !== -1) return spoiler;
    }
    let runEnd = i;
    while (runEnd < this.range.end && src[runEnd] === '~') runEnd++;
    if (runEnd - i >= 3) {
      const center = this.center(i);
      if (center !== -1) return center;
    }
    if (runEnd - i === 2) {
      this.pushDelimiter(i, runEnd, '~');
      return runEnd;
    }
    return runEnd;
  }

  /** `~!` + at least one character + the first `!~` after it. */
  private spoiler(i: number): number {
    const close = this.lexer.spoilerCloseFrom(i + 3);
    if (close === -1 || close + 2 > this.range.end) return -1;
    const inner = this.lexer.lexContainer(i + 2, close);
    if (!inner) return -1;
    return this.container('spoiler', inner, '~!', '!~', i, close + 2);
  }

  /** `~~~` + at least one character + the first `~~~` after it; the content without its outer spaces. */
  private center(i: number): number {
    const close = this.lexer.centerCloseFrom(i + 4);
    if (close === -1 || close + 3 > this.range.end) return -1;
    let start = i + 3;
    let end = close;
    while (start < end && /\s/.test(this.src[start]!)) start++;
    while (end > start && /\s/.test(this.src[end - 1]!)) end--;
    const inner = this.lexer.lexContainer(start, end);
    if (!inner) return -1;
    return this.container('center', inner, '~~~', '~~~', i, close + 3);
  }

  private container(type: string, inner: NodeList, open: string, close: string, at: number, after: number): number {
    const raw = this.src.slice(at, after);
    const node: WrapNode = {
      kind: 'wrap',
      token: { type, raw },
      first: inner.first,
      last: inner.last,
      open,
      close,
      prev: null,
      next: null,
    };
    return this.add(node, at, after);
  }

  // -- links and images

  private bracket(i: number, image: boolean): number {
    const after = i + (image ? 2 : 1);
    const node: BracketNode = { kind: 'bracket', image, after, prev: null, next: null };
    this.add(node, i, after);
    this.bracketTop = { node, delimBottom: this.delimTop, active: true, below: this.bracketTop };
    return after;
  }

  /** `]`: a link or image when the nearest bracket is active and a destination or a known reference follows. */
  private closeBracket(i: number): number {
    const bracket = this.bracketTop;
    if (!bracket) return -1;
    this.bracketTop = bracket.below;
    if (!bracket.active) return -1;
    const target = linkTarget(this.src, i + 1, this.range.end, bracket.node.after, i, this.lexer.links);
    if (!target) return -1;
    this.flushText(i);
    this.makeLink(bracket, target, i);
    this.textStart = target.end;
    return target.end;
  }

  private makeLink(bracket: Bracket, target: LinkTarget, close: number): void {
    const { node } = bracket;
    processEmphasis(this.nodes, this, bracket.delimBottom);
    const start = node.after - (node.image ? 2 : 1);
    const token: Tokens.Generic = {
      type: node.image ? 'image' : 'link',
      raw: this.src.slice(start, target.end),
      href: target.href,
      title: target.title,
      text: this.src.slice(node.after, close),
    };
    const wrap: WrapNode = {
      kind: 'wrap',
      token,
      first: null,
      last: null,
      open: node.image ? '![' : '[',
      close: this.src.slice(close, target.end),
      prev: null,
      next: null,
    };
    this.nodes.wrapBetween(node, null, wrap);
    this.nodes.remove(node);
    // A link cannot hold a link: the brackets before this one open none now.
    if (!node.image) for (let b = this.bracketTop; b; b = b.below) if (!b.node.image) b.active = false;
  }

  // -- the dialect's marks, mentions and autolinks

  /** A media mark or a URL autolink starting at `i`, or -1. */
  private word(i: number, c: string): number {
    const media = this.media(i, c);
    if (media !== -1 || this.lexer.htmlLink) return media;
    const src = this.src;
    if (/[hHfF]/.test(c) && matchEnd(URL_START, src, i) !== -1) return this.url(i, false);
    const before = i > this.range.start ? src[i - 1]! : ' ';
    if (c === 'w' && /^www\.[a-zA-Z0-9-]/.test(src.slice(i, i + 5)) && /[\s*_~(]/.test(before)) return this.url(i, true);
    return -1;
  }

  private media(i: number, c: string): number {
    if (!/[iIyYwW]/.test(c)) return -1;
    MEDIA_HEAD.lastIndex = i;
    const head = MEDIA_HEAD.exec(this.src);
    if (!head) return -1;
    const argStart = MEDIA_HEAD.lastIndex;
    const argEnd = this.lexer.mediaArgEndFrom(argStart);
    if (argEnd <= argStart || this.src[argEnd] !== ')' || argEnd >= this.range.end) return -1;
    const arg = this.src.slice(argStart, argEnd);
    const raw = this.src.slice(i, argEnd + 1);
    const name = head[0].slice(0, 1).toLowerCase();
    let token: Tokens.Generic | null;
    if (name === 'i') token = { type: 'img', raw, width: head[1] ?? '', href: arg };
    else if (name === 'w') token = { type: 'webm', raw, href: arg };
    else {
      const id = youtubeId(arg);
      token = id ? { type: 'youtube', raw, id } : null;
    }
    return token ? this.addToken(token, i, argEnd + 1) : -1;
  }

  /** A GFM URL autolink: up to whitespace or '<', without trailing punctuation or unbalanced ')'. */
  private url(i: number, www: boolean): number {
    const stop = this.lexer.urlStop.next(i);
    const end = trimUrlEnd(this.src, i, stop === -1 || stop > this.range.end ? this.range.end : stop, this.lexer.closeParen);
    const text = this.src.slice(i, end);
    return this.addLinkLike(text, www ? `http://${text}` : text, i, end);
  }

  private emailLink(span: EmailSpan): number {
    const text = this.src.slice(span.start, span.end);
    return this.addLinkLike(text, span.protocol ? text : `mailto:${text}`, span.start, span.end);
  }

  private addLinkLike(text: string, href: string, at: number, end: number): number {
    const token = { type: 'link', raw: text, text, href, title: null, autolink: true, tokens: [{ type: 'text', raw: text, text }] };
    return this.add({ kind: 'linkLike', token: token as Tokens.Link, raw: text, prev: null, next: null }, at, end);
  }
}

/** The index of the first span starting at or after `at` (binary search). */
function firstAtOrAfter(spans: readonly EmailSpan[], at: number): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (spans[mid]!.start < at) low = mid + 1;
    else high = mid;
  }
  return low;
}

const URL_PUNCT = '?!.,:;*_\'"~)';
const URL_STOP = '?!.,:;*_\'"~()&';

/**
 * Where a URL autolink ends, as marked's GFM rule (`_backpedal`, repeated until nothing changes)
 * decides, computed in one pass: it stops before a '(' with no ')' after it and before an entity
 * that ends the text, and trailing punctuation (with ')') is dropped, repeatedly.
 */
function trimUrlEnd(src: string, start: number, end: number, closeParen: ForwardSearch): number {
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

interface LinkTarget {
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
function linkTarget(src: string, at: number, end: number, textStart: number, textEnd: number, links: Links): LinkTarget | null {
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

// ---------------------------------------------------------------------------------------------
// Emphasis (CommonMark's "process emphasis"), over the delimiters above `bottom`

interface DelimiterStack {
  readonly topDelimiter: DelimNode | null;
  removeDelimiter(node: DelimNode): void;
}

function processEmphasis(nodes: NodeList, stack: DelimiterStack, bottom: DelimNode | null): void {
  // The lowest delimiter each kind of closer may still look at (CommonMark's openers_bottom).
  const openersBottom = new Map<string, DelimNode | null>();
  let closer = lowestAbove(stack, bottom);
  while (closer) {
    if (!closer.canClose) {
      closer = closer.above;
      continue;
    }
    const key = `${closer.char}${closer.canOpen ? 1 : 0}${closer.length % 3}`;
    const floor = openersBottom.has(key) ? openersBottom.get(key)! : bottom;
    const opener = findOpener(closer, floor);
    if (!opener) {
      openersBottom.set(key, closer.below);
      const above = closer.above;
      if (!closer.canOpen) stack.removeDelimiter(closer);
      closer = above;
      continue;
    }
    closer = matchPair(nodes, stack, opener, closer);
  }
  // Every delimiter above the bottom is done with: unused ones stay text.
  for (let d = lowestAbove(stack, bottom); d;) {
    const above = d.above;
    stack.removeDelimiter(d);
    d = above;
  }
}

function lowestAbove(stack: DelimiterStack, bottom: DelimNode | null): DelimNode | null {
  if (bottom) return bottom.above;
  let d = stack.topDelimiter;
  while (d?.below) d = d.below;
  return d;
}

/** The nearest opener below `closer` (above `floor`) that it can close. */
function findOpener(closer: DelimNode, floor: DelimNode | null): DelimNode | null {
  for (let o = closer.below; o && o !== floor; o = o.below) {
    if (o.char !== closer.char || !o.canOpen) continue;
    if (o.char === '~') return o.count === 2 && closer.count === 2 ? o : null;
    // The rule of three: a delimiter that can both open and close pairs only when the lengths allow it.
    const both = o.canClose || closer.canOpen;
    if (both && (o.length + closer.length) % 3 === 0 && (o.length % 3 !== 0 || closer.length % 3 !== 0)) continue;
    return o;
  }
  return null;
}

/** Wraps what lies between opener and closer; returns the closer to look at next. */
function matchPair(nodes: NodeList, stack: DelimiterStack, opener: DelimNode, closer: DelimNode): DelimNode | null {
  const use = opener.char === '~' ? 2 : opener.count >= 2 && closer.count >= 2 ? 2 : 1;
  const type = opener.char === '~' ? 'del' : use === 2 ? 'strong' : 'em';
  opener.count -= use;
  opener.end -= use;
  closer.count -= use;
  closer.start += use;
  const mark = opener.char.repeat(use);
  const wrap: WrapNode = {
    kind: 'wrap',
    token: { type, raw: '' },
    first: null,
    last: null,
    open: mark,
    close: mark,
    prev: null,
    next: null,
  };
  nodes.wrapBetween(opener, closer, wrap);
  // Delimiters inside the new mark are text now.
  for (let d = closer.below; d && d !== opener;) {
    const below = d.below;
    stack.removeDelimiter(d);
    d = below;
  }
  if (opener.count === 0) {
    stack.removeDelimiter(opener);
    nodes.remove(opener);
  }
  if (closer.count === 0) {
    const above = closer.above;
    stack.removeDelimiter(closer);
    nodes.remove(closer);
    return above;
  }
  return closer;
}

// ---------------------------------------------------------------------------------------------
// Nodes → marked tokens, iteratively, with the nesting cap

interface Frame {
  node: Node | null;
  out: Token[];
  depth: number;
  /** Inside a link's or an image's text: mentions and autolinks are text there. */
  inLink: boolean;
  /** Text to add once the frame's nodes are done (the closing mark of an unwrapped node). */
  close: string;
  /** Whether the frame made `out` (else it adds to its parent's, as an unwrapped node does). */
  owner: boolean;
}

/**
 * How a piece of text is written: escaped with its references decoded and its mentions linked,
 * the same without mentions (inside raw `<a>` HTML), or as written (inside raw `<pre>`, `<code>`...).
 */
type TextMode = 'text' | 'html link' | 'raw html';

function materialize(first: Node | null): Token[] {
  const root: Token[] = [];
  const modes = new WeakMap<Token, TextMode>();
  const frames: Frame[] = [{ node: first, out: root, depth: 0, inLink: false, close: '', owner: true }];
  while (frames.length) {
    const frame = frames.at(-1)!;
    const node = frame.node;
    if (!node) {
      frames.pop();
      if (frame.close) appendText(frame.out, frame.close, 'text', modes);
      if (frame.owner) finishRun(frame.out, frame.inLink, modes);
      continue;
    }
    frame.node = node.next;
    emitNode(node, frame, frames, modes);
  }
  return root;
}

function emitNode(node: Node, frame: Frame, frames: Frame[], modes: WeakMap<Token, TextMode>): void {
  switch (node.kind) {
    case 'text':
      appendText(frame.out, node.raw, node.mode, modes);
      return;
    case 'delim':
      if (node.count > 0) appendText(frame.out, node.char.repeat(node.count), 'text', modes);
      return;
    case 'bracket':
      appendText(frame.out, node.image ? '![' : '[', 'text', modes);
      return;
    case 'token':
      frame.out.push(node.token);
      return;
    case 'linkLike':
      if (frame.inLink) appendText(frame.out, node.raw, 'text', modes);
      else frame.out.push(node.token);
      return;
    case 'wrap':
      emitWrap(node, frame, frames, modes);
  }
}

function emitWrap(node: WrapNode, frame: Frame, frames: Frame[], modes: WeakMap<Token, TextMode>): void {
  const inLink = frame.inLink || node.token.type === 'link' || node.token.type === 'image';
  if (frame.depth >= MAX_INLINE_DEPTH) {
    appendText(frame.out, node.open, 'text', modes);
    frames.push({ node: node.first, out: frame.out, depth: frame.depth, inLink, close: node.close, owner: false });
    return;
  }
  // Each wrap's token is its own: it is completed in place.
  const token = node.token;
  token.tokens = [];
  if (!token.raw) token.raw = node.open + node.close;
  if (token.type === 'em' || token.type === 'strong' || token.type === 'del') token.text = '';
  frame.out.push(token);
  frames.push({ node: node.first, out: token.tokens, depth: frame.depth + 1, inLink, close: '', owner: true });
}

/** Text, merged with text just before it that is written the same way. */
function appendText(out: Token[], raw: string, mode: TextMode, modes: WeakMap<Token, TextMode>): void {
  const last = out.at(-1);
  if (last?.type === 'text' && modes.get(last) === mode) last.raw += raw;
  else {
    const token: Tokens.Text = { type: 'text', raw, text: '', escaped: mode === 'raw html' };
    modes.set(token, mode);
    out.push(token);
  }
}

/**
 * A run's tokens once all are in: each text's `text` (references decoded, except in raw HTML),
 * and `@name` linked where it starts a word (at the start of the run, or after whitespace or a
 * tag's '>'), outside links. Mentions are found last, as marked's extension found them: after
 * emphasis has taken its marks (`_@name_` is an emphasised mention).
 */
function finishRun(out: Token[], inLink: boolean, modes: WeakMap<Token, TextMode>): void {
  const tokens = out.splice(0, out.length);
  for (const token of tokens) {
    const mode = modes.get(token);
    if (mode === undefined) out.push(token);
    else if (mode === 'raw html') out.push({ ...token, text: token.raw } as Tokens.Text);
    else if (inLink || mode === 'html link' || !token.raw.includes('@')) out.push(textToken(token.raw));
    else addMentions(out, token.raw);
  }
}

const textToken = (raw: string): Tokens.Text => ({ type: 'text', raw, text: decodeNumericReferences(raw), escaped: false });
const MENTIONS = /@([A-Za-z0-9_]+)/g;

function addMentions(out: Token[], raw: string): void {
  let from = 0;
  for (const m of raw.matchAll(MENTIONS)) {
    const at = m.index;
    if (at === 0 ? !startsWord(out) : !/[\s>]/.test(raw[at - 1]!)) continue;
    if (at > from) out.push(textToken(raw.slice(from, at)));
    out.push({ type: 'mention', raw: m[0], name: m[1]! });
    from = at + m[0].length;
  }
  if (from < raw.length) out.push(textToken(raw.slice(from)));
}

/** Whether what is added next to `out` starts a word: first in its run, or after whitespace or a tag's '>'. */
function startsWord(out: Token[]): boolean {
  const prev = out.at(-1);
  return !prev || /[\s>]$/.test(prev.raw);
}
