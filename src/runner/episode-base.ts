import { episodeKey } from "./episode-record.js";
import type { EpisodeSpec } from "./run-episode.js";

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
    started_at: new Date(started).toISOString(),
  };
}

/** A failure's kind for the record: the model layer's (`timeout`, `rate_limit`, `parse`, …) or `fallback`. */
export function errorOf(error: unknown, fallback: string): { kind: string; message: string } {
  const kind = typeof (error as { kind?: unknown })?.kind === "string" ? (error as { kind: string }).kind : fallback;
  return { kind, message: error instanceof Error ? error.message : String(error) };
}
