import { describe, expect, it } from 'vitest';
import { gmShimSource } from '../host/gm-shim';
import { renderMarkdown, renderPage, runtimeScript } from '../host/replica';

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
});
