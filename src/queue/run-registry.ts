import type { Redis } from "ioredis";
import { z } from "zod";
import { QUEUE_PREFIX } from "./redis-connection.js";

/** The hash of the runs that have jobs: run id → `RunEntry`. Workers read it to find queues to serve. */
const RUNS_KEY = `${QUEUE_PREFIX}:runs`;

const RunEntrySchema = z.object({
  track: z.enum(["state-grounded", "e2e"]),
  episodes: z.number().int().nonnegative(),
  registered_at: z.string(),
});
export type RunEntry = z.infer<typeof RunEntrySchema>;

/** One BullMQ queue per run, so runs (and users) sharing a Redis never see each other's jobs. BullMQ names may not contain `:`. */
export function runQueueName(runId: string): string {
  return `run-${runId}`;
}

export async function registerRun(redis: Redis, runId: string, entry: RunEntry): Promise<void> {
  await redis.hset(RUNS_KEY, runId, JSON.stringify(entry));
}

export async function unregisterRun(redis: Redis, runId: string): Promise<void> {
  await redis.hdel(RUNS_KEY, runId);
}

/** Registered runs, by id; entries that do not parse (another program's, a newer version's) are left out. */
export async function registeredRuns(redis: Redis): Promise<Map<string, RunEntry>> {
  const runs = new Map<string, RunEntry>();
  for (const [runId, text] of Object.entries(await redis.hgetall(RUNS_KEY))) {
    try {
      const parsed = RunEntrySchema.safeParse(JSON.parse(text));
      if (parsed.success) runs.set(runId, parsed.data);
    } catch {
      // not JSON: not ours to read
    }
  }
  return runs;
}
