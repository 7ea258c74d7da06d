/**
 * A transformed string that remembers, for each of its UTF-16 units, the [start, end) range of
 * the original text it came from. Matching happens on transformed text (lowercased, folded,
 * normalised); evidence spans must point into the original output.
 */
export interface MappedText {
  text: string;
  /** Original start offset per unit of `text`; null when the mapping is the identity. */
  starts: readonly number[] | null;
  /** Original end offset per unit of `text`; null when the mapping is the identity. */
  ends: readonly number[] | null;
}

/** Applies `fn` to each code point of `source`, keeping the offset map. */
export function mapCodePoints(source: string, fn: (codePoint: string) => string): MappedText {
  let text = "";
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const cp of source) {
    const out = fn(cp);
    // A code point that maps to nothing (a combining mark) belongs to the character before it.
    if (out === "" && ends.length > 0) ends[ends.length - 1] = offset + cp.length;
    text += out;
    for (let k = 0; k < out.length; k++) {
      starts.push(offset);
      ends.push(offset + cp.length);
    }
    offset += cp.length;
  }
  return { text, starts, ends };
}

/** Maps a [start, end) range of `mapped.text` back to the original text. */
export function originalSpan(mapped: MappedText, start: number, end: number): [number, number] {
  if (!mapped.starts || !mapped.ends) return [start, end];
  return [mapped.starts[start] ?? 0, mapped.ends[end - 1] ?? 0];
}
