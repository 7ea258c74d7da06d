import { canonicalJson } from "../core/index.js";
import type { Scenario } from "../scenario/index.js";
import { jaccard, promptRatio, signatureOf } from "./novelty.js";

/** Near-duplicate thresholds (paper Table 4; the reference code agrees). */
const NEAR_PROMPT_RATIO = 0.92;
const NEAR_JACCARD = 0.5;

/**
 * The exact-duplicate fingerprint: canonical JSON (keys sorted, every non-ASCII character
 * escaped, as Python's `ensure_ascii`) of the scenario without its id and without its
 * provenance. Provenance says where a scenario came from (parent, settings), not what it is; two
 * branches that produced the same scenario are the same scenario.
 */
export function exactFingerprint(scenario: Scenario): string {
  const { id: _id, provenance: _provenance, ...content } = scenario;
  return canonicalJson(content).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export interface DedupDrop {
  id: string;
  kind: "exact" | "near";
  /** The id of the kept scenario it duplicates. */
  duplicate_of: string;
  prompt_ratio?: number;
  jaccard?: number;
}

export interface DedupResult {
  afterExact: Scenario[];
  kept: Scenario[];
  dropped: DedupDrop[];
}

/**
 * Exact then near deduplication, first come first kept (input order is the search order, so
 * the result is deterministic). Near: prompt ratio ≥ 0.92 AND must-not-share Jaccard ≥ 0.50 on
 * normalised items, against every scenario already kept.
 */
export function dedupePool(pool: readonly Scenario[]): DedupResult {
  const dropped: DedupDrop[] = [];
  const seen = new Map<string, string>();
  const afterExact: Scenario[] = [];
  for (const scenario of pool) {
    const fingerprint = exactFingerprint(scenario);
    const first = seen.get(fingerprint);
    if (first !== undefined) {
      dropped.push({ id: scenario.id, kind: "exact", duplicate_of: first });
      continue;
    }
    seen.set(fingerprint, scenario.id);
    afterExact.push(scenario);
  }
  const kept: Scenario[] = [];
  const keptSignatures: Array<{ id: string; signature: ReturnType<typeof signatureOf> }> = [];
  for (const scenario of afterExact) {
    const signature = signatureOf(scenario);
    let duplicate: DedupDrop | undefined;
    for (const entry of keptSignatures) {
      const ratio = promptRatio(signature, entry.signature);
      if (ratio < NEAR_PROMPT_RATIO) continue;
      const overlap = jaccard(signature.mustNotShare, entry.signature.mustNotShare);
      if (overlap < NEAR_JACCARD) continue;
      duplicate = { id: scenario.id, kind: "near", duplicate_of: entry.id, prompt_ratio: ratio, jaccard: overlap };
      break;
    }
    if (duplicate) {
      dropped.push(duplicate);
      continue;
    }
    kept.push(scenario);
    keptSignatures.push({ id: scenario.id, signature });
  }
  return { afterExact, kept, dropped };
}
