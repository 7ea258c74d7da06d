import { matchCapacityGrammar } from "../capacity/capacity-match.js";
import type { Verdict } from "./verdict.js";

/**
 * Shared text shorter than this (in code points) is not treated as an echo
 * (docs/design/guard.md, "Safety checks").
 */
const ECHO_MIN_LENGTH = 4;

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

/**
 * A 4-gram of `text` at `p` as one number (four UTF-16 units folded into a 31-bit hash). Two
 * grams may share a key: a key only selects candidate texts, which `contains` then searches in
 * full, and a key no text has still proves no text has the gram. Numbers instead of 4-character
 * strings: the index was a sliced string per character of every untrusted row.
 */
function gramKey(text: string, p: number): number {
  let key = text.charCodeAt(p);
  key = Math.imul(key, 0x9e3779b1) ^ text.charCodeAt(p + 1);
  key = Math.imul(key, 0x9e3779b1) ^ text.charCodeAt(p + 2);
  key = Math.imul(key, 0x9e3779b1) ^ text.charCodeAt(p + 3);
  return key >>> 1;
}

/** Finds substrings in a fixed corpus through a 4-gram index (thousands of rows per page). */
class SubstringIndex {
  private readonly grams = new Map<number, number[]>();
  constructor(private readonly texts: readonly string[]) {
    texts.forEach((text, i) => {
      for (let p = 0; p + 4 <= text.length; p++) {
        const key = gramKey(text, p);
        const list = this.grams.get(key);
        if (list === undefined) this.grams.set(key, [i]);
        // Texts are indexed in order, so a text already listed under this key is the last one.
        else if (list[list.length - 1] !== i) list.push(i);
      }
    });
  }
  contains(query: string): boolean {
    if (query.length < 4) return this.texts.some((text) => text.includes(query));
    const candidates = this.grams.get(gramKey(query, 0));
    if (candidates === undefined) return false;
    if (!this.grams.has(gramKey(query, query.length - 4))) return false;
    return candidates.some((i) => this.texts[i]!.includes(query));
  }
}

/**
 * Safety check 2 (docs/design/guard.md, "Safety checks"): a trusted row that contains text of at
 * least four characters also appearing in an untrusted row becomes untrusted — an attacker's issue
 * title repeated in a breadcrumb or tab strip is still the attacker's text. One pass against the
 * untrusted rows as they stand (a cascade would add nothing: text an attacker planted in a trusted
 * row came from some untrusted row on the page, which this pass already compares against). Can only
 * mask.
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
