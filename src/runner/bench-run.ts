import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import type { Agent } from "../agents/index.js";
import { type ContextPool, resolveChromiumExecutable } from "../browser/index.js";
import { InputError } from "../core/index.js";
import { evaluatorCodeHash } from "../injection/index.js";
import type { ModelSetup } from "../models/index.js";
import {
  createRunFolder,
  type EpisodeRecord,
  type MaskIntegrityTaskRecord,
  openRunForResume,
  RecordWriter,
  type ResumableRun,
  RUN_FILES,
  type RunManifest,
  type RunSummary,
  readManifest,
  readMaskIntegrity,
  readRecords,
  summarizeRun,
  writeJsonAtomic,
} from "../records/index.js";
import { datasetFingerprint, type Scenario } from "../scenario/index.js";
import type { MatcherMode } from "../scoring/index.js";
import type { Workspace } from "../workspace/index.js";
import { DEFAULT_E2E_SETTINGS, type E2eTrackSettings } from "./e2e-settings.js";
import type { EpisodeJudge } from "./episode-spec.js";
import { isMaskIntegrityTask } from "./mask-integrity-task.js";
import { modelSetupFromManifest, rebuildFromManifest } from "./rebuild-from-manifest.js";
import { type Arm, runEpisodes, type StopControl } from "./run-episodes.js";
import { runMaskIntegrity } from "./run-mask-integrity.js";

export interface RunCallbacks {
  onStart?: (total: number, skipped: number) => void;
  onRecord?: (record: EpisodeRecord, finished: number) => void;
  onWarning?: (message: string) => void;
  /** Every episode is done; the summary (a bootstrap per row, seconds on a large run) starts now. */
  onSummarising?: (records: number) => void;
  /** End-to-end track: a running Chromium to use instead of launching one (left open). */
  browser?: Browser;
  /**
   * End-to-end track: a running workspace server and warm contexts to use (left running), for a
   * caller that makes many small runs: each would otherwise start its own and open new contexts.
   */
  workspace?: Workspace;
  contexts?: ContextPool;
  /** An F5 task was measured (or could not be). */
  onMaskIntegrity?: (task: MaskIntegrityTaskRecord) => void;
}

export interface NewRunOptions extends RunCallbacks {
  scenarios: Scenario[];
  /** `selection`: the subset flags that picked `scenarios` from the files, kept so a resume picks the same. */
  dataset: { label: string; paths: string[]; selection?: RunManifest["dataset"]["selection"] };
  arms: Arm[];
  matcher: MatcherMode;
  judge?: EpisodeJudge;
  cache?: { mode: string; path?: string };
  /** Extra manifest fields describing models and defenses (see RunManifest). */
  manifestExtras?: Pick<RunManifest, "model_options" | "models" | "defense_sources" | "injection" | "name" | "tags" | "config">;
  /** Aborting it lets episodes in flight finish and be written (within a grace period), starts no more, and ends the run resumable. */
  stop?: StopControl;
  /** Run the end-to-end track (agents act in the workspace in Chromium) with these settings; absent: state-grounded. */
  e2e?: E2eTrackSettings;
  epochs: number;
  seed: number;
  concurrency: number;
  outDir: string;
  resamples: number;
  command: string;
  version: string;
}

export interface RunResult {
  runDir: string;
  manifest: RunManifest;
  records: EpisodeRecord[];
  summary: RunSummary;
  /** Episodes of the plan that have no record yet (non-zero after a stop). */
  missing: number;
  /** Episodes in flight when a stop's grace period ended: left without a record, so a resume runs them. */
  interrupted: number;
}

/** `20261129T231502Z-3fa9c1`: sortable by time, unique without coordination. */
function newRunId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}

/**
 * Writes `summary.json` from the records (and F5 measurements) on disk; the reports are the
 * caller's (runner never imports report). `missing` counts the episodes without a record and the
 * F5 tasks not measured yet.
 */
export function finishRun(
  runDir: string,
  manifest: RunManifest,
  interrupted: number,
  onSummarising?: (records: number) => void,
): RunResult {
  const { records } = readRecords(runDir);
  const maskIntegrity = readMaskIntegrity(runDir);
  onSummarising?.(records.length);
  const summary = summarizeRun(manifest, records, { maskIntegrity });
  writeJsonAtomic(join(runDir, RUN_FILES.summary), summary);
  const measuredTasks = manifest.dataset.mask_integrity_tasks ?? 0;
  const expected = manifest.arms.length * (manifest.dataset.scenario_count - measuredTasks) * manifest.epochs;
  const missing =
    Math.max(0, expected - new Set(records.map((record) => record.key)).size) + Math.max(0, measuredTasks - maskIntegrity.length);
  return { runDir, manifest, records, summary, missing, interrupted };
}

interface ExecuteOptions extends RunCallbacks {
  judge?: EpisodeJudge;
  stop?: StopControl;
  retried?: ReadonlySet<string>;
}

