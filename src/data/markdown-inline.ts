import type { Links, Token, Tokens } from 'marked';
import {
  BacktickRuns,
  charAt,
  charBefore,
  emailSpans,
  flanking,
  ForwardSearch,
  indexOfFinder,
  isAsciiPunct,
  linkTarget,
  matchEnd,
  regexFinder,
  trimUrlEnd,
  youtubeId,
  type EmailSpan,
  type LinkTarget,
} from './markdown-scan';
import {
  MAX_INLINE_DEPTH,
  materialize,
  NodeList,
  processEmphasis,
  type BracketNode,
  type DelimNode,
  type Node,
  type TextMode,
  type WrapNode,
} from './markdown-nodes';

export { MAX_INLINE_DEPTH } from './markdown-nodes';
export { youtubeId } from './markdown-scan';

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
    if (runEnd - i === 2) this.pushDelimiter(i, runEnd, '~');
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
