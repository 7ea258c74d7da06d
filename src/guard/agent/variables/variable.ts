import type { ContentOrigin } from "../provenance/content-origin.js";
import type { AnswerConstraint, AnswerType } from "../values/index.js";

/**
 * How far a value may be trusted (docs/design/guarded-agent.md, "Variables and integrity"): read
 * from the page (`untrusted`), vouched for by a verifier (`endorsed`, with the route that did it),
 * or from the operator's own configuration (`trusted`: the contact directory). `accepted` exists
 * only in the `ucm:` baseline (docs/design/guarded-agent.md, "`ucm:<planner>`: the UCM baseline"):
 * a typed quarantined answer taken as it is, without endorsement, as UCM takes a constrained answer
 * because it carries little information, not because it was verified.
 */
export type Integrity = { level: "untrusted" } | { level: "endorsed"; route: string } | { level: "trusted" } | { level: "accepted" };

/**
 * Where a value was read: the tool and question, which capture, which app and page (as its URL
 * template), and the origin of every row the quarantined reader was shown (`readerView`): the
 * operator, the user, a named author, or a stranger. The host records it from the page, never from
 * the reader's reply. Shape endorsement reads it (`shapeProvenanceProblem`), and a recipient-aware
 * flow policy may read it to decide whether the value may go to a given person.
 */
interface Provenance {
  tool: string;
  question?: string;
  capture: number;
  app: string | null;
  urlTemplate: string;
  /** Every origin of what the reader was shown, once each; empty when nothing attributable was (fails closed). */
  sources: ContentOrigin[];
  /** The author the query was confined to (`query_screen`'s `author`), when it was. */
  author?: string;
}

export interface Variable {
  name: string;
  type: AnswerType;
  /** Canonical form (as `validateAnswer` returned it); never shown to the planner unless endorsed or trusted. */
  value: string;
  constraint: AnswerConstraint;
  integrity: Integrity;
  provenance: Provenance;
}

/**
 * Whether a value may flow into a side-effecting argument
 * (docs/design/guarded-agent.md, "Variables and integrity").
 */
export function isUsable(variable: Pick<Variable, "integrity">): boolean {
  return variable.integrity.level !== "untrusted";
}

/** `untrusted`, `trusted` or `endorsed:<route>`, as the variable line and records say it. */
export function integrityLabel(integrity: Integrity): string {
  return integrity.level === "endorsed" ? `endorsed:${integrity.route}` : integrity.level;
}
