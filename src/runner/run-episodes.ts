import { setImmediate as nextTurn } from "node:timers/promises";
import pLimit from "p-limit";
import type { Agent } from "../agents/index.js";
import { freshModelCalls } from "../models/index.js";
import { type EpisodeRecord, episodeKey, type RecordWriter } from "../records/index.js";
import type { Scenario } from "../scenario/index.js";
import type { MatcherMode } from "../scoring/index.js";
import { deriveSeed } from "./derive-seed.js";
import type { EpisodeJudge, EpisodeSpec } from "./episode-spec.js";
import { isMaskIntegrityTask } from "./mask-integrity-task.js";
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

/**
 * Every episode of a plan, in a stable order: epoch, arm, then scenario. F5 (mask-integrity)
 * tasks have none: no agent runs them, the harness measures them once per run. Nor does an agent
 * have one on a scenario its `runsOn` leaves out (`oracle-half` on a task without a half script).
 */
export function planEpisodes(plan: EpisodePlan): EpisodeSpec[] {
  const specs: EpisodeSpec[] = [];
  const episodic = plan.scenarios.filter((scenario) => !isMaskIntegrityTask(scenario));
  for (let epoch = 0; epoch < plan.epochs; epoch++)
    for (const { agent, defense } of plan.arms)
      for (const scenario of episodic) {
        if ("runsOn" in agent && agent.runsOn !== undefined && !agent.runsOn(scenario)) continue;
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
      }
  return specs;
}

/** How a run is stopped (Ctrl-C) and how long the episodes in flight then get. */
export interface StopControl {
  /** When aborted, episodes not yet started are skipped; those in flight get `graceMs` to finish and be written. */
  signal: AbortSignal;
  /**
   * After this, episodes still in flight are left unwritten: a resume runs them again, which is
   * what an interrupted episode needs (an error record would blame the agent for the user's stop).
   */
  graceMs: number;
}

export interface EpisodeRunOptions {
  /** Called once: episodes in the plan, and how many of them were finished before (a resumed run). */
  onStart?: (total: number, skipped: number) => void;
  onRecord?: (record: EpisodeRecord, finished: number) => void;
  stop?: StopControl;
  /** Keys of episodes run before that ended in an error: their model calls go to the model, not the cache. */
  retried?: ReadonlySet<string>;
}

export interface EpisodesOutcome {
  records: EpisodeRecord[];
  /** Episodes that were in flight when the grace period ended; no record was written for them. */
  interrupted: number;
}

/** Resolves `graceMs` after `signal` aborts (never, while it does not). */
function graceOver(stop: StopControl | undefined): { over: Promise<void>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const over = new Promise<void>((resolve) => {
    if (!stop) return;
    onAbort = () => {
      timer = setTimeout(resolve, stop.graceMs);
    };
    if (stop.signal.aborted) onAbort();
    else stop.signal.addEventListener("abort", onAbort, { once: true });
  });
  return {
    over,
    cancel: () => {
      clearTimeout(timer);
      if (onAbort) stop?.signal.removeEventListener("abort", onAbort);
    },
  };
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
  options: EpisodeRunOptions = {},
): Promise<EpisodesOutcome> {
  const { stop, retried } = options;
  const all = planEpisodes(plan);
  const keyOf = (spec: EpisodeSpec) => episodeKey(spec.agent.id, spec.defense, spec.scenario.id, spec.epoch);
  const todo = all.filter((spec) => !finishedKeys.has(keyOf(spec)));
  options.onStart?.(all.length, all.length - todo.length);
  const limit = pLimit(Math.max(1, concurrency));
  let finished = all.length - todo.length;
  let inFlight = 0;
  let abandoned = false;
  const written: EpisodeRecord[] = [];
  const run = plan.runEpisode ?? runEpisode;
  const allDone = Promise.all(
    todo.map((spec) =>
      limit(async () => {
        // Episodes that never wait on I/O (reference agents) would otherwise run the whole plan
        // in one turn of the event loop, and a Ctrl-C would be seen only after the last of them.
        await nextTurn();
        if (stop?.signal.aborted) return;
        inFlight += 1;
        try {
          const record = await (retried?.has(keyOf(spec)) ? freshModelCalls(() => run(spec)) : run(spec));
          if (abandoned) return;
          writer.append(record);
          written.push(record);
          finished += 1;
          options.onRecord?.(record, finished);
        } finally {
          inFlight -= 1;
        }
      }),
    ),
  );
  const grace = graceOver(stop);
  try {
    const ended = await Promise.race([allDone.then(() => true), grace.over.then(() => false)]);
    if (!ended) {
      abandoned = true;
      limit.clearQueue();
    }
    return { records: written, interrupted: ended ? 0 : inFlight };
  } finally {
    grace.cancel();
  }
}
