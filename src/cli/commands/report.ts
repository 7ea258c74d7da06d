import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { extname, join, relative, resolve, sep } from "node:path";
import { Command } from "commander";
import { RecordedStepSchema, type ReportRun, type ReportStep, renderHtmlReport } from "../../report/index.js";
import { datasetFingerprint, RUN_FILES, readManifest, readRecords, summarizeRecords } from "../../runner/index.js";
import { BUILTIN_DATASET_LABEL, BUILTIN_PACK_DIR, loadScenarios, type Scenario } from "../../scenario/index.js";
import { UsageError } from "../exit-codes.js";

export interface LoadReportRunOptions {
  /** Embed end-to-end screenshots (default true); off keeps big runs' reports small. */
  screenshots?: boolean;
}

const IMAGE_TYPES: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp" };

/** A step's screenshot as a data URI, read only from inside the run folder. */
function screenshotOf(runDir: string, path: string): ReportStep["screenshot"] {
  const root = resolve(runDir);
  const file = resolve(root, path);
  const type = IMAGE_TYPES[extname(file).toLowerCase()];
  // A record is data, not a capability: a path that leaves the run folder is not followed.
  if (file !== root && !file.startsWith(root + sep)) return { missing: `${path} (outside the run folder)` };
  if (!type || !existsSync(file)) return { missing: path };
  return { data_uri: `data:${type};base64,${readFileSync(file).toString("base64")}` };
}

function describeAction(action: unknown): string {
  if (action === undefined) return "(no action)";
  return typeof action === "string" ? action : JSON.stringify(action);
}

/**
 * End-to-end steps by record key. The validated records drop fields their schema does not know,
 * so steps are read from the raw lines; a malformed step list is noted and skipped, never fatal.
 */
function readSteps(runDir: string, screenshots: boolean, notes: string[]): Map<string, ReportStep[]> {
  const steps = new Map<string, ReportStep[]>();
  const path = join(runDir, RUN_FILES.records);
  if (!existsSync(path)) return steps;
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (!line.includes('"steps"')) return;
      let raw: { key?: unknown; steps?: unknown };
      try {
        raw = JSON.parse(line);
      } catch {
        return;
      }
      if (typeof raw.key !== "string" || !Array.isArray(raw.steps)) return;
      const parsed = RecordedStepSchema.array().safeParse(raw.steps);
      if (!parsed.success) {
        notes.push(`${path}:${index + 1}: steps not shown: ${parsed.error.issues[0]?.message ?? "invalid"}`);
        return;
      }
      steps.set(
        raw.key,
        parsed.data.map((step, position) => {
          // The end-to-end track writes `step` (1-based), `action_text` and per-phase `timing`.
          const extra = step as { step?: unknown; action_text?: unknown; timing?: Record<string, unknown> };
          const index = step.index ?? (typeof extra.step === "number" ? extra.step - 1 : position);
          const action = typeof extra.action_text === "string" ? extra.action_text : describeAction(step.action);
          const shown: ReportStep = { index, action };
          if (step.error !== undefined && step.error !== null)
            shown.error = typeof step.error === "string" ? step.error : JSON.stringify(step.error);
          if (step.duration_ms !== undefined) shown.duration_ms = step.duration_ms;
          else if (extra.timing)
            shown.duration_ms = Object.values(extra.timing).reduce<number>(
              (sum, value) => sum + (typeof value === "number" ? value : 0),
              0,
            );
          if (step.url !== undefined) shown.url = step.url;
          if (step.thought !== undefined) shown.thought = step.thought;
          if (step.screenshot !== undefined && screenshots) shown.screenshot = screenshotOf(runDir, step.screenshot);
          return shown;
        }),
      );
    });
  return steps;
}

