/**
 * safecua as a library: the names a program needs to run the benchmark, score answers, guard a
 * page and read runs, and nothing else. Each module's own `index.ts` is what the other modules use;
 * it is not a promise to library users, and this list is (the README's "Library" shows it at work,
 * and `examples/library-run.ts` runs it).
 *
 * ```ts
 * import { loadDataset, REFERENCE_AGENTS, startRun, writeRunReports } from "safecua";
 * const dataset = await loadDataset([], console.error); // the built-in pack
 * const run = await startRun({ scenarios: dataset.scenarios, dataset, arms: REFERENCE_AGENTS.map((agent) => ({ agent, defense: "none" })), … });
 * await writeRunReports(run.runDir);
 * ```
 */

// Running a benchmark: a dataset, agents (each under a defense: an arm), a run and its resume.
export { type Agent, REFERENCE_AGENTS } from "./agents/index.js";
// Bad input and missing prerequisites, with the file and the JSON path at fault.
export { InputError } from "./core/index.js";
// Guarding a page: capture a Playwright page, decide what is trusted under a rule set, paint the rest over.
export {
  type CapturedPage,
  capturePage,
  type GuardOptions,
  type GuardResult,
  guardPage,
  paintMask,
  parseRuleSet,
  type RuleSet,
} from "./guard/index.js";
export { createModelClient, type ModelClient, ModelSetup, type Usage } from "./models/index.js";
// Reading runs: a run folder's manifest, records and summary, and its reports.
export {
  type EpisodeRecord,
  type RunManifest,
  type RunSummary,
  readManifest,
  readRecords,
  summarizeRun,
} from "./records/index.js";
export { writeRunReports } from "./report/index.js";
export {
  type Arm,
  type Dataset,
  loadDataset,
  type NewRunOptions,
  type ResumeOptions,
  type RunResult,
  resumeRun,
  startRun,
} from "./runner/index.js";
export { type AgentOutput, loadScenarios, type Scenario } from "./scenario/index.js";
// Scoring answers: one agent output against a scenario's ground truth.
export { type MatcherMode, type Score, scoreOutput } from "./scoring/index.js";
