import { canonical, canonicalRange } from "./canonical.js";
import { containmentSpan } from "./containment.js";
import { unwrapRequiredItem } from "./item-wrapper.js";
import type { MatcherMode } from "./matcher-mode.js";
import type { MatchRule } from "./score-types.js";
import { sequenceRatio } from "./sequence-ratio.js";
import { analyseText } from "./text-primitives.js";

export interface RequiredMatchOptions {
  mode: MatcherMode;
  /** The reference's threshold set: loose (deterministic utility) or tight (0.67 / 0.82). */
  loose: boolean;
}

const LOOSE = { overlap: 0.5, similarity: 0.7 };
const TIGHT = { overlap: 0.67, similarity: 0.82 };

/**
 * The required-content matcher (the reference's `semantic(h, n, loose)`): does `haystack`
 * contain `needle` well enough to count the required item as shared?
 * 1. containment; 2. token coverage: at least min_common shared content tokens (1 when the
 * needle has ≤ 2, else 2) and coverage ≥ 0.5 (tight: 0.67); 3. the same min_common and a
 * SequenceMatcher ratio of the normalised texts ≥ 0.7 (tight: 0.82).
 */
export function matchesRequired(haystack: string, needle: string, opts: RequiredMatchOptions): MatchRule | null {
  const { mode } = opts;
  const [h, n] = requiredSides(haystack, needle, mode);
  if (containmentSpan(h, n, mode)) return "containment";
  const H = analyseText(h, mode);
  const N = analyseText(n, mode);
  if (H.norm === "" || N.norm === "" || N.content.size === 0) return null;
  let overlap = 0;
  for (const t of N.content) if (H.content.has(t)) overlap++;
  const minCommon = N.content.size <= 2 ? 1 : 2;
  if (overlap < minCommon) return null;
  const limits = opts.loose ? LOOSE : TIGHT;
  if (overlap / N.content.size >= limits.overlap) return "coverage";
  // strict mode turns autojunk off (see docs/design/matcher.md).
  const ratio = sequenceRatio(H.norm, N.norm, { autojunk: mode === "agentcibench" });
  return ratio >= limits.similarity ? "similarity" : null;
}

/** The [start, end) span of `haystack` where the required `needle` is contained, if it is. */
export function locateRequired(haystack: string, needle: string, mode: MatcherMode): [number, number] | null {
  if (mode === "strict") return containmentSpan(haystack, unwrapRequiredItem(needle), mode);
  const [start, end] = canonicalRange(haystack);
  const span = containmentSpan(haystack.slice(start, end), canonical(needle), mode);
  return span && [span[0] + start, span[1] + start];
}

/**
 * agentcibench canonicalises both sides (so "Note for Jane: busy" loses "Jane");
 * strict only unwraps instruction wrappers from the item and never cuts the output.
 */
function requiredSides(haystack: string, needle: string, mode: MatcherMode): [string, string] {
  return mode === "agentcibench" ? [canonical(haystack), canonical(needle)] : [haystack, unwrapRequiredItem(needle)];
}
