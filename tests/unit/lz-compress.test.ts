import { compressToBase64 as lzCompress } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { compressToBase64 } from '../../src/data/lz-compress';
import { decompressFromBase64 } from '../../src/data/lz-decompress';

/**
 * Our lz-string compressor (src/data/lz-compress.ts) writes what lz-string 1.5's own
 * `compressToBase64` writes, character for character: the bio block the original and other
 * userscripts read stays the same text whichever of the two wrote it.
 */

/** A small seeded generator, so a failure names a reproducible case. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

function randomText(random: () => number, length: number, alphabet: string | null): string {
  let text = '';
  for (let i = 0; i < length; i++)
    text += alphabet
      ? alphabet[Math.floor(random() * alphabet.length)]
      : String.fromCharCode(Math.floor(random() * (random() < 0.5 ? 0x100 : 0x10000)));
  return text;
}

describe('compressToBase64', () => {
  it('is lz-string on fixed texts: empty, one character, runs, non-Latin, lone surrogates, __proto__', () => {
    for (const text of [
      '',
      'a',
      'ab',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      JSON.stringify({ customCss: '.x { color: red }', goals: [{ type: 'episodes', target: 100 }] }),
      'é ß 日本語 😀 👩‍👩‍👧 \u200b \u0000 \uffff \ud800 \udc00',
      'abcabcabcabcabcabcabcabcabcabc'.repeat(200),
      '__proto__'.repeat(40),
      '{"__proto__":"__proto__","constructor":"hasOwnProperty","toString":"valueOf"}'.repeat(20),
    ]) {
      expect(compressToBase64(text)).toBe(lzCompress(text));
      expect(decompressFromBase64(compressToBase64(text), Infinity)).toEqual({ ok: true, text });
    }
  });

  it('is lz-string on 300 random texts of up to 5,000 characters (small and large alphabets, 8- and 16-bit)', () => {
    const random = rng(28);
    const alphabets = ['ab', 'abcdefghij {}":,', '_protoc', null];
    for (let n = 0; n < 300; n++) {
      const text = randomText(random, Math.floor(random() * 5000), alphabets[n % alphabets.length]!);
      expect(compressToBase64(text)).toBe(lzCompress(text));
    }
  });

  it('is lz-string on a bio block of real size (a 200 KB style sheet)', () => {
    const css = Array.from({ length: 4000 }, (_, i) => `.rule-${i % 97} > a:hover { color: rgb(${i % 255}, 40, 80); }`).join('\n');
    const text = JSON.stringify({ customCss: css, goals: [] });
    expect(compressToBase64(text)).toBe(lzCompress(text));
  });
});
