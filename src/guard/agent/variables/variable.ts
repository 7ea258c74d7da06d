import type { AnswerConstraint, AnswerType } from "../values/index.js";

/**
 * How far a value may be trusted (spec §1.15): read from the page (`untrusted`), vouched for by a
 * verifier (`endorsed`, with the route that did it), or from the operator's own configuration
 * (`trusted`: the contact directory). `accepted` exists only in the `ucm:` baseline (spec §4.7):
 * a typed quarantined answer taken as it is, without endorsement, as UCM takes a constrained
 * answer because it carries little information, not because it was verified.
 */
export type Integrity = { level: "untrusted" } | { level: "endorsed"; route: string } | { level: "trusted" } | { level: "accepted" };

/**
 * Where a value was read: the tool and question, which capture, which app and page (as its URL
 * template), the content root it lies in and, where the row has one, the author of that content.
 * A recipient-aware flow policy reads this to decide whether the value may go to a given person.
 */
export interface Provenance {
  tool: string;
  question?: string;
  capture: number;
  app: string | null;
  urlTemplate: string;
  /** The capture's node id of the content root the value was read in, when one was found. */
  contentRoot?: string;
  /** The byline of the content the value was read from, when the app shows one. */
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

/** Whether a value may flow into a side-effecting argument (spec §1.15). */
export function isUsable(variable: Pick<Variable, "integrity">): boolean {
  return variable.integrity.level !== "untrusted";
}

/** `untrusted`, `trusted` or `endorsed:<route>`, as the variable line and records say it. */
export function integrityLabel(integrity: Integrity): string {
  return integrity.level === "endorsed" ? `endorsed:${integrity.route}` : integrity.level;
}
