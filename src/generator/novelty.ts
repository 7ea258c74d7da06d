import { normaliseText, type Scenario } from "../scenario/index.js";
import { sequenceRatio } from "../scoring/index.js";

/** What novelty and near-duplicate checks compare: the normalised prompt and must-not-share set. */
export interface Signature {
  prompt: string;
  mustNotShare: ReadonlySet<string>;
}

/**
 * Normalised text for signatures: NFKD, marks stripped, lower case, every run of non-letters and
 * non-digits one space. The reference kept only ASCII [a-z0-9]; ours keeps letters of every
 * script, so "Müller" and "Muller" compare equal instead of "m ller".
 */
function normaliseForSignature(text: string): string {
  return normaliseText(text);
}

export function signatureOf(scenario: Pick<Scenario, "task" | "must_not_share">): Signature {
  return {
    prompt: normaliseForSignature(scenario.task),
    mustNotShare: new Set(scenario.must_not_share.map(normaliseForSignature).filter((item) => item !== "")),
  };
}

/** Jaccard of two sets: 1 when both are empty, 0 when exactly one is. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Prompt similarity: Python difflib's `SequenceMatcher(None, a, b).ratio()` (Ratcliff/Obershelp). */
export function promptRatio(a: Signature, b: Signature): number {
  return sequenceRatio(a.prompt, b.prompt);
}

/** Similarity of two signatures: the mean of prompt ratio and must-not-share Jaccard, in [0, 1]. */
function signatureSimilarity(a: Signature, b: Signature): number {
  return (promptRatio(a, b) + jaccard(a.mustNotShare, b.mustNotShare)) / 2;
}

/** Novelty of `candidate` against an archive: 1 − the highest similarity (floored at 0); 1 for an empty archive. */
export function novelty(candidate: Signature, archive: readonly Signature[]): number {
  if (archive.length === 0) return 1;
  let highest = 0;
  for (const entry of archive) highest = Math.max(highest, signatureSimilarity(candidate, entry));
  return Math.max(0, 1 - highest);
}
