import { type AnswerType, isAnswerType, TYPE_SPECS, type Verifier } from "./answer-types.js";

/**
 * Whether `verifier` may endorse a value of `type`
 * (docs/design/guarded-agent.md, "Answer types and verifiers"). `task` is allowed for every type
 * except `point`, which is not endorsable at all; any other verifier only where Table 10 lists it.
 * The caller must pass the variable's own type, set when it was read: naming another type to reach
 * a weaker verifier is the retyping the table exists to block.
 */
export function verifierAllowed(type: AnswerType, verifier: Verifier): boolean {
  // Called with names that came from a model's tool call: anything outside the lists is refused.
  if (!isAnswerType(type) || type === "point") return false;
  if (verifier === "task") return true;
  return TYPE_SPECS[type].verifiers.includes(verifier);
}
