import DOMPurify from 'dompurify';
import { safeUrl } from '../data/guards';

/**
 * The one gate for user HTML: every feature that shows rendered markdown or other user content
 * passes it through `sanitizeHtml` first. The allow-list is the host's (host-facts (d)) plus what
 * our renderings of webm(...), youtube(...) and spoilers need. No event handlers, no style, links
 * and sources by safeUrl's 'link' and 'source' rules (http(s), relative or, for links, mailto).
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
const CLASSES = new Set(['markdown-spoiler', 'hide-spoiler', 'el-icon-circle-close', 'youtube', 'play']);
const VIDEO_TYPES = new Set(['video/webm', 'video/mp4']);

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
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
    else if (data.attrName === 'href') keep = tag === 'a' && safeUrl(value, 'link') !== undefined;
    else if (data.attrName === 'src') keep = (tag === 'img' || tag === 'source') && safeUrl(value, 'source') !== undefined;
    else if (data.attrName === 'type') keep = tag === 'source' && VIDEO_TYPES.has(value.toLowerCase());
    if (!keep) data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    // Links open in a new tab without handing the page to the target (host-facts (b)).
    if (node.nodeName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = p;
  return p;
}

/** Clean HTML, safe to put in the page. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ATTRS,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    RETURN_TRUSTED_TYPE: false,
  });
}
