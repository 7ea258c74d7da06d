import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Agent } from "../agents/index.js";
import { markdownReport } from "../report/index.js";
import type { Scenario } from "../scenario/index.js";
import type { MatcherMode } from "../scoring/index.js";
import { datasetFingerprint } from "./dataset-fingerprint.js";
import type { EpisodeRecord } from "./episode-record.js";
import type { RunManifest } from "./run-manifest.js";
import { runEpisodes } from "./run-episodes.js";
import { RecordWriter, RUN_FILES, createRunDir, readManifest, readRecords, rewriteRecords, writeJsonAtomic } from "./run-store.js";
import { type RunSummary, summarizeRecords } from "./summarize-records.js";

export interface RunCallbacks {
  onStart?: (total: number, skipped: number) => void;
  onRecord?: (record: EpisodeRecord, finished: number) => void;
  onWarning?: (message: string) => void;
}

export interface NewRunOptions extends RunCallbacks {
  scenarios: Scenario[];
  dataset: { label: string; paths: string[] };
  agents: Agent[];
  defenses: string[];
  matcher: MatcherMode;
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
}

/** `20261129T231502Z-3fa9c1`: sortable by time, unique without coordination. */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}

function finish(runDir: string, manifest: RunManifest): RunResult {
  const { records } = readRecords(runDir);
  const summary = summarizeRecords(records, {
    runId: manifest.run_id,
    dataset: manifest.dataset.label,
    matcher: manifest.matcher,
    agents: manifest.agents,
    defenses: manifest.defenses,
    seed: manifest.seed,
    resamples: manifest.bootstrap_resamples,
  });
  writeJsonAtomic(join(runDir, RUN_FILES.summary), summary);
  const report = markdownReport({
    runId: manifest.run_id,
    dataset: manifest.dataset.label,
    matcher: manifest.matcher,
    scenarioCount: manifest.dataset.scenario_count,
    epochs: manifest.epochs,
    seed: manifest.seed,
    resamples: manifest.bootstrap_resamples,
    rows: summary.agents,
  });
  writeFileSync(join(runDir, RUN_FILES.report), report);
  return { runDir, manifest, records, summary };
}

async function execute(runDir: string, manifest: RunManifest, scenarios: Scenario[], agents: Agent[], finished: Set<string>, concurrency: number, callbacks: RunCallbacks) {
  const writer = new RecordWriter(runDir);
  try {
    await runEpisodes(
      { runId: manifest.run_id, scenarios, agents, defenses: manifest.defenses, epochs: manifest.epochs, seed: manifest.seed, matcher: manifest.matcher },
      finished,
      writer,
      concurrency,
      callbacks,
    );
  } finally {
    writer.close();
  }
}

/** Starts a run in a new folder `outDir/<run-id>/` and runs it to the end. */
export async function startRun(options: NewRunOptions): Promise<RunResult> {
  const runId = newRunId();
  const manifest: RunManifest = {
    run_id: runId,
    created_at: new Date().toISOString(),
    safecua_version: options.version,
    node_version: process.version,
    command: options.command,
    dataset: {
      label: options.dataset.label,
      paths: options.dataset.paths,
      scenario_count: options.scenarios.length,
      fingerprint: datasetFingerprint(options.scenarios),
    },
    agents: options.agents.map((agent) => agent.id),
    defenses: options.defenses,
    matcher: options.matcher,
    epochs: options.epochs,
    seed: options.seed,
    bootstrap_resamples: options.resamples,
  };
  const runDir = createRunDir(options.outDir, runId, manifest);
  await execute(runDir, manifest, options.scenarios, options.agents, new Set(), options.concurrency, options);
  return finish(runDir, manifest);
}

export interface ResumeOptions extends RunCallbacks {
  /** Loads the run's dataset again (from the manifest's paths). */
  loadScenarios: (manifest: RunManifest) => Promise<Scenario[]>;
  /** Resolves an agent id of the manifest to an agent. */
  resolveAgent: (id: string) => Agent;
  concurrency: number;
}

/**
 * Continues an interrupted run: keeps every finished record once, drops error records and the
 * damaged last line of a killed process, and runs only what is missing. The dataset must be the
 * one the run started with.
 */
export async function resumeRun(runDir: string, options: ResumeOptions): Promise<RunResult> {
  const manifest = readManifest(runDir);
  const scenarios = await options.loadScenarios(manifest);
  const fingerprint = datasetFingerprint(scenarios);
  if (fingerprint !== manifest.dataset.fingerprint) {
    throw new Error(
      `${join(runDir, RUN_FILES.manifest)}: the dataset (${manifest.dataset.label}) changed since the run started ` +
        `(${manifest.dataset.fingerprint} then, ${fingerprint} now); start a new run instead`,
    );
  }
  const agents = manifest.agents.map((id) => options.resolveAgent(id));
  const { records, dropped } = readRecords(runDir);
  for (const line of dropped) options.onWarning?.(`${join(runDir, RUN_FILES.records)}:${line.line}: dropped: ${line.reason}`);
  const kept: EpisodeRecord[] = [];
  const finished = new Set<string>();
  for (const record of records) {
    if (record.status === "error" || finished.has(record.key)) continue;
    finished.add(record.key);
    kept.push(record);
  }
  rewriteRecords(runDir, kept);
  await execute(runDir, manifest, scenarios, agents, finished, options.concurrency, options);
  return finish(runDir, manifest);
}
