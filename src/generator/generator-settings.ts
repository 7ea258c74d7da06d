import { z } from "zod";
import { AGGREGATES, DEFAULT_KEEP_THRESHOLD, DEFAULT_NOVELTY_WEIGHT } from "./reward.js";
import { DEFAULT_EXPLORATION } from "./search-tree.js";

/** Paper Table 4: iterations per seed and the per-seed expansion budget. */
export const DEFAULT_ITERATIONS = 35;
export const DEFAULT_EXPANSION_LIMIT = 28;
export const DEFAULT_SEED = 42;

/** Every knob of a generation run. Recorded in run.json, the summary and each child's provenance. */
export const GeneratorSettingsSchema = z.object({
  mutator: z.string(),
  proxies: z.array(z.string()),
  judge: z.string().optional(),
  iterations: z.number().int().positive(),
  expansion_limit: z.number().int().nonnegative(),
  keep_threshold: z.number(),
  aggregate: z.enum(AGGREGATES),
  threshold_aware: z.boolean(),
  novelty_weight: z.number(),
  exploration: z.number(),
  seed: z.number().int(),
  /** Mutator repair rounds after a rejected reply. */
  repair_attempts: z.number().int().nonnegative(),
  /** Sampling temperature of every role (paper Table 4: 0.0). */
  temperature: z.number(),
  prompt_version: z.string(),
});
export type GeneratorSettings = z.infer<typeof GeneratorSettingsSchema>;

export function defaultSettings(models: { mutator: string; proxies: string[]; judge?: string }, promptVersion: string): GeneratorSettings {
  return {
    mutator: models.mutator,
    proxies: [...models.proxies],
    ...(models.judge !== undefined && { judge: models.judge }),
    iterations: DEFAULT_ITERATIONS,
    expansion_limit: DEFAULT_EXPANSION_LIMIT,
    keep_threshold: DEFAULT_KEEP_THRESHOLD,
    aggregate: "mean",
    // The paper's Table 4 ("search reward mode: threshold-aware") and its generation script.
    threshold_aware: true,
    novelty_weight: DEFAULT_NOVELTY_WEIGHT,
    exploration: DEFAULT_EXPLORATION,
    seed: DEFAULT_SEED,
    repair_attempts: 1,
    temperature: 0,
    prompt_version: promptVersion,
  };
}