async function execute(
  runDir: string,
  manifest: RunManifest,
  scenarios: Scenario[],
  arms: Arm[],
  finished: Set<string>,
  concurrency: number,
  options: ExecuteOptions,
): Promise<number> {
  // The end-to-end track needs its workspace server and browser for the whole run, and only then.
  // Loaded only for this track: it brings the browser layer (Playwright) and the workspace server.
  const startE2eHarness = manifest.track === "e2e" ? (await import("./e2e-harness.js")).startE2eHarness : undefined;
  const harness = startE2eHarness
    ? await startE2eHarness({
        runDir,
        settings: manifest.e2e ?? DEFAULT_E2E_SETTINGS,
        ...(options.browser && { browser: options.browser }),
        ...(options.workspace && { workspace: options.workspace }),
        ...(options.contexts && { contexts: options.contexts }),
      })
    : undefined;
  const writer = new RecordWriter(runDir);
  try {
    // F5 first: no agent, minutes at most, and a leak is worth knowing before the episodes' hours.
    await runMaskIntegrity(runDir, scenarios, {
      ...(harness && { environment: { workspace: harness.workspace, browser: () => harness.browser() } }),
      ...(options.stop && { stop: options.stop }),
      ...(options.onMaskIntegrity && { onMaskIntegrity: options.onMaskIntegrity }),
    });
    const outcome = await runEpisodes(
      {
        runId: manifest.run_id,
        scenarios,
        arms,
        epochs: manifest.epochs,
        seed: manifest.seed,
        matcher: manifest.matcher,
        ...(options.judge && { judge: options.judge }),
        ...(harness && { runEpisode: harness.runEpisode }),
      },
      finished,
      writer,
      concurrency,
      {
        ...(options.onStart && { onStart: options.onStart }),
        ...(options.onRecord && { onRecord: options.onRecord }),
        ...(options.stop && { stop: options.stop }),
        ...(options.retried && { retried: options.retried }),
      },
    );
    return outcome.interrupted;
  } finally {
    writer.close();
    await harness?.close();
  }
}

/** The manifest of a new run: everything needed to resume or reproduce it, never a secret. */
export function newRunManifest(options: Omit<NewRunOptions, "concurrency" | "outDir" | "stop" | keyof RunCallbacks>): RunManifest {
  const maskIntegrityTasks = options.scenarios.filter(isMaskIntegrityTask).length;
  return {
    run_id: newRunId(),
    created_at: new Date().toISOString(),
    safecua_version: options.version,
    node_version: process.version,
    command: options.command,
    dataset: {
      label: options.dataset.label,
      paths: options.dataset.paths,
      ...(options.dataset.selection !== undefined && { selection: options.dataset.selection }),
      scenario_count: options.scenarios.length,
      ...(maskIntegrityTasks > 0 && { mask_integrity_tasks: maskIntegrityTasks }),
      fingerprint: datasetFingerprint(options.scenarios),
    },
    agents: [...new Set(options.arms.map((arm) => arm.agent.id))],
    defenses: [...new Set(options.arms.map((arm) => arm.defense))],
    arms: options.arms.map((arm) => ({ agent: arm.agent.id, defense: arm.defense })),
    ...(options.judge && { judge: options.judge.spec }),
    ...(options.cache && { cache: options.cache }),
    ...options.manifestExtras,
    ...(options.e2e && {
      track: "e2e" as const,
      e2e: {
        max_steps: options.e2e.max_steps,
        observation: options.e2e.observation,
        // The guarded agent's role models: a resume (local or queued) rebuilds its agents from them.
        ...(options.e2e.guard !== undefined && { guard: options.e2e.guard }),
        // A resume, local or queued, waits as long as the run it continues.
        ...(options.e2e.browser_timeout_ms !== undefined && { browser_timeout_ms: options.e2e.browser_timeout_ms }),
      },
    }),
    matcher: options.matcher,
    epochs: options.epochs,
    seed: options.seed,
    bootstrap_resamples: options.resamples,
  };
}

/** Starts a run in a new folder `outDir/<run-id>/` and runs it to the end. */
export async function startRun(options: NewRunOptions): Promise<RunResult> {
  const manifest = newRunManifest(options);
  // A missing prerequisite stops the run before its folder exists, not as one error record per episode.
  if (options.e2e && !options.browser) resolveChromiumExecutable();
  const runDir = createRunFolder(options.outDir, manifest);
  const interrupted = await execute(runDir, manifest, options.scenarios, options.arms, new Set(), options.concurrency, options);
  return finishRun(runDir, manifest, interrupted, options.onSummarising);
}

export interface ResumeOptions extends RunCallbacks {
  /** Loads the run's dataset again; default: the manifest's dataset and subset (see `rebuildFromManifest`). */
  loadScenarios?: (manifest: RunManifest) => Promise<Scenario[]>;
  /** Resolves an agent id of the manifest, under one of its defenses, to an agent; default: as the manifest says. */
  resolveAgent?: (id: string, defense: string) => Agent | Promise<Agent>;
  /** The judge named by the manifest, when it has one; default: rebuilt from the manifest. */
  judge?: EpisodeJudge;
  /**
   * Reaches the run's models when the agents or the judge are rebuilt from the manifest; default:
   * the manifest's model options and cache (closed when the resume ends). A given one is the caller's to close.
   */
  models?: ModelSetup;
  /** Episodes in flight at once (default 4, as `bench`). */
  concurrency?: number;
  /** Re-run episodes whose record is an error (default true), with fresh model calls. */
  retryErrors?: boolean;
  stop?: StopControl;
}

