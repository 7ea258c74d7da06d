import { canonicalJson } from "../core/index.js";
import type { Scenario } from "./scenario.js";
import type { WorkspaceState } from "./workspace-state.js";

/**
 * What an agent is given: the task and the app state, nothing else. The reference serialised the
 * whole scenario minus `ground_truth`, so the model under test saw its id, failure mode and family
 * (docs/design/agentcibench-import.md, "What an agent is given"); here labels, items, rationale and
 * provenance never leave the scenario.
 */
export interface AgentInput {
  task: string;
  state: WorkspaceState;
  /** The scenario's fixed clock, so "today" and "tomorrow" resolve the same way in every run. */
  now?: string;
}

export function agentInputFor(scenario: Scenario): AgentInput {
  const input: AgentInput = { task: scenario.task, state: structuredClone(scenario.state) };
  if (scenario.now !== undefined) input.now = scenario.now;
  return input;
}

/** Canonical JSON (keys sorted at every depth, two-space indent) of what the agent sees. */
export function agentInputToJson(input: AgentInput): string {
  return canonicalJson(input, { indent: 2 });
}
