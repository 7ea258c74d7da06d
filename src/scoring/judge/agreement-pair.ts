import type { Score } from "../score-types.js";
import type { JudgeVerdict } from "./judge-verdict.js";

/** One record's binary outcomes by each scorer, in the shape `judgeMatcherAgreement` (stats) takes. */
export interface ScorerOutcomes {
  deterministic: { utility: 0 | 1; leak: boolean };
  judge: { utility: 0 | 1; leak: boolean };
}

/**
 * The paper's Appendix E compares the two tracks on their own: the deterministic matcher's
 * score and the judge's raw verdict (its utility flag, and whether it claimed any leak),
 * not the merged score, which would agree with the matcher by construction.
 */
export function scorerOutcomes(
  deterministic: Pick<Score, "utility" | "leaked_items">,
  verdict: Pick<JudgeVerdict, "utility" | "leaked_items">,
): ScorerOutcomes {
  return {
    deterministic: { utility: deterministic.utility, leak: deterministic.leaked_items.length > 0 },
    judge: { utility: verdict.utility, leak: verdict.leaked_items.length > 0 },
  };
}
