import { Tokenizer, type Tokens, type TokenizerObject } from 'marked';

/**
 * marked's block tokenizers where they are not linear or not bounded, overridden through
 * marked's own `tokenizer` option (each falls back to marked's where nothing is wrong):
 * - quotes and lists nest at most MAX_BLOCK_DEPTH deep (5,000 nested `> ` overflowed the stack);
 * - a paragraph is read a line at a time (withLinearRules): marked's rule looks, at every line,
 *   for a table starting there and reads that table's rows to their end (rows-long, then again
 *   at the next line: 20,000 characters of "|\n-\n" took seconds);
 * - a table is first checked on its header and delimiter rows alone, so that a table-shaped
 *   start that is no table does not cost the reading of all the rows after it at every line.
 * No DOM here.
 */

/** Quotes, lists, centre and spoiler blocks inside one another: deeper ones stay text. */
export const MAX_BLOCK_DEPTH = 16;

let blockDepth = 0;

/** Runs a block tokenizer that nests blocks, or refuses (undefined) at the nesting cap. */
export function nested<T>(tokenize: () => T): T | undefined {
  if (blockDepth >= MAX_BLOCK_DEPTH) return undefined;
  blockDepth++;
  try {
    return tokenize();
  } finally {
    blockDepth--;
  }
}

/*
 * What interrupts a paragraph, as marked 18's GFM paragraph rule says (its rules.ts: thematic
 * break, ATX heading, block quote, fence, a list starting at 1 with content, HTML of the kinds
 * 1 to 6, a whitespace-only line), the table aside: it is checked on its two rows below.
 * tests/unit/markdown-blocks.test.ts compares the paragraphs with marked's own.
 */
const HTML_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|' +
  'figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|meta|nav|' +
  'noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const INTERRUPTS = [
  ' {0,3}(?:(?:-[\\t ]*){3,}|(?:_[ \\t]*){3,}|(?:\\*[ \\t]*){3,})(?:\\n+|$)',
  ' {0,3}#{1,6}(?:\\s|$)',
  ' {0,3}>',
  ' {0,3}(?:`{3,}(?=[^`\\n]*(?:\\n|$))|~~~)[^\\n]*(?:\\n|$)',
  ' {0,3}(?:[*+-]|1[.)])[ \\t]+[^ \\t\\n]',
  ` {0,3}(?:</?(?:${HTML_TAGS})(?:[ \\t]+|\\n|/?>)|<(?:(?:script|pre|style|textarea)(?:[\\s>]|$)|!--)|<\\?|<![A-Za-z]|<!\\[CDATA\\[)`,
  '[ \\t]+\\n',
];
const INTERRUPT = new RegExp(`^(?:${INTERRUPTS.join('|')})`);
/** The same, inside a block quote's lazy lines: there any list marker interrupts (marked's blockquote rule). */
const QUOTE_INTERRUPT = new RegExp(
  `^(?:${INTERRUPTS.map((rule) => (rule.includes('1[.)]') ? ' {0,3}(?:[*+-]|\\d{1,9}[.)])(?:[ \\t]|\\n|$)' : rule)).join('|')})`,
);
/** A header row and a delimiter row (marked's GFM table rule, without the rows after them). */
const TABLE_START = /^ *[^\n ].*\n {0,3}(?:\| *)?:?-+:? *(?:\| *:?-+:? *)*(?:\| *)?(?:\n|$)/;

type BlockTokenizer = TokenizerObject & ThisType<Tokenizer>;

/** End of the line starting at `at` (its '\n', or the text's end). */
function lineEnd(src: string, at: number): number {
  const end = src.indexOf('\n', at);
  return end === -1 ? src.length : end;
}

/** Whether the lexer would take `src` with one of `tests` (each a tokenizer): their queued inline work is dropped. */
function anyMatches(self: Tokenizer, src: string, tests: ((src: string) => unknown)[]): boolean {
  const queue = self.lexer.inlineQueue;
  const queued = queue.length;
  try {
    return tests.some((test) => Boolean(test(src)));
  } finally {
    queue.length = queued;
  }
}

