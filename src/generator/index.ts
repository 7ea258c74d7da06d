// Public API of the generator: MCTS scenario surfacing (search math, mutator, proxies, reward,
// novelty, dedup, the run with its log, summary and pool). See docs/design/generator.md.

export { childId, derivedSeed } from "./child-id.js";
export { type DedupDrop, type DedupResult, dedupePool, exactFingerprint, NEAR_JACCARD, NEAR_PROMPT_RATIO } from "./dedup.js";
export { type GenerationSummary, summarizeGeneration } from "./generation-summary.js";
export {
  DEFAULT_EXPANSION_LIMIT,
  DEFAULT_ITERATIONS,
  DEFAULT_SEED,
  defaultSettings,
  type GeneratorSettings,
} from "./generator-settings.js";
export type { IterationRow, TimingRow } from "./iteration-row.js";
export { assembleChild, type MutateInput, type MutateResult, mutate } from "./mutate.js";
export {
  MUTATION_SCHEMA_NAME,
  MUTATOR_PROMPT_VERSION,
  MUTATOR_SYSTEM_PROMPT,
  type MutationReply,
  MutationReplySchema,
  mutableView,
  mutatorUserMessage,
  repairUserMessage,
} from "./mutator-prompt.js";
export { jaccard, normaliseForSignature, novelty, promptRatio, type Signature, signatureOf, signatureSimilarity } from "./novelty.js";
export { poolYaml } from "./pool-file.js";
export {
  AGGREGATES,
  type Aggregate,
  aggregateRewards,
  DEFAULT_KEEP_THRESHOLD,
  DEFAULT_NOVELTY_WEIGHT,
  type SearchReward,
  type SearchRewardInput,
  searchReward,
  THRESHOLD_PENALTY,
} from "./reward.js";
export {
  CHECKPOINT_DIR,
  type GenerationOptions,
  type GenerationResult,
  GeneratorError,
  LOG_FILE,
  POOL_FILE,
  RUN_FILE,
  readRunFile,
  runGeneration,
  SUMMARY_FILE,
  TIMINGS_FILE,
} from "./run-generation.js";
export {
  allNodes,
  backpropagate,
  bestChild,
  canExpand,
  createNode,
  DEFAULT_EXPLORATION,
  pathOf,
  type SearchNode,
  selectNode,
  ucb1,
} from "./search-tree.js";
export { type SeedCheckpoint, SeedSearch, type SeedSearchDeps, untriedOrder } from "./seed-search.js";
export { createSimulator, type Rollout, type Simulator, simulate } from "./simulate.js";
export { failureModeOf, STRATEGIES, STRATEGY_INSTRUCTIONS, type Strategy } from "./strategies.js";
export { type CallTally, type CallTiming, emptyTally, ROLES, type Role, sumTallies, UsageMeter } from "./usage-tally.js";
export { MAX_TASK_WORDS, type MutationCheck, taskPromptProblems, validateMutation } from "./validate-mutation.js";
