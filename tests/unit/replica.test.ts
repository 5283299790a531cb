import { describe, expect, it } from 'vitest';
import { gmShimSource } from '../host/gm-shim';
import { renderMarkdown, renderPage, runtimeScript } from '../host/replica';
import { esc, renderPageContent } from '../host/replica-runtime';
import { createSeed, VIEWER_ID } from '../host/seed';

/** Cards in the server-rendered markup (the embedded runtime's source contains the class name too). */
const cards = (html: string) => html.slice(0, html.indexOf('<script')).match(/<div class="activity-entry /g)?.length ?? 0;

describe('replica (Node side)', () => {
  it('renders deterministic documents with the requested number of cards', () => {
    const a = renderPage('/home');
    expect(renderPage('/home')).toBe(a);
    expect(cards(a)).toBe(20);
    expect(cards(renderPage('/home', { activities: 40 }))).toBe(40);
    expect(cards(renderPage('/home', { activities: 0 }))).toBe(0);
    expect(renderPage('/home', { bodyEnd: '<script>/*end*/</script>' })).toMatch(/<script>\/\*end\*\/<\/script><\/body><\/html>$/);
    expect(renderPage('/nowhere/at/all')).toContain('<h1 class="page-title">/nowhere/at/all</h1>');
    expect(renderPage('/user/NoSuchUser/')).toContain('class="not-found"');
  });

  it("renders AniList's other markdown editors: a forum thread's reply box, a review's body, the bio in /settings", () => {
    const data = createSeed();
    const opts = {
      viewer: null,
      activities: 0,
      theme: 'default',
      unreadNotifications: 0,
      sameComponentQuirk: false,
      vueDelayMs: 0,
    } as const;
    const signedIn = {
      ...opts,
      viewer: { id: VIEWER_ID, name: 'Viewer', donatorTier: 0, donatorBadge: '', profileColor: 'blue', avatar: '', bannerImage: null },
    };
    const editor =
      /<div class="editor"><div class="markdown-editor" style="display: none;">.*?<div class="input el-textarea"><textarea [^>]*class="el-textarea__inner"><\/textarea><\/div>/;
    const anime = data.media.find((m) => m.type === 'ANIME')!;
    for (const path of ['/forum/thread/4127', `/edit/review/${anime.id}`, '/settings'])
      expect(renderPageContent(data, path, signedIn).html, path).toMatch(editor);
    expect(renderPageContent(data, '/forum/thread/4127', signedIn).html).toMatch(/class="forum-thread container".*class="comment-wrap"/);
    expect(renderPageContent(data, '/forum/overview', signedIn).html).toContain('href="/forum/thread/4127"');
    expect(renderPageContent(data, `/anime/${anime.id}`, signedIn).html).toContain(
      `<a class="review button" href="/edit/review/${anime.id}">`,
    );
    // Signed out: no reply box, no review editor.
    expect(renderPageContent(data, '/forum/thread/4127', opts).html).not.toContain('markdown-editor');
    expect(renderPageContent(data, `/edit/review/${anime.id}`, opts).html).toContain('not-found');
  });

  it('escapes markdown input', () => {
    const html = renderMarkdown('<img src=x onerror=alert(1)> **bold** [x](javascript:alert(1))');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('javascript:');
  });

  it('builds browser scripts that parse and need no bundler helpers', () => {
    for (const source of [runtimeScript(), gmShimSource({ mode: 'both', seed: { k: '"</script>"' } })]) {
      expect(() => new Function(source)).not.toThrow();
      expect(source).not.toMatch(/__name\(|<\/script/i);
    }
  });
  it("renders one of each notification kind on the host's /notifications page", () => {
    const seed = createSeed();
    // The newest of each type only, so all 20 fit on the page's first 25.
    const seen = new Set<string>();
    const notifications = [...seed.notifications].sort((a, b) => b.id - a.id).filter((n) => !seen.has(n.type) && seen.add(n.type));
    expect(notifications).toHaveLength(20);
    const viewer = seed.users.find((u) => u.id === VIEWER_ID)!;
    const opts = {
      viewer: {
        id: viewer.id,
        name: viewer.name,
        donatorTier: 0,
        donatorBadge: '',
        profileColor: 'blue',
        avatar: viewer.avatar.large,
        bannerImage: null,
      },
      activities: 0,
      theme: 'default' as const,
      unreadNotifications: 0,
      sameComponentQuirk: false,
      vueDelayMs: 0,
    };
    const { html } = renderPageContent({ ...seed, notifications }, '/notifications', opts);
    // The page lists them newest first, as `notifications` is sorted.
    const items = html.split(/<div class="notification(?: unread)?">/).slice(1);
    expect(items).toHaveLength(20);
    const item = (type: string) => {
      const i = notifications.findIndex((x) => x.type === type);
      return { n: notifications[i]!, html: items[i]! };
    };
    for (const n of notifications) expect(item(n.type).html, n.type).toMatch(/<time datetime=/);
    const mention = item('THREAD_COMMENT_MENTION');
    expect(mention.html).toContain(
      `href="/forum/thread/${mention.n.thread!.id}/comment/${mention.n.commentId}">${esc(mention.n.thread!.title)}</a>`,
    );
    const like = item('THREAD_LIKE');
    expect(like.html).toContain(`<a class="context" href="/forum/thread/${like.n.threadId}">${esc(like.n.context!)}</a>`);
    const merge = item('MEDIA_MERGE');
    expect(merge.html).toContain(
      `<span class="link">${esc(merge.n.deletedMediaTitles![0]!)}</span><span class="context"> was merged into </span><a class="link" href="/anime/${merge.n.mediaId}/`,
    );
    const deletion = item('MEDIA_DELETION');
    expect(deletion.html).toContain(
      `<span class="link">${esc(deletion.n.deletedMediaTitle!)}</span><span class="context">${esc(deletion.n.context!)}</span><div class="expand-reason">`,
    );
    expect(deletion.html).not.toContain('<a ');
    expect(html).toMatch(
      /Your submission for <\/span><a class="link" href="\/staff\/\d+">[^<]+<\/a><span class="context"> has been rejected\.<\/span>/,
    );
    expect(html).toMatch(/href="\/character\/\d+">[^<]+<\/a><span class="context"> has been partially accepted\.<\/span>/);
    expect(html).toMatch(/href="\/anime\/\d+\/[^"]*">[^<]+<\/a><span class="context"> has been accepted\.<\/span>/);
    expect(html).not.toContain('undefined');
  });
});
