import { describe, expect, it } from 'vitest';
import { renderMarkdown, youtubeId } from '../../src/data/markdown-render';

/** The AniList dialect (host-facts (d)) rendered by marked plus our extensions. Unsanitized here. */

const html = (md: string) => renderMarkdown(md).trim();

describe('renderMarkdown', () => {
  it('emphasis: __bold__, **bold**, _italic_, *italic*, ~~strike~~', () => {
    expect(html('__b__ **s** _i_ *e* ~~d~~')).toBe('<p><strong>b</strong> <strong>s</strong> <em>i</em> <em>e</em> <del>d</del></p>');
  });

  it('headers # to #####, with or without a space', () => {
    expect(html('# One\n##Two\n### Three\n####Four\n##### Five')).toBe(
      '<h1>One</h1>\n<h2>Two</h2>\n<h3>Three</h3>\n<h4>Four</h4>\n<h5>Five</h5>',
    );
    expect(html('## x ##')).toBe('<h2>x</h2>');
  });

  it('images: img(url), img220(url), img50%(url), a space after img, ![alt](url)', () => {
    expect(html('img(https://i.example/a.png)')).toBe('<p><img width="" src="https://i.example/a.png"></p>');
    expect(html('img220(https://i.example/a.png)')).toBe('<p><img width="220" src="https://i.example/a.png"></p>');
    expect(html('img50%(https://i.example/a.png)')).toBe('<p><img width="50%" src="https://i.example/a.png"></p>');
    expect(html('img 300(https://i.example/a.png) IMG(https://i.example/b.png)')).toBe(
      '<p><img width="300" src="https://i.example/a.png"> <img width="" src="https://i.example/b.png"></p>',
    );
    expect(html('![alt](https://i.example/a.png)')).toBe('<p><img src="https://i.example/a.png" alt="alt"></p>');
  });

  it('rewrites http: media to https:', () => {
    expect(html('img(http://i.example/a.png)')).toContain('src="https://i.example/a.png"');
    expect(html('webm(http://v.example/a.webm)')).toContain('src="https://v.example/a.webm"');
  });

  it('youtube(...) becomes span.youtube with a thumbnail from i.ytimg.com', () => {
    const card =
      '<span class="youtube" id="dQw4w9WgXcQ"><span class="play"></span><img src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"></span>';
    expect(html('youtube(https://www.youtube.com/watch?v=dQw4w9WgXcQ)')).toBe(`<p>${card}</p>`);
    expect(html('youtube(https://youtu.be/dQw4w9WgXcQ)')).toBe(`<p>${card}</p>`);
    expect(html('youtube(dQw4w9WgXcQ)')).toBe(`<p>${card}</p>`);
    expect(html('youtube(not a video)')).toBe('<p>youtube(not a video)</p>');
  });

  it('youtubeId reads watch, embed, shorts, youtu.be links and bare ids', () => {
    expect(youtubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtube.com/shorts/dQw4w9WgXcQ?si=1')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/watch?list=x&v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('javascript:alert(1)')).toBeNull();
    expect(youtubeId('https://vimeo.com/123456789012')).toBeNull();
  });

  it('webm(...) becomes a muted looping video with controls and a source', () => {
    expect(html('webm(https://v.example/a.webm)')).toBe(
      '<p><video muted loop controls><source src="https://v.example/a.webm" type="video/webm"></video></p>',
    );
    expect(html('webm(https://v.example/a.mp4)')).toContain('type="video/mp4"');
  });

  it('~!spoiler!~ becomes span.markdown-spoiler, inline, over lines and over paragraphs', () => {
    expect(html('~!secret!~')).toBe(
      '<p><span class="markdown-spoiler"><i class="hide-spoiler el-icon-circle-close"></i><span>secret</span></span></p>',
    );
    expect(html('a ~!b\nc!~ d')).toBe(
      '<p>a <span class="markdown-spoiler"><i class="hide-spoiler el-icon-circle-close"></i><span>b<br>c</span></span> d</p>',
    );
    expect(html('~!one\n\ntwo!~')).toBe('<div class="markdown-spoiler"><span><p>one</p>\n<p>two</p>\n</span></div>');
    expect(html('<div rel="spoiler">raw</div>')).toContain('<span class="markdown-spoiler">');
  });

  it('~~~center~~~ becomes <center>, over several lines and around images', () => {
    expect(html('~~~centred~~~')).toBe('<center><p>centred</p>\n</center>');
    expect(html('~~~line one\nline two\n\nimg(https://i.example/a.png)~~~')).toBe(
      '<center><p>line one<br>line two</p>\n<p><img width="" src="https://i.example/a.png"></p>\n</center>',
    );
    expect(html('a ~~~b~~~ c')).toBe('<p>a <center>b</center> c</p>');
    expect(html('~~~__bold__ ~!s!~~~~')).toContain('<center><p><strong>bold</strong> <span class="markdown-spoiler">');
  });

  it('links keep their target (the sanitizer adds target and rel)', () => {
    expect(html('[AniList](https://anilist.co)')).toBe('<p><a href="https://anilist.co">AniList</a></p>');
    expect(html('https://anilist.co/user/x')).toBe('<p><a href="https://anilist.co/user/x">https://anilist.co/user/x</a></p>');
  });

  it('@mentions link to the profile when they start a word', () => {
    expect(html('@Viewer hi')).toBe('<p><a href="/user/Viewer">@Viewer</a> hi</p>');
    expect(html('hi @Some_one.')).toBe('<p>hi <a href="/user/Some_one">@Some_one</a>.</p>');
    expect(html('mail a@b.example')).not.toContain('/user/b');
    expect(html('[@Viewer](https://anilist.co)')).toBe('<p><a href="https://anilist.co">@Viewer</a></p>');
  });

  it('code spans and blocks keep the dialect literal', () => {
    expect(html('`img(x) __b__`')).toBe('<p><code>img(x) __b__</code></p>');
    expect(html('```\n~!x!~\n```')).toBe('<pre><code>~!x!~\n</code></pre>');
    expect(html('<pre>__x__</pre>')).toBe('<pre>__x__</pre>');
  });

  it('a single newline is a <br>; quotes, lists and rules', () => {
    expect(html('one\ntwo')).toBe('<p>one<br>two</p>');
    expect(html('> q\n\n- a\n- b\n\n1. x\n\n---')).toBe(
      '<blockquote>\n<p>q</p>\n</blockquote>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol>\n<li>x</li>\n</ol>\n<hr>',
    );
  });

  it('strips the domains the site blacklists', () => {
    expect(html('see nyaa.si and doko.moe')).toBe('<p>see  and </p>');
  });

  it('leaves raw HTML for the sanitizer and survives anything', () => {
    expect(html('<b>x</b>')).toBe('<p><b>x</b></p>');
    for (const odd of ['', '~~~', '~!', 'img(', 'youtube()', '@', '#', '[](', '```', '~~~~~~', '\u0000', '<'.repeat(50)])
      expect(() => renderMarkdown(odd)).not.toThrow();
  });
});

describe('adversarial input (issue 15: linear, and the same output)', () => {
  const big = (unit: string) => unit.repeat(Math.ceil(160_000 / unit.length)).slice(0, 160_000);

  it('160,000 characters of unclosed openers render as the text they are', () => {
    for (const unit of ['~!a ', 'img(', 'youtube(', 'webm(', '@a ']) {
      const html = renderMarkdown(big(unit));
      expect(html.startsWith('<p>')).toBe(true);
      expect(html).not.toContain('markdown-spoiler');
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<video');
    }
  });

  it('a closing mark at the very end still closes the first opening one', () => {
    const html = renderMarkdown(`${'~!a '.repeat(1000)}!~`);
    expect(html.match(/markdown-spoiler/g)).toHaveLength(1);
  });

  it('media need an argument of at least one character up to a ")"', () => {
    expect(renderMarkdown('img50%()x')).not.toContain('<img');
    expect(renderMarkdown('img50%(a b)')).not.toContain('<img');
    expect(renderMarkdown('img50%(a)')).toContain('<img width="50%" src="a">');
    expect(renderMarkdown('img(x) img(y)')).toBe('<p><img width="" src="x"> <img width="" src="y"></p>\n');
  });

  it('each run of the lexer searches on its own: a spoiler in a later paragraph closes', () => {
    expect(renderMarkdown('~!a\n\nb ~!c!~')).toContain('markdown-spoiler');
    expect(renderMarkdown('> ~!a\n\n~!b!~')).toContain('markdown-spoiler');
    expect(renderMarkdown('x ~~~a~~~ ~~~b')).toContain('<center>a</center>');
  });

  it('plain text stops where a mark really starts, and only there: unclosed heads before a real one', () => {
    expect(renderMarkdown('img( img(a b) img(x)')).toBe('<p>img( img(a b) <img width="" src="x"></p>\n');
    expect(renderMarkdown(`${'img('.repeat(500)} then img(y) and webm(z.mp4)`)).toContain('<img width="" src="y">');
    expect(renderMarkdown('a@b x @name')).toBe('<p>a@b x <a href="/user/name">@name</a></p>\n');
  });
});

describe('strikethrough, the site way', () => {
  it('only ~~double~~ tildes strike; a single ~ is plain text', () => {
    expect(renderMarkdown('~~gone~~ and ~not~')).toBe('<p><del>gone</del> and ~not~</p>\n');
    expect(renderMarkdown('a ~~ b ~~ c')).toBe('<p>a ~~ b ~~ c</p>\n');
    expect(renderMarkdown('~~**bold** inside~~')).toBe('<p><del><strong>bold</strong> inside</del></p>\n');
  });

  it('an opener without a closer anywhere after it stays text, however many there are', () => {
    const html = renderMarkdown('~~a '.repeat(10_000));
    expect(html).not.toContain('<del>');
    expect(renderMarkdown(`${'~~a '.repeat(100)}b~~`).match(/<del>/g)).toHaveLength(1);
  });
});
