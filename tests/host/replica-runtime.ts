/**
 * The replica's renderer and its tiny "host app". This one file runs in two places:
 *
 * - in Node, imported by tests/host/replica.ts, which renders the first HTML of a page;
 * - in the browser, where replica.ts embeds its transpiled text as a classic script defining the
 *   global `ReplicaRuntime`, and calls `ReplicaRuntime.boot(data, options)`. The host app then
 *   renders later routes client-side with the very same functions, like the SPA does.
 *
 * So this module must stay self-contained: no imports except `import type`, no Node APIs, nothing
 * random (the output is a pure function of the seed data, the path and the options).
 *
 * Class names and structure follow shared/anilist/host-facts.md section (a). The host puts no ids
 * in attributes; we render `data-replica-activity` / `data-replica-reply` markers that boot() turns
 * into `el.__vue__ = { $props: { id } }` and then removes, so the DOM looks like the site's.
 */
import type { SeedActivity, SeedData, SeedMedia, SeedNotification, SeedReply, SeedUser } from './seed';

export type Theme = 'default' | 'dark' | 'contrast';

export interface RuntimeViewer {
  id: number;
  name: string;
  donatorTier: number;
  donatorBadge: string;
  profileColor: string;
  avatar: string;
  bannerImage: string | null;
}

/** Options after replica.ts has filled in the defaults. Plain JSON (it is embedded in the page). */
export interface RuntimeOptions {
  viewer: RuntimeViewer | null;
  /** Cards in the /home feed. */
  activities: number;
  theme: Theme;
  /** The number on the nav's `.notification-dot`; 0 hides the dot. */
  unreadNotifications: number;
  /**
   * Emulate the host's same-component quirk (host-facts (b)): a push between two paths with the
   * same first segment (e.g. /user/a/ → /user/b/) updates the URL but does not refresh the view.
   */
  sameComponentQuirk: boolean;
  /** Delay before `#app.__vue__` appears (the site's app is not always mounted at document-end). */
  vueDelayMs: number;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESC[c] ?? c);
}

export const NAMED_COLOR_RGB: Readonly<Record<string, string>> = {
  blue: '61, 180, 242',
  purple: '192, 99, 255',
  green: '76, 202, 81',
  orange: '239, 136, 26',
  red: '225, 51, 51',
  pink: '252, 157, 214',
  gray: '103, 123, 148',
};

/** A profile colour (named or `#rrggbb`) as the bare "r, g, b" triple the site's CSS variables hold. */
export function colorTriple(color: string | null | undefined): string {
  if (!color) return NAMED_COLOR_RGB.blue!;
  const named = NAMED_COLOR_RGB[color];
  if (named) return named;
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) return NAMED_COLOR_RGB.blue!;
  return [m[1], m[2], m[3]].map((h) => parseInt(h ?? '0', 16)).join(', ');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A `<time>` element; relative text against the seed clock, a fixed-format UTC tooltip. */
