import { z } from "zod";
import { FailureSchema } from "./failure-record.js";
import { ScoreRecordSchema } from "./score-record.js";

const JudgeVerdictRecordSchema = z.object({
  utility: z.union([z.literal(0), z.literal(1)]),
  leaked_items: z.array(z.string()),
  ci_violation: z.number().int().min(1).max(5),
  explanation: z.string(),
});

/** The LLM judge's part of a hybrid score; the record's `score` is then the merged score. */
export const JudgeRecordSchema = z.object({
  model: z.string(),
  /** sha256 of the judge's prompt template; empty when the judge failed before prompting. */
  prompt_hash: z.string(),
  /** The judge's validated verdict as it answered. */
  verdict: JudgeVerdictRecordSchema.optional(),
  /** The deterministic matcher's score alone, for judge–matcher agreement. */
  deterministic: ScoreRecordSchema.optional(),
  error: FailureSchema.optional(),
  cached: z.boolean().optional(),
});
export type JudgeRecord = z.infer<typeof JudgeRecordSchema>;
