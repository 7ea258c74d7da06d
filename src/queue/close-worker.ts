import { setTimeout as sleep } from "node:timers/promises";

/** The part of a BullMQ `Worker` that closing needs (a seam, so the bound is testable without Redis). */
export interface ClosableWorker {
  close(force?: boolean): Promise<void>;
  disconnect(): Promise<void>;
}

/** How closing ended: BullMQ closed on its own, or its connections were closed for it. */
export type CloseOutcome = "closed" | "forced";

/** How long BullMQ may take to close once every episode of the worker has finished. */
const CLOSE_GRACE_MS = 10_000;

const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => true,
  );

/**
 * Closes a run's BullMQ worker after its episodes in flight finish. The wait for those episodes is
 * ours (`inFlight`: the promises of the jobs it is running) and has no bound: an episode's result is
 * what the collector is waiting for. BullMQ's own close gets `graceMs` more, then its connections
 * are closed without it: after a Redis outage its blocking client can stay parked in ioredis'
 * "reconnecting" state and `close()` never resolves (taskforcesh/bullmq#4585, #4656), which hung a
 * worker's Ctrl-C for good. A job whose completion BullMQ had not yet written is then run again by
 * another worker when its lock lapses, and the collector writes its record once, as after a kill.
 */
export async function closeWorker(
  worker: ClosableWorker,
  inFlight: Iterable<Promise<unknown>>,
  graceMs = CLOSE_GRACE_MS,
): Promise<CloseOutcome> {
  const closing = settled(worker.close());
  await Promise.all([...inFlight].map(settled));
  const timeout = new AbortController();
  const closed = await Promise.race([closing, sleep(graceMs, false, { signal: timeout.signal }).catch(() => false)]);
  timeout.abort();
  if (closed) return "closed";
  // Each step bounded too: the point is that closing ends.
  for (const step of [() => worker.close(true), () => worker.disconnect()]) {
    const bound = new AbortController();
    await Promise.race([settled(step()), sleep(graceMs, false, { signal: bound.signal }).catch(() => false)]);
    bound.abort();
  }
  return "forced";
}
