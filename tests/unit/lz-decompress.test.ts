import { compressToBase64, decompressFromBase64 as lzDecompress } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { BIO_BLOCK_MAX_CHARS, decodeBio, updateBio } from '../../src/data/bio-block';
import { decompressFromBase64 } from '../../src/data/lz-decompress';

/**
 * Our capped lz-string decompressor (src/data/lz-decompress.ts): lz-string's own
 * `compressToBase64` output round-trips, and a crafted stream that expands to tens of millions of
 * characters stops at the ceiling instead (issue 25).
 */

/** A small seeded generator, so a failure names a reproducible case. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const samples = (): string[] => {
  const random = rng(7);
  const texts = [
    'a',
    'ab',
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    JSON.stringify({ customCss: '.x { color: red }', goals: [{ type: 'episodes', target: 100 }] }),
    'é ß 日本語 😀 👩‍👩‍👧 \u200b \u0000 \uffff',
    'abcabcabcabcabcabcabcabcabcabc'.repeat(200),
  ];
  for (let n = 0; n < 60; n++) {
    const length = Math.floor(random() * 2000);
    const alphabet = n % 3 === 0 ? 'ab' : n % 3 === 1 ? 'abcdefghij {}":,' : '';
    let text = '';
    for (let i = 0; i < length; i++)
      text += alphabet ? alphabet[Math.floor(random() * alphabet.length)] : String.fromCharCode(Math.floor(random() * 0xffff));
    texts.push(text);
  }
  return texts;
};

/** What follows the first character: a new character, a code naming the entry about to be made, or any code. */
type Op = { char: string } | 'next' | { code: number };

/**
 * lz-string's stream for these codes, written as its `_compress` writes them: the first
 * character, the codes (widths growing as the decompressor's do), the end code.
 */
function encode(first: string, ops: Op[]): string {
  let value = 0;
  let position = 0;
  let out = '';
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
  const write = (bits: number, width: number) => {
    for (let k = 0; k < width; k++) {
      value = (value << 1) | ((bits >> k) & 1);
      if (position === 5) {
        out += digits[value];
        value = 0;
        position = 0;
      } else position++;
    }
  };
  let enlargeIn = 4;
  let numBits = 3;
  let dictSize = 4;
  const added = () => {
    dictSize++;
    enlargeIn--;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  };
  write(0, 2);
  write(first.charCodeAt(0), 8);
  for (const op of ops) {
    if (op === 'next') write(dictSize, numBits);
    else if ('code' in op) write(op.code, numBits);
    else {
      write(0, numBits);
      write(op.char.charCodeAt(0), 8);
      added();
    }
    added();
  }
  write(2, numBits);
  while (position !== 0) write(0, 1);
  return out + '='.repeat((4 - (out.length % 4)) % 4);
}

const chars = (text: string): Op[] => [...text].map((char) => ({ char }));
/** 'a', then n codes each naming the entry about to be made: 'aa', 'aaa'... (about n²/2 characters). */
const bomb = (n: number) => encode('a', Array<Op>(n).fill('next'));
/** The same inside valid JSON: {"x":"aaa…"}, which lz-string's decompressor hands over whole. */
const jsonBomb = (n: number) => encode('{', [...chars('"x":"a'), ...Array<Op>(n).fill('next'), ...chars('"}')]);

describe('decompressFromBase64 (capped)', () => {
  it("round-trips lz-string's own output, as lz-string does", () => {
    for (const text of samples()) {
      const packed = compressToBase64(text);
      expect(decompressFromBase64(packed, Infinity)).toEqual({ ok: true, text });
      expect(lzDecompress(packed)).toBe(text);
    }
  });

  it('the crafted stream is the format lz-string reads', () => {
    const small = bomb(100);
    const expanded = lzDecompress(small);
    expect(expanded).toBe('a'.repeat(1 + (101 * 102) / 2 - 1));
    expect(decompressFromBase64(small, Infinity)).toEqual({ ok: true, text: expanded });
  });

  it('stops past its ceiling: 23,000 characters that would expand to 50 million', () => {
    const big = bomb(10_000);
    expect(big.length).toBeLessThan(25_000);
    expect(decompressFromBase64(big, 1_000_000)).toEqual({ ok: false, reason: 'too large' });
    // Up to the ceiling, the text is all there.
    const fits = bomb(1000);
    const text = lzDecompress(fits);
    expect(decompressFromBase64(fits, text.length)).toEqual({ ok: true, text });
    expect(decompressFromBase64(fits, text.length - 1)).toEqual({ ok: false, reason: 'too large' });
  });

  it('never throws: empty, cut short, not base64, codes past the dictionary', () => {
    const packed = compressToBase64('hello hello hello hello');
    for (const odd of [
      '',
      '=',
      '====',
      'A',
      '/',
      packed.slice(0, 5),
      packed.slice(0, -3),
      '!!!!',
      'é',
      '\u0000'.repeat(9),
      'AAAA'.repeat(50),
    ]) {
      const result = decompressFromBase64(odd, 1000);
      if (result.ok) expect(typeof result.text).toBe('string');
      else expect(['invalid', 'too large']).toContain(result.reason);
    }
    expect(decompressFromBase64('', 10)).toEqual({ ok: false, reason: 'invalid' });
    // Code 3 where only the first character may come, and a code far past the dictionary.
    expect(decompressFromBase64('w', 10).ok).toBe(false);
    expect(decompressFromBase64(encode('a', ['next', { code: 7 }]), 100)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('the bio block', () => {
  it(`a block that would expand past ${BIO_BLOCK_MAX_CHARS.toLocaleString('en')} characters is unreadable, and nothing is written over it`, () => {
    const payload = jsonBomb(10_000);
    expect(payload.length).toBeLessThan(25_000);
    expect(JSON.parse(lzDecompress(jsonBomb(50)))).toEqual({ x: 'a'.repeat(1 + (51 * 52) / 2 - 1) });
    const about = `[](json${payload})\n\nMy bio`;
    expect(decodeBio(about)).toMatchObject({ hasBlock: true, readable: false });
    expect(() => updateBio(about, (data) => ({ ...data, goals: [] }))).toThrow('could not be read');
  });

  it('an ordinary block still reads, plain base64 or lz-string', () => {
    const data = { customCss: 'a { color: red }', goals: [] };
    expect(decodeBio(`[](json${compressToBase64(JSON.stringify(data))})`).data).toEqual(data);
    expect(decodeBio(`[](json${btoa(JSON.stringify(data))})`).data).toEqual(data);
  });
});
