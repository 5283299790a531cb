/**
 * lz-string's `decompressFromBase64`, with a ceiling. lz-string (https://github.com/pieroxy/lz-string,
 * MIT) writes an LZW stream: codes of a width that grows with the dictionary (3 bits at first),
 * least significant bit first, packed into base64 digits of 6 bits each (read from the top bit).
 * Code 0 brings in a new 8-bit character, code 1 a 16-bit one, code 2 ends the text; any other
 * code names a dictionary entry, each entry being an earlier one plus one character. So a short
 * text can name ever longer entries: 20,000 characters of base64 in another user's bio block
 * expanded to 50 million characters, and lz-string's own `decompressFromBase64` cannot be stopped
 * from outside. This one follows lz-string's `_decompress` step for step (tests/unit/lz-decompress.test.ts
 * round-trips lz-string's own output) and stops as soon as the text would pass `maxChars`.
 * Pure; it never throws.
 */

export type Decompressed = { ok: true; text: string } | { ok: false; reason: 'invalid' | 'too large' };

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
/** Digit value by character code (lz-string reads an unknown character as 0). */
const DIGITS = new Map([...BASE64].map((c, i) => [c.charCodeAt(0), i]));

/** The bits of a base64 text, read as lz-string reads them: each digit's 6 bits from the top one. */
class BitReader {
  private value: number;
  private position = 32;
  private index = 1;

  constructor(private readonly input: string) {
    this.value = this.digit(0);
  }

  /** Whether lz-string would stop for want of input (it checks before each code). */
  get exhausted(): boolean {
    return this.index > this.input.length;
  }

  /** `width` bits, least significant first. */
  read(width: number): number {
    let bits = 0;
    for (let k = 0; k < width; k++) {
      const bit = this.value & this.position;
      this.position >>= 1;
      if (this.position === 0) {
        this.position = 32;
        this.value = this.digit(this.index++);
      }
      if (bit > 0) bits |= 1 << k;
    }
    return bits;
  }

  private digit(index: number): number {
    return DIGITS.get(this.input.charCodeAt(index)) ?? 0;
  }
}

/** The text `compressToBase64` made, or why not: invalid, or longer than `maxChars`. */
export function decompressFromBase64(input: string, maxChars: number): Decompressed {
  if (input === '') return { ok: false, reason: 'invalid' };
  const bits = new BitReader(input);
  const first = bits.read(2);
  if (first === 2) return { ok: true, text: '' };
  if (first === 3) return { ok: false, reason: 'invalid' };
  const firstChar = String.fromCharCode(bits.read(first === 0 ? 8 : 16));
  return decompressRest(bits, firstChar, maxChars);
}

function decompressRest(bits: BitReader, firstChar: string, maxChars: number): Decompressed {
  // Entries 0 to 2 are the codes above; 3 is the first character.
  const dictionary: string[] = ['', '', '', firstChar];
  let enlargeIn = 4;
  let numBits = 3;
  let w = firstChar;
  const result = [firstChar];
  let length = firstChar.length;
  const grow = () => {
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  };
  for (;;) {
    if (bits.exhausted) return { ok: false, reason: 'invalid' };
    let code = bits.read(numBits);
    if (code === 2) return { ok: true, text: result.join('') };
    if (code < 2) {
      dictionary.push(String.fromCharCode(bits.read(code === 0 ? 8 : 16)));
      code = dictionary.length - 1;
      enlargeIn--;
    }
    grow();
    let entry: string;
    if (code < dictionary.length && code > 2) entry = dictionary[code]!;
    else if (code === dictionary.length) entry = w + w.charAt(0);
    else return { ok: false, reason: 'invalid' };
    length += entry.length;
    if (length > maxChars) return { ok: false, reason: 'too large' };
    result.push(entry);
    dictionary.push(w + entry.charAt(0));
    enlargeIn--;
    w = entry;
    grow();
  }
}
