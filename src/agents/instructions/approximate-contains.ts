/**
 * Whether `text` holds a stretch within `maxErrors` edits (insertions, deletions, substitutions)
 * of `wanted`: approximate substring matching (Sellers' dynamic programme, one column at a time, so
 * memory is the length of `wanted`). Time is the product of the two lengths; callers keep `wanted`
 * to a payload's length.
 */
export function approximatelyContains(text: string, wanted: string, maxErrors: number): boolean {
  const pattern = [...wanted];
  const n = pattern.length;
  if (n === 0) return false;
  if (maxErrors >= n) return true;
  // column[i]: the fewest edits that turn pattern[0..i) into a stretch of text ending here.
  let column = Array.from({ length: n + 1 }, (_, i) => i);
  let next = new Array<number>(n + 1);
  for (const char of text) {
    next[0] = 0; // a match may start anywhere in the text
    for (let i = 1; i <= n; i++) {
      const substitute = column[i - 1]! + (pattern[i - 1] === char ? 0 : 1);
      next[i] = Math.min(substitute, column[i]! + 1, next[i - 1]! + 1);
    }
    if (next[n]! <= maxErrors) return true;
    [column, next] = [next, column];
  }
  return false;
}
