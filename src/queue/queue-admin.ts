import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { checkRedis, connectionOptions, QUEUE_PREFIX } from "./redis-connection.js";
import type { RedisTarget } from "./redis-url.js";
import { registeredRuns, runQueueName, unregisterRun } from "./run-registry.js";

/** One run's jobs as Redis holds them: waiting for a worker, running, and finished but not yet written by its collector. */
export interface RunQueueStatus {
  run_id: string;
  track: string;
  queued: number;
  active: number;
  completed: number;
  failed: number;
}

async function withQueues<T>(target: RedisTarget, work: (redis: Redis, queueOf: (runId: string) => Queue) => Promise<T>): Promise<T> {
  await checkRedis(target);
  const redis = new Redis(connectionOptions(target, true));
  redis.on("error", () => {});
  const opened: Queue[] = [];
  const queueOf = (runId: string) => {
    const queue = new Queue(runQueueName(runId), { connection: connectionOptions(target, true), prefix: QUEUE_PREFIX });
    queue.on("error", () => {});
    opened.push(queue);
    return queue;
  };
  try {
    return await work(redis, queueOf);
  } finally {
    for (const queue of opened) await queue.close().catch(() => undefined);
    redis.disconnect();
  }
}

async function statusOf(queue: Queue, runId: string, track: string): Promise<RunQueueStatus> {
  const counts = await queue.getJobCounts("waiting", "prioritized", "delayed", "active", "completed", "failed");
  return {
    run_id: runId,
    track,
    queued: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
    active: counts.active ?? 0,
    completed: counts.completed ?? 0,
    failed: counts.failed ?? 0,
  };
}

/** Every registered run (or just `runId`, registered or not), with its job counts, sorted by run id (which sorts by start time). */
export function queueStatus(target: RedisTarget, runId?: string): Promise<RunQueueStatus[]> {
  return withQueues(target, async (redis, queueOf) => {
    const runs = await registeredRuns(redis);
    const ids = runId !== undefined ? [runId] : [...runs.keys()].sort();
    return Promise.all(ids.map((id) => statusOf(queueOf(id), id, runs.get(id)?.track ?? "(not registered)")));
  });
}

/** Removes a run's waiting jobs: workers finish what they are running and take nothing more of it. Returns how many were removed. */
export function drainRun(target: RedisTarget, runId: string): Promise<number> {
  return withQueues(target, async (_redis, queueOf) => {
    const queue = queueOf(runId);
    const before = await statusOf(queue, runId, "");
    await queue.drain(true);
    const after = await statusOf(queue, runId, "");
    return before.queued - after.queued;
  });
}

/**
 * Deletes every job of a run, finished results not yet written included, and unregisters it;
 * a resume of the run then enqueues what its records file lacks. Returns the jobs deleted.
 */
export function clearRun(target: RedisTarget, runId: string): Promise<number> {
  return withQueues(target, async (redis, queueOf) => {
    const queue = queueOf(runId);
    const before = await statusOf(queue, runId, "");
    await unregisterRun(redis, runId);
    await queue.obliterate({ force: true });
    return before.queued + before.active + before.completed + before.failed;
  });
}
