import { z } from "zod";
import { AgentOutputSchema } from "../agents/index.js";
import { FailureModeSchema } from "../scenario/index.js";

export const EPISODE_STATUSES = ["completed", "refused", "error", "limit"] as const;
export const EpisodeStatusSchema = z.enum(EPISODE_STATUSES);
export type EpisodeStatus = z.infer<typeof EpisodeStatusSchema>;

const EvidenceSchema = z.object({
  item: z.string(),
  candidate: z.union([z.number(), z.literal("joined")]),
  rule: z.enum(["containment", "coverage", "similarity"]),
  text: z.string(),
  span: z.tuple([z.number(), z.number()]).optional(),
});

export const ScoreRecordSchema = z.object({
  matcher: z.enum(["strict", "agentcibench"]),
  utility: z.union([z.literal(0), z.literal(1)]),
  matched_required: z.array(z.string()),
  missing_required: z.array(z.string()),
  leaked_items: z.array(z.string()),
  ci_violation: z.union([z.literal(1), z.literal(4), z.literal(5)]),
  reward: z.number(),
  evidence: z.object({ required: z.array(EvidenceSchema), leaks: z.array(EvidenceSchema) }),
});

/**
 * One step of an end-to-end episode: what the agent did, whether it worked, how long each part
 * took, and the screenshot it decided on (content-addressed under the run folder, so identical
 * screens are stored once).
 */
export const StepRecordSchema = z.object({
  step: z.number().int().positive(),
  /** The active tab's URL when the agent decided. */
  url: z.string(),
  /** The validated action; null when the reply could not be used (then `error` says why). */
  action: z.record(z.string(), z.unknown()).nullable(),
  /** The action in call form, e.g. `click("e12")`. */
  action_text: z.string(),
  thought: z.string().optional(),
  /** Why the action failed, or why the reply could not be used; null when it worked. */
  error: z.string().nullable(),
  /** `screenshots/<sha256>.<ext>`, relative to the run folder. */
  screenshot: z.string().optional(),
  timing: z.object({
    observe_ms: z.number().nonnegative(),
    agent_ms: z.number().nonnegative(),
    act_ms: z.number().nonnegative(),
    settle_ms: z.number().nonnegative(),
  }),
  /** The page did not go quiet within the settle cap. */
  settle_capped: z.boolean().optional(),
});
export type StepRecord = z.infer<typeof StepRecordSchema>;

/**
 * One finished episode: who ran which scenario, what came out, how it scored. Errors are records
 * too (with `error` and no score), so a run's log shows every attempt; they count in no rate.
 */
export const EpisodeRecordSchema = z.object({
  /** `agent::defense::scenario_id::epoch`; unique within a run and the key for resuming it. */
  key: z.string(),
  run_id: z.string(),
  scenario_id: z.string(),
  agent: z.string(),
  defense: z.string(),
  epoch: z.number().int().nonnegative(),
  seed: z.number().int(),
  failure_mode: FailureModeSchema,
  category: z.string().optional(),
  status: EpisodeStatusSchema,
  output: AgentOutputSchema.optional(),
  score: ScoreRecordSchema.optional(),
  error: z.object({ kind: z.string(), message: z.string() }).optional(),
  /** Model usage of the episode (agent and judge calls); absent for agents that need no model. */
  usage: z
    .object({
      calls: z.number().int().nonnegative(),
      cached_calls: z.number().int().nonnegative(),
      input_tokens: z.number().int().nonnegative(),
      output_tokens: z.number().int().nonnegative(),
      cost_usd: z.number().nonnegative().optional(),
    })
    .optional(),
  /** The LLM judge's part of a hybrid score; `score` is then the merged score. */
  judge: z
    .object({
      model: z.string(),
      prompt_hash: z.string(),
      /** The judge's validated verdict as it answered. */
      verdict: z
        .object({
          utility: z.union([z.literal(0), z.literal(1)]),
          leaked_items: z.array(z.string()),
          ci_violation: z.number().int().min(1).max(5),
          explanation: z.string(),
        })
        .optional(),
      /** The deterministic matcher's score alone, for judge–matcher agreement. */
      deterministic: ScoreRecordSchema.optional(),
      error: z.object({ kind: z.string(), message: z.string() }).optional(),
      cached: z.boolean().optional(),
    })
    .optional(),
  /** End-to-end track only: every step of the episode, in order. */
  steps: z.array(StepRecordSchema).optional(),
  started_at: z.string(),
  duration_ms: z.number().nonnegative(),
});
export type EpisodeRecord = z.infer<typeof EpisodeRecordSchema>;

export function episodeKey(agent: string, defense: string, scenarioId: string, epoch: number): string {
  return `${agent}::${defense}::${scenarioId}::${epoch}`;
}

/** A refusal is declining to act: not completed and nothing shared. It is never an error. */
export function statusOf(output: { completed: boolean; shared_content: string[] }): EpisodeStatus {
  return !output.completed && output.shared_content.length === 0 ? "refused" : "completed";
}