/**
 * The block tokenizers the lexer tries before a paragraph at the start of a line (the dialect's
 * blocks, indented code, lists, HTML, definitions, tables, setext headings), as tests.
 */
function blockStarts(self: Tokenizer): ((src: string) => unknown)[] {
  const extensions = (self.lexer.options.extensions?.block ?? []).map((ext) => (src: string) => ext.call({ lexer: self.lexer }, src, []));
  const proto = Tokenizer.prototype;
  return [
    ...extensions,
    (src) => proto.code.call(self, src),
    (src) => proto.list.call(self, src),
    (src) => proto.html.call(self, src),
    (src) => proto.def.call(self, src),
    (src) => proto.table.call(self, src),
    (src) => proto.lheading.call(self, src),
  ];
}

/**
 * Whether the line at `at` ends the paragraph above it. marked ends a paragraph at a table-shaped
 * pair of lines too (a header and a delimiter row), and joins the rest back to it when no other
 * block starts there: so such a pair ends it when a block would start on it.
 */
function interrupts(self: Tokenizer, src: string, at: number): boolean {
  const first = lineEnd(src, at);
  const second = first < src.length ? lineEnd(src, first + 1) : first;
  const lines = src.slice(at, Math.min(second + 1, src.length));
  if (INTERRUPT.test(lines)) return true;
  if (!TABLE_START.test(lines)) return false;
  // The blocks are tried as marked tries them there: right after the paragraph.
  const state = self.lexer.state;
  const before = state.lastToken;
  state.lastToken = { type: 'paragraph', raw: '', text: '', tokens: [] };
  try {
    return anyMatches(self, src.slice(at, second), blockStarts(self));
  } finally {
    state.lastToken = before;
  }
}

/**
 * marked's paragraph rule (lines until one interrupts or is empty), read a line at a time. It
 * replaces the rule, not the tokenizer: marked joins a paragraph to the one before it (after a
 * table-shaped pair that was no table) only when the tokenizer is its own.
 */
function paragraphAt(self: Tokenizer, src: string): RegExpExecArray | null {
  let end = lineEnd(src, 0);
  if (end === 0) return null;
  while (end < src.length) {
    const next = end + 1;
    if (next >= src.length || src[next] === '\n' || interrupts(self, src, next)) break;
    end = lineEnd(src, next);
  }
  const text = src.slice(0, end);
  const match = Object.assign([text, text], { index: 0, input: src, groups: undefined });
  return match as unknown as RegExpExecArray;
}

/** Puts the linear paragraph rule in the rules marked's lexer gave `tokenizer` (marked reads a rule by its `exec`). */
export function withLinearRules(tokenizer: Tokenizer): void {
  const { rules } = tokenizer;
  const paragraph = { exec: (src: string) => paragraphAt(tokenizer, src) } as unknown as RegExp;
  tokenizer.rules = { ...rules, block: { ...rules.block, paragraph } };
}

export const blockTokenizers: BlockTokenizer = {
  blockquote(src) {
    if (!QUOTE_START.test(src)) return undefined;
    return nestedQuote(this, new TextLines(src))?.token;
  },
  list(src) {
    return nested(() => Tokenizer.prototype.list.call(this, src));
  },

  /** marked's table, once its header and delimiter rows are known to make one. */
  table(src) {
    const first = lineEnd(src, 0);
    if (first === src.length) return undefined;
    const second = lineEnd(src, first + 1);
    if (!anyMatches(this, src.slice(0, second), [(pair) => Tokenizer.prototype.table.call(this, pair)])) return undefined;
    return Tokenizer.prototype.table.call(this, src);
  },
};

// ---------------------------------------------------------------------------------------------
// Block quotes: marked 18's tokenizer (its Tokenizer.ts, `blockquote`), ported to read its lines
// once. marked finds the quote's lines with a regular expression over all the text after it (at
// every quote, so a document of quotes and lazy lines took the square of its length), copies
// the array of lines left at every lazy line, and hands a nested list or quote all the lines
// left each time it continues one. Here the lines are read as far as needed, and a nested block
// continues on a window of lines that doubles until it stops inside it (the result marked gets
// from all the lines, since a block ends at a line it has read).

