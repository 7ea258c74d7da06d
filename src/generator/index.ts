// Public API of the generator: MCTS scenario surfacing from seeds (mutation, proxy rollouts,
// reward, novelty, dedup) and its run folder. See docs/design/generator.md.
export { dedupePool } from "./dedup.js";
export {
  DEFAULT_EXPANSION_LIMIT,
  DEFAULT_ITERATIONS,
  DEFAULT_SEED,
  defaultSettings,
  type GeneratorSettings,
} from "./generator-settings.js";
export type { IterationRow } from "./iteration-row.js";
export { MUTATOR_PROMPT_VERSION } from "./mutator-prompt.js";
export { novelty, type Signature } from "./novelty.js";
export { AGGREGATES, type Aggregate, DEFAULT_KEEP_THRESHOLD } from "./reward.js";
export { RUN_FILE, readRunFile, runGeneration } from "./run-generation.js";
export { backpropagate, createNode, type SearchNode, selectNode } from "./search-tree.js";
export { STRATEGIES } from "./strategies.js";
