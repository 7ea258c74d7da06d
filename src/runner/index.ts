// Public API of the runner: plan a run (agents × defenses × scenarios × epochs), run its episodes
// on either track, write the records as they finish, resume what a killed run left.

export {
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
  newRunManifest,
  prepareResume,
  type ResumeOptions,
  type RunCallbacks,
  type RunResult,
  resumeRun,
  startRun,
} from "./bench-run.js";
export { type DomIndex, type DomNode, hasAttribute, readDomIndex, selfAndAncestors } from "./dom-index.js";
export { type E2eEnding, e2eOutput, isExpectedArtifact } from "./e2e-completion.js";
export { type E2eHarness, startE2eHarness } from "./e2e-harness.js";
export { DEFAULT_E2E_SETTINGS, type E2eTrackSettings } from "./e2e-settings.js";
export { episodeBase } from "./episode-base.js";
export type { EpisodeJudge, EpisodeSpec } from "./episode-spec.js";
export { type GuardRoleSpecs, guardRoles, isGuardedSpec, parseGuardAblations } from "./guarded-agent-spec.js";
export { injectionManifest, SUITES, type Suite } from "./injection-manifest.js";
export { attemptTraceOf, injectionScoreOf } from "./injection-score-of.js";
export { type Dataset, loadDataset } from "./load-dataset.js";
export { measureMaskIntegrity } from "./mask-integrity-harness.js";
export { clippedArea, maskBitmap, unmaskedPixels } from "./mask-pixels.js";
export { describeRow, isCapacityRelease, isHidden, isLeak, type MeasuredView, measurePage } from "./measure-page.js";
export { modelJudge } from "./model-judge.js";
export { ownedFilesOf } from "./owned-files-of.js";
export { modelSetupFromManifest, rebuildFromManifest } from "./rebuild-from-manifest.js";
export { runEpisode } from "./run-episode.js";
export { type Arm, planEpisodes, type StopControl } from "./run-episodes.js";
export { runMaskIntegrity } from "./run-mask-integrity.js";
export { type ScoredRow, scoreAnswers } from "./score-answers.js";
export { sinkRequestOf } from "./sink-requests-of.js";
export { snapshotScenario } from "./workspace-snapshot.js";
