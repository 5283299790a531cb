import { buildSync } from 'esbuild';
/**
 * XSS vectors for the sanitizer and the markdown preview (tests/e2e/markdown.spec.ts): classic ones
 * in the spirit of DOMPurify's own test suite and the OWASP filter evasion cheat sheet, then
 * markdown-specific ones. Each one, if it ever ran, would call `__xss()` (the tests define it and
 * record calls). They run in Chromium: happy-dom cannot host DOMPurify faithfully (its
 * Node.prototype.nodeName answers '' for elements, and removals during iteration lose content).
 */
export const CLASSIC_VECTORS: readonly string[] = [
  '<img src=x onerror="__xss()">',
  '<img src="x" onerror=__xss()//>',
  '<IMG SRC=x OnErRoR=__xss()>',
  '<svg onload=__xss()>',
  '<svg><script>__xss()</script></svg>',
  '<svg><animate onbegin=__xss() attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:__xss()"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss()>',
  '<script>__xss()</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<iframe src="javascript:__xss()"></iframe>',
  '<iframe srcdoc="<script>parent.__xss()</script>"></iframe>',
  '<a href="javascript:__xss()">x</a>',
  '<a href="JaVaScRiPt:__xss()">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;__xss()">x</a>',
  '<a href="&#x6A;avascript:__xss()">x</a>',
  '<a href="jav&#x09;ascript:__xss()">x</a>',
  '<a href="jav&#x0A;ascript:__xss()">x</a>',
  '<a href=" &#14; javascript:__xss()">x</a>',
  '<a href="javascript&colon;__xss()">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5fX3hzcygpPC9zY3JpcHQ+">x</a>',
  '<img src="data:text/html,<script>__xss()</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9X194c3MoKT4=">',
  '<div style="background:url(javascript:__xss())">x</div>',
  '<p style="x:expression(__xss())">x</p>',
  '<style>@import "javascript:__xss()";</style>',
  '<body onload=__xss()>',
  '<details open ontoggle=__xss()>',
  '<input autofocus onfocus=__xss()>',
  '<form action="javascript:__xss()"><button>x</button></form>',
  '<button formaction="javascript:__xss()">x</button>',
  '<object data="javascript:__xss()"></object>',
  '<embed src="javascript:__xss()">',
  '<base href="javascript:__xss()//">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss()">',
  '<link rel="stylesheet" href="javascript:__xss()">',
  '<video><source onerror=__xss()></video>',
  '<video poster="javascript:__xss()" src=x onerror=__xss()></video>',
  '<audio src=x onerror=__xss()>',
  '<marquee onstart=__xss()>x</marquee>',
  '<noscript><p title="</noscript><img src=x onerror=__xss()>">',
  '<template><img src=x onerror=__xss()></template>',
  '<table background="javascript:__xss()"><tr><td>x</td></tr></table>',
  '<font face="x" onmouseover=__xss()>x</font>',
  '<center onclick=__xss()>x</center>',
  '<p align="center" onclick=__xss()>x</p>',
  '<span class="markdown-spoiler" onclick=__xss()>x</span>',
  '<img src=`x`onerror=__xss()>',
  '<img """><script>__xss()</script>">',
  '<<script>__xss();//<</script>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '"><img src=x onerror=__xss()>',
];

export const MARKDOWN_VECTORS: readonly string[] = [
  '[x](javascript:__xss())',
  '[x](JaVaScRiPt:__xss())',
  '[x](  javascript:__xss())',
  '[x](java\tscript:__xss())',
  '[x](data:text/html;base64,PHNjcmlwdD5fX3hzcygpPC9zY3JpcHQ+)',
  '[x](vbscript:msgbox)',
  '![x](javascript:__xss())',
  '![x](x" onerror="__xss())',
  'img(javascript:__xss())',
  'img220(javascript:__xss())',
  'img(x"onerror="__xss())',
  "img(x'onerror='__xss())",
  'webm(javascript:__xss())',
  'webm(x"onerror="__xss())',
  'youtube(javascript:__xss())',
  'youtube(https://www.youtube.com/watch?v=x"onerror="__xss())',
  '~!<img src=x onerror=__xss()>!~',
  '~~~<svg onload=__xss()>~~~',
  '<div rel="spoiler"><img src=x onerror=__xss()></div>',
  '@a"onmouseover="__xss()',
  '[x](<javascript:__xss()>)',
  '<javascript:__xss()>',
  '[x][1]\n\n[1]: javascript:__xss()',
  '# <img src=x onerror=__xss()>',
  '`<img src=x onerror=__xss()>`',
];

/**
 * Everything unsafe left in `root` (run in the browser): forbidden elements, event handlers, style
 * and other script-bearing attributes, javascript:/vbscript:/data: URLs. Empty means clean.
 */
export function unsafeParts(root: ParentNode): string[] {
  const forbidden = [
    'script',
    'iframe',
    'style',
    'object',
    'embed',
    'svg',
    'math',
    'form',
    'button',
    'input',
    'base',
    'meta',
    'link',
    'template',
    'noscript',
    'body',
    'details',
    'audio',
    'table',
    'marquee',
  ];
  const found: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (forbidden.includes(tag)) found.push(`<${tag}>`);
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on') || ['style', 'srcdoc', 'formaction', 'poster', 'background', 'action'].includes(name) || name.includes(':'))
        found.push(`${tag}[${name}]`);
      if (/^(?:javascript|vbscript|data):/i.test(a.value.replace(/[\u0000-\u0020]/g, ''))) found.push(`${tag}[${name}=${a.value}]`);
    }
  }
  return found;
}

/**
 * The real modules of the rendering path (src/data/markdown-render.ts and src/panels/sanitize.ts)
 * bundled for a page: `window.__md.renderMarkdown` and `window.__md.sanitizeHtml`, plus
 * `window.__unsafe` (unsafeParts) and `window.__attachLive(html)`.
 */
export function sanitizerBundle(): string {
  const bundle = buildSync({
    stdin: {
      contents:
        "export { renderMarkdown } from './src/data/markdown-render'; export { sanitizeHtml } from './src/panels/sanitize'; export { quotesAsLinks } from './src/data/rendered-quotes';",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__md',
    target: 'es2020',
  }).outputFiles[0]!.text;
  // __attachLive puts sanitized HTML into the live page (anything that could run, runs) and returns what is unsafe in it.
  const attachLive = `(html) => { const box = document.createElement('div'); box.innerHTML = html; document.body.append(box); return window.__unsafe(box); }`;
  return `${bundle}\nwindow.__unsafe = ${unsafeParts.toString()};\nwindow.__attachLive = ${attachLive};`;
}
