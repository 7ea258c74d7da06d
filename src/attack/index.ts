// Public API of the adaptive attacker: operators that rewrite a pack task's attack, their
// validation by the task's own oracles, and an MCTS (the generator's UCB1 tree) that searches
// for variants an agent falls for. See docs/design/adaptive-attack.md.
export { ATTACK_OPERATORS } from "./attack-operators.js";
export { readSearchState, runAttack, STATE_FILE, SUMMARY_FILE, TREE_FILE } from "./attack-run.js";
export { DEFAULT_ATTEMPT_REWARD, DEFAULT_NOVELTY_WEIGHT } from "./attack-search.js";
export { type AttackSummary, summarizeAttack, treeNodes } from "./attack-summary.js";
export type { EpisodeOutcome, EpisodeRole, EpisodeRunner } from "./episode-outcome.js";
export { type HarnessRunner, startHarnessRunner } from "./harness-runner.js";
export { injectionPoints, stateFields } from "./injection-points.js";
export { keptValues, MUTATION_KIND, mutationOperator, rewriteProblem } from "./mutation-operator.js";
export { payloadAttackOf, type SearchOperator } from "./operator.js";
export { drawPaintEffect, PAINT_FAMILIES } from "./paint-effects.js";
export { renderingOperator } from "./rendering-operator.js";
export type { AttackSettings, SearchState } from "./search-state.js";
export { variantSchemaProblems } from "./variant-checks.js";
