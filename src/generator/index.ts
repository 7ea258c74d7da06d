// Public API of the generator: MCTS scenario surfacing (search math, mutator, proxies, reward,
// novelty, dedup, the run with its log, summary and pool). See docs/design/generator.md.
export { STRATEGIES, STRATEGY_INSTRUCTIONS, failureModeOf, type Strategy } from "./strategies.js";
export {
  DEFAULT_EXPLORATION,
  allNodes,
  backpropagate,
  bestChild,
  canExpand,
  createNode,
  pathOf,
  selectNode,
  ucb1,
  type SearchNode,
} from "./search-tree.js";
export {
  AGGREGATES,
  DEFAULT_KEEP_THRESHOLD,
  DEFAULT_NOVELTY_WEIGHT,
  THRESHOLD_PENALTY,
  aggregateRewards,
  searchReward,
  type Aggregate,
  type SearchReward,
  type SearchRewardInput,
} from "./reward.js";
export { jaccard, normaliseForSignature, novelty, promptRatio, signatureOf, signatureSimilarity, type Signature } from "./novelty.js";
export { NEAR_JACCARD, NEAR_PROMPT_RATIO, dedupePool, exactFingerprint, type DedupDrop, type DedupResult } from "./dedup.js";
export { childId, derivedSeed } from "./child-id.js";
export { MAX_TASK_WORDS, taskPromptProblems, validateMutation, type MutationCheck } from "./validate-mutation.js";
export {
  MUTATION_SCHEMA_NAME,
  MUTATOR_PROMPT_VERSION,
  MUTATOR_SYSTEM_PROMPT,
  MutationReplySchema,
  mutableView,
  mutatorUserMessage,
  repairUserMessage,
  type MutationReply,
} from "./mutator-prompt.js";
export { assembleChild, mutate, type MutateInput, type MutateResult } from "./mutate.js";
export { createSimulator, simulate, type Rollout, type Simulator } from "./simulate.js";
export { ROLES, UsageMeter, emptyTally, sumTallies, type CallTally, type CallTiming, type Role } from "./usage-tally.js";
export { DEFAULT_EXPANSION_LIMIT, DEFAULT_ITERATIONS, DEFAULT_SEED, defaultSettings, type GeneratorSettings } from "./generator-settings.js";
export type { IterationRow, TimingRow } from "./iteration-row.js";
export { SeedSearch, untriedOrder, type SeedCheckpoint, type SeedSearchDeps } from "./seed-search.js";
export { poolYaml } from "./pool-file.js";
export { summarizeGeneration, type GenerationSummary } from "./generation-summary.js";
export {
  CHECKPOINT_DIR,
  GeneratorError,
  LOG_FILE,
  POOL_FILE,
  RUN_FILE,
  SUMMARY_FILE,
  TIMINGS_FILE,
  runGeneration,
  type GenerationOptions,
  type GenerationResult,
} from "./run-generation.js";
