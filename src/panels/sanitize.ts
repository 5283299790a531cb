import DOMPurify from 'dompurify';
import { safeUrl } from '../data/guards';
import { parseQuoteHref, QUOTE_CLASS, quoteHref } from '../data/rendered-quotes';
import { PLAY_VIDEO_TEXT, VIDEO_LINK_CLASS, videoLinkHref, videosAsLinks } from '../data/rendered-videos';

/**
 * The one gate for user HTML: every feature that shows rendered markdown or other user content
 * passes it through `sanitizeHtml` first. The allow-list is the host's (host-facts (d)) plus what
 * our renderings of webm(...), youtube(...) and spoilers need. No event handlers, no style, links
 * and sources by safeUrl's 'link' and 'source' rules (http(s), relative or, for links, mailto).
 * While videos are links (the video-links feature), a video is written as a "Play Video" link to
 * its first source, which then passes the same rules as any link. A blockquote keeps `href` only
 * as a quote's reference (`{activityId}` or `{activityId}/{replyId}`, digits only, rewritten in
 * that form); where the caller asks (`quotes`: our activity cards while the reply-to feature is on),
 * such a quote is also classed and made a tab stop, so that it leads back.
 */

const TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'center',
  'del',
  'div',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  'code',
  'span',
  'strike',
  'strong',
  'ul',
  'video',
  'source',
];
const ATTRS = ['align', 'height', 'href', 'src', 'target', 'width', 'rel', 'class', 'id', 'muted', 'loop', 'controls', 'type'];
/** Classes of our own markup (spoilers, YouTube cards); any other class is dropped. */
const CLASSES = new Set(['markdown-spoiler', 'hide-spoiler', 'el-icon-circle-close', 'youtube', 'play', VIDEO_LINK_CLASS]);
const VIDEO_TYPES = new Set(['video/webm', 'video/mp4']);

let purifier: ReturnType<typeof DOMPurify> | null = null;
/** Whether the sanitize call under way marks referenced quotes (its `quotes` option). */
let markQuotes = false;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'video' || !videosAsLinks.get() || !(node instanceof Element)) return;
    const href = videoLinkHref(node.querySelector('source')?.getAttribute('src'));
    if (href === null) return;
    const link = node.ownerDocument.createElement('a');
    link.className = VIDEO_LINK_CLASS;
    link.setAttribute('href', href);
    link.textContent = PLAY_VIDEO_TEXT;
    // In the video's place: the walk goes on with the link, which is sanitized like any other.
    node.replaceWith(link);
  });
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const value = data.attrValue;
    const tag = node.nodeName.toLowerCase();
    let keep = true;
    if (data.attrName === 'class') {
      data.attrValue = value
        .split(/\s+/)
        .filter((c) => CLASSES.has(c))
        .join(' ');
      keep = data.attrValue !== '';
    } else if (data.attrName === 'id') keep = tag === 'span' && /^[\w-]{6,15}$/.test(value);
    else if (data.attrName === 'href' && tag === 'blockquote') {
      const ref = parseQuoteHref(value);
      keep = ref !== null;
      if (ref) data.attrValue = quoteHref(ref);
    } else if (data.attrName === 'href') keep = tag === 'a' && safeUrl(value, 'link') !== undefined;
    else if (data.attrName === 'src') keep = (tag === 'img' || tag === 'source') && safeUrl(value, 'source') !== undefined;
    else if (data.attrName === 'type') keep = tag === 'source' && VIDEO_TYPES.has(value.toLowerCase());
    if (!keep) data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    // Links open in a new tab without handing the page to the target (host-facts (b)).
    if (node.nodeName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else if (node.nodeName === 'BLOCKQUOTE' && markQuotes && node.hasAttribute('href')) {
      node.classList.add(QUOTE_CLASS);
      node.setAttribute('tabindex', '0');
    }
  });
  purifier = p;
  return p;
}

/** Clean HTML, safe to put in the page; `quotes`: referenced quotes are marked to lead back (class `void-quote`, a tab stop). */
export function sanitizeHtml(html: string, { quotes = false }: { quotes?: boolean } = {}): string {
  const purify = instance();
  markQuotes = quotes;
  try {
    return purify.sanitize(html, {
      ALLOWED_TAGS: TAGS,
      ALLOWED_ATTR: ATTRS,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
      RETURN_TRUSTED_TYPE: false,
    });
  } finally {
    markQuotes = false;
  }
}
