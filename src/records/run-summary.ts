import { type MetricSummary, type Outcome, summarizeOutcomes } from "../stats/index.js";
import { type EpisodeRecord, isScored } from "./episode-record.js";
import type { RunManifest } from "./run-manifest.js";

/** One row of a run's summary: an agent under a defense. */
export interface AgentSummary extends MetricSummary {
  agent: string;
  defense: string;
}

/** `summary.json`: one row per arm. Always recomputable from the manifest and the records. */
export interface RunSummary {
  run_id: string;
  dataset: string;
  matcher: string;
  agents: AgentSummary[];
}

export function outcomeOf(record: EpisodeRecord): Outcome {
  const scored = isScored(record);
  return {
    utility: scored ? record.score.utility : 0,
    leaked: scored && record.score.leaked_items.length > 0,
    refused: record.status === "refused",
    error: !scored,
    failure_mode: record.failure_mode,
  };
}

/** What a summary needs of a run: its manifest, or as much of one as a scoring of loose answers has. */
export type SummaryBasis = Pick<RunManifest, "run_id" | "matcher" | "arms" | "seed" | "bootstrap_resamples"> & {
  dataset: Pick<RunManifest["dataset"], "label">;
};

/**
 * The summary of a run: one row per arm (agent × defense), in the manifest's order, then any arm
 * only the records know. Each row's bootstrap stream is keyed by its agent and defense, so a
 * row's CI is the same whichever other agents share the run; `resamples` overrides the
 * manifest's (the viewer wants point estimates only).
 */
export function summarizeRun(manifest: SummaryBasis, records: readonly EpisodeRecord[], options: { resamples?: number } = {}): RunSummary {
  const rows: AgentSummary[] = [];
  const arms = [...manifest.arms];
  for (const record of records)
    if (!arms.some((arm) => arm.agent === record.agent && arm.defense === record.defense))
      arms.push({ agent: record.agent, defense: record.defense });
  for (const { agent, defense } of arms) {
    // Sorted by key: the records file is in completion order, which concurrency and resumes vary.
    const group = records
      .filter((record) => record.agent === agent && record.defense === defense)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (group.length === 0) continue;
    const summary = summarizeOutcomes(group.map(outcomeOf), {
      seed: manifest.seed,
      resamples: options.resamples ?? manifest.bootstrap_resamples,
      key: `${agent}::${defense}`,
    });
    rows.push({ agent, defense, ...summary });
  }
  return { run_id: manifest.run_id, dataset: manifest.dataset.label, matcher: manifest.matcher, agents: rows };
}
