// What a run writes and every other module reads back: the record of an episode, the manifest,
// the run folder (create, append, load, resume), content-addressed screenshots and the summary.
export {
  type EpisodeRecord,
  EpisodeRecordSchema,
  type EpisodeStatus,
  type ErrorRecord,
  episodeKey,
  injectionStatusOf,
  isScored,
  type ScoredRecord,
  ScoredRecordSchema,
  statusOf,
} from "./episode-record.js";
export type { Failure } from "./failure-record.js";
export type { InjectionScoreRecord } from "./injection-score-record.js";
export type { JudgeRecord } from "./judge-record.js";
export {
  type MaskIntegrityPage,
  type MaskIntegrityRunSummary,
  type MaskIntegrityTaskRecord,
  readMaskIntegrity,
  summarizeMaskIntegrityRun,
  writeMaskIntegrityTask,
} from "./mask-integrity-record.js";
export { openRunForResume, type ResumableRun } from "./resume-run-folder.js";
export { rowUsageOf } from "./row-usage.js";
export { createRunFolder, RecordWriter, RUN_FILES, readManifest, readRecords, writeJsonAtomic, writeTextAtomic } from "./run-folder.js";
export { GuardSettingsRecordSchema, ModelOptionsRecordSchema, type RunManifest, RunManifestSchema } from "./run-manifest.js";
export {
  type AgentSummary,
  injectionOutcomeOf,
  isEngaged,
  outcomeOf,
  type RunSummary,
  type SummaryBasis,
  summarizeRun,
} from "./run-summary.js";
export { type ScoreRecord, ScoreRecordSchema } from "./score-record.js";
export { ScreenshotStore } from "./screenshot-store.js";
export { type StepRecord, type StepTurn, StepTurnSchema } from "./step-record.js";
