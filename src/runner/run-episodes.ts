import pLimit from "p-limit";
import type { Agent } from "../agents/index.js";
import { type EpisodeRecord, episodeKey, type RecordWriter } from "../records/index.js";
import type { Scenario } from "../scenario/index.js";
import type { MatcherMode } from "../scoring/index.js";
import { deriveSeed } from "./derive-seed.js";
import type { EpisodeJudge, EpisodeSpec } from "./episode-spec.js";
import { runEpisode } from "./run-episode.js";

/** One agent under one prompt defense: a row of the summary. */
export interface Arm {
  agent: Agent;
  defense: string;
}

export interface EpisodePlan {
  runId: string;
  scenarios: Scenario[];
  arms: Arm[];
  epochs: number;
  seed: number;
  matcher: MatcherMode;
  judge?: EpisodeJudge;
  /** Runs one episode; defaults to the state-grounded `runEpisode` (the end-to-end track passes its own). */
  runEpisode?: (spec: EpisodeSpec) => Promise<EpisodeRecord>;
}

/** Every episode of a plan, in a stable order: epoch, arm, then scenario. */
export function planEpisodes(plan: EpisodePlan): EpisodeSpec[] {
  const specs: EpisodeSpec[] = [];
  for (let epoch = 0; epoch < plan.epochs; epoch++)
    for (const { agent, defense } of plan.arms)
      for (const scenario of plan.scenarios)
        specs.push({
          runId: plan.runId,
          scenario,
          agent,
          defense,
          epoch,
          seed: deriveSeed(plan.seed, scenario.id, epoch),
          matcher: plan.matcher,
          ...(plan.judge && { judge: plan.judge }),
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
  /** When aborted, episodes not yet started are skipped; those in flight finish and are written. */
  stop?: AbortSignal,
): Promise<EpisodeRecord[]> {
  const all = planEpisodes(plan);
  const todo = all.filter((spec) => !finishedKeys.has(episodeKey(spec.agent.id, spec.defense, spec.scenario.id, spec.epoch)));
  progress?.onStart?.(all.length, all.length - todo.length);
  const limit = pLimit(Math.max(1, concurrency));
  let finished = all.length - todo.length;
  const records = await Promise.all(
    todo.map((spec) =>
      limit(async () => {
        if (stop?.aborted) return undefined;
        const record = await (plan.runEpisode ?? runEpisode)(spec);
        writer.append(record);
        finished += 1;
        progress?.onRecord?.(record, finished);
        return record;
      }),
    ),
  );
  return records.filter((record): record is EpisodeRecord => record !== undefined);
}
