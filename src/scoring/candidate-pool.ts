import { pythonStrip } from "../scenario/index.js";
import type { MatchEvidence, MatchRule } from "./score-types.js";

/** One text the matchers test: a shared_content item, or all of them joined. */
export interface PoolCandidate {
  candidate: number | "joined";
  text: string;
}

/**
 * The reference's candidate pool: every non-blank shared item (stripped, keeping its index in
 * shared_content), then all of them joined with "\n". The joined entry lets an item that the
 * agent split across two entries still be found. An output with no non-blank item has no pool.
 */
export function candidatePool(shared: readonly string[]): PoolCandidate[] {
  const items: PoolCandidate[] = [];
  shared.forEach((raw, index) => {
    const text = pythonStrip(raw);
    if (text !== "") items.push({ candidate: index, text });
  });
  if (items.length === 0) return [];
  return [...items, { candidate: "joined", text: items.map((c) => c.text).join("\n") }];
}

/**
 * The first candidate (in pool order, as the reference's `any(...)`) on which `check` fires,
 * as evidence. `pool` is either a built pool or the raw shared_content list. `locate` gives the
 * span for containment matches.
 */
export function findInPool(
  pool: readonly PoolCandidate[] | readonly string[],
  needle: string,
  check: (haystack: string, needle: string) => MatchRule | null,
  locate?: (haystack: string, needle: string) => [number, number] | null,
): MatchEvidence | null {
  const candidates = isBuiltPool(pool) ? pool : candidatePool(pool);
  for (const { candidate, text } of candidates) {
    const rule = check(text, needle);
    if (!rule) continue;
    const evidence: MatchEvidence = { item: needle, candidate, rule, text };
    const span = rule === "containment" ? locate?.(text, needle) : null;
    if (span) evidence.span = span;
    return evidence;
  }
  return null;
}

function isBuiltPool(pool: readonly PoolCandidate[] | readonly string[]): pool is readonly PoolCandidate[] {
  return pool.length > 0 && typeof pool[0] !== "string";
}
