import { describe, expect, it, vi } from 'vitest';

// The inline lexer fails on everything: the renderer's last line of defence is what shows.
vi.mock('../../src/data/markdown-inline', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/data/markdown-inline')>()),
  lexInline: () => {
    throw new Error('the lexer broke');
  },
}));

const { renderMarkdown } = await import('../../src/data/markdown-render');

describe('a render that fails', () => {
  it('never throws: it says it failed and gives the text back as written, escaped', () => {
    const html = renderMarkdown('<b>bold</b> & more\nsecond line');
    expect(html).toContain('class="vv-markdown-error"');
    expect(html).toContain('the lexer broke');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; more<br>second line');
    expect(html).not.toContain('<b>');
  });
});
