import { z } from "zod";

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