/** Episodes in flight at once when a resume does not say. */
const DEFAULT_CONCURRENCY = 4;

/**
 * Continues an interrupted run: keeps every finished record once, drops error records and the
 * damaged last line of a killed process, and runs only what is missing. The dataset must be the
 * one the run started with. What is not given (the scenarios, the agents, the judge) is rebuilt
 * from the run's manifest, as `safecua bench --resume` does.
 */
export async function resumeRun(runDir: string, options: ResumeOptions = {}): Promise<RunResult> {
  const { parts, close } = resumeParts(runDir, options);
  try {
    const { manifest, scenarios, arms, resumable } = await prepareResume(runDir, { ...options, ...parts });
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    const interrupted = await execute(runDir, manifest, scenarios, arms, resumable.finished, concurrency, {
      ...options,
      ...parts,
      retried: resumable.retried,
    });
    return finishRun(runDir, manifest, interrupted, options.onSummarising);
  } finally {
    close();
  }
}

type ResumeParts = Required<Pick<ResumeOptions, "loadScenarios" | "resolveAgent">> & Pick<ResumeOptions, "judge">;

/**
 * The scenarios, agents and judge a resume runs: those given, the rest rebuilt from the manifest
 * over the caller's models or the manifest's own (which `close` closes).
 */
function resumeParts(runDir: string, options: ResumeOptions): { parts: ResumeParts; close: () => void } {
  const { loadScenarios, resolveAgent, judge } = options;
  if (loadScenarios && resolveAgent) return { parts: { loadScenarios, resolveAgent, ...(judge && { judge }) }, close: () => {} };
  const manifest = readManifest(runDir);
  const models = options.models ?? modelSetupFromManifest(runDir, manifest);
  const close = () => {
    if (!options.models) models.close();
  };
  try {
    const rebuilt = rebuildFromManifest(runDir, manifest, models, options.onWarning);
    const rebuiltJudge = judge ?? rebuilt.judge;
    return {
      parts: {
        loadScenarios: loadScenarios ?? rebuilt.loadScenarios,
        resolveAgent: resolveAgent ?? rebuilt.resolveAgent,
        ...(rebuiltJudge && { judge: rebuiltJudge }),
      },
      close,
    };
  } catch (error) {
    close();
    throw error;
  }
}

export interface PreparedResume {
  manifest: RunManifest;
  scenarios: Scenario[];
  arms: Arm[];
  resumable: ResumableRun;
}

/**
 * Checks that a run can be resumed (same dataset, its judge given, agents resolvable) and only
 * then rewrites its records file to what is kept (see `openRunForResume`).
 */
export async function prepareResume(
  runDir: string,
  options: Pick<ResumeOptions, "judge" | "browser" | "retryErrors" | "onWarning"> &
    Required<Pick<ResumeOptions, "loadScenarios" | "resolveAgent">> & {
      /** False when the episodes run elsewhere (a queued run's workers): this machine then needs no Chromium. */
      runsEpisodes?: boolean;
    },
): Promise<PreparedResume> {
  const manifest = readManifest(runDir);
  const manifestPath = join(runDir, RUN_FILES.manifest);
  const scenarios = await options.loadScenarios(manifest);
  const fingerprint = datasetFingerprint(scenarios);
  if (fingerprint !== manifest.dataset.fingerprint) {
    throw new InputError(
      `the dataset (${manifest.dataset.label}) changed since the run started ` +
        `(${manifest.dataset.fingerprint} then, ${fingerprint} now); start a new run instead`,
      { file: manifestPath, path: "$.dataset.fingerprint" },
    );
  }
  // ASR read by other evaluators is another measurement: the run's records would not be comparable.
  if (manifest.injection && manifest.injection.evaluator_sha256 !== evaluatorCodeHash())
    throw new InputError("the injection evaluators changed since the run started; start a new run instead", {
      file: manifestPath,
      path: "$.injection.evaluator_sha256",
    });
  if (manifest.judge && !options.judge)
    throw new InputError(`the run was judged by ${manifest.judge}; resume it with that judge`, { file: manifestPath, path: "$.judge" });
  if (manifest.track === "e2e" && !options.browser && options.runsEpisodes !== false) resolveChromiumExecutable();
  const arms: Arm[] = [];
  for (const arm of manifest.arms) arms.push({ agent: await options.resolveAgent(arm.agent, arm.defense), defense: arm.defense });
  // Only now, with everything checked, is the records file touched.
  const resumable = openRunForResume(runDir, options.retryErrors === undefined ? {} : { retryErrors: options.retryErrors });
  for (const warning of resumable.warnings) options.onWarning?.(warning);
  return { manifest, scenarios, arms, resumable };
}
