import type { Usage } from "../../../models/index.js";

/** What an endorsement call came to (recorded with the turn). */
export type EndorsementOutcome = "endorsed" | "refused" | "diverged" | "insufficient" | "abstained";

export interface Endorsement {
  outcome: EndorsementOutcome;
  /** The verifier that decided (`task`, `expected`, `crosscheck`, `author`, …). */
  route: string;
  /** What the planner is told: a fixed text that never quotes page content. */
  result: string;
  /** A fixed code for why it was not endorsed, where the route has them (`procedure-reasons.ts`). */
  reason?: string;
  /**
   * The value the variable holds from now on, when the route rebuilt it (a procedure stores the
   * command as the host rebuilt it, never the page's text).
   */
  value?: string;
  usage?: Usage;
}

export function endorsed(route: string, variable: string): Endorsement {
  return { outcome: "endorsed", route, result: `Endorsed ${variable} (${route}); its value is now shown in your variables.` };
}

export function notEndorsed(outcome: Exclude<EndorsementOutcome, "endorsed">, route: string, why: string): Endorsement {
  return { outcome, route, result: `Not endorsed (${outcome}): ${why}.` };
}