const QUOTE_START = /^ {0,3}>/;
const QUOTE_MARKER = /^ {0,3}>[ \t]?/gm;
const QUOTE_MARKER_TAB = /^( {0,3}>)(\t[ \t]*)/gm;
const QUOTE_SETEXT = /\n {0,3}((?:=+|-+)[ \t]*)(?=\n|$)/g;

/** Tabs to the next multiple of four columns, from column `indent` (marked's expandTabs). */
function expandTabs(line: string, indent = 0): string {
  let column = indent;
  let out = '';
  for (const c of line) {
    if (c === '\t') {
      const added = 4 - (column % 4);
      out += ' '.repeat(added);
      column += added;
    } else {
      out += c;
      column++;
    }
  }
  return out;
}

/**
 * The lines of a text, read as they are asked for (in order): `line(k)` is undefined past the
 * end; `breakAfter(k)` whether a line break follows line k.
 */
interface LineSource {
  line(k: number): string | undefined;
  breakAfter(k: number): boolean;
}

class TextLines implements LineSource {
  private readonly lines: string[] = [];
  private at = 0;

  constructor(private readonly src: string) {}

  line(k: number): string | undefined {
    while (this.lines.length <= k && this.at < this.src.length) {
      const end = lineEnd(this.src, this.at);
      this.lines.push(this.src.slice(this.at, end));
      this.at = end + 1;
    }
    return this.lines[k];
  }

  breakAfter(k: number): boolean {
    return this.line(k + 1) !== undefined || this.at <= this.src.length;
  }
}

/** A quote's lines as marked's rule delimits them: quote lines, and lazy lines continuing a quoted paragraph. */
class QuoteLines {
  /** Lines of the quote read so far (`count` of them), and how many were taken. */
  private count = 0;
  private next = 0;
  /** Whether a lazy line may follow (the line before was quoted text, or lazy). */
  private lazy = false;
  private ended = false;

  constructor(private readonly source: LineSource) {}

  /** Whether the `k`-th line from here (0: the next) belongs to the quote, reading it if needed. */
  has(k: number): boolean {
    while (this.count <= this.next + k && !this.ended) this.read();
    return this.count > this.next + k;
  }

  peek(k: number): string {
    return this.source.line(this.next + k)!;
  }

  /** How many lines were taken. */
  get taken(): number {
    return this.next;
  }

  take(count: number): string[] {
    const taken: string[] = [];
    for (let k = 0; k < count && this.has(0); k++) taken.push(this.source.line(this.next++)!);
    return taken;
  }

  /** marked's chunk: the lazy lines, then the quote lines, up to a lazy line after those. */
  chunk(): string[] {
    let count = 0;
    let quoted = false;
    while (this.has(count)) {
      const start = QUOTE_START.test(this.peek(count));
      if (!start && quoted) break;
      quoted ||= start;
      count++;
    }
    return this.take(count);
  }

  private read(): void {
    const line = this.source.line(this.count);
    if (line === undefined) {
      this.ended = true;
      return;
    }
    if (QUOTE_START.test(line)) this.lazy = !/^[ \t]*$/.test(line.replace(/^ {0,3}> ?/, ''));
    else {
      const withBreak = this.source.breakAfter(this.count) ? `${line}\n` : line;
      if (!this.lazy || line === '' || QUOTE_INTERRUPT.test(withBreak)) {
        this.ended = true;
        return;
      }
    }
    this.count++;
  }
}

/** A chunk's lines as the quote's content: one marker off each line, lazy setext underlines kept as text. */
function quoteText(raw: string): string {
  return raw
    .replace(QUOTE_MARKER_TAB, (_: string, marker: string, whitespace: string) =>
      whitespace.startsWith(' ') ? `${marker} ${whitespace.slice(1)}` : marker + expandTabs(whitespace, marker.length),
    )
    .replace(QUOTE_SETEXT, '\n    $1')
    .replace(QUOTE_MARKER, '');
}

