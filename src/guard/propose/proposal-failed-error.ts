import { countOf } from "../../core/index.js";
import type { ProposalFailure } from "./propose-rules.js";

/**
 * A page had no stored rule set and the live proposal failed
 * (docs/design/rule-proposal.md, "The four calls"): the page stays masked whole and the episode
 * stops, as an error of kind `proposal` (never a refusal, never a pass).
 */
export class ProposalFailedError extends Error {
  readonly kind = "proposal";
  constructor(
    readonly reason: ProposalFailure,
    readonly attempts: number,
  ) {
    super(`no rule set could be proposed for the page (${reason}, ${countOf(attempts, "attempt")}); it stays masked and the episode stops`);
    this.name = "ProposalFailedError";
  }
}
