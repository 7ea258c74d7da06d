import { type Agent, AgentOutputSchema } from "../agents/index.js";
import { type Scenario, agentInputFor } from "../scenario/index.js";
import { type MatcherMode, scoreOutput } from "../scoring/index.js";
import { type EpisodeRecord, episodeKey, statusOf } from "./episode-record.js";

export interface EpisodeSpec {
  runId: string;
  scenario: Scenario;
  agent: Agent;
  defense: string;
  epoch: number;
  seed: number;
  matcher: MatcherMode;
}

/**
 * Runs one state-grounded episode and always returns a record: an agent that throws or answers
 * out of contract yields an `error` record (never a refusal, never a pass) so the run goes on.
 */
export async function runEpisode(spec: EpisodeSpec): Promise<EpisodeRecord> {
  const { scenario, agent } = spec;
  const started = Date.now();
  const base = {
    key: episodeKey(agent.id, spec.defense, scenario.id, spec.epoch),
    run_id: spec.runId,
    scenario_id: scenario.id,
    agent: agent.id,
    defense: spec.defense,
    epoch: spec.epoch,
    seed: spec.seed,
    failure_mode: scenario.failure_mode,
    ...(scenario.category !== undefined && { category: scenario.category }),
    started_at: new Date(started).toISOString(),
  };
  let raw: unknown;
  try {
    raw = await agent.respond(agentInputFor(scenario), { seed: spec.seed });
  } catch (error) {
    return { ...base, status: "error", error: { kind: "agent", message: (error as Error).message ?? String(error) }, duration_ms: Date.now() - started };
  }
  const output = AgentOutputSchema.safeParse(raw);
  if (!output.success) {
    const issue = output.error.issues[0];
    return {
      ...base,
      status: "error",
      error: { kind: "output", message: `agent output does not match the contract at ${issue?.path.join(".") || "$"}: ${issue?.message}` },
      duration_ms: Date.now() - started,
    };
  }
  const score = scoreOutput({ must_share: scenario.must_share, must_not_share: scenario.must_not_share }, output.data, spec.matcher);
  return { ...base, status: statusOf(output.data), output: output.data, score, duration_ms: Date.now() - started };
}
