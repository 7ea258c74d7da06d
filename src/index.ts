/**
 * safecua as a library. Every module is a namespace with a chosen public surface (its
 * `index.ts`); the names most programs start from are also exported flat:
 *
 * ```ts
 * import { loadScenarios, startRun, agents, report } from "safecua";
 * const { scenarios } = await loadScenarios(["my-pack/"]);
 * const run = await startRun({ scenarios, arms: [{ agent: agents.REFERENCE_AGENTS[0], defense: "none" }], … });
 * await report.writeRunReports(run.runDir);
 * ```
 *
 * Modules: `scenario` (data model, loaders), `scoring` (matcher, judge), `stats`, `models`
 * (provider:model clients, cache, usage), `agents`, `records` (what a run writes), `runner`,
 * `queue` (a run's episodes on workers over BullMQ/Redis), `report`, `browser`, `workspace`, `guard` (the trust mask), `generator` (MCTS surfacing) and
 * `core` (the input error, canonical JSON). docs/design/modules.md says what each owns.
 */

export type { Agent, AgentReply, StateAgent, UiAgent } from "./agents/index.js";
export * as agents from "./agents/index.js";
export * as browser from "./browser/index.js";
export * as core from "./core/index.js";
export { InputError } from "./core/index.js";
export * as generator from "./generator/index.js";
export * as guard from "./guard/index.js";
export * as injection from "./injection/index.js";
export * as models from "./models/index.js";
export { createModelClient, type ModelClient, type Usage } from "./models/index.js";
export * as queue from "./queue/index.js";
export * as records from "./records/index.js";
export { type EpisodeRecord, type RunManifest, type RunSummary, readManifest, readRecords, summarizeRun } from "./records/index.js";
export * as report from "./report/index.js";
export { renderHtmlReport, writeRunReports } from "./report/index.js";
export * as runner from "./runner/index.js";
export { type RunResult, resumeRun, startRun } from "./runner/index.js";
export * as scenario from "./scenario/index.js";
export { type AgentOutput, loadScenarios, type Scenario, ScenarioSchema } from "./scenario/index.js";
export * as scoring from "./scoring/index.js";
export { type MatcherMode, type Score, scoreOutput } from "./scoring/index.js";
export * as stats from "./stats/index.js";
export { summarizeOutcomes } from "./stats/index.js";
export * as workspace from "./workspace/index.js";
