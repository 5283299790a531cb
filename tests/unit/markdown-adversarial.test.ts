import { describe, expect, it } from 'vitest';
import { MARKS, markdownCorpus, PAIRS, runs, structures, type CorpusInput } from '../../bench/markdown-corpus';
import { MAX_BLOCK_DEPTH, MAX_INLINE_DEPTH, renderMarkdown } from '../../src/data/markdown-render';
import { finishesWithin } from './hang';

/**
 * The renderer against adversarial input (issue 25, "Rendering is linear and bounded"): every
 * input of bench/markdown-corpus.ts at 10,000 and 160,000 characters renders, without the
 * failure fallback, with quotes and lists nested at most MAX_BLOCK_DEPTH deep and emphasis at most
 * MAX_INLINE_DEPTH deep, its text kept, and an output of sane size. How long they take is
 * `npm run bench`'s business (bench/markdown.ts): here timeouts only catch hangs, such as the
 * 18.8 s a heading line of 3,000 spaces took (in a worker, tests/unit/hang.ts, where the work is
 * synchronous: a test's own timeout cannot interrupt it).
 */

const HANG = 120_000;
const RENDERER = new URL('../../src/data/markdown-render.ts', import.meta.url);

/** The deepest nesting of these elements in rendered HTML. */
function depthOf(html: string, tags: readonly string[]): number {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(/<(\/?)([a-z0-9]+)\b[^>]*>/g)) {
    if (!tags.includes(m[2]!)) continue;
    if (m[1]) depth--;
    else max = Math.max(max, ++depth);
  }
  return max;
}

/** The text of rendered HTML: tags out, a few entities back. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function expectSane({ name, text }: CorpusInput): void {
  const html = renderMarkdown(text);
  expect(typeof html, name).toBe('string');
  expect(html, name).not.toContain('vv-markdown-error');
  expect(depthOf(html, ['blockquote', 'ul', 'ol']), name).toBeLessThanOrEqual(MAX_BLOCK_DEPTH);
  expect(depthOf(html, ['em', 'strong', 'del']), name).toBeLessThanOrEqual(MAX_INLINE_DEPTH);
  expect(html.length, name).toBeLessThanOrEqual(32 * text.length + 1000);
}

describe('adversarial markdown, 10,000 characters an input', () => {
  it(
    `runs of every mark (${MARKS.length} marks, alone and around a letter, a space, a line break) and ${PAIRS.length} pairs`,
    { timeout: HANG },
    () => {
      for (const input of runs(10_000)) expectSane(input);
    },
  );

  it('deep nesting of every kind, and the issue’s own inputs', { timeout: HANG }, () => {
    for (const input of structures(10_000)) {
      expectSane(input);
      // An image's text is its alt text.
      if (input.text.includes('text')) expect(renderMarkdown(input.text), input.name).toContain('text');
    }
  });
});

describe('adversarial markdown, 160,000 characters an input', () => {
  const large = markdownCorpus(160_000);
  const marksAlone = new Set(MARKS.map((m) => `runs of ${JSON.stringify(m)}`));
  const pairs = new Set(PAIRS.map((p) => `runs of ${JSON.stringify(p)}`));

  it('runs of every mark alone', { timeout: HANG }, () => {
    for (const input of large.filter((i) => marksAlone.has(i.name))) expectSane(input);
  });

  it('the pairs that cost most before', { timeout: HANG }, () => {
    for (const input of large.filter((i) => pairs.has(i.name))) expectSane(input);
  });

  it('deep nesting of every kind', { timeout: HANG }, () => {
    for (const input of structures(160_000)) expectSane(input);
  });
});

describe('the attacks of issue 25', () => {
  it('a heading line of 3,000 spaces (18.8 s before) is a heading', { timeout: 30_000 }, async () => {
    const line = `# a${' '.repeat(3000)}#x`;
    expect(await finishesWithin(8_000, RENDERER, 'renderMarkdown', [line])).toBe(`<h1>a${' '.repeat(3000)}#x</h1>\n`);
    expect(renderMarkdown(`# ${' '.repeat(3000)}x`)).toBe('<h1>x</h1>\n');
    expect(renderMarkdown(`#${' '.repeat(3000)}#${' '.repeat(3000)}#`)).toBe('<h1>#</h1>\n');
  });

  it(`5,000 nested '> ' render ${MAX_BLOCK_DEPTH} quotes deep, the rest as text (a stack overflow before)`, { timeout: HANG }, () => {
    const html = renderMarkdown(`${'> '.repeat(5000)}deep`);
    expect(depthOf(html, ['blockquote'])).toBe(16);
    expect(textOf(html)).toContain(`${'> '.repeat(10)}`);
    expect(textOf(html)).toContain('deep');
  });

  it('nested lists, spoilers, links and images stop at their caps, keeping their text', { timeout: HANG }, () => {
    const lists = renderMarkdown(`${'- '.repeat(5000)}deep`);
    expect(depthOf(lists, ['ul'])).toBe(16);
    expect(textOf(lists)).toContain('deep');
    const em = renderMarkdown(`${'*a '.repeat(3000)}deep${' b*'.repeat(3000)}`);
    expect(depthOf(em, ['em'])).toBe(32);
    expect(textOf(em)).toContain('deep');
    for (const [open, close] of [
      ['![', '](b)'],
      ['~!', '!~'],
      ['~~', '~~'],
      ['[', '](b)'],
      ['\n~~~\n', '\n~~~\n'],
    ]) {
      // After a word: a line starting with '~~~' opens a code block, as in any markdown.
      const html = renderMarkdown(`x ${open!.repeat(3000)}deep${close!.repeat(3000)}`);
      expect(html).not.toContain('vv-markdown-error');
      expect(html).toContain('deep');
    }
  });

  it('marked was quadratic on runs of _a: 160,000 characters of them render as text (79 s before)', { timeout: HANG }, async () => {
    const text = '_a'.repeat(80_000);
    expect(await finishesWithin(20_000, RENDERER, 'renderMarkdown', [text])).toBe(`<p>${text}</p>\n`);
  });
});
