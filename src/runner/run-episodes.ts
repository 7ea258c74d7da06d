import pLimit from "p-limit";
import type { Agent } from "../agents/index.js";
import type { Scenario } from "../scenario/index.js";
import type { MatcherMode } from "../scoring/index.js";
import { deriveSeed } from "./derive-seed.js";
import { type EpisodeRecord, episodeKey } from "./episode-record.js";
import { type EpisodeSpec, runEpisode } from "./run-episode.js";
import type { RecordWriter } from "./run-store.js";

export interface EpisodePlan {
  runId: string;
  scenarios: Scenario[];
  agents: Agent[];
  defenses: string[];
  epochs: number;
  seed: number;
  matcher: MatcherMode;
}

/** Every episode of a plan, in a stable order: epoch, agent, defense, then scenario. */
export function planEpisodes(plan: EpisodePlan): EpisodeSpec[] {
  const specs: EpisodeSpec[] = [];
  for (let epoch = 0; epoch < plan.epochs; epoch++)
    for (const agent of plan.agents)
      for (const defense of plan.defenses)
        for (const scenario of plan.scenarios)
          specs.push({
            runId: plan.runId,
            scenario,
            agent,
            defense,
            epoch,
            seed: deriveSeed(plan.seed, scenario.id, epoch),
            matcher: plan.matcher,
          });
  return specs;
}

export interface RunProgress {
  total: number;
  /** Episodes already finished before this call (a resumed run). */
  skipped: number;
  onRecord?: (record: EpisodeRecord, finished: number) => void;
}

/**
 * Runs the episodes of `plan` that are not in `finishedKeys`, `concurrency` at a time, appending
 * each record to the writer as soon as it exists so that a killed run loses nothing finished.
 */
export async function runEpisodes(
  plan: EpisodePlan,
  finishedKeys: ReadonlySet<string>,
  writer: RecordWriter,
  concurrency: number,
  progress?: Omit<RunProgress, "total" | "skipped"> & { onStart?: (total: number, skipped: number) => void },
): Promise<EpisodeRecord[]> {
  const all = planEpisodes(plan);
  const todo = all.filter((spec) => !finishedKeys.has(episodeKey(spec.agent.id, spec.defense, spec.scenario.id, spec.epoch)));
  progress?.onStart?.(all.length, all.length - todo.length);
  const limit = pLimit(Math.max(1, concurrency));
  let finished = all.length - todo.length;
  return Promise.all(
    todo.map((spec) =>
      limit(async () => {
        const record = await runEpisode(spec);
        writer.append(record);
        finished += 1;
        progress?.onRecord?.(record, finished);
        return record;
      }),
    ),
  );
}
