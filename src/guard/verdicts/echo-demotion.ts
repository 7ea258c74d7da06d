import { matchCapacityGrammar } from "../capacity/capacity-match.js";
import type { Verdict } from "./verdict.js";

/** Shared text shorter than this (in code points) is not treated as an echo (spec §1.8). */
export const ECHO_MIN_LENGTH = 4;

/** NFC, lower case, one space between words: the form echo comparison works on. */
export function echoNormalise(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/\s+/gu, " ").trim();
}

function long(text: string): boolean {
  return [...text].length >= ECHO_MIN_LENGTH;
}

/**
 * The pieces of a trusted row that an attacker could have had echoed: every token (letters,
 * marks, digits) and every span between punctuation, of at least four code points, except pieces
 * that are wholly one capacity-grammar match (a year in a footer is not an echo of a date in a
 * comment).
 */
export function echoPieces(text: string): string[] {
  const normalised = echoNormalise(text);
  const pieces = new Set<string>();
  for (const token of normalised.split(/[^\p{L}\p{M}\p{N}]+/u)) if (long(token)) pieces.add(token);
  for (const raw of normalised.split(/[^\p{L}\p{M}\p{N}\s]+/u)) {
    const span = raw.replace(/\s+/g, " ").trim();
    if (long(span)) pieces.add(span);
  }
  return [...pieces].filter((piece) => matchCapacityGrammar(piece) === null);
}

/** Finds substrings in a fixed corpus through a 4-gram index (thousands of rows per page). */
class SubstringIndex {
  private readonly grams = new Map<string, number[]>();
  constructor(private readonly texts: readonly string[]) {
    texts.forEach((text, i) => {
      const seen = new Set<string>();
      for (let p = 0; p + 4 <= text.length; p++) {
        const gram = text.slice(p, p + 4);
        if (seen.has(gram)) continue;
        seen.add(gram);
        const list = this.grams.get(gram);
        if (list === undefined) this.grams.set(gram, [i]);
        else list.push(i);
      }
    });
  }
  contains(query: string): boolean {
    if (query.length < 4) return this.texts.some((text) => text.includes(query));
    const candidates = this.grams.get(query.slice(0, 4));
    if (candidates === undefined) return false;
    const tail = this.grams.get(query.slice(-4));
    if (tail === undefined) return false;
    return candidates.some((i) => this.texts[i]!.includes(query));
  }
}

/**
 * Safety check 2 (spec §1.8): a trusted row that contains text of at least four characters also
 * appearing in an untrusted row becomes untrusted — an attacker's issue title repeated in a
 * breadcrumb or tab strip is still the attacker's text. One pass against the untrusted rows as
 * they stand (a cascade would add nothing: text an attacker planted in a trusted row came from
 * some untrusted row on the page, which this pass already compares against). Can only mask.
 */
export function applyEchoDemotion(texts: readonly string[], verdicts: readonly Verdict[]): Verdict[] {
  const untrusted: string[] = [];
  verdicts.forEach((verdict, i) => {
    if (verdict.verdict === "untrusted") {
      const text = echoNormalise(texts[i] ?? "");
      if (text !== "") untrusted.push(text);
    }
  });
  if (untrusted.length === 0) return [...verdicts];
  const index = new SubstringIndex(untrusted);
  return verdicts.map((verdict, i) => {
    if (verdict.verdict !== "trusted") return verdict;
    const echoed = echoPieces(texts[i] ?? "").some((piece) => index.contains(piece));
    return echoed ? { verdict: "untrusted", source: "echo", container: null } : verdict;
  });
}
