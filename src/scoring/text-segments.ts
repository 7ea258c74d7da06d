/**
 * Where a sentence or line ends: a line break, or sentence-final punctuation (with any closing
 * quotes or brackets) followed by white space. Abbreviations ("Dr. Evans", "8 a.m. Wed") split
 * too; that only matters for items whose words straddle the split, and an item is measured with
 * the same splitter (see `findRequired`), so "Dr. Evans" is two segments on both sides.
 */
const BOUNDARY = /\r?\n|[.!?…]+["'”’)\]]*[ \t]+/gu;

/**
 * The [start, end) spans of `text`'s sentences and lines, trimmed of surrounding white space,
 * blank ones left out. Spans index `text` itself, so `text.slice(start, end)` is the segment.
 */
export function textSegments(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const push = (start: number, end: number) => {
    let from = start;
    let to = end;
    while (from < to && /\s/u.test(text[from] as string)) from++;
    while (to > from && /\s/u.test(text[to - 1] as string)) to--;
    if (to > from) spans.push([from, to]);
  };
  let start = 0;
  for (const boundary of text.matchAll(BOUNDARY)) {
    // The punctuation stays with its sentence; the line break and the spaces after it do not.
    const end =
      boundary[0].startsWith("\n") || boundary[0].startsWith("\r") ? boundary.index : boundary.index + boundary[0].trimEnd().length;
    push(start, end);
    start = boundary.index + boundary[0].length;
  }
  push(start, text.length);
  return spans;
}
