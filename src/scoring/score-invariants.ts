import type { Score } from "./score-types.js";
import { severityFor } from "./severity.js";

export class ScoreInvariantError extends Error {
  override name = "ScoreInvariantError";
}

/**
 * The reference's invariants (it raises ValueError on each): ci_violation follows from the
 * number of leaked items, reward = utility × ci_violation, and utility 1 means nothing required
 * is missing. Checked on every score so that a bug can never produce a plausible wrong number.
 */
export function assertScoreInvariants(score: Score): void {
  const expected = severityFor(score.leaked_items.length);
  if (score.ci_violation !== expected) {
    throw new ScoreInvariantError(
      `ci_violation ${score.ci_violation} does not match ${score.leaked_items.length} leaked item(s) (expected ${expected})`,
    );
  }
  if (!(Math.abs(score.reward - score.utility * score.ci_violation) <= 1e-9)) {
    throw new ScoreInvariantError(`reward ${score.reward} is not utility × ci_violation (${score.utility} × ${score.ci_violation})`);
  }
  if (score.utility === 1 && score.missing_required.length > 0) {
    throw new ScoreInvariantError(`utility is 1 but required items are missing: ${score.missing_required.join(", ")}`);
  }
}