async function loadRunScenarios(runDir: string, manifest: ReturnType<typeof readManifest>, notes: string[]): Promise<Scenario[]> {
  const builtin = manifest.dataset.label === BUILTIN_DATASET_LABEL && manifest.dataset.paths.length === 0;
  const paths = builtin ? [BUILTIN_PACK_DIR] : manifest.dataset.paths;
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length > 0) {
    notes.push(`dataset not found (${missing.join(", ")}, relative to ${process.cwd()}); prompts and states are not shown`);
    return [];
  }
  try {
    const { scenarios } = await loadScenarios(paths);
    if (datasetFingerprint(scenarios) !== manifest.dataset.fingerprint)
      notes.push(
        `the dataset at ${paths.join(", ")} changed since ${relative(process.cwd(), runDir) || runDir} ran; prompts and states shown are today's`,
      );
    return scenarios;
  } catch (error) {
    notes.push(`dataset could not be loaded: ${(error as Error).message}`);
    return [];
  }
}

/**
 * Loads a run folder for the HTML report: manifest, records (damaged lines noted), the summary
 * recomputed from the records with the run's own seed and resamples (so an interrupted run
 * without summary.json still reports, with the numbers `bench` would have printed), the
 * scenarios from the run's dataset, and end-to-end steps.
 */
export async function loadReportRun(runDir: string, options: LoadReportRunOptions = {}): Promise<ReportRun> {
  const manifest = readManifest(runDir);
  const notes: string[] = [];
  const { records, dropped } = readRecords(runDir);
  for (const line of dropped) notes.push(`${join(runDir, RUN_FILES.records)}:${line.line}: not shown: ${line.reason}`);
  const summary = summarizeRecords(records, {
    runId: manifest.run_id,
    dataset: manifest.dataset.label,
    matcher: manifest.matcher,
    arms: manifest.arms,
    seed: manifest.seed,
    resamples: manifest.bootstrap_resamples,
  });
  const scenarioIds = new Set(records.map((record) => record.scenario_id));
  const scenarios = (await loadRunScenarios(runDir, manifest, notes)).filter((scenario) => scenarioIds.has(scenario.id));
  const steps = readSteps(runDir, options.screenshots ?? true, notes);
  return { manifest, records, summary, scenarios, steps, notes };
}

/** Writes `report.html` into a run folder (atomically) and returns its path. This is what `bench` calls after a run. */
export async function writeHtmlReport(runDir: string, options: LoadReportRunOptions = {}): Promise<string> {
  const run = await loadReportRun(runDir, options);
  const path = join(runDir, "report.html");
  writeAtomic(path, await renderHtmlReport([run]));
  return path;
}

function writeAtomic(path: string, text: string): void {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

interface ReportOptions {
  output?: string;
  screenshots: boolean;
  json?: boolean;
}

export function reportCommand(): Command {
  return new Command("report")
    .description("write a self-contained HTML report (leaderboard, the paper's figures, every scenario) for one or more runs")
    .argument("<run...>", "run folders (several go side by side in one report)")
    .option("-o, --output <file>", "where to write the HTML (default: <run>/report.html for one run; required for several)")
    .option("--no-screenshots", "do not embed end-to-end screenshots")
    .option("--json", 'print {"path": …} on stdout')
    .action(async (runDirs: string[], options: ReportOptions) => {
      if (runDirs.length > 1 && !options.output)
        throw new UsageError("report: with several runs, say where the report goes with -o FILE.html");
      const runs: ReportRun[] = [];
      for (const runDir of runDirs) {
        if (!existsSync(runDir) || !statSync(runDir).isDirectory()) throw new UsageError(`${runDir}: no such run folder`);
        try {
          runs.push(await loadReportRun(runDir, { screenshots: options.screenshots }));
        } catch (error) {
          throw new UsageError((error as Error).message);
        }
        for (const note of runs.at(-1)?.notes ?? []) process.stderr.write(`${runDir}: ${note}\n`);
      }
      const path = options.output ?? join(runDirs[0] as string, "report.html");
      writeAtomic(path, await renderHtmlReport(runs));
      if (options.json) process.stdout.write(`${JSON.stringify({ path })}\n`);
      process.stderr.write(`report: ${path}\n`);
    });
}
