import { existsSync, readFileSync } from "node:fs";
import { extname, join, relative, resolve, sep } from "node:path";
import { InputError } from "../core/index.js";
import type { RunManifest } from "../records/index.js";
import {
  type EpisodeRecord,
  RUN_FILES,
  readManifest,
  readMaskIntegrity,
  readRecords,
  type StepRecord,
  type StepTurn,
  summarizeRun,
} from "../records/index.js";
import { builtinPackDir, datasetFingerprint, describeSelection, loadScenarios, type Scenario, selectScenarios } from "../scenario/index.js";
import type { ReportRun, ReportScreenshot, ReportStep, ReportTurn } from "./report-run.js";

export interface LoadReportRunOptions {
  /** Embed end-to-end screenshots (default true); off keeps big runs' reports small. */
  screenshots?: boolean;
}

const IMAGE_TYPES: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp" };

/** A step's or a turn's screenshot as a data URI, read only from inside the run folder. */
function screenshotOf(runDir: string, path: string): ReportScreenshot {
  const root = resolve(runDir);
  const file = resolve(root, path);
  const type = IMAGE_TYPES[extname(file).toLowerCase()];
  // A record is data, not a capability: a path that leaves the run folder is not followed.
  if (file !== root && !file.startsWith(root + sep)) return { missing: `${path} (outside the run folder)` };
  if (!type || !existsSync(file)) return { missing: path };
  return { data_uri: `data:${type};base64,${readFileSync(file).toString("base64")}` };
}

/** A recorded turn as the report shows it: only its screenshot is read, by the same rule as a step's. */
function reportTurn({ screenshot, usage: _usage, ...turn }: StepTurn, runDir: string, screenshots: boolean): ReportTurn {
  return screenshot !== undefined && screenshots ? { ...turn, screenshot: screenshotOf(runDir, screenshot) } : turn;
}

/** A recorded step as the report shows it. */
function reportStep(step: StepRecord, runDir: string, screenshots: boolean): ReportStep {
  const shown: ReportStep = {
    index: step.step - 1,
    action: step.action_text,
    duration_ms: step.timing.observe_ms + step.timing.agent_ms + step.timing.act_ms + step.timing.settle_ms,
    url: step.url,
  };
  if (step.error !== null) shown.error = step.error;
  if (step.thought !== undefined) shown.thought = step.thought;
  if (step.screenshot !== undefined && screenshots) shown.screenshot = screenshotOf(runDir, step.screenshot);
  // A step without turns keeps no `turns` key, so it renders as it did before turns existed.
  if (step.turns !== undefined && step.turns.length > 0) shown.turns = step.turns.map((turn) => reportTurn(turn, runDir, screenshots));
  return shown;
}

function stepsByKey(records: readonly EpisodeRecord[], runDir: string, screenshots: boolean): Map<string, ReportStep[]> {
  const steps = new Map<string, ReportStep[]>();
  for (const record of records)
    if (record.steps)
      steps.set(
        record.key,
        record.steps.map((step) => reportStep(step, runDir, screenshots)),
      );
  return steps;
}

/**
 * The scenarios of the run's dataset, found as the run found them: a built-in pack by its label,
 * anything else by its paths. The manifest's fingerprint is of the scenarios the run selected
 * (`--limit`, `--scenario`, …), so the check re-applies that selection before comparing: a subset
 * of an unchanged pack is not a changed dataset.
 */
async function loadRunScenarios(runDir: string, manifest: RunManifest, notes: string[]): Promise<Scenario[]> {
  const { label, selection } = manifest.dataset;
  const builtin = manifest.dataset.paths.length === 0 ? builtinPackDir(label) : undefined;
  const paths = builtin ? [builtin] : manifest.dataset.paths;
  const where = builtin ? `the built-in pack ${label}` : `the dataset at ${paths.join(", ")}`;
  if (paths.length === 0) {
    notes.push(`the run's dataset (${label}) names no files; prompts and states are not shown`);
    return [];
  }
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length > 0) {
    notes.push(`dataset not found (${missing.join(", ")}, relative to ${process.cwd()}); prompts and states are not shown`);
    return [];
  }
  const { scenarios, problems } = await loadScenarios(paths);
  const errors = problems.filter((problem) => problem.severity === "error");
  if (errors.length > 0)
    notes.push(`dataset has ${errors.length} problem(s) (run \`safecua validate\`); scenarios with problems are not shown`);
  const since = `since ${relative(process.cwd(), runDir) || runDir} ran; prompts and states shown are today's`;
  let selected: Scenario[];
  try {
    selected = selectScenarios(scenarios, selection);
  } catch (error) {
    // The run's own flags pick nothing from today's files: the dataset changed under them.
    if (!(error instanceof InputError)) throw error;
    notes.push(`${where} changed ${since} (${describeSelection(selection ?? {})} no longer selects its scenarios)`);
    return scenarios;
  }
  if (datasetFingerprint(selected) !== manifest.dataset.fingerprint) notes.push(`${where} changed ${since}`);
  return scenarios;
}

/**
 * Loads a run folder for the HTML report: manifest, records (damaged lines noted), the summary
 * recomputed from the records with the run's own seed and resamples (so an interrupted run
 * without summary.json still reports, with the numbers `bench` would have printed), the
 * scenarios from the run's dataset, and end-to-end steps. A folder that is not a run (no
 * manifest, a bad manifest) is an `InputError`.
 */
export async function loadReportRun(runDir: string, options: LoadReportRunOptions = {}): Promise<ReportRun> {
  const manifest = readManifest(runDir);
  const notes: string[] = [];
  const { records, dropped } = readRecords(runDir);
  for (const line of dropped) notes.push(`${join(runDir, RUN_FILES.records)}:${line.line}: not shown: ${line.reason}`);
  const summary = summarizeRun(manifest, records, { maskIntegrity: readMaskIntegrity(runDir) });
  const scenarioIds = new Set(records.map((record) => record.scenario_id));
  const scenarios = (await loadRunScenarios(runDir, manifest, notes)).filter((scenario) => scenarioIds.has(scenario.id));
  const steps = stepsByKey(records, runDir, options.screenshots ?? true);
  return { manifest, records, summary, scenarios, steps, notes };
}
