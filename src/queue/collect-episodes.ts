import { setTimeout as sleep } from "node:timers/promises";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import type { Defense } from "../agents/index.js";
import type { CacheMode, ModelOptionsRecord } from "../models/index.js";
import { type EpisodeRecord, episodeKey, RecordWriter, type RunManifest, ScreenshotStore } from "../records/index.js";
import { type Arm, type E2eTrackSettings, type EpisodeSpec, episodeBase, planEpisodes, type StopControl } from "../runner/index.js";
import type { Scenario } from "../scenario/index.js";
import { type EpisodeJob, EpisodeResultSchema, jobIdFor } from "./episode-job.js";
import { connectionOptions, QUEUE_PREFIX } from "./redis-connection.js";
import { type RedisTarget, redactRedisUrls } from "./redis-url.js";
import { registerRun, runQueueName, unregisterRun } from "./run-registry.js";

/** What the queue holds for a run right now, and what the collector has written. */
export interface QueueProgress {
  queued: number;
  active: number;
  /** Records written to the run folder so far (this session and before). */
  done: number;
  /** Of those, error records. */
  failed: number;
}

export interface CollectOptions {
  target: RedisTarget;
  runDir: string;
  manifest: RunManifest;
  scenarios: Scenario[];
  arms: Arm[];
  /** Every defense of the arms, by name: its wording goes into the jobs. */
  defenses: ReadonlyMap<string, Defense>;
  e2e?: E2eTrackSettings;
  modelOptions?: ModelOptionsRecord;
  cache: CacheMode;
  /** Keys already in the records file. */
  finished: ReadonlySet<string>;
  /**
   * A resume's keys whose error record was dropped: run again with fresh model calls, whatever
   * Redis still holds for them. Given (even empty) on every resume: it also makes the collector
   * look for the run's jobs left in Redis.
   */
  retried?: ReadonlySet<string>;
  stop?: StopControl;
  onStart?: (total: number, skipped: number) => void;
  onRecord?: (record: EpisodeRecord, finished: number) => void;
  onQueue?: (progress: QueueProgress) => void;
  /** How often the queue is read for finished jobs when the last read found none (ms). */
  pollMs?: number;
}

export interface CollectOutcome {
  /** Episodes still running on workers when the stop's grace period ended: their results wait in Redis for a resume. */
  interrupted: number;
  /** Why collecting stopped early when Redis went away (the URL without its password). */
  lost?: string;
}

const ENQUEUE_CHUNK = 500;
const COLLECT_BATCH = 200;

/** A job that failed (its worker could not run it, or lost it twice) as the error record the run keeps. */
function failedRecord(spec: EpisodeSpec, reason: string, startedAt: number, finishedAt: number): EpisodeRecord {
  const lost = /stalled/i.test(reason);
  return {
    ...episodeBase(spec, startedAt),
    status: "error",
    error: { kind: lost ? "worker_lost" : "worker", message: lost ? `the workers running it were lost (${reason})` : reason },
    duration_ms: Math.max(0, finishedAt - startedAt),
  };
}

/**
 * The collector of a queued run: enqueues one job per episode still to do, then writes each
 * result to the run folder as it arrives — the only process that writes there. Exactly once:
 * a result whose key is already written (a job retried after a stall, a resume after a kill
 * between writing and removing) is dropped, and a job is removed from Redis only after its
 * record is appended, so a collector killed at any point loses nothing its resume cannot collect.
 */
