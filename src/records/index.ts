// What a run writes and every other module reads back: the record of an episode, the manifest,
// the run folder (create, append, load, resume), content-addressed screenshots and the summary.
export {
  EPISODE_STATUSES,
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
export { type Failure, FailureSchema } from "./failure-record.js";
export { type InjectionScoreRecord, InjectionScoreRecordSchema } from "./injection-score-record.js";
export { type JudgeRecord, JudgeRecordSchema } from "./judge-record.js";
export {
  type MaskIntegrityPage,
  MaskIntegrityPageSchema,
  type MaskIntegrityRunSummary,
  type MaskIntegrityTaskRecord,
  MaskIntegrityTaskRecordSchema,
  readMaskIntegrity,
  summarizeMaskIntegrityRun,
  writeMaskIntegrityTask,
} from "./mask-integrity-record.js";
export { openRunForResume, type ResumableRun } from "./resume-run-folder.js";
export { type RowUsage, rowUsageOf, UNSPLIT_ROLE } from "./row-usage.js";
export {
  createRunFolder,
  type ReadRecordsResult,
  RecordWriter,
  RUN_FILES,
  readManifest,
  readRecords,
  rewriteRecords,
  writeJsonAtomic,
  writeTextAtomic,
} from "./run-folder.js";
export {
  type GuardSettingsRecord,
  GuardSettingsRecordSchema,
  ModelOptionsRecordSchema,
  type RunManifest,
  RunManifestSchema,
} from "./run-manifest.js";
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
export { SCREENSHOTS_DIR, ScreenshotStore } from "./screenshot-store.js";
export { type StepRecord, StepRecordSchema, type StepTurn, StepTurnSchema } from "./step-record.js";
