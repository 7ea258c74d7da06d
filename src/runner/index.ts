// Public API of the runner: plan a run (agents × defenses × scenarios × epochs), run its episodes
// on either track, write the records as they finish, resume what a killed run left.

export {
  type AgentResolver,
  agentResolver,
  buildArms,
  DEFAULT_AGENTS,
  defenseFromManifest,
  isModelSpec,
  stateAgentFor,
  TRACKS,
  type Track,
  uiAgentFor,
} from "./agent-specs.js";
export {
  finishRun,
  type NewRunOptions,
  newRunId,
  newRunManifest,
  type PreparedResume,
  prepareResume,
  type ResumeOptions,
  type RunCallbacks,
  type RunResult,
  resumeRun,
  startRun,
} from "./bench-run.js";
export { deriveSeed } from "./derive-seed.js";
export { type DomIndex, type DomNode, hasAttribute, readDomIndex, selfAndAncestors } from "./dom-index.js";
export { CHANNEL_ARTIFACTS, type E2eEnding, e2eOutput, isExpectedArtifact } from "./e2e-completion.js";
export { type E2eHarness, type E2eHarnessOptions, startE2eHarness } from "./e2e-harness.js";
export { DEFAULT_E2E_SETTINGS, type E2eTrackSettings } from "./e2e-settings.js";
export { episodeBase } from "./episode-base.js";
export type { EpisodeJudge, EpisodeSpec, JudgeOutcome } from "./episode-spec.js";
export { type GuardRoleSpecs, guardRoles, isGuardedSpec, parseGuardAblations } from "./guarded-agent-spec.js";
export { injectionManifest, SUITES, type Suite } from "./injection-manifest.js";
export { attemptTraceOf, injectionScoreOf } from "./injection-score-of.js";
export { type Dataset, isBuiltinLabel, loadDataset } from "./load-dataset.js";
export { type MaskIntegrityEnvironment, measureMaskIntegrity } from "./mask-integrity-harness.js";
export { isMaskIntegrityTask } from "./mask-integrity-task.js";
export { clippedArea, maskBitmap, unmaskedPixels } from "./mask-pixels.js";
export {
  describeRow,
  isCapacityRelease,
  isHidden,
  isLeak,
  type Mark,
  type MeasuredRow,
  type MeasuredView,
  measurePage,
} from "./measure-page.js";
export { modelJudge } from "./model-judge.js";
export { modelSetupFromManifest, type RebuiltRun, rebuildFromManifest } from "./rebuild-from-manifest.js";
export { type E2eEnvironment, type E2eEpisodeSettings, MAX_PARSE_FAILURES_IN_A_ROW, runE2eEpisode } from "./run-e2e-episode.js";
export { runEpisode } from "./run-episode.js";
export { type Arm, type EpisodePlan, type EpisodesOutcome, planEpisodes, runEpisodes, type StopControl } from "./run-episodes.js";
export { type MaskIntegrityRunOptions, runMaskIntegrity } from "./run-mask-integrity.js";
export { AnswerLineSchema, type ScoredAnswers, type ScoredRow, scoreAnswers } from "./score-answers.js";
export { sinkRequestOf, sinkRequestsOf } from "./sink-requests-of.js";
export { type SnapshotPage, snapshotScenario } from "./workspace-snapshot.js";
