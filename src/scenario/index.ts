// Public API of the scenario module: the scenario and workspace-state schemas (the data model of
// every app), loaders for own packs and the AgentCIBench format, feasibility checks, what an agent
// is given and what it answers, and the Python string helpers the reference's scoring needs.
export { type AgentInput, agentInputFor } from "./agent-input.js";
export { type AgentOutput, AgentOutputSchema } from "./agent-output.js";
export { APP_CATALOG } from "./app-catalog.js";
export { APP_HOSTS, appOfHost } from "./app-hosts.js";
export { APP_SLUGS, appOfSlug } from "./app-slugs.js";
export * from "./apps/calendar-app.js";
export * from "./apps/code-editor-app.js";
export * from "./apps/files-app.js";
export * from "./apps/forum-app.js";
export * from "./apps/mail-app.js";
export { isKeyframes } from "./apps/mail-css.js";
export * from "./apps/maps-app.js";
export * from "./apps/messenger-app.js";
export * from "./apps/shop-app.js";
export * from "./apps/terminal-app.js";
export * from "./apps/todo-app.js";
export * from "./apps/tracker-app.js";
export { type Attack, AttackSchema, isPayloadAttack, type PayloadAttack } from "./attack/attack.js";
export { evaluatorOperands } from "./attack/attack-checks.js";
export { ATTACK_FAMILIES, ATTACK_FAMILY_LABELS, AttackFamilySchema, TERMINAL_ACTIONS, TERMINAL_PHRASINGS } from "./attack/attack-family.js";
export { containsToken } from "./attack/contains-token.js";
export {
  type Evaluator,
  EvaluatorSchema,
  type FieldCondition,
  type Getter,
  type Metric,
} from "./attack/evaluator.js";
export type { OracleScripts, OracleStep } from "./attack/oracle-scripts.js";
export { stringLeaves } from "./attack/string-leaves.js";
export {
  BUILTIN_DATASET_LABEL,
  BUILTIN_PACK_DIR,
  builtinPackDir,
  INJECTION_DATASET_LABEL,
  INJECTION_PACK_DIR,
} from "./builtin-pack.js";
export { CHANNEL_APP } from "./channel-app.js";
export { datasetFingerprint } from "./dataset-fingerprint.js";
export { FAILURE_MODES, FAMILY_TO_FAILURE_MODE, type FailureMode, FailureModeSchema, type ScenarioFamily } from "./failure-mode.js";
export { checkFeasibility, truncatedPromptReason } from "./feasibility.js";
export { formatProblem, type LoadProblem, loadErrorOf, problemsFromZod } from "./load-problem.js";
export { loadScenarios, parseScenarioFile } from "./load-scenarios.js";
export { packYaml } from "./pack-yaml.js";
export { pythonStr } from "./python-str.js";
export { PY_WHITESPACE, pythonStrip, pythonStripRange } from "./python-strip.js";
export { renderStateText } from "./render-state-text.js";
export {
  type OutputChannel,
  OutputChannelSchema,
  type Provenance,
  type Recipient,
  RecipientSchema,
  type Scenario,
  type ScenarioInput,
  ScenarioSchema,
} from "./scenario.js";
export { scenarioDirectory } from "./scenario-directory.js";
export { isStratumKey, STRATUM_KEYS, type StratumKey } from "./scenario-strata.js";
export { describeSelection, type ScenarioSelection, selectScenarios } from "./select-scenarios.js";
export { stateLeafStrings } from "./state-text.js";
export { contentWords, normaliseText, wordsPresent } from "./text-tokens.js";
export { THEMATIC_CATEGORIES } from "./thematic-category.js";
export {
  AGENTCIBENCH_APP_NAMES,
  APP_NAMES,
  type AppName,
  presentApps,
  type WorkspaceState,
  type WorkspaceStateInput,
  WorkspaceStateSchema,
} from "./workspace-state.js";
export { SUBSET_PACK_FILE, writeScenarioSubset } from "./write-scenario-subset.js";
