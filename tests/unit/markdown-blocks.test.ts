import { describe, expect, it } from 'vitest';
import { dialectRenderer, renderMarkdown } from '../../src/data/markdown-render';

/**
 * Our block tokenizers (src/data/markdown-blocks.ts: paragraph, table and block quote read a line
 * at a time) against marked's own, on generated documents small enough for marked's: the same
 * HTML. Which documents are slow for marked's is bench/markdown-corpus.ts's business.
 */

const withMarkedBlocks = dialectRenderer(false);

/** Lines of every kind a paragraph, a table or a quote has to decide about. */
const LINES = [
  'a',
  'b c',
  '|',
  '-',
  'a|b',
  '|-|',
  '-|-',
  ':-',
  '---',
  '# h',
  '#h',
  '> q',
  '>',
  '> > q',
  '> - x',
  '- x',
  '* y',
  '1. x',
  '2. x',
  '```',
  '<div>',
  '</div>',
  '<x>',
  '   ',
  '=',
  '    code',
  '  - nested',
  '[a]: b',
  '~!',
  '!~',
  'lazy line',
  '\t',
  '',
  '',
  '',
];

function* documents(count: number, seed: number): Generator<string> {
  let state = seed;
  const next = (n: number) => (state = (state * 1103515245 + 12345) & 0x7fffffff) % n;
  for (let k = 0; k < count; k++) {
    const lines = Array.from({ length: 1 + next(9) }, () => LINES[next(LINES.length)]!);
    yield lines.join('\n');
  }
}

describe('block tokenizers: ours and marked’s agree', () => {
  it('on 6,000 generated documents of quotes, lists, tables, paragraphs and lazy lines', { timeout: 60_000 }, () => {
    for (const text of documents(6000, 5)) expect(renderMarkdown(text), JSON.stringify(text)).toBe(withMarkedBlocks(text));
  });

  it('on the unit suite’s own shapes', () => {
    for (const text of ['> q\n\n- a\n- b\n\n1. x\n\n---', 'a\nb|c\n-|-\nd', 'x\n|\n-', 'a\n-\nb', '> a\nlazy\n> b', '> - a\nb\n> c'])
      expect(renderMarkdown(text), text).toBe(withMarkedBlocks(text));
  });
});
