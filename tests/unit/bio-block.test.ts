import { compressToBase64 } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { decodeBio, encodeBio, updateBio, visibleBio } from '../../src/data/bio-block';

/** A small seeded generator, so a failure names a reproducible case. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}
const PIECES = [
  '',
  ' ',
  '\n',
  '\n\n',
  '\r\n',
  'Hello',
  '__bold__',
  '~!spoiler!~',
  '~~~center~~~',
  'img220(https://x.y/z.png)',
  '[link](https://anilist.co)',
  '[](json',
  ')',
  '[](jsonQUJD)',
  '[](json!!)',
  '[]',
  '(json',
  'é',
  'ß',
  '日本語',
  '😀',
  '👩‍👩‍👧',
  '\u200b',
  '\t',
  '# Title',
  '> quote',
  '`code`',
  '<b>x</b>',
  '\\',
  '"',
  "'",
  '{}',
  '[](json' + 'A'.repeat(10) + ')',
];
function randomText(rand: () => number): string {
  const n = Math.floor(rand() * 12);
  let s = '';
  for (let i = 0; i < n; i++)
    s += rand() < 0.8 ? PIECES[Math.floor(rand() * PIECES.length)]! : String.fromCodePoint(Math.floor(rand() * 0x2ffff));
  return s;
}
function randomData(rand: () => number): Record<string, unknown> {
  const data: Record<string, unknown> = { customCss: randomText(rand) };
  if (rand() < 0.7)
    data.goals = Array.from({ length: Math.floor(rand() * 4) }, (_, i) => ({
      id: i,
      type: 'completedAnime',
      name: randomText(rand),
      target: i + 1,
    }));
  if (rand() < 0.5) data.automail = { css: randomText(rand), n: rand() };
  return data;
}

describe('the bio data block', () => {
  it('without a block: empty CSS, no goals', () => {
    expect(decodeBio('Just my bio')).toEqual({ data: { customCss: '' }, hasBlock: false, readable: false });
    expect(decodeBio(null).data).toEqual({ customCss: '' });
  });

  it('reads plain base64 (older writers) and lz-string (the original)', () => {
    const json = JSON.stringify({ customCss: 'a{}', goals: [1] });
    expect(decodeBio(`[](json${btoa(json)})\n\nhi`).data).toEqual({ customCss: 'a{}', goals: [1] });
    expect(decodeBio(`[](json${compressToBase64(json)})\n\nhi`).data).toEqual({ customCss: 'a{}', goals: [1] });
  });

  it('writes a new block before the text, or replaces only the payload', () => {
    const first = encodeBio('Hello', { customCss: '' });
    expect(first).toMatch(/^\[\]\(json[A-Za-z0-9+/=]+\)\n\nHello$/);
    const second = encodeBio(first, { customCss: 'x' });
    expect(second.endsWith('\n\nHello')).toBe(true);
    expect(decodeBio(second).data).toEqual({ customCss: 'x' });
  });

  it('keeps keys it does not know', () => {
    const about = encodeBio('me', { customCss: '', automail: { css: 'b{}' } });
    const next = updateBio(about, (d) => ({ ...d, goals: [] }));
    expect(decodeBio(next).data).toEqual({ customCss: '', automail: { css: 'b{}' }, goals: [] });
  });

  it('refuses to write over a block it cannot read, and never passes prototype keys', () => {
    expect(() => updateBio('[](jsonQUJD)\n\nme', (d) => d)).toThrow(/could not be read/);
    const evil = `[](json${btoa('{"__proto__":{"polluted":1},"customCss":""}')})`;
    const data = decodeBio(evil).data;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('round-trips 1,000 random about texts losslessly; a refused save changes nothing', () => {
    const rand = rng(20261122);
    let refused = 0;
    for (let i = 0; i < 1000; i++) {
      const text = randomText(rand);
      const data = randomData(rand);
      const decoded = decodeBio(text);
      let written: string;
      try {
        written = updateBio(text, () => data);
      } catch {
        // A marker-looking start we cannot read: the save is refused and the text is untouched.
        refused++;
        expect(decoded.hasBlock && !decoded.readable, JSON.stringify(text)).toBe(true);
        continue;
      }
      expect(decodeBio(written).data, `case ${i}`).toEqual(data);
      // Every character of the user's own text survives, exactly.
      const ownText = decoded.hasBlock ? text.slice(/^\[\]\(json[A-Za-z0-9+/=]+\)/.exec(text)![0].length) : text;
      expect(written.slice(written.indexOf(')') + 1), `case ${i}`).toBe(decoded.hasBlock ? ownText : `\n\n${text}`);
      if (!decoded.hasBlock) expect(visibleBio(written)).toBe(text);
      // Writing again replaces only the block.
      const again = updateBio(written, (d) => ({ ...d, customCss: 'again' }));
      expect(again.slice(again.indexOf(')') + 1)).toBe(written.slice(written.indexOf(')') + 1));
    }
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(300);
  });
});
