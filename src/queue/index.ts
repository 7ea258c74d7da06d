// Public API of the queue: a run's episodes on a BullMQ queue over Redis. The collector plans the
// run as a local one and alone writes its folder; workers on any machine run the episodes.

export type { QueueProgress } from "./collect-episodes.js";
export { EpisodeJobSchema } from "./episode-job.js";
export { runEpisodeWorker } from "./episode-worker.js";
export { clearRun, drainRun, queueStatus } from "./queue-admin.js";
export { resumeQueuedRun, startQueuedRun } from "./queued-run.js";
export { checkRedis } from "./redis-connection.js";
export { parseRedisUrl, type RedisTarget, redactRedisUrls } from "./redis-url.js";
