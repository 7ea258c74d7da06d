import { type MappedText, mapCodePoints, originalSpan } from "./mapped-text.js";
import type { MatcherMode } from "./matcher-mode.js";
import { analyseText } from "./text-primitives.js";

/**
 * Where `needle` occurs in `haystack`, as a [start, end) span of `haystack`, or null.
 *
 * agentcibench: the reference's `contains`: a raw case-insensitive substring with no word
 * boundaries (so "HR" occurs in "three"), else a substring of the normalised texts.
 *
 * strict: the needle's token sequence must occur as whole tokens of the haystack, so "HR" is
 * not in "three" and "Clinic" is not in "clinical". A needle with no letter or digit never matches.
 */
export function containmentSpan(haystack: string, needle: string, mode: MatcherMode): [number, number] | null {
  return mode === "agentcibench" ? referenceSpan(haystack, needle) : tokenSpan(haystack, needle);
}

/** Whether `needle` is contained in `haystack` (see containmentSpan). */
export function contains(haystack: string, needle: string, mode: MatcherMode): boolean {
  return containmentSpan(haystack, needle, mode) !== null;
}

function referenceSpan(haystack: string, needle: string): [number, number] | null {
  const h = analyseText(haystack, "agentcibench");
  const n = analyseText(needle, "agentcibench");
  const raw = h.lower.indexOf(n.lower);
  if (raw >= 0) return originalSpan(lowerMap(haystack, h.lower), raw, raw + n.lower.length);
  if (n.norm === "") return null;
  const at = h.norm.indexOf(n.norm);
  if (at < 0) return null;
  // Map norm offsets to lowercase offsets through the [a-z0-9]+ runs that make up the norm.
  const lowerAt = (normIndex: number): number => {
    let normOffset = 0;
    for (const run of h.lower.matchAll(/[a-z0-9]+/g)) {
      if (normIndex < normOffset + run[0].length) return run.index + (normIndex - normOffset);
      normOffset += run[0].length + 1;
    }
    return h.lower.length;
  };
  const start = lowerAt(at);
  const end = lowerAt(at + n.norm.length - 1) + 1;
  return originalSpan(lowerMap(haystack, h.lower), start, end);
}

/** Offsets of `lower` (the haystack lowercased) in the haystack; identity unless lowercasing changed a length. */
function lowerMap(text: string, lower: string): MappedText {
  return lower.length === text.length ? { text: lower, starts: null, ends: null } : mapCodePoints(text, (c) => c.toLowerCase());
}

function tokenSpan(haystack: string, needle: string): [number, number] | null {
  const h = analyseText(haystack, "strict");
  const n = analyseText(needle, "strict");
  if (n.norm === "" || !h.tokens) return null;
  const at = ` ${h.norm} `.indexOf(` ${n.norm} `);
  if (at < 0) return null;
  let first = 0;
  for (let i = 0; i < at; i++) if (h.norm.charCodeAt(i) === 32) first++;
  const last = first + (n.tokens?.length ?? 1) - 1;
  const a = h.tokens[first];
  const b = h.tokens[last];
  return a && b ? [a.start, b.end] : null;
}
