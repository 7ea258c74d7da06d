import { z } from "zod";
import { UsageSchema } from "../models/index.js";

/**
 * One turn of an agent that thinks in tool calls between UI actions (the guarded agent): the call as
 * the planner made it (variables unsubstituted), what the policy gate said, and the fixed text the
 * planner got back. A step holds the turns that led to its action.
 */
export const StepTurnSchema = z.object({
  turn: z.number().int().positive(),
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  /** `refused`: the policy gate blocked it; `error`: it could not be done (a tool error). */
  verdict: z.enum(["allowed", "refused", "error"]),
  /** The gate's reason code, or the tool error's kind. */
  reason: z.string().optional(),
  /** What the planner was told, verbatim (fixed texts: never page content). */
  result: z.string(),
  /** An endorsement call's outcome, with the route's fixed reason code where it has one (a procedure's `PATH_NOT_NAMED`). */
  endorsement: z
    .object({
      variable: z.string(),
      route: z.string(),
      outcome: z.enum(["endorsed", "refused", "diverged", "insufficient", "abstained"]),
      reason: z.string().optional(),
    })
    .optional(),
  /** The masked screenshot the planner saw at this turn, when it was shown a new one. */
  screenshot: z.string().optional(),
  /**
   * A `query_screen` turn's answer from the quarantined model, as stored in the variable: kept for
   * the attempt signal `quarantined_answer_holds_attacker_value` (the planner was told only that a
   * value was stored).
   */
  answer: z.string().optional(),
  /**
   * Where that answer was read, as the host recorded it: the origin of every row the reader was
   * shown (`operator`, `self`, `author:<name>`, `stranger`). Absent on records written before it.
   */
  sources: z.array(z.string()).optional(),
  usage: UsageSchema.optional(),
  /** Where the turn's time went (ms): capturing and masking, the planner's call, the tool. */
  timing: z
    .object({ capture_ms: z.number().nonnegative(), planner_ms: z.number().nonnegative(), tool_ms: z.number().nonnegative() })
    .optional(),
});
export type StepTurn = z.infer<typeof StepTurnSchema>;

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
  /** Tool turns taken before this step's action (agents that plan in tool calls). */
  turns: z.array(StepTurnSchema).optional(),
});
export type StepRecord = z.infer<typeof StepRecordSchema>;