function timeEl(seconds: number, now: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours();
  const title = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${((h + 11) % 12) + 1}:${pad(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
  return `<time datetime="${d.toISOString()}" title="${title}">${relative(now - seconds)}</time>`;
}

function relative(diff: number): string {
  const units: [number, string][] = [
    [31536000, 'year'],
    [2592000, 'month'],
    [604800, 'week'],
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  if (diff < 0) return 'just now';
  for (const [size, name] of units) {
    const n = Math.floor(diff / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

function userPath(name: string): string {
  return `/user/${encodeURIComponent(name)}/`;
}

function mediaPath(m: SeedMedia): string {
  return `/${m.type === 'ANIME' ? 'anime' : 'manga'}/${m.id}/${encodeURIComponent(m.title.romaji.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, ''))}/`;
}

function bg(url: string | null | undefined): string {
  return url ? ` style="background-image: url(&quot;${esc(url)}&quot;)"` : '';
}

const ICONS = {
  heart:
    '<svg class="icon" viewBox="0 0 512 512" width="14" height="14" aria-hidden="true"><path fill="currentColor" d="M462 62C407 15 325 24 275 76l-19 20-19-20C187 24 105 15 50 62c-63 54-66 150-10 208l193 199c12 13 33 13 46 0l193-199c56-58 53-154-10-208z"/></svg>',
  reply:
    '<svg class="icon" viewBox="0 0 512 512" width="14" height="14" aria-hidden="true"><path fill="currentColor" d="M256 32C114 32 0 125 0 240c0 50 21 95 57 131-13 50-54 95-55 95-2 2-3 6-1 9s5 5 8 5c66 0 116-32 141-51 33 12 68 19 106 19 142 0 256-93 256-208S398 32 256 32z"/></svg>',
  bell: '<svg class="icon" viewBox="0 0 448 512" width="13" height="13" aria-hidden="true"><path fill="currentColor" d="M224 512c35 0 64-29 64-64H160c0 35 29 64 64 64zm215-150c-19-21-55-52-55-154 0-78-54-140-128-155V32a32 32 0 0 0-64 0v21C118 68 64 130 64 208c0 102-36 133-55 154-6 6-9 14-9 22 0 16 13 32 32 32h384c19 0 32-16 32-32 0-8-3-16-9-22z"/></svg>',
  search:
    '<svg class="icon" viewBox="0 0 512 512" width="15" height="15" aria-hidden="true"><path fill="currentColor" d="M505 443 405 343c-5-4-11-7-17-7h-16c28-35 44-80 44-128C416 93 323 0 208 0S0 93 0 208s93 208 208 208c48 0 93-16 128-44v16c0 6 3 12 7 17l100 100c9 9 25 9 34 0l28-28c9-10 9-25 0-34zM208 336a128 128 0 1 1 0-256 128 128 0 0 1 0 256z"/></svg>',
  bars: '<svg class="icon" viewBox="0 0 448 512" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M16 132h416c9 0 16-7 16-16V76c0-9-7-16-16-16H16C7 60 0 67 0 76v40c0 9 7 16 16 16zm0 160h416c9 0 16-7 16-16v-40c0-9-7-16-16-16H16c-9 0-16 7-16 16v40c0 9 7 16 16 16zm0 160h416c9 0 16-7 16-16v-40c0-9-7-16-16-16H16c-9 0-16 7-16 16v40c0 9 7 16 16 16z"/></svg>',
};

// ---------------------------------------------------------------------------------------------
// Markdown: a small, safe approximation of the AniList dialect (host-facts (d)). Deterministic;
// the mock API uses it too for `asHtml` and `Query.Markdown`.

export function renderMarkdown(source: string): string {
  const saved: string[] = [];
  // Placeholders keep generated HTML (links, images) away from the emphasis rules.
  const keep = (html: string) => `\u0000${saved.push(html) - 1}\u0000`;
  const safeUrl = (url: string) => (/^(https?:)?\/\//i.test(url) || url.startsWith('/') ? url : '#');

  const inline = (text: string): string => {
    let t = esc(text);
    t = t.replace(/`([^`]+)`/g, (_m, code: string) => keep(`<code>${code}</code>`));
    t = t.replace(/img\s?(\d*%?)\(([^)\s]+)\)/gi, (_m, width: string, url: string) => keep(`<img width="${width}" src="${safeUrl(url)}">`));
    t = t.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_m, alt: string, url: string) => keep(`<img alt="${alt}" src="${safeUrl(url)}">`));
    t = t.replace(/youtube\(([^)\s]+)\)/gi, (_m, video: string) => {
      const id = /(?:v=|youtu\.be\/)([\w-]{6,})/.exec(video)?.[1] ?? video;
      return keep(
        `<span class="youtube" id="${id}"><span class="play"></span><img src="https://i.ytimg.com/vi/${id}/hqdefault.jpg"></span>`,
      );
    });
    t = t.replace(/webm\(([^)\s]+)\)/gi, (_m, url: string) =>
      keep(`<video muted loop controls><source src="${safeUrl(url)}" type="video/webm"></video>`),
    );
    t = t.replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_m, label: string, url: string) =>
      keep(`<a href="${safeUrl(url)}" target="_blank" rel="noopener noreferrer">${label}</a>`),
    );
    t = t.replace(/(^|[\s(])(https?:\/\/[^\s<]+)/g, (_m, pre: string, url: string) => {
      // Bare links to AniList media become embed cards on the site.
      const media = /^https:\/\/anilist\.co\/(anime|manga)\/(\d+)\/?[^\s]*$/.exec(url);
      if (media)
        return (
          pre +
          keep(
            `<a class="media-embed" href="/${media[1]}/${media[2]}/" data-media-type="${media[1]}" data-media-id="${media[2]}"><span class="title">${media[1]} ${media[2]}</span></a>`,
          )
        );
      return pre + keep(`<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`);
    });
    t = t.replace(
      /(^|[^\w])@([A-Za-z0-9_-]{2,20})/g,
      (_m, pre: string, name: string) => pre + keep(`<a href="/user/${name}">@${name}</a>`),
    );
    t = t.replace(
      /~!([\s\S]+?)!~/g,
      (_m, inner: string) =>
        keep('<span class="markdown-spoiler"><i class="hide-spoiler el-icon-circle-close"></i><span>') + inner + keep('</span></span>'),
    );
    t = t.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '<strong>$2</strong>');
    t = t.replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?![\w*])/g, '$1<em>$2</em>');
    t = t.replace(/~~(?=\S)([\s\S]*?\S)~~/g, '<del>$1</del>');
    return t.replace(/\n/g, '<br>');
  };

  const blocks: string[] = [];
  let text = source.replace(/\r\n?/g, '\n');
  text = text.replace(/~~~([\s\S]*?)~~~/g, (_m, inner: string) => `\u0001${keep(`<center>${inline(inner.trim())}</center>`)}\u0001`);
  // Raw HTML survives AniList's sanitiser with `href` on any tag (host-facts (d)): a quote naming where it comes
  // from (`<blockquote href="{activityId}/{replyId}">`, VoidVerified's Reply To) keeps its href; inside, text with
  // its entities and line breaks.
  text = text.replace(
    /<blockquote(?:\s+href="([^"<>]*)")?\s*>([\s\S]*?)<\/blockquote>/gi,
    (_m, href: string | undefined, inner: string) => {
      const kept = href !== undefined && /^[\w/#?=.-]{1,100}$/.test(href) ? ` href="${href}"` : '';
      const body = inner
        .split(/<br\s*\/?>/i)
        .map((line) => line.trim().replace(/&(?!(?:amp|lt|gt|quot|#\d{1,6});)|[<>"']/g, (c) => esc(c)))
        .join('<br>');
      return `\u0001${keep(`<blockquote${kept}>${body}</blockquote>`)}\u0001`;
    },
  );
  for (const raw of text.split(/\n{2,}/)) {
    const block = raw.trim();
    if (!block) continue;
    const heading = /^(#{1,5})\s?(.*)$/.exec(block);
    const lines = block.split('\n');
    if (block.startsWith('\u0001')) blocks.push(block.replace(/\u0001/g, ''));
    else if (heading && !block.includes('\n')) blocks.push(`<h${heading[1]!.length}>${inline(heading[2] ?? '')}</h${heading[1]!.length}>`);
    else if (/^(-{3,}|\*{3,})$/.test(block)) blocks.push('<hr>');
    else if (lines.every((l) => /^>\s?/.test(l)))
      blocks.push(`<blockquote>${inline(lines.map((l) => l.replace(/^>\s?/, '')).join('\n'))}</blockquote>`);
    else if (lines.every((l) => /^[-*+]\s/.test(l))) blocks.push(`<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`);
    else if (lines.every((l) => /^\d+\.\s/.test(l)))
      blocks.push(`<ol>${lines.map((l) => `<li>${inline(l.replace(/^\d+\.\s/, ''))}</li>`).join('')}</ol>`);
    else blocks.push(`<p>${inline(block)}</p>`);
  }
  // Placeholders can nest (a spoiler inside a centre block), so restore until none are left.
  let html = blocks.join('\n');
  for (let i = 0; i < 5 && html.includes('\u0000'); i++)
    html = html.replace(/\u0000(\d+)\u0000/g, (_m, n: string) => saved[Number(n)] ?? '');
  return html;
}

// ---------------------------------------------------------------------------------------------
// Theme

const THEMES: Record<Theme, Record<string, string>> = {
  default: {
    'color-background': '237, 241, 245',
    'color-foreground': '250, 250, 250',
    'color-foreground-grey': '245, 246, 246',
    'color-foreground-grey-dark': '234, 236, 237',
    'color-foreground-blue': '246, 248, 251',
    'color-foreground-blue-dark': '241, 243, 247',
    'color-background-blue-dark': '31, 38, 49',
    'color-overlay': '31, 38, 49',
    'color-shadow': '49, 54, 68',
    'color-shadow-dark': '6, 13, 34',
    'color-shadow-blue': '103, 132, 187',
    'color-text': '92, 114, 138',
    'color-text-light': '122, 133, 143',
    'color-text-lighter': '146, 153, 161',
    'color-text-bright': '255, 255, 255',
    'color-blue': '61, 180, 242',
    'color-blue-dim': '200, 236, 255',
    'color-white': '255, 255, 255',
    'color-black': '0, 0, 0',
    'color-red': '232, 93, 117',
    'color-peach': '250, 122, 122',
    'color-orange': '247, 154, 99',
    'color-yellow': '247, 191, 99',
    'color-green': '123, 213, 85',
    'color-gray': '103, 123, 148',
  },
  dark: {
    'color-background': '11, 22, 34',
    'color-foreground': '21, 31, 46',
    'color-foreground-grey': '15, 22, 31',
    'color-foreground-grey-dark': '6, 12, 19',
    'color-foreground-blue': '15, 22, 31',
    'color-foreground-blue-dark': '6, 12, 19',
    'color-background-blue-dark': '31, 38, 49',
    'color-overlay': '0, 0, 0',
    'color-shadow': '0, 0, 0',
    'color-shadow-dark': '0, 0, 0',
    'color-shadow-blue': '0, 5, 15',
    'color-text': '159, 173, 189',
    'color-text-light': '129, 140, 153',
    'color-text-lighter': '133, 150, 165',
    'color-text-bright': '237, 241, 245',
    'color-blue': '61, 180, 242',
    'color-blue-dim': '139, 204, 236',
    'color-white': '255, 255, 255',
    'color-black': '0, 0, 0',
    'color-red': '232, 93, 117',
    'color-peach': '250, 122, 122',
    'color-orange': '247, 154, 99',
    'color-yellow': '247, 191, 99',
    'color-green': '123, 213, 85',
    'color-gray': '103, 123, 148',
  },
  contrast: {
    'color-background': '255, 255, 255',
    'color-foreground': '255, 255, 255',
    'color-foreground-grey': '240, 240, 240',
    'color-foreground-grey-dark': '220, 220, 220',
    'color-foreground-blue': '245, 245, 245',
    'color-foreground-blue-dark': '235, 235, 235',
    'color-background-blue-dark': '0, 0, 0',
    'color-overlay': '0, 0, 0',
    'color-shadow': '0, 0, 0',
    'color-shadow-dark': '0, 0, 0',
    'color-shadow-blue': '0, 0, 0',
    'color-text': '0, 0, 0',
    'color-text-light': '39, 39, 39',
    'color-text-lighter': '60, 60, 60',
    'color-text-bright': '255, 255, 255',
    'color-blue': '0, 102, 204',
    'color-blue-dim': '180, 210, 240',
    'color-white': '255, 255, 255',
    'color-black': '0, 0, 0',
    'color-red': '200, 0, 30',
    'color-peach': '220, 80, 80',
    'color-orange': '200, 90, 0',
    'color-yellow': '170, 120, 0',
    'color-green': '0, 130, 40',
    'color-gray': '80, 80, 80',
  },
};

export function themeClass(theme: Theme): string {
  return theme === 'default' ? '' : `site-theme-${theme}`;
}

/** The theme variables (default on :root, dark and contrast on their body classes) and base CSS. */
export function themeCss(): string {
  const vars = (t: Theme) =>
    Object.entries(THEMES[t])
      .map(([k, v]) => `--${k}: ${v};`)
      .join(' ');
  return `
:root { ${vars('default')} }
body.site-theme-dark { ${vars('dark')} }
body.site-theme-contrast { ${vars('contrast')} }
* { box-sizing: border-box; }
html, body { margin: 0; }
body { background: rgb(var(--color-background)); color: rgb(var(--color-text)); font: 14px/1.5 Overpass, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: rgb(var(--color-blue)); text-decoration: none; }
h1, h2, h3 { color: rgb(var(--color-text)); font-weight: 600; }
.container { max-width: 1140px; margin: 0 auto; padding: 0 20px; }
#nav.nav { background: rgb(var(--color-background-blue-dark)); height: 68px; position: sticky; top: 0; z-index: 100; }
#nav .wrap { display: flex; align-items: center; height: 100%; max-width: 1140px; margin: 0 auto; padding: 0 20px; gap: 20px; }
#nav .logo { color: rgb(var(--color-blue)); font-weight: 800; font-size: 20px; }
#nav .links { display: flex; gap: 18px; flex: 1; justify-content: center; }
#nav .links a.link { color: rgb(191, 193, 195); font-weight: 600; }
#nav .links a.link.router-link-active, #nav .links a.link:hover { color: #fff; }
#nav .search { color: rgb(191, 193, 195); cursor: pointer; }
#nav .user { position: relative; }
#nav .user-wrap { display: flex; align-items: center; gap: 6px; cursor: pointer; }
#nav .user .avatar { width: 40px; height: 40px; border-radius: 4px; background: rgb(var(--color-blue)) center/cover; }
#nav .notification-dot { background: rgb(var(--color-red)); color: #fff; border-radius: 8px; font-size: 11px; padding: 0 5px; }
#nav .user .dropdown { display: none; position: absolute; right: 0; top: 46px; background: rgb(var(--color-foreground)); padding: 8px 0; border-radius: 4px; box-shadow: 0 14px 30px rgba(var(--color-shadow-blue), .15); min-width: 160px; }
#nav .user:hover .dropdown, #nav .user.open .dropdown { display: block; }
#nav .user .dropdown a { display: block; padding: 6px 16px; color: rgb(var(--color-text)); }
#nav .guest-links a { color: #fff; margin-left: 14px; }
.hamburger, .mobile-nav { display: none; }
@media (max-width: 760px) {
  #nav.nav { display: none; }
  .hamburger { display: flex; position: fixed; right: 16px; bottom: 16px; z-index: 100; width: 48px; height: 48px; border-radius: 50%; background: rgb(var(--color-foreground)); align-items: center; justify-content: center; box-shadow: 0 4px 12px rgba(0,0,0,.2); }
  .mobile-nav.open { display: block; position: fixed; inset: auto 10px 74px 10px; z-index: 100; background: rgb(var(--color-foreground)); border-radius: 6px; padding: 10px; }
}
.mobile-nav .menu { display: flex; flex-wrap: wrap; gap: 10px; }
.page-content { min-height: calc(100vh - 68px); padding: 30px 0 60px; }
.footer { background: rgb(var(--color-background-blue-dark)); color: rgb(var(--color-text-lighter)); padding: 30px; text-align: center; font-size: 12px; }
.section-header { display: flex; align-items: center; justify-content: space-between; margin-bottom: 10px; font-size: 14px; font-weight: 600; }
.section-header h2 { font-size: 14px; margin: 0; }
.home { display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 40px; }
.home.full-width { grid-template-columns: 1fr; }
.feed-select { display: flex; gap: 12px; align-items: center; }
.feed-type-toggle { display: flex; gap: 8px; }
.feed-type-toggle > div { cursor: pointer; color: rgb(var(--color-text-lighter)); }
.feed-type-toggle > div.active { color: rgb(var(--color-blue)); }
.el-dropdown { position: relative; }
.el-dropdown-link { cursor: pointer; }
.el-dropdown-menu { position: absolute; z-index: 2001; list-style: none; margin: 0; padding: 6px 0; background: rgb(var(--color-foreground)); border-radius: 4px; box-shadow: 0 6px 20px rgba(var(--color-shadow-blue), .2); min-width: 140px; }
.el-dropdown-menu__item { padding: 4px 16px; cursor: pointer; white-space: nowrap; }
.el-dropdown-menu__item.active { color: rgb(var(--color-blue)); }
.activity-edit, .editor { margin-bottom: 20px; }
.forum-thread .thread, .forum-thread .comment-wrap, .review-edit .section, .forum-feed .thread-card { background: rgb(var(--color-foreground)); border-radius: 4px; padding: 14px 16px; margin-bottom: 16px; }
.forum-thread .comment .header, .forum-thread .thread .header { display: flex; align-items: center; gap: 10px; }
.forum-thread a.avatar { width: 32px; height: 32px; border-radius: 3px; background-size: cover; }
.sidebar .review.button { display: block; text-align: center; margin-bottom: 16px; }
.markdown-editor { display: flex; gap: 4px; margin-bottom: 6px; }
.markdown-editor > div { width: 26px; height: 24px; display: flex; align-items: center; justify-content: center; cursor: pointer; border-radius: 3px; color: rgb(var(--color-text-lighter)); font-size: 12px; font-weight: 700; }
.markdown-editor > div:hover { background: rgb(var(--color-foreground-grey)); }
.el-textarea__inner { width: 100%; min-height: 60px; resize: vertical; border: 0; border-radius: 4px; padding: 12px 14px; background: rgb(var(--color-foreground)); color: rgb(var(--color-text)); font: inherit; }
.activity-edit .actions, .editor > .actions { display: flex; justify-content: flex-end; gap: 10px; margin-top: 8px; }
.button { display: inline-block; padding: 6px 14px; border-radius: 4px; cursor: pointer; background: rgb(var(--color-blue)); color: rgb(var(--color-white)); font-size: 13px; }
.button.cancel { background: transparent; color: rgb(var(--color-text-lighter)); }
.rules-notice { font-size: 11px; color: rgb(var(--color-text-lighter)); margin-top: 4px; }
.activity-feed { display: flex; flex-direction: column; gap: 20px; }
.activity-entry > .wrap { background: rgb(var(--color-foreground)); border-radius: 4px; padding: 14px 16px; position: relative; }
.activity-entry .header { display: flex; align-items: center; gap: 10px; }
.activity-entry a.avatar, .reply a.avatar { width: 40px; height: 40px; border-radius: 3px; background: rgb(var(--color-blue-dim)) center/cover; flex: none; display: inline-block; }
.activity-entry a.name, .reply a.name { font-weight: 600; }
.activity-entry .arrow { color: rgb(var(--color-text-lighter)); }
.donator-badge { color: rgb(var(--color-blue)); font-size: 11px; font-weight: 700; }
.donator-rainbow-badge { background: linear-gradient(90deg, #f33, #fc3, #3c3, #3cf, #c3f); -webkit-background-clip: text; color: transparent; }
.mod-badge { color: rgb(var(--color-peach)); font-size: 11px; font-weight: 700; }
.activity-markdown, .reply-markdown { margin-top: 10px; overflow-wrap: anywhere; }
.markdown p { margin: 0 0 8px; }
.markdown img { max-width: 100%; }
.markdown blockquote { margin: 0 0 8px; padding: 6px 10px; border-left: 5px solid rgb(var(--color-foreground-grey-dark)); }
.markdown-spoiler > span { background: rgb(var(--color-text)); color: transparent; border-radius: 3px; }
.markdown-spoiler.spoiler-visible > span { background: none; color: inherit; }
.activity-entry .list { display: flex; gap: 14px; }
.activity-entry .list a.cover { width: 56px; height: 80px; border-radius: 3px; background: rgb(var(--color-blue-dim)) center/cover; flex: none; }
.activity-entry .details { display: flex; flex-direction: column; gap: 4px; }
.activity-entry .details a.avatar { width: 24px; height: 24px; }
.activity-entry .time { position: absolute; right: 14px; top: 10px; font-size: 11px; color: rgb(var(--color-text-lighter)); display: flex; gap: 6px; align-items: center; }
.activity-entry .time a { color: inherit; }
.has-label { cursor: pointer; }
.wrap .actions, .reply .actions { display: flex; gap: 14px; justify-content: flex-end; font-size: 12px; color: rgb(var(--color-text-lighter)); }
.action { cursor: pointer; display: flex; gap: 4px; align-items: center; }
.like-wrap { position: relative; }
.like-wrap .button { background: none; color: inherit; padding: 0; display: flex; gap: 4px; align-items: center; }
.like-wrap .button.liked { color: rgb(var(--color-red)); }
.like-wrap .users { display: none; }
.reply-wrap { margin-top: 14px; padding-left: 30px; }
.activity-replies { display: flex; flex-direction: column; gap: 12px; margin-bottom: 14px; }
.reply { background: rgb(var(--color-foreground)); border-radius: 4px; padding: 12px 14px; }
.reply .header { display: flex; align-items: center; gap: 10px; }
.reply .header .actions { margin-left: auto; }
.reply a.avatar { width: 30px; height: 30px; }
.load-more { margin-top: 20px; text-align: center; background: rgb(var(--color-foreground)); padding: 10px; border-radius: 4px; cursor: pointer; }
.list-previews .media-preview-card { display: flex; gap: 10px; background: rgb(var(--color-foreground)); border-radius: 4px; margin-bottom: 8px; overflow: hidden; }
.media-preview-card a.cover { width: 48px; height: 66px; background: rgb(var(--color-blue-dim)) center/cover; flex: none; }
.media-preview-card .content { padding: 6px 0; font-size: 12px; }
.relations .grid-wrap { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 10px; }
.relations .media-preview-card { display: flex; gap: 10px; background: rgb(var(--color-foreground)); border-radius: 4px; overflow: hidden; }
.list-preview-wrap { margin-bottom: 26px; }
.page-content > .user, .page-content > .media { margin-top: -30px; }
.user .banner { height: 260px; background: rgb(var(--color-background-blue-dark)) center/cover; position: relative; }
.user .banner .shadow { position: absolute; inset: 0; background: linear-gradient(180deg, rgba(6,13,34,0) 40%, rgba(6,13,34,.6)); }
.user .banner .container { position: relative; height: 100%; }
.user .banner-content { position: absolute; bottom: 0; display: flex; align-items: flex-end; gap: 20px; }
.user img.avatar { width: 160px; height: 160px; object-fit: cover; border-radius: 4px 4px 0 0; background: rgb(var(--color-blue-dim)); }
.user h1.name { color: #fff; margin: 0 0 20px; }
.user .name-wrapper .donator-badge { margin-bottom: 20px; }
.user .nav-wrap { background: rgb(var(--color-foreground)); }
.user .nav-wrap .nav { display: flex; justify-content: center; gap: 30px; padding: 14px 20px; }
.user .nav-wrap .nav a.link { color: rgb(var(--color-text-light)); }
.user .nav-wrap .nav a.link.router-link-active { color: rgb(var(--color-blue)); }
.user .overview { display: grid; grid-template-columns: 320px minmax(0, 1fr); gap: 30px; margin-top: 30px; }
.about { background: rgb(var(--color-foreground)); padding: 16px; border-radius: 4px; }
.user .activity-feed-wrap .section-header ul { display: flex; gap: 10px; list-style: none; margin: 0; padding: 0; }
.user .activity-feed-wrap .section-header li { cursor: pointer; color: rgb(var(--color-text-lighter)); }
.user .activity-feed-wrap .section-header li.active { color: rgb(var(--color-blue)); }
.settings.container { display: grid; grid-template-columns: 200px 1fr; gap: 30px; }
.settings .nav a.link { display: block; padding: 6px 0; color: rgb(var(--color-text-light)); }
.settings .nav a.link.router-link-active { color: rgb(var(--color-blue)); }
.settings .content { background: rgb(var(--color-foreground)); padding: 20px; border-radius: 4px; min-height: 300px; }
.notifications-feed.container { display: grid; grid-template-columns: 200px 1fr; gap: 30px; }
.notifications-feed .filters .link { padding: 4px 0; cursor: pointer; }
.notifications-feed .filters .link.active { color: rgb(var(--color-blue)); }
.reset-btn { cursor: pointer; font-size: 12px; margin-bottom: 14px; color: rgb(var(--color-text-lighter)); }
.notifications .notification { display: flex; gap: 12px; align-items: center; background: rgb(var(--color-foreground)); border-radius: 4px; padding: 8px; margin-bottom: 10px; }
.notifications .notification.unread { box-shadow: inset 3px 0 0 rgb(var(--color-blue)); }
.notifications .notification a.avatar, .notifications .notification a.cover { width: 48px; height: 48px; border-radius: 3px; background: rgb(var(--color-blue-dim)) center/cover; flex: none; }
.notifications .notification .details { flex: 1; }
.notifications .notification .time { font-size: 11px; color: rgb(var(--color-text-lighter)); }
.media .banner { height: 300px; background: rgb(var(--color-background-blue-dark)) center/cover; }
.media .header { background: rgb(var(--color-foreground)); }
.media .header .container { display: flex; gap: 30px; }
.media .header img.cover { width: 215px; margin-top: -120px; border-radius: 4px; box-shadow: 0 4px 20px rgba(0,0,0,.3); background: rgb(var(--color-blue-dim)); min-height: 300px; }
.media .content.container { display: grid; grid-template-columns: 215px 1fr; gap: 30px; margin-top: 30px; }
.sidebar .data { background: rgb(var(--color-foreground)); border-radius: 4px; padding: 16px; }
.sidebar .data-set { margin-bottom: 12px; }
.sidebar .data-set .type { font-weight: 600; font-size: 13px; }
.sidebar .data-set .value { font-size: 12px; color: rgb(var(--color-text-lighter)); }
.not-found { text-align: center; padding: 80px 0; }
body.scroll-lock { overflow: hidden; }
`;
}

// ---------------------------------------------------------------------------------------------
// Data access

interface Index {
  users: Map<number, SeedUser>;
  usersByName: Map<string, SeedUser>;
  media: Map<number, SeedMedia>;
  activities: Map<number, SeedActivity>;
  repliesByActivity: Map<number, SeedReply[]>;
}

const indexCache = new WeakMap<SeedData, Index>();
/** Sizes and last ids of the lists an index was built from: the e2e fixture renders the mock API's live state, which changes. */
const indexSizes = new WeakMap<Index, string>();
function index(data: SeedData): Index {
  const sizes = [data.users, data.media, data.activities, data.replies].map((list) => `${list.length}:${list[list.length - 1]?.id}`).join();
  let idx = indexCache.get(data);
  if (!idx || indexSizes.get(idx) !== sizes) {
    const repliesByActivity = new Map<number, SeedReply[]>();
    for (const r of data.replies) {
      const list = repliesByActivity.get(r.activityId) ?? [];
      list.push(r);
      repliesByActivity.set(r.activityId, list);
    }
    idx = {
      users: new Map(data.users.map((u) => [u.id, u])),
      usersByName: new Map(data.users.map((u) => [u.name.toLowerCase(), u])),
      media: new Map(data.media.map((m) => [m.id, m])),
      activities: new Map(data.activities.map((a) => [a.id, a])),
      repliesByActivity,
    };
    indexCache.set(data, idx);
    indexSizes.set(idx, sizes);
  }
  return idx;
}

/** The user whose feed/profile an activity belongs to (the sender for messages). */
export function activityOwner(a: SeedActivity): number {
  return a.__typename === 'MessageActivity' ? a.messengerId : a.userId;
}

function visibleTo(a: SeedActivity, viewerId: number | null): boolean {
  if (a.__typename !== 'MessageActivity' || !a.isPrivate) return true;
  return viewerId !== null && (a.messengerId === viewerId || a.recipientId === viewerId);
}

const byIdDesc = (x: SeedActivity, y: SeedActivity) => y.id - x.id;

/** The Following feed of /home: the viewer's and followed users' activities, newest first, topped up from the global feed. */
export function homeFeed(data: SeedData, opts: RuntimeOptions, count: number): SeedActivity[] {
  const viewerId = opts.viewer?.id ?? null;
  const me = viewerId === null ? undefined : index(data).users.get(viewerId);
  const circle = new Set<number>([...(me?.following ?? []), ...(viewerId === null ? [] : [viewerId])]);
  const visible = data.activities.filter((a) => visibleTo(a, viewerId)).sort(byIdDesc);
  const following = visible.filter(
    (a) => viewerId === null || circle.has(activityOwner(a)) || (a.__typename === 'MessageActivity' && a.recipientId === viewerId),
  );
  const rest = visible.filter((a) => !following.includes(a));
  return [...following, ...rest].slice(0, Math.max(0, count));
}

/** A profile's feed: the user's own activities and messages they received, pinned first. */
export function profileFeed(data: SeedData, user: SeedUser, viewerId: number | null): SeedActivity[] {
  return data.activities
    .filter((a) => (a.__typename === 'MessageActivity' ? a.recipientId === user.id : a.userId === user.id) && visibleTo(a, viewerId))
    .sort((x, y) => Number(y.isPinned) - Number(x.isPinned) || y.id - x.id);
}

// ---------------------------------------------------------------------------------------------
// Components

function badges(user: SeedUser | undefined): string {
  if (!user) return '';
  let out = '';
  if (user.donatorTier > 0) {
    const text = user.donatorTier > 3 ? user.donatorBadge : 'Donator';
    out += `<span class="donator-badge${user.donatorTier > 4 ? ' donator-rainbow-badge' : ''}">${esc(text)}</span>`;
  }
  if (user.moderatorRoles && user.moderatorRoles.length > 0) out += '<span class="mod-badge">Mod</span>';
  return out;
}

function userLinks(user: SeedUser | undefined, fallbackId: number): string {
  const name = user?.name ?? `User${fallbackId}`;
  return `<a class="avatar" href="${userPath(name)}"${bg(user?.avatar.large)}></a><a class="name" href="${userPath(name)}">${esc(name)}</a>`;
}

function likeWrap(kind: 'activity' | 'activity-reply', likeIds: number[], data: SeedData, viewerId: number | null): string {
  const idx = index(data);
  const liked = viewerId !== null && likeIds.includes(viewerId);
  const users = likeIds
    .map((id) => idx.users.get(id))
    .filter((u): u is SeedUser => !!u)
    .map((u) => `<a class="user" href="${userPath(u.name)}"${bg(u.avatar.medium)} title="${esc(u.name)}"></a>`)
    .join('');
  return `<div class="like-wrap ${kind}"><div class="button${liked ? ' liked' : ''}"><span class="count">${likeIds.length || ''}</span>${ICONS.heart}</div><div class="users">${users}</div></div>`;
}

const EDITOR_BUTTONS = [
  ['Bold', 'B'],
  ['Italic', 'I'],
  ['Strikethrough', 'S'],
  ['Spoiler', '!'],
  ['Link', 'a'],
  ['Image', 'img'],
  ['Youtube Video', '▶'],
  ['WebM Video', 'W'],
  ['Order List', '1.'],
  ['Unordered List', '•'],
  ['Header', 'H'],
  ['Center', '≡'],
  ['Quote', '"'],
  ['Code', '<>'],
  ['Preview', '◉'],
];

/**
 * The editors the host app handles (the toolbar shown on focus, the v-model, Preview, Cancel): the
 * activity editors (`.activity-edit`, host-facts (a)) and the other markdown editors, in a wrapper
 * classed `.editor` (Automail's forum selector `.editor textarea.el-textarea__inner`): a forum
 * thread's reply box, the review body, the bio ("About") in /settings. The same component, so the
 * same toolbar, textarea and actions.
 */
export const HOST_EDITORS = '.activity-edit, .editor';

export function activityEdit(placeholder: string, saveLabel: string, wrap = 'activity-edit'): string {
  const buttons = EDITOR_BUTTONS.map(([title, label]) => `<div title="${title}">${esc(label ?? '')}</div>`).join('');
  return (
    `<div class="${wrap}">` +
    `<div class="markdown-editor" style="display: none;">${buttons}</div>` +
    `<div class="input el-textarea"><textarea autocomplete="off" placeholder="${esc(placeholder)}" rows="2" class="el-textarea__inner"></textarea></div>` +
    `<div class="reply preview" style="display: none;"><div class="reply-markdown"><div class="markdown"></div></div></div>` +
    `<div class="actions"><div class="button cancel">Cancel</div><div class="button save">${esc(saveLabel)}</div></div>` +
    `<div class="rules-notice">Please read the <a href="/forum/thread/14">site guidelines</a> before posting.</div>` +
    `</div>`
  );
}

function replyHtml(data: SeedData, r: SeedReply, viewerId: number | null): string {
  const user = index(data).users.get(r.userId);
  return (
    `<div class="reply" data-replica-reply="${r.id}">` +
    `<div class="header">${userLinks(user, r.userId)}${badges(user)}` +
    `<div class="actions"><div class="action likes">${likeWrap('activity-reply', r.likeIds, data, viewerId)}</div>` +
    `<div class="action time">${timeEl(r.createdAt, data.now)}</div></div></div>` +
    `<div class="reply-markdown"><div class="markdown">${renderMarkdown(r.text)}</div></div>` +
    `</div>`
  );
}

/** One `.activity-entry` card. `withReplies` renders the expanded reply list and reply box (the /activity/{id} page). */
export function activityHtml(data: SeedData, a: SeedActivity, opts: RuntimeOptions, withReplies: boolean): string {
  const idx = index(data);
  const viewerId = opts.viewer?.id ?? null;
  const replies = idx.repliesByActivity.get(a.id) ?? [];
  let kind: string;
  let body: string;
  if (a.__typename === 'ListActivity') {
    kind = a.type === 'ANIME_LIST' ? 'activity-anime_list' : 'activity-manga_list';
    const user = idx.users.get(a.userId);
    const m = idx.media.get(a.mediaId);
    const title = m ? m.title.userPreferred : `Media ${a.mediaId}`;
    const href = m ? mediaPath(m) : '#';
    const phrase = a.status.charAt(0).toUpperCase() + a.status.slice(1);
    const progress = a.progress ? ` ${esc(a.progress)} of` : '';
    body =
      `<div class="list"><a class="cover" href="${href}"${bg(m?.coverImage.large)}></a>` +
      `<div class="details"><a class="name" href="${userPath(user?.name ?? '')}">${esc(user?.name ?? '')}</a>${badges(user)}` +
      `<div class="status">${esc(phrase)}${progress} <a class="title" href="${href}">${esc(title)}</a></div>` +
      `<a class="avatar" href="${userPath(user?.name ?? '')}"${bg(user?.avatar.medium)}></a></div></div>`;
  } else if (a.__typename === 'TextActivity') {
    kind = 'activity-text';
    const user = idx.users.get(a.userId);
    body =
      `<div class="text"><div class="header">${userLinks(user, a.userId)}${badges(user)}</div>` +
      `<div class="activity-markdown"><div class="markdown">${renderMarkdown(a.text)}</div></div></div>`;
  } else {
    kind = 'activity-message';
    const from = idx.users.get(a.messengerId);
    const to = idx.users.get(a.recipientId);
    body =
      `<div class="text"><div class="header">${userLinks(from, a.messengerId)}${badges(from)}` +
      `${a.isPrivate ? '<span class="private">Private</span>' : ''}<span class="arrow">→</span>` +
      `<a class="name" href="${userPath(to?.name ?? '')}">${esc(to?.name ?? '')}</a></div>` +
      `<div class="activity-markdown"><div class="markdown">${renderMarkdown(a.message)}</div></div></div>`;
  }
  const subscribed = viewerId !== null && a.subscriberIds.includes(viewerId);
  const label = subscribed ? 'Unsubscribe' : 'Subscribe';
  const time =
    `<div class="time"><span label="${label}" class="has-label${subscribed ? ' active' : ''}">${ICONS.bell}</span>` +
    `<a href="/activity/${a.id}">${timeEl(a.createdAt, data.now)}</a></div>`;
  const actions =
    `<div class="actions"><div class="action replies"><span class="count">${replies.length || ''}</span>${ICONS.reply}</div>` +
    `<div class="action likes">${likeWrap('activity', a.likeIds, data, viewerId)}</div></div>`;
  const replyWrap = withReplies
    ? `<div class="reply-wrap"><div class="activity-replies">${replies.map((r) => replyHtml(data, r, viewerId)).join('')}</div>` +
      (opts.viewer ? activityEdit('Write a reply...', 'Publish') : '') +
      `</div>`
    : '';
  return `<div class="activity-entry ${kind}" data-replica-activity="${a.id}"><div class="wrap">${body}${time}${actions}</div>${replyWrap}</div>`;
}

// ---------------------------------------------------------------------------------------------
// Global shell

export function navHtml(opts: RuntimeOptions): string {
  const v = opts.viewer;
  const dot = (extra: string) =>
    opts.unreadNotifications > 0 ? `<div class="notification-dot${extra}">${opts.unreadNotifications}</div>` : '';
  const links = v
    ? [
        ['/home', 'Home'],
        [userPath(v.name), 'Profile'],
        [`${userPath(v.name)}animelist`, 'Anime List'],
        [`${userPath(v.name)}mangalist`, 'Manga List'],
        ['/search/anime', 'Browse'],
        ['/forum/overview', 'Forum'],
      ]
    : [
        ['/search/anime', 'Browse'],
        ['/social', 'Social'],
        ['/forum/overview', 'Forum'],
      ];
  const linkHtml = links.map(([href, label]) => `<a href="${href}" class="link">${label}</a>`).join('');
  const user = v
    ? `<div class="user"><div class="user-wrap"><div class="avatar"${bg(v.avatar)}></div>${dot('')}` +
      `<div class="dropdown"><a href="${userPath(v.name)}">Profile</a><a href="/notifications">Notifications</a>` +
      `<a href="/settings">Settings</a><a class="logout" href="/logout">Logout</a></div></div></div>`
    : `<div class="guest-links"><a href="/login">Login</a><a href="/signup">Sign Up</a></div>`;
  return (
    `<div id="nav" class="nav"><div class="wrap${v ? '' : ' guest'}">` +
    `<a href="/home" class="logo" aria-label="AniList">AniList</a>` +
    `<div class="links">${linkHtml}</div>` +
    `<div class="search" title="Search">${ICONS.search}</div>` +
    user +
    `</div></div>` +
    `<div class="hamburger">${ICONS.bars}${dot('')}</div>` +
    `<div class="mobile-nav"><div class="menu">${linkHtml}${v ? '<a href="/notifications" class="link">Notifications</a><a href="/settings" class="link">Settings</a>' : ''}</div></div>`
  );
}

/** The whole `#app` element: nav, `.page-content` for the path, footer. */
export function appHtml(data: SeedData, path: string, opts: RuntimeOptions, page = renderPageContent(data, path, opts)): string {
  return (
    `<div id="app">${navHtml(opts)}` +
    `<div class="page-content">${page.html}</div>` +
    `<div class="footer">AniList replica for tests · not affiliated with AniList</div></div>`
  );
}

// ---------------------------------------------------------------------------------------------
// Pages

export interface RenderedPage {
  html: string;
  title: string;
  /** Nothing at this path in the data the page was rendered from. */
  missing?: true;
}

/** Where a page of the replica gets the server's current data: what its first load lacked. */
export const REPLICA_DATA_PATH = '/__replica/data';

function notFound(): RenderedPage {
  return {
    missing: true,
    title: '404 · AniList',
    html: '<div class="not-found"><div class="container"><h1>404</h1><p>This page could not be found.</p><a href="/home">Go home</a></div></div>',
  };
}

/** The inner HTML of `.page-content` for a path (query and hash ignored). */
export function renderPageContent(data: SeedData, rawPath: string, opts: RuntimeOptions): RenderedPage {
  const path = (rawPath.split(/[?#]/)[0] ?? '/') || '/';
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const [first, second, ...rest] = segments;
  if (first === undefined || first === 'home') return homePage(data, opts);
  if (first === '404') return notFound();
  if (first === 'user' && second) return profilePage(data, opts, second, rest);
  if (first === 'activity' && second) return activityPage(data, opts, Number(second));
  if (first === 'settings') return settingsPage(opts, second ?? '');
  if (first === 'notifications') return notificationsPage(data, opts);
  if ((first === 'anime' || first === 'manga') && second) return mediaPage(data, first, Number(second));
  if (first === 'forum' && second === 'thread' && rest[0]) return forumThreadPage(data, opts, Number(rest[0]));
  if (first === 'forum') return forumOverviewPage();
  if (first === 'edit' && second === 'review') return reviewEditPage(data, opts, Number(rest[0]));
  return {
    title: `${path} · AniList`,
    html: `<div class="container generic-page"><h1 class="page-title">${esc(path)}</h1><p>This is a replica placeholder for ${esc(path)}.</p></div>`,
  };
}

function homePage(data: SeedData, opts: RuntimeOptions): RenderedPage {
  const feed = homeFeed(data, opts, opts.activities);
  const filters = ['All', 'Text Status', 'List Progress']
    .map((label, i) => `<li tabindex="-1" class="el-dropdown-menu__item${i === 0 ? ' active' : ''}">${label}</li>`)
    .join('');
  // Element UI's aria wiring (its initAria): the trigger names the menu's id, a random
  // `dropdown-menu-{0..9999}` on the site (fixed here, the replica is deterministic).
  const menuId = 'dropdown-menu-4127';
  const header =
    `<div class="section-header"><h2>Activity</h2><div class="feed-select">` +
    `<div class="feed-type-toggle"><div class="active">Following</div><div>Global</div></div>` +
    `<div class="el-dropdown"><span class="feed-filter el-dropdown-link el-dropdown-selfdefine" aria-haspopup="list" aria-controls="${menuId}" role="button" tabindex="0">Filter ▾</span>` +
    `<ul class="el-dropdown-menu el-popper" style="display: none;" id="${menuId}">${filters}</ul></div></div></div>`;
  const wrap =
    `<div class="activity-feed-wrap">${header}` +
    (opts.viewer ? activityEdit('Write a status...', 'Publish') : '') +
    `<div class="activity-feed" data-replica-feed="home">${feed.map((a) => activityHtml(data, a, opts, false)).join('')}</div>` +
    `<div class="scroller"></div><div class="load-more">Load More</div></div>`;
  return { title: 'Home · AniList', html: `<div class="container"><div class="home">${wrap}${homeSide(data, opts)}</div></div>` };
}

function homeSide(data: SeedData, opts: RuntimeOptions): string {
  const idx = index(data);
  const viewerId = opts.viewer?.id ?? null;
  const entries = data.mediaList.filter((e) => e.userId === viewerId && e.status === 'CURRENT');
  const section = (type: SeedMedia['type'], title: string) => {
    const cards = entries
      .map((e) => ({ e, m: idx.media.get(e.mediaId) }))
      .filter((x): x is { e: (typeof entries)[number]; m: SeedMedia } => x.m?.type === type)
      .map(
        ({ e, m }) =>
          `<div class="media-preview-card small"><a class="cover" href="${mediaPath(m)}"${bg(m.coverImage.medium)}></a>` +
          `<div class="content"><a class="title" href="${mediaPath(m)}">${esc(m.title.userPreferred)}</a>` +
          `<div class="info">Progress: ${e.progress}${(m.episodes ?? m.chapters) ? `/${m.episodes ?? m.chapters}` : ''}</div></div></div>`,
      )
      .join('');
    return `<div class="list-preview-wrap"><div class="section-header"><h2>${title}</h2></div><div class="list-preview">${cards}</div></div>`;
  };
  return (
    `<div><div class="list-previews">${section('ANIME', 'Anime in Progress')}${section('MANGA', 'Manga in Progress')}</div>` +
    `<div class="recent-reviews"><div class="section-header"><h2>Recent Reviews</h2></div></div></div>`
  );
}

const PROFILE_TABS: [string, string][] = [
  ['', 'Overview'],
  ['animelist', 'Anime List'],
  ['mangalist', 'Manga List'],
  ['favorites', 'Favorites'],
  ['stats/anime/overview', 'Stats'],
  ['social', 'Social'],
  ['reviews', 'Reviews'],
  ['submissions', 'Submissions'],
];

function profilePage(data: SeedData, opts: RuntimeOptions, name: string, rest: string[]): RenderedPage {
  const idx = index(data);
  const user = idx.usersByName.get(name.toLowerCase());
  if (!user) return notFound();
  const viewerId = opts.viewer?.id ?? null;
  const own = viewerId === user.id;
  const tab = rest.join('/').toLowerCase();
  const tabs = PROFILE_TABS.map(([sub, label]) => {
    const active = sub === '' ? tab === '' : tab.startsWith(sub.split('/')[0]!);
    return `<a href="${userPath(user.name)}${sub}" class="link${active ? ' router-link-active' : ''}">${label}</a>`;
  }).join('');
  const header =
    `<div class="header-wrap"><div class="banner"${bg(user.bannerImage)}><div class="shadow"></div><div class="container">` +
    `<div class="banner-content"><img src="${esc(user.avatar.large)}" class="avatar">` +
    `<div class="name-wrapper"><h1 class="name">${esc(user.name)}</h1>${badges(user)}</div>` +
    (own || viewerId === null
      ? ''
      : `<div class="actions"><div class="button follow">${idx.users.get(viewerId)?.following.includes(user.id) ? 'Following' : 'Follow'}</div></div>`) +
    `</div></div></div>` +
    `<div class="nav-wrap"><div class="nav container">${tabs}</div></div></div>`;
  let content: string;
  if (tab === '') {
    const feed = profileFeed(data, user, viewerId).slice(0, 15);
    const filters = ['All', 'Status', 'Messages', 'List']
      .map((label, i) => `<li class="el-dropdown-menu__item${i === 0 ? ' active' : ''}" title="${label}">${label}</li>`)
      .join('');
    content =
      `<div class="overview"><div class="section"><div class="about"><div class="markdown">${renderMarkdown(user.about ?? '')}</div></div></div>` +
      `<div class="activity-feed-wrap"><div class="section-header"><h2>Activity</h2><ul class="filters">${filters}</ul></div>` +
      (viewerId === null ? '' : own ? activityEdit('Write a status...', 'Publish') : activityEdit('Write a message...', 'Publish')) +
      `<div class="activity-feed" data-replica-feed="profile">${feed.map((a) => activityHtml(data, a, opts, false)).join('')}</div>` +
      `<div class="load-more">Load More</div></div></div>`;
  } else if (tab === 'animelist' || tab === 'mangalist') {
    const type = tab === 'animelist' ? 'ANIME' : 'MANGA';
    const rows = data.mediaList
      .filter((e) => e.userId === user.id && idx.media.get(e.mediaId)?.type === type)
      .map((e) => {
        const m = idx.media.get(e.mediaId)!;
        return `<div class="entry row" data-status="${e.status}"><div class="cover"${bg(m.coverImage.medium)}></div><div class="title"><a href="${mediaPath(m)}">${esc(m.title.userPreferred)}</a></div><div class="score">${e.score || ''}</div><div class="progress">${e.progress}</div></div>`;
      })
      .join('');
    content = `<div class="medialist table"><div class="list-section"><h3 class="section-name">${type === 'ANIME' ? 'Watching' : 'Reading'}</h3><div class="list-entries">${rows}</div></div></div>`;
  } else {
    content = `<div class="user-tab"><h2 class="section-header">${esc(rest.join(' / '))}</h2></div>`;
  }
  return {
    title: `${user.name}'s profile · AniList`,
    html: `<div class="user" style="--color-blue: ${colorTriple(user.options.profileColor)};">${header}<div class="content container">${content}</div></div>`,
  };
}

function activityPage(data: SeedData, opts: RuntimeOptions, id: number): RenderedPage {
  const a = index(data).activities.get(id);
  if (!a || !visibleTo(a, opts.viewer?.id ?? null)) return notFound();
  return {
    title: 'Activity · AniList',
    html: `<div class="container"><div class="activity-feed">${activityHtml(data, a, opts, true)}</div></div>`,
  };
}

const SETTINGS_LINKS: [string, string][] = [
  ['', 'Profile'],
  ['account', 'Account'],
  ['media', 'Anime & Manga'],
  ['lists', 'Lists'],
  ['notifications', 'Notifications'],
  ['import', 'Import Lists'],
  ['apps', 'Apps'],
  ['developer', 'Developer'],
];

function settingsPage(opts: RuntimeOptions, sub: string): RenderedPage {
  const nav = SETTINGS_LINKS.map(
    ([s, label]) =>
      `<a href="/settings${s ? `/${s}` : ''}" class="link${s === sub ? ' router-link-exact-active router-link-active' : ''}">${label}</a>`,
  ).join('');
  const sections: Record<string, string> = {
    '': `<h2 class="section-header">Profile</h2><div class="section about"><h3>About</h3>${activityEdit('A little about yourself...', 'Save', 'editor')}</div><div class="section"><h3>Profile Color</h3><div class="color-picker">${Object.keys(
      NAMED_COLOR_RGB,
    )
      .map((c) => `<div class="color" data-color="${c}" style="background: rgb(${NAMED_COLOR_RGB[c]})"></div>`)
      .join('')}</div></div>`,
    account: `<h2 class="section-header">Account</h2><div class="section"><h3>Username</h3><input class="el-input__inner" value="${esc(opts.viewer?.name ?? '')}"></div>`,
    media: '<h2 class="section-header">Anime &amp; Manga</h2><div class="section"><h3>Title Language</h3></div>',
    lists: '<h2 class="section-header">Lists</h2><div class="section"><h3>Scoring System</h3></div>',
    notifications: '<h2 class="section-header">Notifications</h2><div class="section"><h3>Activity</h3></div>',
    import: '<h2 class="section-header">Import Lists</h2>',
    apps: '<h2 class="section-header">Apps</h2><div class="section">No connected apps.</div>',
    developer:
      '<h2 class="section-header">Developer</h2><div class="section developer"><p>Create an API client to access the AniList API. ' +
      'Read the <a href="https://docs.anilist.co" target="_blank">documentation</a> to get started.</p>' +
      '<div class="button create-client">Create New Client</div></div>',
  };
  return {
    title: 'Settings · AniList',
    html: `<div class="settings container"><div class="nav">${nav}</div><div class="content">${sections[sub] ?? sections['']}</div></div>`,
  };
}

/** The site's collapsed reason under a media notification (data change, merge, deletion). */
function reasonHtml(reason: string | undefined): string {
  return reason
    ? `<div class="expand-reason">Show reason</div><div class="reason-markdown"><div class="markdown">${renderMarkdown(reason)}</div></div>`
    : '';
}

function notificationHtml(data: SeedData, n: SeedNotification, unread: boolean): string {
  const idx = index(data);
  const user = n.userId === undefined ? undefined : idx.users.get(n.userId);
  const mediaId = n.animeId ?? n.mediaId;
  const m = mediaId === undefined ? undefined : idx.media.get(mediaId);
  let image: string;
  let details: string;
  if (user) {
    image = `<a class="avatar" href="${userPath(user.name)}"${bg(user.avatar.large)}></a>`;
    const target = n.activityId
      ? `/activity/${n.activityId}`
      : n.thread
        ? `/forum/thread/${n.thread.id}${n.commentId ? `/comment/${n.commentId}` : ''}`
        : userPath(user.name);
    details = `<a class="link" href="${userPath(user.name)}">${esc(user.name)}</a><a class="context" href="${target}">${esc(n.context ?? '')}</a>`;
    if (n.thread) details += `<a class="link" href="${target}">${esc(n.thread.title)}</a>`;
  } else if (m) {
    image = `<a class="cover" href="${mediaPath(m)}"${bg(m.coverImage.medium)}></a>`;
    if (n.contexts && n.status) {
      const [c0 = '', c1 = '', c2 = ''] = n.contexts;
      details = `<span class="context">${esc(c0)}</span><a class="link" href="${mediaPath(m)}">${esc(m.title.userPreferred)}</a><span class="context">${esc(c1)}${esc(n.status)}${esc(c2)}</span>`;
    } else if (n.contexts) {
      const [c0 = '', c1 = '', c2 = ''] = n.contexts;
      details = `<span class="context">${esc(c0)}${n.episode ?? ''}${esc(c1)}</span><a class="link" href="${mediaPath(m)}">${esc(m.title.userPreferred)}</a><span class="context">${esc(c2)}</span>`;
    } else if (n.deletedMediaTitles) {
      // A merge: "{the deleted titles} was merged into {the kept entry}".
      details = `<span class="link">${esc(n.deletedMediaTitles.join(', '))}</span><span class="context">${esc(n.context ?? '')}</span><a class="link" href="${mediaPath(m)}">${esc(m.title.userPreferred)}</a>`;
    } else {
      details = `<a class="link" href="${mediaPath(m)}">${esc(m.title.userPreferred)}</a><span class="context">${esc(n.context ?? '')}</span>`;
    }
    details += reasonHtml(n.reason);
  } else if (n.staff || n.character) {
    const who = (n.staff ?? n.character)!;
    const path = `/${n.staff ? 'staff' : 'character'}/${who.id}`;
    const [c0 = '', c1 = '', c2 = ''] = n.contexts ?? [];
    image = `<a class="cover" href="${path}"${bg(who.image.medium)}></a>`;
    details = `<span class="context">${esc(c0)}</span><a class="link" href="${path}">${esc(who.name.userPreferred)}</a><span class="context">${esc(c1)}${esc(n.status ?? '')}${esc(c2)}</span>`;
  } else {
    image = '<div class="avatar"></div>';
    // A deletion: the title is plain text, there is no page left to link to.
    details = `${n.deletedMediaTitle ? `<span class="link">${esc(n.deletedMediaTitle)}</span>` : ''}<span class="context">${esc(n.context ?? n.type)}</span>${reasonHtml(n.reason)}`;
  }
  return `<div class="notification${unread ? ' unread' : ''}">${image}<div class="details">${details}</div><div class="time">${timeEl(n.createdAt, data.now)}</div></div>`;
}

function notificationsPage(data: SeedData, opts: RuntimeOptions): RenderedPage {
  const viewerId = opts.viewer?.id ?? null;
  const list = data.notifications
    .filter((n) => n.recipientId === viewerId)
    .sort((a, b) => b.id - a.id)
    .slice(0, 25);
  const filters = ['All', 'Airing', 'Activity', 'Forum', 'Follows', 'Media']
    .map((label, i) => `<div class="link${i === 0 ? ' active' : ''}">${label}</div>`)
    .join('');
  return {
    title: 'Notifications · AniList',
    html:
      `<div class="notifications-feed container"><div class="filters"><div class="reset-btn">Mark all as read</div><div class="group">${filters}</div></div>` +
      `<div class="notifications">${list.map((n, i) => notificationHtml(data, n, i < opts.unreadNotifications)).join('')}</div></div>`,
  };
}

/** The media with no season, scores or dates (the API answers them null: tests/host/media-overview.ts). */
export const NO_DATES_MEDIA_ID = 339;

/** A media's relations (its media page here, the API's `relations` in media-overview.ts): the next two media of the seed, and the bare one for the first, so a relation leads to it. */
export function relatedMedia(all: readonly SeedMedia[], m: SeedMedia): SeedMedia[] {
  const at = all.findIndex((x) => x.id === m.id);
  const related = [all[(at + 1) % all.length]!, all[(at + 2) % all.length]!];
  if (at === 0) related.push(all.find((x) => x.id === NO_DATES_MEDIA_ID)!);
  return related;
}

function mediaPage(data: SeedData, kind: 'anime' | 'manga', id: number): RenderedPage {
  const m = index(data).media.get(id);
  if (!m || m.type.toLowerCase() !== kind) return notFound();
  const set = (type: string, value: string | number | null) =>
    value === null || value === ''
      ? ''
      : `<div class="data-set"><div class="type">${type}</div><div class="value">${esc(String(value))}</div></div>`;
  const sidebar =
    set('Format', m.format) +
    set(m.type === 'ANIME' ? 'Episodes' : 'Chapters', m.type === 'ANIME' ? m.episodes : m.chapters) +
    set('Episode Duration', m.duration === null ? null : `${m.duration} mins`) +
    set('Status', m.status === 'FINISHED' ? 'Finished' : 'Releasing') +
    set('Start Date', `${MONTHS[m.startDate.month - 1]} ${m.startDate.day}, ${m.startDate.year}`) +
    set('Average Score', `${m.averageScore}%`) +
    set('Popularity', m.popularity) +
    set('Genres', m.genres.join(', ')) +
    set('Romaji', m.title.romaji) +
    set('English', m.title.english);
  // Relation cards as the site draws them: a cover link and a title link to the related media.
  const relations = relatedMedia(data.media, m)
    .map(
      (r) =>
        `<div class="media-preview-card small"><a class="cover" href="${mediaPath(r)}"${bg(r.coverImage.medium)}></a>` +
        `<div class="content"><div class="info-header"><div>${esc(r.type === m.type ? 'Sequel' : 'Adaptation')}</div></div>` +
        `<a class="title" href="${mediaPath(r)}">${esc(r.title.userPreferred)}</a></div></div>`,
    )
    .join('');
  return {
    title: `${m.title.userPreferred} · AniList`,
    html:
      `<div class="media media-${kind}"><div class="header-wrap"><div class="banner"${bg(m.bannerImage)}></div>` +
      `<div class="header"><div class="container"><div class="cover-wrap"><div class="cover-wrap-inner"><img src="${esc(m.coverImage.large)}" class="cover"></div></div>` +
      `<div class="content"><h1>${esc(m.title.userPreferred)}</h1><p class="description">${esc(m.description)}</p></div></div></div></div>` +
      `<div class="content container"><div class="sidebar"><a class="review button" href="/edit/review/${m.id}"><span>Write Review</span></a><div class="data">${sidebar}</div></div>` +
      `<div class="overview"><div class="relations"><h2 class="link">Relations</h2><div class="grid-wrap">${relations}</div></div></div></div></div>`,
  };
}

/** Threads the forum pages list (the replica keeps no forum data: titles from the id). */
const FORUM_THREADS = [
  [4127, 'Weekly GIF exchange'],
  [5210, 'What are you watching this season?'],
] as const;

function forumOverviewPage(): RenderedPage {
  const cards = FORUM_THREADS.map(
    ([id, title]) => `<div class="thread-card"><a class="title" href="/forum/thread/${id}">${esc(title)}</a></div>`,
  ).join('');
  return { title: 'Forum · AniList', html: `<div class="forum-feed container"><h2 class="section-header">Recent</h2>${cards}</div>` };
}

/** A forum thread (`.forum-thread .comment-wrap`, Automail): its body, two comments, and the reply box. */
function forumThreadPage(data: SeedData, opts: RuntimeOptions, id: number): RenderedPage {
  const title = FORUM_THREADS.find(([t]) => t === id)?.[1] ?? `Thread ${id}`;
  const [op, ...others] = data.users.filter((u) => u.id !== opts.viewer?.id);
  const comment = (user: SeedUser | undefined, text: string) =>
    `<div class="comment-wrap"><div class="comment"><div class="header">${user ? userLinks(user, user.id) : ''}</div>` +
    `<div class="body"><div class="markdown">${renderMarkdown(text)}</div></div>` +
    `<div class="actions"><div class="like-wrap thread_comment"><div class="button"><span class="count"></span>${ICONS.heart}</div></div></div></div></div>`;
  const comments = [comment(others[0], 'First!'), comment(others[1], 'Share your favourite reaction GIF below.')].join('');
  return {
    title: `${title} · Forum · AniList`,
    html:
      `<div class="forum-thread container"><div class="thread"><h1 class="title">${esc(title)}</h1>` +
      `<div class="header">${op ? userLinks(op, op.id) : ''}</div><div class="body"><div class="markdown">${renderMarkdown('Post what you are watching.')}</div></div></div>` +
      `<div class="comments">${comments}</div>` +
      (opts.viewer ? activityEdit('Write a comment...', 'Submit', 'editor') : '') +
      `</div>`,
  };
}

/** Writing a review of a media (the sidebar's "Write Review"): the body's markdown editor, summary, score. */
function reviewEditPage(data: SeedData, opts: RuntimeOptions, mediaId: number): RenderedPage {
  const m = index(data).media.get(mediaId);
  if (!opts.viewer) return notFound();
  return {
    title: 'Write Review · AniList',
    html:
      `<div class="review-edit container"><h1>${esc(m ? `Review: ${m.title.userPreferred}` : 'Write Review')}</h1>` +
      `<div class="section"><h3>Review</h3>${activityEdit('Review (2200 characters minimum)', 'Submit', 'editor')}</div>` +
      `<div class="section"><h3>Summary</h3><div class="el-input"><input class="el-input__inner" placeholder="Summary"></div></div>` +
      `<div class="section"><h3>Score</h3><div class="el-input"><input class="el-input__inner" type="number" min="0" max="100"></div></div></div>`,
  };
}

// ---------------------------------------------------------------------------------------------
// Patching in place, like Vue 2 (browser only; the unit tests run it in happy-dom)
//
// The site's Vue app does not replace the DOM when its data changes: it compares the new render
// with the old one and patches the elements it keeps (host-facts (a), "Fragility notes"). The
// replica does the same with a tiny record per host node, standing in for Vue's old vnode: the
// attributes the host set and its own children in order (elements), the text (text and comments).
//
// Rules, as Vue 2's patch without keys: a new child and the host's old child at the same position
// are "the same" when they are both text, both comments, or elements with the same tag and the
// same first class; then the old node is kept: attributes the host changed are set, those it no
// longer renders are removed, texts are updated, children are patched recursively. Otherwise the
// new node is inserted where the old one was and the old one is removed; extra old children are
// removed, extra new ones appended (a host node moved elsewhere by a userscript then makes the
// insertion throw, as it does in Vue, whose patch breaks that way). Nodes the host never rendered (a userscript's) have no record:
// they are left where they are, and attributes the host never set are left alone, as Vue does. An
// element's class attribute is the host's as a whole: when the host's class changes, it is set
// again, dropping classes added by others (Vue sets `class` that way too).
//
// Markers `data-replica-activity` / `data-replica-reply` in rendered HTML are not attributes but
// component props: they become `el.__vue__ = { $props: { id } }`; on a kept element the same
// `$props` object gets the new id (an element reused for other data). Other `data-replica-*`
// attributes (the feed marker) are read by the host app and never reach the DOM.

/** What `el.__vue__` looks like on activities and replies. */
interface VueLike {
  $props?: { id: number };
}
type WithVue = Element & { __vue__?: VueLike };

interface HostRecord {
  /** Elements: the attributes the host rendered last (markers excluded). */
  attrs: Map<string, string>;
  /** Elements: the host's own children, in render order (one may live elsewhere, e.g. a dropdown menu moved to <body>). */
  children: ChildNode[];
  /** Text and comment nodes: the text the host rendered last. */
  text: string;
}

const records = new WeakMap<Node, HostRecord>();
const PROP_PREFIX = 'data-replica-';
const ELEMENT = 1;
const TEXT = 3;
const COMMENT = 8;

/** Whether the host rendered this node (userscripts' nodes are not). */
export function isHostNode(node: Node): boolean {
  return records.has(node);
}

/** The host's own children of a node, in render order (undefined for foreign nodes). */
export function hostChildren(node: Node): readonly ChildNode[] | undefined {
  return records.get(node)?.children;
}

function attrMap(el: Element): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of el.getAttributeNames()) if (!name.startsWith(PROP_PREFIX)) out.set(name, el.getAttribute(name) ?? '');
  return out;
}

/** The component id a rendered element carries in its marker, if any. */
function markerId(el: Element): number | null {
  const raw = el.getAttribute('data-replica-activity') ?? el.getAttribute('data-replica-reply');
  return raw === null ? null : Number(raw);
}

function setVueId(el: Element, id: number): void {
  const vue = (el as WithVue).__vue__;
  if (vue?.$props) vue.$props.id = id;
  else (el as WithVue).__vue__ = { $props: { id } };
}

/**
 * Takes a freshly rendered node (and its subtree) as the host's: markers become `__vue__` props
 * and are removed, attributes and children are recorded.
 */
export function adoptHostTree(node: Node): void {
  if (node.nodeType === ELEMENT) {
    const el = node as Element;
    const id = markerId(el);
    if (id !== null) setVueId(el, id);
    for (const name of el.getAttributeNames()) if (name.startsWith(PROP_PREFIX)) el.removeAttribute(name);
    records.set(el, { attrs: attrMap(el), children: Array.from(el.childNodes), text: '' });
  } else if (node.nodeType === TEXT || node.nodeType === COMMENT) {
    records.set(node, { attrs: new Map(), children: [], text: (node as CharacterData).data });
    return;
  } else {
    // A fragment or document: only its children count.
    records.set(node, { attrs: new Map(), children: Array.from(node.childNodes), text: '' });
  }
  node.childNodes.forEach(adoptHostTree);
}

const firstClass = (value: string | null | undefined): string => (value ?? '').trim().split(/\s+/)[0] ?? '';

function sameNode(old: Node, next: Node): boolean {
  if (old.nodeType !== next.nodeType) return false;
  if (old.nodeType !== ELEMENT) return true;
  const o = old as Element;
  const n = next as Element;
  return (
    o.localName === n.localName &&
    firstClass(records.get(o)?.attrs.get('class') ?? o.getAttribute('class')) === firstClass(n.getAttribute('class'))
  );
}

/** Removes a host node, and the host's nodes of its subtree that live elsewhere (a menu moved to <body>). */
function destroy(node: ChildNode): void {
  const walk = (n: Node) => {
    for (const c of records.get(n)?.children ?? []) {
      walk(c);
      if (c.parentNode !== n) c.remove();
    }
  };
  walk(node);
  node.remove();
}

/** Patches a kept host node to look like `next` (which must be the same kind, see above). */
export function patchNode(old: ChildNode, next: Node): void {
  let rec = records.get(old);
  if (!rec) {
    adoptHostTree(old);
    rec = records.get(old)!;
  }
  if (old.nodeType === TEXT || old.nodeType === COMMENT) {
    const text = (next as CharacterData).data;
    if (rec.text !== text) (old as CharacterData).data = rec.text = text;
    return;
  }
  if (old.nodeType !== ELEMENT) return;
  const el = old as Element;
  const n = next as Element;
  const attrs = attrMap(n);
  for (const [name, value] of attrs) if (rec.attrs.get(name) !== value) el.setAttribute(name, value);
  for (const name of rec.attrs.keys()) if (!attrs.has(name)) el.removeAttribute(name);
  rec.attrs = attrs;
  const id = markerId(n);
  if (id !== null) setVueId(el, id);
  else if ((el as WithVue).__vue__?.$props) delete (el as WithVue).__vue__;
  patchChildren(el, n);
}

/**
 * Patches the host's children of `parent` into the children of `next` (a template's content, an
 * element): kept nodes are patched, others inserted/removed. The nodes of `next` that are used are
 * moved into the page.
 */
export function patchChildren(parent: Element | DocumentFragment, next: Node): void {
  let rec = records.get(parent);
  if (!rec) {
    rec = {
      attrs: parent.nodeType === ELEMENT ? attrMap(parent as Element) : new Map(),
      children: Array.from(parent.childNodes),
      text: '',
    };
    records.set(parent, rec);
    rec.children.forEach(adoptHostTree);
  }
  const olds = rec.children;
  const news = Array.from(next.childNodes);
  const result: ChildNode[] = [];
  news.forEach((n, i) => {
    const o = olds[i];
    if (o && sameNode(o, n)) {
      patchNode(o, n);
      result.push(o);
      return;
    }
    adoptHostTree(n);
    // Where the old node is; appended when past the old ones. Like Vue, this throws when someone
    // moved the old node out of `parent` (host-facts (a): never re-parent nodes Vue owns).
    parent.insertBefore(n, o ?? null);
    if (o) destroy(o);
    result.push(n);
  });
  olds.slice(news.length).forEach(destroy);
  rec.children = result;
}

/** Parses host HTML into a template's content (not yet adopted: markers still present). */
export function parseHostHtml(html: string): DocumentFragment {
  const t = document.createElement('template');
  t.innerHTML = html;
  return t.content;
}

/** Patches the host's children of `parent` into `html`, as a Vue re-render does. */
export function patchHtml(parent: Element, html: string): void {
  patchChildren(parent, parseHostHtml(html));
}

/** The host changes one of its attributes itself (its own state: a class toggled, a style). */
export function hostSetAttr(el: Element, name: string, value: string | null): void {
  const rec = records.get(el);
  if (value === null) {
    el.removeAttribute(name);
    rec?.attrs.delete(name);
  } else {
    el.setAttribute(name, value);
    rec?.attrs.set(name, value);
  }
}

/** The host toggles one of its classes (others' classes on the element stay). */
export function hostToggleClass(el: Element, name: string, on: boolean): void {
  el.classList.toggle(name, on);
  const rec = records.get(el);
  if (!rec) return;
  const classes = (rec.attrs.get('class') ?? '').split(/\s+/).filter((c) => c && c !== name);
  if (on) classes.push(name);
  if (classes.length) rec.attrs.set('class', classes.join(' '));
  else rec.attrs.delete('class');
}

/** The host changes an element's text (`{{ count }}`): its text node is updated, or added. */
export function hostSetText(el: Element, text: string): void {
  const rec = records.get(el);
  const node = rec?.children.find((c) => c.nodeType === TEXT);
  if (node) {
    (node as Text).data = text;
    records.set(node, { attrs: new Map(), children: [], text });
    return;
  }
  const fresh = document.createTextNode(text);
  adoptHostTree(fresh);
  el.appendChild(fresh);
  rec?.children.push(fresh);
}

/** The host appends a freshly rendered node to `parent` (Load More). */
export function hostAppend(parent: Element, child: ChildNode): void {
  adoptHostTree(child);
  parent.appendChild(child);
  records.get(parent)?.children.push(child);
}

/** The host replaces one of its nodes with a fresh one (a component rendered anew). */
export function hostReplace(old: ChildNode, fresh: ChildNode): void {
  if (!records.has(fresh)) adoptHostTree(fresh);
  const parent = old.parentNode;
  const siblings = parent ? records.get(parent)?.children : undefined;
  const at = siblings?.indexOf(old) ?? -1;
  if (siblings && at >= 0) siblings[at] = fresh;
  old.replaceWith(fresh);
}

/**
 * A fresh copy of a host node as the host would render it now: its host attributes and host
 * children only (what others added is not in it), components with their ids but new instances.
 */
export function freshCopy(node: Node): ChildNode {
  const rec = records.get(node);
  if (node.nodeType === TEXT || node.nodeType === COMMENT) {
    const text = rec?.text ?? (node as CharacterData).data;
    const copy = node.nodeType === TEXT ? document.createTextNode(text) : document.createComment(text);
    records.set(copy, { attrs: new Map(), children: [], text });
    return copy;
  }
  const el = node as Element;
  const copy = document.createElementNS(el.namespaceURI, el.localName);
  for (const [name, value] of rec?.attrs ?? attrMap(el)) copy.setAttribute(name, value);
  for (const c of rec?.children ?? Array.from(el.childNodes)) copy.appendChild(freshCopy(c));
  const id = (el as WithVue).__vue__?.$props?.id;
  if (id !== undefined) (copy as WithVue).__vue__ = { $props: { id } };
  records.set(copy, { attrs: new Map(rec?.attrs ?? attrMap(el)), children: Array.from(copy.childNodes), text: '' });
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The host app (browser only)

/** What `document.querySelector('#app').__vue__` and friends look like in the replica. */
interface ReplicaRoute {
  path: string;
  fullPath: string;
  hash: string;
  name: string | null;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: Record<string, unknown>;
}
type RawLocation = string | { path?: string; name?: string; params?: Record<string, string>; query?: Record<string, string> };

/** `window.__host`: handles for tests (typed here so specs can `import type` it). */
export interface ReplicaHostApi {
  /** The paths rendered so far, first load included. */
  navigations: string[];
  /** Errors of the host's own re-renders (a patch that failed, e.g. on a node a userscript moved); Vue logs them and the view stays broken. */
  errors: string[];
  /** `$store.dispatch` / `commit` calls. */
  dispatched: { type: string; payload: unknown }[];
  data: SeedData;
  options: RuntimeOptions;
  router: unknown;
  /** The text the host app holds for an editor's textarea (its v-model). */
  editorModel(textarea: HTMLTextAreaElement): string;
  /** Replaces every `.activity-entry` and `.reply:not(.preview)` with a freshly rendered node (a Vue re-render that recreates). */
  rerender(): void;
  /**
   * For each element matching `selector`, replaces one child subtree with a fresh copy as the host
   * would render it (host attributes and host children only), while the element itself stays:
   * the first element among `childSelector` matches inside it when given (e.g. ':scope > .wrap > .actions'),
   * otherwise the element's first host element child (`.wrap` of an `.activity-entry`,
   * `.header` of a `.reply`). Returns how many were rebuilt.
   */
  rebuildChild(selector: string, childSelector?: string): number;
  /**
   * Makes the `.activity-entry` showing activity `fromId` show activity `toId`, patched in place
   * (texts, attributes, links, kind class, `__vue__.$props.id`), as Vue reuses a feed entry for
   * other data. With replies when the entry had them. False when no entry shows `fromId`.
   */
  reuse(fromId: number, toId: number): boolean;
  /** Sets the text of each match's own text node (added when it has none), the element kept. Returns the count. */
  patchText(selector: string, text: string): number;
}

/** The host's `localStorage.auth` snapshot of the signed-in viewer. */
export function authSnapshot(data: SeedData, v: RuntimeViewer): Record<string, unknown> {
  const seeded = index(data).users.get(v.id);
  return {
    id: v.id,
    name: v.name,
    about: seeded?.about ?? null,
    avatar: { large: v.avatar, medium: v.avatar },
    bannerImage: v.bannerImage,
    donatorTier: v.donatorTier,
    donatorBadge: v.donatorBadge,
    moderatorRoles: seeded?.moderatorRoles ?? null,
    unreadNotificationCount: seeded?.unreadNotificationCount ?? 0,
    options: {
      profileColor: v.profileColor,
      titleLanguage: 'ROMAJI',
      displayAdultContent: false,
      airingNotifications: true,
      disabledListActivity: seeded?.options.disabledListActivity ?? [],
    },
    mediaListOptions: { scoreFormat: 'POINT_10' },
  };
}

export function boot(data: SeedData, opts: RuntimeOptions): void {
  const app = document.querySelector('#app');
  const pageContent = document.querySelector('.page-content');
  if (!app || !pageContent) throw new Error('replica: #app or .page-content missing');

  // The host keeps a snapshot of the viewer in localStorage.auth (absent when logged out), and a
  // CSRF token for its private endpoint on window.al_token.
  if (opts.viewer) localStorage.setItem('auth', JSON.stringify(authSnapshot(data, opts.viewer)));
  else localStorage.removeItem('auth');
  (window as unknown as { al_token: string }).al_token = 'replica-csrf-token';

  // Fresh markup of each activity/reply, for rerender(): what Vue would render again.
  const templates = new Map<string, string>();
  const navigations: string[] = [];
  const errors: string[] = [];
  const dispatched: { type: string; payload: unknown }[] = [];
  let feed: { items: SeedActivity[]; shown: number } | null = null;

  /** Remembers the markup of the activities and replies in freshly rendered HTML (markers still on). */
  function recordTemplates(root: ParentNode): void {
    root.querySelectorAll('[data-replica-activity],[data-replica-reply]').forEach((el) => {
      const key = el.hasAttribute('data-replica-activity')
        ? `activity:${el.getAttribute('data-replica-activity')}`
        : `reply:${el.getAttribute('data-replica-reply')}`;
      if (!templates.has(key)) templates.set(key, el.outerHTML);
    });
  }

  function fromTemplate(html: string): Element | null {
    const content = parseHostHtml(html);
    const el = content.firstElementChild;
    if (el) adoptHostTree(el);
    return el;
  }

  /** The feed marker of freshly rendered HTML: which feed Load More continues, and how many cards it shows. */
  function readFeed(root: ParentNode): { kind: string; shown: number } | null {
    const list = root.querySelector('[data-replica-feed]');
    return list ? { kind: list.getAttribute('data-replica-feed') ?? '', shown: list.children.length } : null;
  }

  function setupFeed(info: { kind: string; shown: number } | null): void {
    feed = null;
    if (!info) return;
    if (info.kind === 'home') feed = { items: homeFeed(data, opts, data.activities.length), shown: info.shown };
    else {
      const name = decodeURIComponent(location.pathname.split('/')[2] ?? '').toLowerCase();
      const user = index(data).usersByName.get(name);
      feed = user ? { items: profileFeed(data, user, opts.viewer?.id ?? null), shown: info.shown } : null;
    }
  }

  function parseQuery(search: string): Record<string, string> {
    const out: Record<string, string> = {};
    new URLSearchParams(search).forEach((v, k) => (out[k] = v));
    return out;
  }

  function makeRoute(): ReplicaRoute {
    return {
      path: location.pathname,
      fullPath: location.pathname + location.search + location.hash,
      hash: location.hash,
      name: null,
      params: {},
      query: parseQuery(location.search),
      meta: {},
    };
  }
  let current = makeRoute();

  function markActiveLinks(): void {
    document.querySelectorAll('#nav .links a.link').forEach((a) => {
      a.classList.toggle('router-link-active', location.pathname.startsWith(a.getAttribute('href') ?? '\u0000'));
    });
  }

  /**
   * The page holds the data of its first load. An activity made since (the message 'Message Self'
   * sent, the one 'Reply with list update' made) is fetched, as the site's app fetches a page's
   * data, and the route drawn again, still in the app: nothing of the page's state is lost.
   */
  let refreshing: string | null = null;
  function refreshFor(path: string): void {
    if (refreshing === path) return;
    refreshing = path;
    void fetch(REPLICA_DATA_PATH)
      .then((response) => (response.ok ? (response.json() as Promise<SeedData>) : null))
      .then((fresh) => {
        if (!fresh || location.pathname !== path) return;
        Object.assign(data, fresh);
        render();
      })
      .catch(() => undefined);
  }

  /** Renders the current route into `.page-content`, patching what is there in place. */
  function render(): void {
    const page = renderPageContent(data, location.pathname, opts);
    if (page.missing && /^\/activity\/\d+/.test(location.pathname)) refreshFor(location.pathname);
    const content = parseHostHtml(page.html);
    recordTemplates(content);
    const info = readFeed(content);
    closeMenus();
    try {
      patchChildren(pageContent!, content);
    } catch (error) {
      errors.push(String(error));
      console.error('[replica] re-render failed', error);
    }
    document.title = page.title;
    setupFeed(info);
    markActiveLinks();
    navigations.push(location.pathname);
    window.scrollTo(0, 0);
  }

  // Vue re-renders on its next tick (a microtask), not inside the history call: code reacting to
  // pushState/popstate at once still sees the old page. The push promise settles after the render.
  let renderQueued = false;
  function scheduleRender(): void {
    if (renderQueued) return;
    renderQueued = true;
    queueMicrotask(() => {
      renderQueued = false;
      render();
    });
  }

  const firstSegment = (p: string) => p.split('/').filter(Boolean)[0];

  function resolve(loc: RawLocation): string {
    if (typeof loc === 'string') return loc;
    if (loc.path) return loc.path + (loc.query ? `?${new URLSearchParams(loc.query)}` : '');
    // The few named routes userscripts push (host-facts (b)).
    const p = loc.params ?? {};
    if (loc.name === 'Search') return `/search/${p.type ?? 'anime'}`;
    if (loc.name === 'ForumFeed') return `/forum/${p.type ?? 'recent'}`;
    if (loc.name === 'User') return `/user/${p.name ?? ''}/`;
    return '/';
  }

  function navigate(loc: RawLocation, replace: boolean): Promise<ReplicaRoute> {
    const url = new URL(resolve(loc), location.href);
    if (url.origin !== location.origin) {
      location.assign(url.href);
      return Promise.resolve(current);
    }
    const target = url.pathname + url.search + url.hash;
    if (!replace && target === current.fullPath) {
      // vue-router 3 rejects a redundant push.
      const err = new Error(`Avoided redundant navigation to current location: "${target}".`);
      err.name = 'NavigationDuplicated';
      return Promise.reject(err);
    }
    const previous = location.pathname;
    // Looked up at call time so that wrappers installed on history by userscripts see the calls.
    if (replace) history.replaceState({ key: String(navigations.length) }, '', target);
    else history.pushState({ key: String(navigations.length) }, '', target);
    current = makeRoute();
    const same = firstSegment(previous) !== undefined && firstSegment(previous) === firstSegment(url.pathname);
    if (previous !== url.pathname && !(opts.sameComponentQuirk && same)) scheduleRender();
    return Promise.resolve(current);
  }

  const router = {
    mode: 'history',
    get currentRoute() {
      return current;
    },
    push: (loc: RawLocation) => navigate(loc, false),
    replace: (loc: RawLocation) => navigate(loc, true),
    go: (n: number) => history.go(n),
    back: () => history.back(),
    forward: () => history.forward(),
    beforeEach: () => () => undefined,
    afterEach: () => () => undefined,
    onReady: (cb: () => void) => cb(),
  };
  const store = {
    state: { user: opts.viewer ? authSnapshot(data, opts.viewer) : null, site: { theme: opts.theme } },
    getters: { isLoggedIn: opts.viewer !== null },
    dispatch(type: string, payload?: unknown) {
      dispatched.push({ type, payload });
      return Promise.resolve();
    },
    commit(type: string, payload?: unknown) {
      dispatched.push({ type: `commit:${type}`, payload });
    },
  };
  const vm = {
    $router: router,
    _router: router,
    get $route() {
      return current;
    },
    $store: store,
    $el: app,
  };
  const mount = () => ((app as unknown as { __vue__: unknown }).__vue__ = vm);
  if (opts.vueDelayMs > 0) setTimeout(mount, opts.vueDelayMs);
  else mount();

  // Element UI dropdowns (host-facts (a): poppers render outside their trigger's subtree). The
  // menu is rendered inside its `.el-dropdown`, hidden with an inline style (v-show); the first
  // open moves it to <body> (appendToBody), where it stays, shown or hidden, until the dropdown
  // itself is removed. Item clicks (host items only) hide it, as do clicks outside menu and
  // trigger; clicks on others' items inside the menu do not (they are no el-dropdown-items).
  const openMenus = new Map<Element, Element>(); // menu → its .el-dropdown
  function menuOf(dropdown: Element): Element | null {
    const own = hostChildren(dropdown)?.find(
      (c): c is Element => c.nodeType === ELEMENT && (c as Element).classList.contains('el-dropdown-menu'),
    );
    return own ?? dropdown.querySelector('.el-dropdown-menu');
  }
  /** The menu's inline style with `display` set (the popper's position is kept while hidden). */
  const withDisplay = (menu: Element, display: string) =>
    `${(menu.getAttribute('style') ?? '').replace(/\s*display:[^;]*;?/g, '').trim()} display: ${display};`.trim();
  function openMenu(dropdown: Element, menu: Element): void {
    if (menu.parentNode !== document.body) document.body.appendChild(menu);
    hostSetAttr(menu, 'style', 'position: absolute; display: block;');
    // Below the trigger, right edges aligned (Element UI's bottom-end placement).
    const r = (dropdown.querySelector('.el-dropdown-link') ?? dropdown).getBoundingClientRect();
    const top = Math.round(r.bottom + window.scrollY + 8);
    const left = Math.max(0, Math.round(r.right + window.scrollX - (menu as HTMLElement).offsetWidth));
    hostSetAttr(menu, 'x-placement', 'bottom-end');
    hostSetAttr(menu, 'style', `position: absolute; top: ${top}px; left: ${left}px; z-index: 2001; display: block;`);
    openMenus.set(menu, dropdown);
  }
  function closeMenu(menu: Element): void {
    openMenus.delete(menu);
    hostSetAttr(menu, 'style', withDisplay(menu, 'none'));
  }
  function closeMenus(except?: Element): void {
    for (const menu of [...openMenus.keys()]) if (menu !== except) closeMenu(menu);
  }

  // Element UI's keyboard (its dropdown.vue): Enter or Space on the trigger toggles the menu,
  // ArrowDown opens it and focuses its first choice. In the menu (a capture listener, first): ArrowUp
  // and ArrowDown move among the choices it collected when it was made (the host's `[tabindex="-1"]`
  // items, once: a later one is not among them), Enter focuses the trigger, clicks the focused item
  // and closes, Tab and Escape close and focus the trigger.
  document.addEventListener(
    'keydown',
    (event) => {
      const target = event.target as HTMLElement | null;
      const trigger = target?.closest?.('.el-dropdown-link') as HTMLElement | null;
      const openDropdown = target?.closest?.('.el-dropdown-menu');
      const dropdown = trigger?.closest('.el-dropdown') ?? (openDropdown && openMenus.get(openDropdown));
      const menu = dropdown && menuOf(dropdown);
      if (!dropdown || !menu) return;
      const choices = [...menu.querySelectorAll<HTMLElement>('[tabindex="-1"]')].filter(isHostNode);
      const ownTrigger = dropdown.querySelector<HTMLElement>('.el-dropdown-link');
      if (trigger) {
        if ((event.key === 'Enter' || event.key === ' ') && openMenus.has(menu)) closeMenu(menu);
        else if (event.key === 'Enter' || event.key === ' ') openMenu(dropdown, menu);
        else if (event.key === 'ArrowDown') {
          openMenu(dropdown, menu);
          choices[0]?.focus();
        } else return;
        event.preventDefault();
        return;
      }
      const index = choices.indexOf(target!);
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        choices[event.key === 'ArrowUp' ? Math.max(index - 1, 0) : Math.min(index + 1, choices.length - 1)]?.focus();
        event.preventDefault();
      } else if (event.key === 'Enter') {
        ownTrigger?.focus();
        target!.click();
        closeMenu(menu);
      } else if (event.key === 'Tab' || event.key === 'Escape') {
        closeMenu(menu);
        ownTrigger?.focus();
      }
    },
    true,
  );

  // Same-origin links go through the router, like <router-link>.
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // Dropdowns first: a click outside an open menu and its trigger closes it.
    const inMenu = target?.closest('.el-dropdown-menu') ?? null;
    const inDropdown = target?.closest('.el-dropdown') ?? null;
    for (const [menu, dropdown] of [...openMenus]) if (menu !== inMenu && dropdown !== inDropdown) closeMenu(menu);
    // A few host widgets.
    const likeButton = target?.closest('.like-wrap .button');
    if (likeButton && opts.viewer) {
      const liked = !likeButton.classList.contains('liked');
      hostToggleClass(likeButton, 'liked', liked);
      const count = likeButton.querySelector('.count');
      if (count) hostSetText(count, String(Math.max(0, Number(count.textContent || 0) + (liked ? 1 : -1)) || ''));
      return;
    }
    const toggle = target?.closest('.feed-type-toggle > div');
    if (toggle) {
      toggle.parentElement?.querySelectorAll(':scope > div').forEach((d) => hostToggleClass(d, 'active', d === toggle));
      return;
    }
    const dropdownTrigger = target?.closest('.el-dropdown-link');
    const dropdown = dropdownTrigger?.closest('.el-dropdown');
    if (dropdown) {
      const menu = menuOf(dropdown);
      if (menu && openMenus.has(menu)) closeMenu(menu);
      else if (menu) openMenu(dropdown, menu);
      return;
    }
    const item = target?.closest('.el-dropdown-menu__item');
    if (item && inMenu && isHostNode(item)) {
      hostChildren(inMenu)?.forEach((li) => li.nodeType === ELEMENT && hostToggleClass(li as Element, 'active', li === item));
      closeMenu(inMenu);
      return;
    }
    const previewButton = target?.closest(`:is(${HOST_EDITORS}) .markdown-editor > div[title="Preview"]`);
    if (previewButton) {
      const edit = previewButton.closest(HOST_EDITORS)!;
      const preview = edit.querySelector('.reply.preview');
      if (preview) {
        if (isShown(preview)) hostSetAttr(preview, 'style', 'display: none;');
        else {
          updatePreview(edit);
          hostSetAttr(preview, 'style', null);
        }
      }
      return;
    }
    // Cancel empties the editor and makes it inactive again: the toolbar and the preview hide.
    const cancel = target?.closest(`:is(${HOST_EDITORS}) > .actions > .button.cancel`);
    if (cancel) {
      const edit = cancel.closest(HOST_EDITORS)!;
      const textarea = edit.querySelector('textarea');
      if (textarea) {
        textarea.value = '';
        models.set(textarea, '');
      }
      for (const part of edit.querySelectorAll(':scope > .markdown-editor, :scope > .reply.preview'))
        hostSetAttr(part, 'style', 'display: none;');
      return;
    }
    const publish = target?.closest('.reply-wrap > .activity-edit .button.save');
    if (publish) {
      publishReply(publish.closest('.reply-wrap')!);
      return;
    }
    const hamburger = target?.closest('.hamburger');
    if (hamburger) {
      document.querySelector('.mobile-nav')?.classList.toggle('open');
      return;
    }
    const more = target?.closest('.load-more');
    if (more && feed) {
      const list = more.parentElement?.querySelector('.activity-feed');
      const next = feed.items.slice(feed.shown, feed.shown + 10);
      feed.shown += next.length;
      for (const a of next) {
        const html = activityHtml(data, a, opts, false);
        const content = parseHostHtml(html);
        recordTemplates(content);
        const el = content.firstElementChild;
        if (el && list) hostAppend(list, el);
      }
      return;
    }
    const link = target?.closest('a[href]') as HTMLAnchorElement | null;
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith('/')) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash, false).catch(() => undefined);
  });
  window.addEventListener('popstate', () => {
    const previous = current.path;
    current = makeRoute();
    if (previous !== current.path) scheduleRender();
  });

  // The editors' v-model (host-facts (a)): what the app knows of each textarea, updated only by
  // `input` events, so a value set from script without one is not seen.
  const models = new WeakMap<HTMLTextAreaElement, string>();
  const isShown = (el: Element) => !/display:\s*none/.test(el.getAttribute('style') ?? '');
  const modelOf = (t: HTMLTextAreaElement) => models.get(t) ?? t.defaultValue;
  /** Renders an editor's `.reply.preview` from its textarea's model. */
  function updatePreview(edit: Element): void {
    const textarea = edit.querySelector('textarea');
    const markdown = edit.querySelector('.reply.preview .reply-markdown .markdown');
    if (!textarea || !markdown) return;
    hostChildren(markdown)?.slice().forEach(destroy);
    const content = parseHostHtml(renderMarkdown(modelOf(textarea as HTMLTextAreaElement)));
    for (const node of Array.from(content.childNodes)) hostAppend(markdown, node);
  }
  document.addEventListener(
    'input',
    (event) => {
      const t = event.target;
      if (!(t instanceof HTMLTextAreaElement)) return;
      const edit = t.closest(HOST_EDITORS);
      if (!edit) return;
      models.set(t, t.value);
      const preview = edit.querySelector('.reply.preview');
      if (preview && isShown(preview)) updatePreview(edit);
    },
    true,
  );
  // The toolbar is hidden (inline display: none) until the editor is active.
  document.addEventListener('focusin', (event) => {
    const t = event.target;
    if (!(t instanceof HTMLTextAreaElement)) return;
    const bar = t.closest(HOST_EDITORS)?.querySelector('.markdown-editor');
    if (bar?.hasAttribute('style')) hostSetAttr(bar, 'style', null);
  });

  /**
   * Publish under an activity's replies: the reply joins the page's list (its markdown rendered as
   * the site does, raw `<blockquote href>` kept) and the box empties. The page's copy of the data
   * only: the mock API is not told, as with the replica's other host actions.
   */
  function publishReply(wrap: Element): void {
    const textarea = wrap.querySelector<HTMLTextAreaElement>(':scope > .activity-edit textarea');
    const list = wrap.querySelector(':scope > .activity-replies');
    const activityId = (wrap.closest('.activity-entry') as WithVue | null)?.__vue__?.$props?.id;
    const text = textarea ? modelOf(textarea).trim() : '';
    if (!textarea || !list || typeof activityId !== 'number' || !text || !opts.viewer) return;
    const reply: SeedReply = {
      id: Math.max(0, ...data.replies.map((r) => r.id)) + 1,
      activityId,
      userId: opts.viewer.id,
      text,
      createdAt: data.now,
      likeIds: [],
    };
    data.replies.push(reply);
    const content = parseHostHtml(replyHtml(data, reply, opts.viewer.id));
    recordTemplates(content);
    const el = content.firstElementChild;
    if (el) hostAppend(list, el);
    textarea.value = '';
    models.set(textarea, '');
  }

  function entryShowing(id: number): Element | undefined {
    return Array.from(document.querySelectorAll('.activity-entry')).find((el) => (el as WithVue).__vue__?.$props?.id === id);
  }

  const api: ReplicaHostApi = {
    navigations,
    errors,
    editorModel: modelOf,
    dispatched,
    data,
    options: opts,
    router,
    rerender(): void {
      const swap = (el: Element, kind: string) => {
        const id = (el as WithVue).__vue__?.$props?.id;
        const html = id === undefined ? undefined : templates.get(`${kind}:${id}`);
        const fresh = html ? fromTemplate(html) : null;
        if (fresh) hostReplace(el, fresh);
      };
      document.querySelectorAll('.activity-entry').forEach((el) => swap(el, 'activity'));
      document.querySelectorAll('.reply:not(.preview)').forEach((el) => swap(el, 'reply'));
    },
    rebuildChild(selector: string, childSelector?: string): number {
      let count = 0;
      document.querySelectorAll(selector).forEach((el) => {
        const child = childSelector
          ? el.querySelector(childSelector)
          : (hostChildren(el)?.find((c) => c.nodeType === ELEMENT) as Element | undefined);
        if (!child || !isHostNode(child)) return;
        hostReplace(child, freshCopy(child));
        count++;
      });
      return count;
    },
    reuse(fromId: number, toId: number): boolean {
      const entry = entryShowing(fromId);
      const activity = index(data).activities.get(toId);
      if (!entry) return false;
      if (!activity) throw new Error(`replica: no activity ${toId}`);
      const withReplies =
        hostChildren(entry)?.some((c) => c.nodeType === ELEMENT && (c as Element).classList.contains('reply-wrap')) ?? false;
      const content = parseHostHtml(activityHtml(data, activity, opts, withReplies));
      recordTemplates(content);
      const next = content.firstElementChild;
      if (!next) return false;
      try {
        patchNode(entry, next);
      } catch (error) {
        errors.push(String(error));
        throw error;
      }
      return true;
    },
    patchText(selector: string, text: string): number {
      const els = document.querySelectorAll(selector);
      els.forEach((el) => hostSetText(el, text));
      return els.length;
    },
  };
  (window as unknown as { __host: ReplicaHostApi }).__host = api;

  // The first render came from the server; adopt it.
  const firstFeed = readFeed(pageContent);
  recordTemplates(pageContent);
  adoptHostTree(pageContent);
  setupFeed(firstFeed);
  markActiveLinks();
  navigations.push(location.pathname);
}
