import type { StateAgent } from "./agent.js";
import { ciRules } from "./reference/ci-rules.js";
import { minimal } from "./reference/minimal.js";
import { oversharer } from "./reference/oversharer.js";
import { refuser } from "./reference/refuser.js";

/** The four agents that need no model: controls for every run (oversharer and refuser bound the scale). */
export const REFERENCE_AGENTS: readonly StateAgent[] = [oversharer, minimal, ciRules, refuser];

export function referenceAgent(id: string): StateAgent | undefined {
  return REFERENCE_AGENTS.find((agent) => agent.id === id);
}
