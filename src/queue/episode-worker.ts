import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Job, Worker } from "bullmq";
import { Redis } from "ioredis";
import { freshModelCalls, ModelSetup, modelFlagsFrom } from "../models/index.js";
import type { EpisodeRecord } from "../records/index.js";
import {
  agentResolver,
  DEFAULT_E2E_SETTINGS,
  type E2eHarness,
  type EpisodeSpec,
  modelJudge,
  runEpisode,
  startE2eHarness,
  type Track,
} from "../runner/index.js";
import { closeWorker } from "./close-worker.js";
import { type EpisodeJob, EpisodeJobSchema, type EpisodeResult } from "./episode-job.js";
import { connectionOptions, QUEUE_PREFIX } from "./redis-connection.js";
import type { RedisTarget } from "./redis-url.js";
import { redactRedisUrls } from "./redis-url.js";
import { registeredRuns, runQueueName } from "./run-registry.js";

export interface EpisodeWorkerOptions {
  target: RedisTarget;
  /** Episodes in flight at once, per run being served. */
  concurrency: number;
  /** Runs of these tracks are served; others are left to workers that have (say) a browser. */
  tracks: readonly Track[];
  /**
   * How long a job stays claimed by a worker that stops renewing it (killed, machine gone) before
   * BullMQ's stall check hands it to another worker. Renewed every half of it while running.
   */
  lockMs: number;
  /** The model-call cache of this worker (its own machine's file). */
  cachePath: string;
  /** Aborting it: take no more jobs, finish those in flight, then return. */
  signal: AbortSignal;
  /** How often the run registry is read for new runs (ms). */
  pollMs?: number;
  onRunServed?: (runId: string) => void;
  onEpisode?: (record: EpisodeRecord) => void;
  onWarning?: (line: string) => void;
}

/** How a worker's loop ended. */
export interface EpisodeWorkerOutcome {
  /**
   * BullMQ workers whose close had to be forced (see closeWorker): their clients may reconnect and
   * hold the process open, so whoever runs the loop in a process of its own should end it.
   */
  forcedCloses: number;
}

/** Every screenshot a record names, read from where this worker's harness stored it. */
function screenshotsOf(record: EpisodeRecord, dir: string): Record<string, string> {
  const paths = new Set<string>();
  for (const step of record.steps ?? []) {
    if (step.screenshot) paths.add(step.screenshot);
    for (const turn of step.turns ?? []) if (turn.screenshot) paths.add(turn.screenshot);
  }
  return Object.fromEntries([...paths].map((path) => [path, readFileSync(join(dir, path)).toString("base64")]));
}

/**
 * A worker process's loop: serve every registered run of the wanted tracks with one BullMQ
 * worker per run queue, until `signal` aborts. An episode runs exactly as in a local run (the
 * same runner functions); agents, judges and model clients are rebuilt here from the job, with
 * this machine's keys. A job that cannot even start (an unknown agent on this version) fails,
 * and the collector writes it as an error record.
 */
