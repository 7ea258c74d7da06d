import { createHash } from "node:crypto";
import { z } from "zod";
import { OBSERVATION_MODES } from "../browser/index.js";
import { CACHE_MODES } from "../models/index.js";
import { EpisodeRecordSchema, GuardSettingsRecordSchema, ModelOptionsRecordSchema } from "../records/index.js";
import { ScenarioSchema } from "../scenario/index.js";
import { MATCHER_MODES } from "../scoring/index.js";

/**
 * One episode as a queue job: everything a worker on another machine needs to run it, and nothing
 * secret. Model keys stay out on purpose: every worker reads its own from its own environment.
 * Job data comes back from Redis, so it is parsed like any input.
 */
export const EpisodeJobSchema = z.object({
  key: z.string(),
  run_id: z.string(),
  scenario: ScenarioSchema,
  agent: z.string(),
  /** The defense's wording travels with the job: a worker has no access to the collector's files. */
  defense: z.object({
    name: z.string(),
    text: z.string(),
    source: z.enum(["builtin", "file"]),
    path: z.string().optional(),
    sha256: z.string(),
  }),
  epoch: z.number().int().nonnegative(),
  seed: z.number().int(),
  matcher: z.enum(MATCHER_MODES),
  judge: z.string().optional(),
  /** The episode ended in an error before (a resumed run): its model calls go to the model, not the cache. */
  fresh: z.boolean(),
  track: z.enum(["state-grounded", "e2e"]),
  e2e: z
    .object({
      max_steps: z.number().int().positive(),
      observation: z.enum(OBSERVATION_MODES),
      // `ablate` travels in the agent id too (its label), so a worker rebuilds an ablated agent either way.
      guard: GuardSettingsRecordSchema.optional(),
      browser_timeout_ms: z.number().positive().optional(),
    })
    .optional(),
  /** How model clients are built (the manifest's `model_options`), and the cache mode; never keys. */
  model_options: ModelOptionsRecordSchema.optional(),
  cache: z.enum(CACHE_MODES),
});
export type EpisodeJob = z.infer<typeof EpisodeJobSchema>;

/**
 * What a worker hands back: the record, and the end-to-end screenshots it names, as base64 by
 * their path (`screenshots/<sha256>.<ext>`), so the collector stores them content-addressed.
 */
export const EpisodeResultSchema = z.object({
  record: EpisodeRecordSchema,
  screenshots: z.record(z.string(), z.string()),
});
export type EpisodeResult = z.infer<typeof EpisodeResultSchema>;

/**
 * A job id from an episode key: the same episode always gets the same id (BullMQ ignores an add
 * whose id exists, so enqueuing twice is harmless), and ids may not contain `:` as keys do.
 */
export function jobIdFor(key: string): string {
  return `e${createHash("sha256").update(key).digest("hex").slice(0, 40)}`;
}
