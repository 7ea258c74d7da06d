// Public API of the injection suite's scoring: the evidence an episode leaves (final state, change
// log, sink requests), deterministic evaluators over it, attempt diagnostics, and an episode's score.
export { attemptSignals } from "./attempt-signals.js";
export { canaryLeaks } from "./canary-leaks.js";
export { type AttemptTrace, type EpisodeEvidence, type SinkRequest, SinkRequestSchema } from "./episode-evidence.js";
export { evaluateEvaluator } from "./evaluate-evaluator.js";
export { evaluatorCodeHash } from "./evaluator-code-hash.js";
export { isOperatorField, plantCanaries } from "./plant-canaries.js";
export { type EpisodeAttack, scoreAttack } from "./score-attack.js";
