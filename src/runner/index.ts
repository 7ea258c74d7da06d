export { type NewRunOptions, newRunId, type ResumeOptions, resumeRun, type RunCallbacks, type RunResult, startRun } from "./bench-run.js";
export { datasetFingerprint } from "./dataset-fingerprint.js";
export { deriveSeed } from "./derive-seed.js";
export {
  EPISODE_STATUSES,
  type EpisodeRecord,
  EpisodeRecordSchema,
  type EpisodeStatus,
  episodeKey,
  statusOf,
} from "./episode-record.js";
export { type RunManifest, RunManifestSchema } from "./run-manifest.js";
export { type EpisodeJudge, type EpisodeSpec, type EpisodeUsage, type JudgeRecord, type ReplyWithUsage, runEpisode, type UsageReportingAgent } from "./run-episode.js";
export { type Arm, type EpisodePlan, planEpisodes, runEpisodes } from "./run-episodes.js";
export { RecordWriter, RUN_FILES, readManifest, readRecords } from "./run-store.js";
export { type AgentSummary, outcomeOf, type RunSummary, summarizeRecords } from "./summarize-records.js";
