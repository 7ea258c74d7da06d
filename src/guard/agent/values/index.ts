// Public surface of the typed values the guarded agent reads, checks and endorses
// (docs/design/guarded-agent.md): the closed list of answer types and their verifiers, the
// constraint a query carries, the deterministic check of an answer, equality after normalisation,
// and the task-term match of the `task` endorsement.
export { type AnswerConstraint, AnswerConstraintSchema, type Ecosystem, enumOptionsProblem } from "./answer-constraint.js";
export {
  ANSWER_TYPES,
  type AnswerType,
  isAnswerType,
  type Shape,
  TYPE_SPECS,
  type TypeSpec,
  VERIFIERS,
  type Verifier,
} from "./answer-types.js";
export { normaliseForEquality, valuesEqual } from "./normalise-value.js";
export { namesAnotherValue, type TaskTermMatch, taskTermMatch } from "./task-terms.js";
export { type AnswerCheck, validateAnswer } from "./validate-answer.js";
export { verifierAllowed } from "./verifiers.js";
