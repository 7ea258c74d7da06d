import { CURRENCY_SIGNS, GRAMMARS, type GrammarId } from "./grammars.js";

const ALLOWED_NON_ASCII = new Set([...CURRENCY_SIGNS]);

/**
 * Prepares a string for the grammars. The two no-break spaces common in prices (U+00A0, U+202F)
 * become spaces — the one normalisation allowed; every other non-ASCII character except the
 * currency signs makes the string unmatchable, so homoglyphs (Cyrillic "а", full-width "１") are
 * refused rather than folded into ASCII look-alikes. Returns null when refused.
 */
export function capacityNormalise(text: string): string | null {
  const spaced = text.replace(/[\u00a0\u202f]/g, " ");
  for (const char of spaced) {
    const code = char.codePointAt(0)!;
    if (code > 0x7e && !ALLOWED_NON_ASCII.has(char)) return null;
    // Control characters (tabs and newlines aside) have no business in a bounded value.
    if (code < 0x20 && char !== "\t" && char !== "\n" && char !== "\r") return null;
  }
  const collapsed = spaced.replace(/[ \t\n\r]+/g, " ").trim();
  return collapsed === "" ? null : collapsed;
}

// All grammars as one anchored alternation: it matches exactly when one of them matches the whole
// string (no grammar uses a back-reference, so joining them shifts no group). Most page text
// matches none, and one regex run settles that instead of 24.
const ANY_GRAMMAR = new RegExp(GRAMMARS.map((grammar) => grammar.pattern.source).join("|"), "i");

/**
 * The first grammar that matches the whole string, or null
 * (docs/design/guard.md, "Capacity grammars").
 */
export function matchCapacityGrammar(text: string): GrammarId | null {
  const normalised = capacityNormalise(text);
  if (normalised === null || !ANY_GRAMMAR.test(normalised)) return null;
  for (const grammar of GRAMMARS) if (grammar.pattern.test(normalised)) return grammar.id;
  return null;
}

/** True when every string is non-empty and fully matches one grammar. */
export function isCapacityBounded(strings: readonly string[]): boolean {
  return strings.length > 0 && strings.every((text) => matchCapacityGrammar(text) !== null);
}
