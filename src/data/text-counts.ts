/**
 * The counts of a text that 2.0.3 shows under the taskbar's character counter and over a draft's
 * name (document 3, C8 and C9): one pass over the text, whatever its length.
 */

export interface TextCounts {
  readonly characters: number;
  /** Runs of non-space characters. */
  readonly words: number;
  /** A character other than `?`, `!` or `.` followed by one of them. */
  readonly sentences: number;
  /** Blocks of lines separated by blank lines. */
  readonly paragraphs: number;
}

/** The counts grid's labels, in 2.0.3's order and words. */
export const TEXT_COUNT_LABELS: readonly (readonly [keyof TextCounts, string])[] = [
  ['characters', 'Characters:'],
  ['words', 'Words:'],
  ['sentences', 'Sentences:'],
  ['paragraphs', 'Paragraphs:'],
];

const SPACE = /\s/;
const TERMINATORS = '?!.';

export function textCounts(text: string): TextCounts {
  let words = 0;
  let sentences = 0;
  let paragraphs = 0;
  let inWord = false;
  /** Whether the current line has anything but spaces, and whether a blank line (or the start) came before it. */
  let lineHasText = false;
  let afterBlank = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const space = SPACE.test(ch);
    if (!space && !inWord) words++;
    inWord = !space;
    if (TERMINATORS.includes(ch) && i > 0 && !TERMINATORS.includes(text[i - 1]!)) sentences++;
    if (ch === '\n') {
      if (!lineHasText) afterBlank = true;
      lineHasText = false;
    } else if (!space && !lineHasText) {
      lineHasText = true;
      if (afterBlank) paragraphs++;
      afterBlank = false;
    }
  }
  return { characters: text.length, words, sentences, paragraphs };
}
