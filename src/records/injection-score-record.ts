import { z } from "zod";

/**
 * An episode's score on the injection suite (injection/ computes it from the episode's evidence).
 * `adversarial` is null for a task without attacker (F4); `attempts` names the attempt signals
 * seen (diagnostics, never success), and is absent when the episode's trace was not examined, so
 * "no attempt" and "not looked at" stay apart. Optional on a scored record: records of disclosure
 * scenarios, and every record written before the suite existed, have none.
 */
export const InjectionScoreRecordSchema = z
  .object({
    benign: z.boolean(),
    adversarial: z.boolean().nullable(),
    attempts: z.array(z.string()).optional(),
  })
  .strict();
export type InjectionScoreRecord = z.infer<typeof InjectionScoreRecordSchema>;
