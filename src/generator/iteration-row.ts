import { z } from "zod";
import { RolloutSchema } from "./simulate.js";
import { STRATEGIES } from "./strategies.js";
import { CallTallySchema } from "./usage-tally.js";

/**
 * One line of iterations.jsonl. Only deterministic fields: the same seed, models and cache give
 * the same line, byte for byte. Wall-clock latency and cache hits go to timings.jsonl.
 */
export const IterationRowSchema = z.object({
  seed_id: z.string(),
  /** 1-based within the seed. */
  iteration: z.number().int().positive(),
  /** expand: a new child was made (or its mutation discarded); resimulate: an existing node was simulated again; idle: nothing to do. */
  action: z.enum(["expand", "resimulate", "idle"]),
  /** The node simulated, or the id the discarded child would have had. */
  node: z.string(),
  parent: z.string().optional(),
  path: z.array(z.string()),
  depth: z.number().int().nonnegative(),
  strategy: z.enum(STRATEGIES).optional(),
  discarded: z.boolean(),
  discard_reasons: z.array(z.string()),
  /** Reasons the first mutator reply was rejected when a repair then succeeded. */
  repaired_from: z.array(z.string()).optional(),
  mutator_attempts: z.number().int().optional(),
  rollouts: z.array(RolloutSchema),
  proxy_rewards: z.array(z.number()),
  reward: z.number().optional(),
  utility: z.number().optional(),
  ci_violation: z.number().optional(),
  novelty: z.number().optional(),
  novelty_bonus: z.number().optional(),
  threshold_penalty: z.number().optional(),
  search_reward: z.number().optional(),
  keep_threshold: z.number(),
  kept: z.boolean(),
  errors: z.array(z.string()),
  expansions_used: z.number().int().nonnegative(),
  usage: z.object({ mutator: CallTallySchema, proxy: CallTallySchema, judge: CallTallySchema, total: CallTallySchema }),
});
export type IterationRow = z.infer<typeof IterationRowSchema>;

/** The non-deterministic side of an iteration (timings.jsonl). */
export const TimingRowSchema = z.object({
  seed_id: z.string(),
  iteration: z.number().int().positive(),
  wall_ms: z.number(),
  model_latency_ms: z.number(),
  cached_calls: z.number().int().nonnegative(),
});
export type TimingRow = z.infer<typeof TimingRowSchema>;
