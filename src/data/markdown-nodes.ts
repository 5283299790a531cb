import type { Token, Tokens } from 'marked';
import { decodeNumericReferences } from './markdown-scan';

/**
 * The inline lexer's nodes (src/data/markdown-inline.ts): a run of text as a doubly linked list,
 * emphasis matched over it the CommonMark way, and the list turned into marked's tokens with the
 * nesting cap. Pure.
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
export interface TextNode extends NodeBase {
  kind: 'text';
  raw: string;
  mode: TextMode;
}
/** A finished token (a code span, a tag, a media mark...). */
export interface TokenNode extends NodeBase {
  kind: 'token';
  token: Token;
}
/** An autolink: a link unless it ends up inside a link's text, where it is text. */
export interface LinkLikeNode extends NodeBase {
  kind: 'linkLike';
  token: Token;
  raw: string;
}
/** A run of `*`, `_` or `~~` that may open or close a mark; its unused characters are text. */
export interface DelimNode extends NodeBase {
  kind: 'delim';
  char: string;
  /** Characters still unused, and the run's length as written (for the rule of three). */
  count: number;
  length: number;
  canOpen: boolean;
  canClose: boolean;
  /** The delimiter stack. */
  below: DelimNode | null;
  above: DelimNode | null;
}
/** `[` or `![`, until its `]` decides whether it opens a link. */
export interface BracketNode extends NodeBase {
  kind: 'bracket';
  image: boolean;
  /** Source index just after the bracket. */
  after: number;
}
/** A mark holding other nodes: emphasis, strikethrough, a link, an image, a spoiler, a centre. */
export interface WrapNode extends NodeBase {
  kind: 'wrap';
  token: Tokens.Generic;
  first: Node | null;
  last: Node | null;
  /** Its marks as written: what is shown instead when it is nested too deeply. */
  open: string;
  close: string;
}
export type Node = TextNode | TokenNode | LinkLikeNode | DelimNode | BracketNode | WrapNode;

export class NodeList {
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
// Emphasis (CommonMark's "process emphasis"), over the delimiters above `bottom`

export interface DelimiterStack {
  readonly topDelimiter: DelimNode | null;
  removeDelimiter(node: DelimNode): void;
}

export function processEmphasis(nodes: NodeList, stack: DelimiterStack, bottom: DelimNode | null): void {
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
    const opener = findOpener(closer, floor, bottom);
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

/** The nearest opener below `closer` (above `floor` and `bottom`) that it can close. */
function findOpener(closer: DelimNode, floor: DelimNode | null, bottom: DelimNode | null): DelimNode | null {
  for (let o = closer.below; o && o !== floor && o !== bottom; o = o.below) {
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
  closer.count -= use;
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
export type TextMode = 'text' | 'html link' | 'raw html';

export function materialize(first: Node | null): Token[] {
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
