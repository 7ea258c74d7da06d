import type { Rollout } from "./simulate.js";
import type { Strategy } from "./strategies.js";
import type { CallTally, Role } from "./usage-tally.js";

/**
 * One line of iterations.jsonl. Only deterministic fields: the same seed, models and cache give
 * the same line, byte for byte. Wall-clock latency and cache hits go to timings.jsonl.
 */
export interface IterationRow {
  seed_id: string;
  /** 1-based within the seed. */
  iteration: number;
  /** expand: a new child was made (or its mutation discarded); resimulate: an existing node was simulated again; idle: nothing to do. */
  action: "expand" | "resimulate" | "idle";
  /** The node simulated, or the id the discarded child would have had. */
  node: string;
  parent?: string;
  path: string[];
  depth: number;
  strategy?: Strategy;
  discarded: boolean;
  discard_reasons: string[];
  /** Reasons the first mutator reply was rejected when a repair then succeeded. */
  repaired_from?: string[];
  mutator_attempts?: number;
  rollouts: Rollout[];
  proxy_rewards: number[];
  reward?: number;
  utility?: number;
  ci_violation?: number;
  novelty?: number;
  novelty_bonus?: number;
  threshold_penalty?: number;
  search_reward?: number;
  keep_threshold: number;
  kept: boolean;
  errors: string[];
  expansions_used: number;
  usage: Record<Role, CallTally> & { total: CallTally };
}

/** The non-deterministic side of an iteration (timings.jsonl). */
export interface TimingRow {
  seed_id: string;
  iteration: number;
  wall_ms: number;
  model_latency_ms: number;
  cached_calls: number;
}
