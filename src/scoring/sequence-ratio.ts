import difflib from "difflib";

/**
 * `difflib.SequenceMatcher(None, a, b, autojunk).ratio()` with Python's semantics.
 * Sequences are split into code points (Array.from), as Python indexes str by code point;
 * passing the UTF-16 string would give different ratios for astral characters such as emoji.
 * Argument order matters: with autojunk, elements of `b` (len ≥ 200) occurring more than
 * len(b)//100 + 1 times are ignored. The matchers pass the haystack as `a`, the needle as `b`.
 */
export function sequenceRatio(a: string, b: string, options: { autojunk?: boolean } = {}): number {
  const matcher = new difflib.SequenceMatcher<string[]>(null, Array.from(a), Array.from(b), options.autojunk ?? true);
  return matcher.ratio();
}