interface Quote {
  token: Tokens.Blockquote;
  /** How many lines of its source it took. */
  lines: number;
}

/** A quote from its source's first line (at the nesting cap: none). */
function nestedQuote(self: Tokenizer, source: LineSource): Quote | undefined {
  return nested(() => blockquote(self, source));
}

function blockquote(self: Tokenizer, source: LineSource): Quote | undefined {
  const reader = new QuoteLines(source);
  if (!reader.has(0)) return undefined;
  const quote: Tokens.Blockquote = { type: 'blockquote', raw: '', text: '', tokens: [] };
  const tokens = quote.tokens;
  while (reader.has(0)) {
    const currentRaw = reader.chunk().join('\n');
    const currentText = quoteText(currentRaw);
    quote.raw = quote.raw ? `${quote.raw}\n${currentRaw}` : currentRaw;
    quote.text = quote.text ? `${quote.text}\n${currentText}` : currentText;
    // The quote's lines are lexed as top-level blocks, a paragraph going on from one chunk to the next.
    const top = self.lexer.state.top;
    self.lexer.state.top = true;
    self.lexer.blockTokens(currentText, tokens, true);
    self.lexer.state.top = top;
    if (!reader.has(0)) break;
    const last = tokens.at(-1);
    if (last && ['code', 'heading', 'hr', 'html', 'table'].includes(last.type)) break;
    if (last?.type === 'blockquote' && !continueQuote(self, quote, last as Tokens.Blockquote, reader)) break;
    if (last?.type === 'list' && !continueList(self, quote, last as Tokens.List, reader)) break;
  }
  return { token: quote, lines: reader.taken };
}

/**
 * A quote inside the quote goes on with the lines after it, one marker off each (read as the
 * inner quote asks for them, where marked hands it all the lines left).
 */
function continueQuote(self: Tokenizer, quote: Tokens.Blockquote, old: Tokens.Blockquote, reader: QuoteLines): boolean {
  const oldLines = old.raw.split('\n');
  const line = (k: number) =>
    k < oldLines.length
      ? oldLines[k]
      : reader.has(k - oldLines.length)
        ? reader.peek(k - oldLines.length).replace(/^ {0,3}>[ \t]?/, '')
        : undefined;
  const source: LineSource = { line, breakAfter: (k) => line(k + 1) !== undefined };
  const made = nestedQuote(self, source);
  if (!made) return false;
  quote.tokens[quote.tokens.length - 1] = made.token;
  const taken = reader.take(Math.max(0, made.lines - oldLines.length));
  if (taken.length > 0) quote.raw = `${quote.raw}\n${taken.join('\n')}`;
  quote.text = quote.text.substring(0, quote.text.length - old.text.length) + made.token.text;
  // A quote line next still belongs to this quote; any other line ends it.
  return reader.has(0) && QUOTE_START.test(reader.peek(0));
}

/**
 * A list inside the quote goes on with the lines after it, as they are: up to the first line
 * starting with '>' (or ' >'), which ends any list item (where marked hands it all the lines left).
 */
function continueList(self: Tokenizer, quote: Tokens.Blockquote, old: Tokens.List, reader: QuoteLines): boolean {
  const lines: string[] = [];
  for (let k = 0; reader.has(k) && !/^ ?>/.test(reader.peek(k)); k++) lines.push(reader.peek(k));
  const newText = `${old.raw}\n${lines.join('\n')}`;
  const made = blockTokenizers.list!.call(self, newText) || undefined;
  if (!made) return false;
  const count = made.raw.length > old.raw.length ? newText.slice(old.raw.length + 1, made.raw.length).split('\n').length : 0;
  quote.tokens[quote.tokens.length - 1] = made;
  if (count > 0) {
    const taken = reader.take(count).join('\n');
    quote.raw = `${quote.raw}\n${taken}`;
    quote.text = `${quote.text}\n${taken}`;
  }
  // A lazy line the list did not take ends the quote.
  return !reader.has(0) || QUOTE_START.test(reader.peek(0));
}
