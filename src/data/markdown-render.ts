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

/** An inline extension: `re` must be anchored; `make` builds the token (undefined: not ours after all). */
function inline(
  name: string,
  startRe: RegExp,
  re: RegExp,
  make: (m: RegExpExecArray, self: TokenizerThis, prev: Tokens.Generic | undefined) => Fields | undefined,
  render: (token: Tokens.Generic, parse: (tokens: Tokens.Generic[]) => string) => string,
): TokenizerAndRendererExtension {
  return {
    name,
    level: 'inline',
    start: (src) => {
      const i = src.search(startRe);
      return i === -1 ? undefined : i;
    },
    tokenizer(src, tokens) {
      const m = re.exec(src);
      if (!m) return undefined;
      const fields = make(m, this, (tokens as Tokens.Generic[]).at(-1));
      return fields && { type: name, raw: m[0], ...fields };
    },
    renderer(token) {
      return render(token, (tokens) => this.parser.parseInline(tokens));
    },
  };
}

const spoilerHtml = (inner: string) => `<span class="markdown-spoiler"><i class="hide-spoiler el-icon-circle-close"></i><span>${inner}</span></span>`;

const extensions: TokenizerAndRendererExtension[] = [
  // ~~~centre~~~ on its own lines: may hold several paragraphs and images.
  {
    name: 'centerBlock',
    level: 'block',
    start: (src) => {
      const i = src.search(/(?:^|\n)~~~/);
      return i === -1 ? undefined : i + (src[i] === '\n' ? 1 : 0);
    },
    tokenizer(src) {
      const m = /^~~~([\s\S]*?)~~~[ \t]*(?:\n+|$)/.exec(src);
      return m ? { type: 'centerBlock', raw: m[0], tokens: this.lexer.blockTokens(m[1]!.trim(), []) } : undefined;
    },
    renderer(token) {
      return `<center>${this.parser.parse(token.tokens ?? [])}</center>`;
    },
  },
  // A spoiler over several paragraphs.
  {
    name: 'spoilerBlock',
    level: 'block',
    tokenizer(src) {
      const m = /^~!([\s\S]+?)!~[ \t]*(?:\n+|$)/.exec(src);
      if (!m || !/\n[ \t]*\n/.test(m[1]!)) return undefined;
      return { type: 'spoilerBlock', raw: m[0], tokens: this.lexer.blockTokens(m[1]!.trim(), []) };
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
  inline('center', /~~~/, /^~~~([\s\S]+?)~~~/, (m, self) => ({ tokens: self.lexer.inlineTokens(m[1]!.trim(), []) }), (t, parse) => `<center>${parse(t.tokens ?? [])}</center>`),
  inline('spoiler', /~!/, /^~!([\s\S]+?)!~/, (m, self) => ({ tokens: self.lexer.inlineTokens(m[1]!, []) }), (t, parse) => spoilerHtml(parse(t.tokens ?? []))),
  inline(
    'img',
    /img\s?\d*%?\s?\(/i,
    /^img\s?(\d+%?)?\s?\(([^\s)]+)\)/i,
    (m) => ({ width: m[1] ?? '', href: m[2]! }),
    (t) => `<img width="${attr(String(t.width))}" src="${attr(https(String(t.href)))}">`,
  ),
  inline(
    'youtube',
    /youtube\s?\(/i,
    /^youtube\s?\(([^\s)]+)\)/i,
    (m) => {
      const id = youtubeId(m[1]!);
      return id ? { id } : undefined;
    },
    (t) => {
      const id = attr(String(t.id));
      return `<span class="youtube" id="${id}"><span class="play"></span><img src="https://i.ytimg.com/vi/${id}/hqdefault.jpg"></span>`;
    },
  ),
  inline(
    'webm',
    /webm\s?\(/i,
    /^webm\s?\(([^\s)]+)\)/i,
    (m) => ({ href: m[1]! }),
    (t) => {
      const url = https(String(t.href));
      return `<video muted loop controls><source src="${attr(url)}" type="${/\.mp4$/i.test(url) ? 'video/mp4' : 'video/webm'}"></video>`;
    },
  ),
  // @name links to the profile when it starts a word (not inside a link's text).
  inline(
    'mention',
    /@[A-Za-z0-9]/,
    /^@([A-Za-z0-9_]+)/,
    (m, self, prev) => (!self.lexer.state.inLink && (!prev || /[\s>]$/.test(prev.raw)) ? { name: m[1]! } : undefined),
    (t) => `<a href="/user/${attr(String(t.name))}">@${attr(String(t.name))}</a>`,
  ),
];

/** Domains the site strips from rendered markdown. */
const BLACKLIST = /doko\.moe|nyaa\.si|horriblesubs\.info|kissanime|9anime/gi;

const marked = new Marked({
  gfm: true,
  breaks: true,
  extensions,
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
  return marked.parse(markdown.replace(/\r\n?/g, '\n'), { async: false });
}
