import type { Failure } from "../records/index.js";
import { episodeKey } from "../records/index.js";
import type { EpisodeSpec } from "./episode-spec.js";

/** The fields every record of an episode carries, whatever its track and however it ended. */
export function episodeBase(spec: EpisodeSpec, started: number) {
  const { scenario } = spec;
  return {
    key: episodeKey(spec.agent.id, spec.defense, scenario.id, spec.epoch),
    run_id: spec.runId,
    scenario_id: scenario.id,
    agent: spec.agent.id,
    defense: spec.defense,
    epoch: spec.epoch,
    seed: spec.seed,
    failure_mode: scenario.failure_mode,
    ...(scenario.category !== undefined && { category: scenario.category }),
    ...(scenario.attack !== undefined && { attack_family: scenario.attack.family }),
    ...(scenario.must_share.length + scenario.must_not_share.length === 0 && { disclosure: false as const }),
    started_at: new Date(started).toISOString(),
  };
}

/** A thrown failure as a record's error: the model layer's kind (`timeout`, `rate_limit`, …) or `fallback`. */
export function failureOf(error: unknown, fallback: string): Failure {
  const kind = typeof (error as { kind?: unknown })?.kind === "string" ? (error as { kind: string }).kind : fallback;
  return { kind, message: error instanceof Error ? error.message : String(error) };
}
