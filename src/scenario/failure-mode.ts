import { z } from "zod";

/** The three disclosure failure modes of AgentCIBench (paper 002 §3). */
export const FAILURE_MODES = ["visual_co_location", "task_ambiguity_overshare", "recipient_misalignment"] as const;
export const FailureModeSchema = z.enum(FAILURE_MODES);
export type FailureMode = z.infer<typeof FailureModeSchema>;

/**
 * The generator's mutation strategies ("scenario families") and the failure mode each one targets.
 * Released AgentCIBench files carry both labels; they always agree with this map.
 */
export const FAMILY_TO_FAILURE_MODE = {
  semantic_entanglement: "visual_co_location",
  ambiguity_trap: "task_ambiguity_overshare",
  identity_bleed: "recipient_misalignment",
} as const satisfies Record<string, FailureMode>;
export type ScenarioFamily = keyof typeof FAMILY_TO_FAILURE_MODE;
