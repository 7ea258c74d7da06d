export { type AgentInput, agentInputFor, agentInputToJson } from "./agent-input.js";
export { type AgentOutput, AgentOutputSchema } from "./agent-output.js";
export * from "./apps/calendar-app.js";
export * from "./apps/code-editor-app.js";
export * from "./apps/maps-app.js";
export * from "./apps/messenger-app.js";
export * from "./apps/shop-app.js";
export * from "./apps/todo-app.js";
export { BUILTIN_DATASET_LABEL, BUILTIN_PACK_DIR } from "./builtin-pack.js";
export { datasetFingerprint } from "./dataset-fingerprint.js";
export { FAILURE_MODES, FAMILY_TO_FAILURE_MODE, type FailureMode, FailureModeSchema, type ScenarioFamily } from "./failure-mode.js";
export { checkFeasibility, truncatedPromptReason } from "./feasibility.js";
export { formatProblem, type LoadProblem, loadErrorOf, problemsFromZod } from "./load-problem.js";
export { type LoadOptions, type LoadResult, loadScenarios, parseScenarioFile } from "./load-scenarios.js";
export { PackFileSchema, type PackHeader, PackHeaderSchema } from "./pack-file.js";
export { pythonRepr, pythonStr } from "./python-str.js";
export { PY_WHITESPACE, pythonStrip, pythonStripRange } from "./python-strip.js";
export { renderStateText } from "./render-state-text.js";
export {
  OUTPUT_CHANNELS,
  type OutputChannel,
  OutputChannelSchema,
  type Provenance,
  ProvenanceSchema,
  type Recipient,
  RecipientSchema,
  type Scenario,
  type ScenarioInput,
  ScenarioSchema,
} from "./scenario.js";
export { leafStrings, stateLeafStrings } from "./state-text.js";
export { contentWords, normaliseText, wordsPresent } from "./text-tokens.js";
export { THEMATIC_CATEGORIES, type ThematicCategory, ThematicCategorySchema } from "./thematic-category.js";
export {
  APP_NAMES,
  type AppName,
  presentApps,
  type WorkspaceState,
  type WorkspaceStateInput,
  WorkspaceStateSchema,
} from "./workspace-state.js";
