import { type MetricSummary, type Outcome, summarizeOutcomes } from "../stats/index.js";
import type { EpisodeRecord } from "./episode-record.js";

export interface AgentSummary extends MetricSummary {
  agent: string;
  defense: string;
}

export interface RunSummary {
  run_id: string;
  dataset: string;
  matcher: string;
  agents: AgentSummary[];
}

export function outcomeOf(record: EpisodeRecord): Outcome {
  return {
    utility: record.score?.utility ?? 0,
    leaked: (record.score?.leaked_items.length ?? 0) > 0,
    refused: record.status === "refused",
    error: record.status === "error",
    failure_mode: record.failure_mode,
  };
}

/**
 * One summary row per arm (agent × defense), in the order the arms were given. Each
 * row's bootstrap stream is keyed by its agent and defense, so a row's CI is the same whichever
 * other agents share the run.
 */
export function summarizeRecords(
  records: EpisodeRecord[],
  context: {
    runId: string;
    dataset: string;
    matcher: string;
    arms: Array<{ agent: string; defense: string }>;
    seed: number;
    resamples: number;
  },
): RunSummary {
  const rows: AgentSummary[] = [];
  const arms = [...context.arms];
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
      seed: context.seed,
      resamples: context.resamples,
      key: `${agent}::${defense}`,
    });
    rows.push({ agent, defense, ...summary });
  }
  return { run_id: context.runId, dataset: context.dataset, matcher: context.matcher, agents: rows };
}
