/**
 * A deliberately small word normaliser for feasibility checks and reference agents. Scoring has its
 * own (src/scoring), which must stay bit-compatible with the reference; this one only needs to
 * answer "are these words present?", so it is Unicode-aware and lenient about plurals.
 */
const STOPWORDS = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "by",
  "for",
  "from",
  "in",
  "is",
  "it",
  "of",
  "on",
  "or",
  "that",
  "the",
  "to",
  "was",
  "with",
]);

export function normaliseText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function stem(token: string): string {
  return token.length > 3 && token.endsWith("s") && !token.endsWith("ss") ? token.slice(0, -1) : token;
}

/** Content words: normalised, stopwords and one-character tokens removed, trailing plural `s` dropped. */
export function contentWords(text: string): string[] {
  const words = normaliseText(text).split(" ");
  return words.filter((word) => word.length > 1 && !STOPWORDS.has(word)).map(stem);
}

/** True when every content word of `needle` occurs in `haystackWords`, or the normalised needle is a phrase of the haystack. */
export function wordsPresent(needle: string, haystackWords: ReadonlySet<string>, haystackNormalised?: string): boolean {
  const words = contentWords(needle);
  if (words.length > 0 && words.every((word) => haystackWords.has(word))) return true;
  if (haystackNormalised === undefined) return false;
  const phrase = normaliseText(needle);
  return phrase !== "" && ` ${haystackNormalised} `.includes(` ${phrase} `);
}
