import { findInPool, type PoolCandidate } from "./candidate-pool.js";
import { unwrapRequiredItem } from "./item-wrapper.js";
import type { MatcherMode } from "./matcher-mode.js";
import { locateRequired, matchesRequired } from "./required-matcher.js";
import type { MatchEvidence } from "./score-types.js";
import { textSegments } from "./text-segments.js";

/**
 * Where the output supports the required `item`, as evidence, or null.
 *
 * agentcibench: the reference's pool: each entry, then all entries joined, with the loose
 * required matcher on each.
 *
 * strict: the item must be supported inside **one entry, and inside one stretch of it as long as
 * the item** (one sentence or line for a one-sentence item). A contiguous occurrence of the item
 * in an entry is support by itself; token coverage and similarity are measured on the entry's
 * sentences and lines (windows of as many of them as the item has), never on all entries joined.
 * Why: coverage over the joined output credits an item from words that happen to be scattered
 * over unrelated entries. On the built-in `calendar-avail-001` an answer that lists six calendar
 * entries was credited with the proposal "Wed 11 March at 09:30" because "11" came from one entry
 * (2026-03-11) and "09:30" from another (a 09:00–09:30 standup): no time was proposed.
 */
export function findRequired(pool: readonly PoolCandidate[], item: string, mode: MatcherMode): MatchEvidence | null {
  if (mode === "agentcibench")
    return findInPool(
      pool,
      item,
      (h, n) => matchesRequired(h, n, { mode, loose: true }),
      (h, n) => locateRequired(h, n, mode),
    );
  for (const { candidate, text } of pool) {
    if (candidate === "joined") continue;
    const span = locateRequired(text, item, mode);
    if (span) return { item, candidate, rule: "containment", text, span };
    for (const stretch of stretchesOf(text, item)) {
      const rule = matchesRequired(stretch, item, { mode, loose: true });
      if (rule) return { item, candidate, rule, text: stretch };
    }
  }
  return null;
}

/**
 * strict: the stretches of one shared entry that may support the required `item`: runs of as
 * many consecutive sentences or lines as the item has (at most the entry's own count), in order.
 * Each stretch is a substring of `entry`.
 */
export function stretchesOf(entry: string, item: string): string[] {
  const width = Math.max(1, textSegments(unwrapRequiredItem(item)).length);
  const segments = textSegments(entry);
  const size = Math.min(width, segments.length);
  const stretches: string[] = [];
  for (let first = 0; first + size <= segments.length; first++)
    stretches.push(entry.slice((segments[first] as [number, number])[0], (segments[first + size - 1] as [number, number])[1]));
  return stretches;
}
