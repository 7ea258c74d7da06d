// Public API of the queue: a run's episodes on a BullMQ queue over Redis. The collector plans the
// run as a local one and alone writes its folder; workers on any machine run the episodes.

export { type CollectOutcome, collectEpisodes, type QueueProgress } from "./collect-episodes.js";
export { type EpisodeJob, EpisodeJobSchema, type EpisodeResult, EpisodeResultSchema, jobIdFor } from "./episode-job.js";
export { type EpisodeWorkerOptions, type EpisodeWorkerOutcome, runEpisodeWorker } from "./episode-worker.js";
export { clearRun, drainRun, queueStatus, type RunQueueStatus } from "./queue-admin.js";
export { type QueuedRunResult, type QueueSettings, resumeQueuedRun, startQueuedRun } from "./queued-run.js";
export { checkRedis, QUEUE_PREFIX } from "./redis-connection.js";
export { parseRedisUrl, type RedisTarget, redactRedisUrls } from "./redis-url.js";
export { registeredRuns, runQueueName } from "./run-registry.js";
