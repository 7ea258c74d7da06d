export { type NewRunOptions, newRunId, type ResumeOptions, type RunCallbacks, type RunResult, resumeRun, startRun } from "./bench-run.js";
export { datasetFingerprint } from "./dataset-fingerprint.js";
export { deriveSeed } from "./derive-seed.js";
export { CHANNEL_ARTIFACTS, type E2eEnding, e2eOutput, isExpectedArtifact } from "./e2e-completion.js";
export { DEFAULT_E2E_SETTINGS, type E2eHarness, type E2eHarnessOptions, type E2eTrackSettings, startE2eHarness } from "./e2e-harness.js";
export {
  EPISODE_STATUSES,
  type EpisodeRecord,
  EpisodeRecordSchema,
  type EpisodeStatus,
  episodeKey,
  type StepRecord,
  StepRecordSchema,
  statusOf,
} from "./episode-record.js";
export { type E2eEnvironment, type E2eEpisodeSettings, MAX_PARSE_FAILURES_IN_A_ROW, runE2eEpisode } from "./run-e2e-episode.js";
export {
  type EpisodeJudge,
  type EpisodeSpec,
  type EpisodeUsage,
  type JudgeRecord,
  type ReplyWithUsage,
  runEpisode,
  type UsageReportingAgent,
} from "./run-episode.js";
export { type Arm, type EpisodePlan, planEpisodes, runEpisodes } from "./run-episodes.js";
export { type RunManifest, RunManifestSchema } from "./run-manifest.js";
export { RecordWriter, RUN_FILES, readManifest, readRecords } from "./run-store.js";
export { SCREENSHOTS_DIR, ScreenshotStore } from "./screenshot-store.js";
export { type AgentSummary, outcomeOf, type RunSummary, summarizeRecords } from "./summarize-records.js";
export { type SnapshotPage, snapshotScenario } from "./workspace-snapshot.js";
