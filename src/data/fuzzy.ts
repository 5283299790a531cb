/** Whether position `i` of `text` starts a word (the start, or after a space or punctuation). */
function isBoundary(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text[i - 1]!;
  return prev === ' ' || prev === '-' || prev === '_' || prev === '/' || prev === ':' || prev === '.' || prev === '(';
}

/**
 * How well `query` matches `text` (both lower-case): 0 for no match; a prefix beats a word start,
 * which beats a substring, which beats a scattered subsequence.
 */
export function fuzzyScore(query: string, text: string): number {
  if (!query) return 1;
  const at = text.indexOf(query);
  if (at === 0) return 100 + query.length / text.length;
  if (at > 0) {
    let wordStart = -1;
    for (let i = at; i !== -1; i = text.indexOf(query, i + 1)) {
      if (isBoundary(text, i)) {
        wordStart = i;
        break;
      }
    }
    return (wordStart >= 0 ? 80 : 60) + query.length / text.length;
  }
  // Subsequence: every query character in order; reward word starts and adjacency.
  let score = 0;
  let ti = 0;
  let previous = -2;
  for (const ch of query) {
    if (ch === ' ') continue;
    const found = text.indexOf(ch, ti);
    if (found === -1) return 0;
    score += isBoundary(text, found) ? 3 : found === previous + 1 ? 2 : 0.5;
    previous = found;
    ti = found + 1;
  }
  return Math.min(50, 10 + score);
}
