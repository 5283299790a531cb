/**
 * lz-string's `compressToBase64`, written again so the script does not carry the whole library
 * for this one function. lz-string (https://github.com/pieroxy/lz-string, MIT) writes an LZW
 * stream: codes of a width that grows with the dictionary (2 bits at first), least significant bit
 * first, packed into base64 digits of 6 bits each (from the top bit). A character not seen before
 * is written as code 0 (8-bit character) or 1 (16-bit) followed by the character, code 2 ends the
 * text, any other code names a dictionary entry. This follows lz-string 1.5's `_compress` step for
 * step, so its output is the same text, character for character (tests/unit/lz-compress.test.ts
 * compares the two on random texts), down to one quirk: lz-string keeps its dictionary in a plain
 * object, where the phrase `__proto__` can never be stored, though its code is still counted.
 * lz-decompress.ts reads it back. Pure.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function compressToBase64(text: string): string {
  let out = '';
  let digit = 0;
  let filled = 0;
  /** `width` bits of `bits`, least significant first. */
  const write = (bits: number, width: number) => {
    for (let k = 0; k < width; k++) {
      digit = (digit << 1) | ((bits >> k) & 1);
      if (filled === 5) {
        out += BASE64[digit];
        digit = 0;
        filled = 0;
      } else filled++;
    }
  };

  const dictionary = new Map<string, number>();
  /** Characters in the dictionary whose own code has not been written yet. */
  const unwritten = new Set<string>();
  let size = 3;
  let width = 2;
  let enlargeIn = 2;
  const counted = () => {
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** width;
      width++;
    }
  };
  const emit = (phrase: string) => {
    if (unwritten.has(phrase)) {
      const code = phrase.charCodeAt(0);
      if (code < 256) {
        write(0, width);
        write(code, 8);
      } else {
        write(1, width);
        write(code, 16);
      }
      counted();
      unwritten.delete(phrase);
    } else write(dictionary.get(phrase)!, width);
    counted();
  };

  let phrase = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (!dictionary.has(c)) {
      dictionary.set(c, size++);
      unwritten.add(c);
    }
    const longer = phrase + c;
    if (dictionary.has(longer)) phrase = longer;
    else {
      emit(phrase);
      if (longer !== '__proto__') dictionary.set(longer, size);
      size++;
      phrase = c;
    }
  }
  if (phrase !== '') emit(phrase);
  write(2, width);
  // The last digit, filled with zero bits (a whole digit of them when the last one was complete).
  for (;;) {
    digit <<= 1;
    if (filled === 5) {
      out += BASE64[digit];
      break;
    }
    filled++;
  }
  return out + '='.repeat((4 - (out.length % 4)) % 4);
}
