import type { Scenario } from "../scenario/index.js";

/** An F5 task: a scenario whose attack block plants canaries. No agent runs it; the mask-integrity harness measures it. */
export function isMaskIntegrityTask(scenario: Scenario): boolean {
  return scenario.attack?.family === "F5";
}
