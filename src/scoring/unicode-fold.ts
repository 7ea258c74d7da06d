import { type MappedText, mapCodePoints } from "./mapped-text.js";

const foldCache = new Map<string, string>();

/**
 * Strict-mode case and accent folding of one code point: compatibility decomposition (NFKD:
 * "ﬁ" → "fi", full-width "８" → "8"), combining marks removed (so "é" → "e" and "café" stays one
 * word), lowercased, then the two case-folding cases lowercasing misses (ß → ss, final ς → σ).
 * It is applied per code point so offsets back into the original text stay exact.
 */
function foldCodePoint(cp: string): string {
  if (cp.charCodeAt(0) < 0x80) return cp.toLowerCase();
  let out = foldCache.get(cp);
  if (out === undefined) {
    out = cp.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ");
    foldCache.set(cp, out);
  }
  return out;
}

/** Folds `text` for strict matching, keeping offsets into the original. */
export function foldText(text: string): MappedText {
  // Fast path: pure ASCII folds to its lowercase with an identity offset map.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range includes its control characters on purpose.
  if (/^[\x00-\x7f]*$/.test(text)) return { text: text.toLowerCase(), starts: null, ends: null };
  return mapCodePoints(text, foldCodePoint);
}
