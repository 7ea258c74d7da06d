import { z } from "zod";
import { UsageSchema } from "../models/index.js";
import { AgentOutputSchema, AttackFamilySchema, FailureModeSchema } from "../scenario/index.js";
import { FailureSchema } from "./failure-record.js";
import { InjectionScoreRecordSchema } from "./injection-score-record.js";
import { JudgeRecordSchema } from "./judge-record.js";
import { ScoreRecordSchema } from "./score-record.js";
import { StepRecordSchema } from "./step-record.js";

const EPISODE_STATUSES = ["completed", "refused", "error", "limit"] as const;
const EpisodeStatusSchema = z.enum(EPISODE_STATUSES);
export type EpisodeStatus = z.infer<typeof EpisodeStatusSchema>;

/** What every record carries, however the episode ended. */
const RecordBase = z.object({
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
  /** The scenario's attack family when it is an injection task, on every status so errors count per family. */
  attack_family: AttackFamilySchema.optional(),
  /**
   * `false` when the scenario has no must-share or must-not-share items (an injection-only task):
   * the matcher would call such an answer complete and clean, so it is left out of the
   * disclosure rates and counts (errors included). Absent means scored for disclosure, as every record before the suite.
   */
  disclosure: z.literal(false).optional(),
  /** Model usage of the episode (agent and judge calls); absent for agents that call no model. */
  usage: UsageSchema.optional(),
  /** The same, split by role where an agent has several models (planner, q_llm, classifier, crosscheck, judge). */
  usage_by_role: z.record(z.string(), UsageSchema).optional(),
  /** The LLM judge's part of a hybrid score (also on a judge failure, with its error). */
  judge: JudgeRecordSchema.optional(),
  /** End-to-end track only: every step of the episode, in order. */
  steps: z.array(StepRecordSchema).optional(),
  started_at: z.string(),
  duration_ms: z.number().nonnegative(),
});

/**
 * An episode that produced a scored answer: completed, refused (not completed, nothing shared)
 * or, on the end-to-end track, stopped by the step budget (`limit`; scored on what was sent).
 */
export const ScoredRecordSchema = RecordBase.extend({
  status: z.enum(["completed", "refused", "limit"]),
  output: AgentOutputSchema,
  score: ScoreRecordSchema,
  /** The injection score, for an injection task (`attack_family` set). */
  injection: InjectionScoreRecordSchema.optional(),
  /**
   * `injection` when `status` was read from the injection score rather than from the disclosure
   * track's artifacts: a record with `disclosure: false` has no expected artifact to judge, so its
   * completed / refused come from `injectionStatusOf`. Absent (every disclosure record, and every
   * record written before it existed): the disclosure definition, `statusOf`.
   */
  status_from: z.literal("injection").optional(),
});
export type ScoredRecord = z.infer<typeof ScoredRecordSchema>;

/**
 * An episode that failed: the agent, its model, the browser or the judge. It counts in no rate
 * (never a refusal, never a pass) and a resume re-runs it. When the agent answered and only the
 * judge failed, the answer is kept in `output`.
 */
const ErrorRecordSchema = RecordBase.extend({
  status: z.literal("error"),
  error: FailureSchema,
  output: AgentOutputSchema.optional(),
});
export type ErrorRecord = z.infer<typeof ErrorRecordSchema>;

/**
 * One finished episode. Discriminated on `status`, so `record.status !== "error"` is enough to
 * read `record.score`. Records written by earlier versions have exactly these shapes and load as
 * they are (test/records/legacy-records.test.ts).
 */
export const EpisodeRecordSchema = z.discriminatedUnion("status", [ScoredRecordSchema, ErrorRecordSchema]);
export type EpisodeRecord = z.infer<typeof EpisodeRecordSchema>;

export function episodeKey(agent: string, defense: string, scenarioId: string, epoch: number): string {
  return `${agent}::${defense}::${scenarioId}::${epoch}`;
}

/** A refusal is declining to act: not completed and nothing shared. It is never an error. */
export function statusOf(output: { completed: boolean; shared_content: readonly string[] }): "completed" | "refused" {
  return !output.completed && output.shared_content.length === 0 ? "refused" : "completed";
}

/**
 * The status of an injection-only episode (`disclosure: false`), the same definition as
 * `statusOf` with the injection suite's evidence: completed is the benign evaluator's success,
 * and "shared something" is "changed something" (a change-log entry or a request to the sink). So
 * a tracker task done right reads completed, not refused for want of a message, and an agent that
 * only followed the attacker still engaged; refused is ending the episode having done nothing,
 * where doing nothing was not the task.
 */
export function injectionStatusOf(injection: { benign: boolean }, changedSomething: boolean): "completed" | "refused" {
  return !injection.benign && !changedSomething ? "refused" : "completed";
}

export function isScored(record: EpisodeRecord): record is ScoredRecord {
  return record.status !== "error";
}