export async function collectEpisodes(options: CollectOptions): Promise<CollectOutcome> {
  const { manifest, target } = options;
  const runId = manifest.run_id;
  const specs = planEpisodes({
    runId,
    scenarios: options.scenarios,
    arms: options.arms,
    epochs: manifest.epochs,
    seed: manifest.seed,
    matcher: manifest.matcher,
  });
  const keyOf = (spec: EpisodeSpec) => episodeKey(spec.agent.id, spec.defense, spec.scenario.id, spec.epoch);
  const written = new Set(options.finished);
  const todo = new Map(specs.filter((spec) => !written.has(keyOf(spec))).map((spec) => [keyOf(spec), spec]));
  options.onStart?.(specs.length, specs.length - todo.size);

  const queue = new Queue(runQueueName(runId), { connection: connectionOptions(target, true), prefix: QUEUE_PREFIX });
  const redis = new Redis(connectionOptions(target, true));
  // Connection trouble also surfaces as rejected commands, which end the collection below.
  queue.on("error", () => {});
  redis.on("error", () => {});
  const writer = new RecordWriter(options.runDir);
  const screenshots = manifest.track === "e2e" ? new ScreenshotStore(options.runDir) : undefined;
  let failed = 0;
  let interrupted = 0;
  const jobOf = (spec: EpisodeSpec, key: string): EpisodeJob => {
    const defense = options.defenses.get(spec.defense);
    if (!defense) throw new Error(`no defense named ${spec.defense} was given for the jobs`);
    return {
      key,
      run_id: runId,
      scenario: spec.scenario,
      agent: spec.agent.id,
      defense: { ...defense },
      epoch: spec.epoch,
      seed: spec.seed,
      matcher: spec.matcher,
      ...(manifest.judge !== undefined && { judge: manifest.judge }),
      fresh: options.retried?.has(key) ?? false,
      track: manifest.track ?? "state-grounded",
      ...(options.e2e && { e2e: options.e2e }),
      ...(options.modelOptions && { model_options: options.modelOptions }),
      cache: options.cache,
    };
  };
  const write = (record: EpisodeRecord, images: Record<string, string>) => {
    for (const [path, base64] of Object.entries(images)) {
      const extension = path.endsWith(".png") ? "png" : "jpg";
      const stored = screenshots?.save(Buffer.from(base64, "base64"), extension);
      // The name is the content's hash: a different one means the image changed on the way.
      if (stored !== path) throw new Error(`screenshot ${path} arrived as ${stored ?? "nothing"} (damaged in transit)`);
    }
    writer.append(record);
    written.add(record.key);
    if (record.status === "error") failed += 1;
    options.onRecord?.(record, written.size);
  };

  try {
    await registerRun(redis, runId, {
      track: manifest.track ?? "state-grounded",
      episodes: todo.size,
      registered_at: new Date().toISOString(),
    });
    // A resume finds jobs of the run still in Redis: results not yet written are collected below;
    // failed jobs, and those of episodes whose error record was dropped, run again.
    const entries = [...todo.entries()];
    for (let start = 0; start < entries.length && !options.stop?.signal.aborted; start += ENQUEUE_CHUNK) {
      const chunk = entries.slice(start, start + ENQUEUE_CHUNK);
      // A new run's queue is empty: only a resume has jobs to look at.
      if (options.retried)
        await Promise.all(
          chunk.map(async ([key]) => {
            const existing = await queue.getJob(jobIdFor(key));
            if (!existing) return;
            const state = await existing.getState();
            if (state === "failed" || (options.retried?.has(key) && state !== "active")) await existing.remove();
          }),
        );
      await queue.addBulk(
        chunk.map(([key, spec]) => ({
          name: "episode",
          data: jobOf(spec, key),
          opts: { jobId: jobIdFor(key), removeOnComplete: false, removeOnFail: false, attempts: 1 },
        })),
      );
    }

    let drained = false;
    let graceEnds = Number.POSITIVE_INFINITY;
    for (;;) {
      if (options.stop?.signal.aborted && !drained) {
        // Ctrl-C: no worker starts another episode of this run; those running finish within the grace.
        drained = true;
        graceEnds = Date.now() + options.stop.graceMs;
        await queue.drain(true);
        await unregisterRun(redis, runId);
      }
      const batch = await queue.getJobs(["completed", "failed"], 0, COLLECT_BATCH - 1, true);
      for (const job of batch) {
        const key = typeof job.data?.key === "string" ? job.data.key : undefined;
        const spec = key === undefined ? undefined : todo.get(key);
        if (key !== undefined && spec && !written.has(key)) {
          const result = job.failedReason ? undefined : EpisodeResultSchema.safeParse(job.returnvalue);
          if (result?.success) write(result.data.record, result.data.screenshots);
          else {
            const reason = job.failedReason || `the worker's result is not a record: ${result?.error.issues[0]?.message ?? "empty"}`;
            write(failedRecord(spec, reason, job.processedOn ?? job.timestamp, job.finishedOn ?? Date.now()), {});
          }
        }
      }
      // Removed only once written: a collector killed before this line finds the jobs again on resume.
      await Promise.all(batch.map((job) => job.remove()));
      const counts = await queue.getJobCounts("waiting", "prioritized", "delayed", "active", "completed", "failed");
      const queued = (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0);
      const active = counts.active ?? 0;
      options.onQueue?.({ queued, active, done: written.size, failed });
      if ([...todo.keys()].every((key) => written.has(key))) break;
      // Nothing left in Redis for this run (drained, cleared, or all collected): the rest is for a resume.
      if (queued + active + (counts.completed ?? 0) + (counts.failed ?? 0) === 0) break;
      if (Date.now() >= graceEnds) {
        interrupted = active;
        break;
      }
      if (batch.length === 0) await sleep(options.pollMs ?? 100);
    }
    if (interrupted === 0 && !drained) {
      await unregisterRun(redis, runId);
      await queue.obliterate({ force: true });
    }
    return { interrupted };
  } catch (error) {
    const message = redactRedisUrls((error as Error)?.message ?? String(error));
    if (!isConnectionError(error)) throw error;
    return { interrupted: 0, lost: `lost Redis at ${target.display} (${message})` };
  } finally {
    writer.close();
    await queue.close().catch(() => undefined);
    redis.disconnect();
  }
}

/** ioredis gives up on a command after its retries with these; anything else is a bug to report. */
function isConnectionError(error: unknown): boolean {
  const text = `${(error as Error)?.name ?? ""} ${(error as Error)?.message ?? ""}`;
  return /MaxRetriesPerRequest|ECONNREFUSED|ECONNRESET|Connection is closed|ETIMEDOUT|EPIPE|ENOTFOUND|Stream isn't writeable/i.test(text);
}