export async function runEpisodeWorker(options: EpisodeWorkerOptions): Promise<EpisodeWorkerOutcome> {
  const registry = new Redis(connectionOptions(options.target));
  let lastWarning = "";
  const warn = (error: unknown) => {
    const line = redactRedisUrls(`queue: ${(error as Error)?.message ?? String(error)}`);
    if (line !== lastWarning) options.onWarning?.(line);
    lastWarning = line;
  };
  registry.on("error", warn);
  const workers = new Map<string, Worker>();
  /** Jobs running, per BullMQ worker: closing waits for these without a bound (see closeWorker). */
  const running = new Map<Worker, Set<Promise<EpisodeResult>>>();
  const closing = new Set<Promise<void>>();
  let forced = 0;
  const harnesses = new Map<string, { harness: Promise<E2eHarness>; dir: string }>();
  const setups = new Map<string, ModelSetup>();

  const modelsFor = (job: EpisodeJob): ModelSetup => {
    const saved = job.model_options ?? {};
    const id = JSON.stringify([job.cache, saved]);
    let setup = setups.get(id);
    if (!setup) {
      const flags = modelFlagsFrom({
        cache: job.cache,
        cachePath: options.cachePath,
        baseUrl: saved.base_url,
        config: saved.config,
        timeoutMs: saved.timeout_ms,
        maxRetries: saved.max_retries,
      });
      setup = new ModelSetup(flags, options.cachePath);
      setups.set(id, setup);
    }
    return setup;
  };
  const harnessFor = (job: EpisodeJob) => {
    let entry = harnesses.get(job.run_id);
    if (!entry) {
      const dir = mkdtempSync(join(tmpdir(), "safecua-worker-"));
      const settings = job.e2e ?? DEFAULT_E2E_SETTINGS;
      entry = { dir, harness: startE2eHarness({ runDir: dir, settings }) };
      harnesses.set(job.run_id, entry);
    }
    return entry;
  };
  const processJob = async (job: Job): Promise<EpisodeResult> => {
    const data = EpisodeJobSchema.parse(job.data);
    const models = modelsFor(data);
    const observation = data.e2e?.observation ?? DEFAULT_E2E_SETTINGS.observation;
    const agent = await agentResolver(data.track, models, observation, data.e2e?.guard ?? {})(data.agent, data.defense);
    const spec: EpisodeSpec = {
      runId: data.run_id,
      scenario: data.scenario,
      agent,
      defense: data.defense.name,
      epoch: data.epoch,
      seed: data.seed,
      matcher: data.matcher,
      ...(data.judge !== undefined && { judge: modelJudge(models.client(data.judge), data.judge) }),
    };
    const e2e = data.track === "e2e" ? harnessFor(data) : undefined;
    const harness = e2e && (await e2e.harness);
    const run = harness ? harness.runEpisode : runEpisode;
    const record = await (data.fresh ? freshModelCalls(() => run(spec)) : run(spec));
    options.onEpisode?.(record);
    return { record, screenshots: e2e ? screenshotsOf(record, e2e.dir) : {} };
  };

  const closeRun = async (runId: string) => {
    const worker = workers.get(runId);
    workers.delete(runId);
    // Taken out of the maps before the wait, so a run registered again meanwhile (a collector's
    // resume after Redis came back empty) gets a new worker and harness, never this closing one.
    const entry = harnesses.get(runId);
    harnesses.delete(runId);
    // Waits for the jobs in flight, whose results the collector (or its resume) still collects.
    if (worker) {
      const outcome = await closeWorker(worker, running.get(worker) ?? []);
      running.delete(worker);
      if (outcome === "forced") {
        forced += 1;
        warn(new Error(`run ${runId}: BullMQ did not close after its episodes finished; its connections were closed`));
      }
    }
    if (entry) {
      await (await entry.harness.catch(() => undefined))?.close();
      rmSync(entry.dir, { recursive: true, force: true });
    }
  };
  const sync = async () => {
    const runs = await registeredRuns(registry);
    for (const [runId, entry] of runs) {
      if (workers.has(runId) || !options.tracks.includes(entry.track)) continue;
      const jobs = new Set<Promise<EpisodeResult>>();
      const track = (job: Job) => {
        const result = processJob(job);
        jobs.add(result);
        const done = () => jobs.delete(result);
        result.then(done, done);
        return result;
      };
      const worker = new Worker(runQueueName(runId), track, {
        connection: connectionOptions(options.target),
        prefix: QUEUE_PREFIX,
        concurrency: options.concurrency,
        lockDuration: options.lockMs,
        stalledInterval: Math.max(500, Math.round(options.lockMs / 2)),
        // One more worker may try a job whose worker died; a second loss fails it, and the
        // collector writes an error record (retried on resume) rather than losing it.
        maxStalledCount: 1,
      });
      worker.on("error", warn);
      workers.set(runId, worker);
      running.set(worker, jobs);
      options.onRunServed?.(runId);
    }
    // Closed in the background: a run's close waits for its jobs in flight, and meanwhile the
    // loop must go on taking new runs (or the same run registered again by a resume).
    for (const runId of [...workers.keys()]) {
      if (runs.has(runId)) continue;
      const closed: Promise<void> = closeRun(runId)
        .catch(warn)
        .finally(() => closing.delete(closed));
      closing.add(closed);
    }
  };

  try {
    while (!options.signal.aborted) {
      await sync().catch(warn);
      // Aborting cuts the wait short (the rejection is the signal's, expected).
      await sleep(options.pollMs ?? 1000, undefined, { signal: options.signal }).catch(() => undefined);
    }
  } finally {
    for (const runId of [...workers.keys()]) await closeRun(runId);
    await Promise.all(closing);
    for (const setup of setups.values()) setup.close();
    registry.disconnect();
  }
  return { forcedCloses: forced };
}
