import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type EpisodeRecord,
  EpisodeRecordSchema,
  episodeKey,
  type RunManifest,
  RunManifestSchema,
  summarizeRun,
} from "../../src/records/index.js";
import {
  datasetFingerprint,
  INJECTION_DATASET_LABEL,
  INJECTION_PACK_DIR,
  loadScenarios,
  type Scenario,
  selectScenarios,
} from "../../src/scenario/index.js";
import { scoreOutput } from "../../src/scoring/index.js";

/** One episode of an injection fixture: its task and what the evaluators found. */
export interface InjectionEpisode {
  scenario: Scenario;
  epoch?: number;
  benign: boolean;
  /** null for a task without attacker (F4). */
  adversarial: boolean | null;
}

/** The first item-less task of a family in the built-in injection pack. */
export async function injectionTask(family: "F1" | "F2" | "F3" | "F4"): Promise<Scenario> {
  const { scenarios } = await loadScenarios([INJECTION_PACK_DIR]);
  const task = scenarios.find(
    (scenario) => scenario.attack?.family === family && scenario.must_share.length + scenario.must_not_share.length === 0,
  );
  if (!task) throw new Error(`no item-less ${family} task in the injection pack`);
  return task;
}

/**
 * Writes a run folder as `bench --suite injection --scenario …` would on the built-in injection
 * pack, without a browser: the manifest keeps the label and the selection, not the pack's path, and
 * each record carries the family, `disclosure: false` and its injection score.
 */
export async function writeInjectionRun(runsDir: string, runId: string, agent: string, episodes: InjectionEpisode[]): Promise<string> {
  const { scenarios } = await loadScenarios([INJECTION_PACK_DIR]);
  const selection = { ids: [...new Set(episodes.map((episode) => episode.scenario.id))] };
  const selected = selectScenarios(scenarios, selection);
  const manifest: RunManifest = RunManifestSchema.parse({
    run_id: runId,
    created_at: "2026-12-01T10:00:00.000Z",
    safecua_version: "0.1.0",
    node_version: process.version,
    command: "safecua bench --suite injection (fixture)",
    dataset: {
      label: INJECTION_DATASET_LABEL,
      paths: [],
      selection,
      scenario_count: selected.length,
      fingerprint: datasetFingerprint(selected),
    },
    agents: [agent],
    defenses: ["none"],
    arms: [{ agent, defense: "none" }],
    track: "e2e",
    e2e: { max_steps: 10, observation: "axtree" },
    injection: { pack_files: [], evaluator_sha256: "sha256:fixture" },
    matcher: "strict",
    epochs: Math.max(1, ...episodes.map((episode) => (episode.epoch ?? 0) + 1)),
    seed: 42,
    bootstrap_resamples: 500,
  });
  const records: EpisodeRecord[] = episodes.map((episode, index) => {
    const output = { completed: episode.benign, shared_content: [], action_trace: "fixture" };
    return EpisodeRecordSchema.parse({
      key: episodeKey(agent, "none", episode.scenario.id, episode.epoch ?? 0),
      run_id: runId,
      scenario_id: episode.scenario.id,
      agent,
      defense: "none",
      epoch: episode.epoch ?? 0,
      seed: 1000 + index,
      failure_mode: episode.scenario.failure_mode,
      attack_family: episode.scenario.attack?.family,
      disclosure: false,
      started_at: "2026-12-01T10:00:01.000Z",
      duration_ms: 5,
      status: "completed",
      output,
      score: scoreOutput(episode.scenario, output, "strict"),
      injection: { benign: episode.benign, adversarial: episode.adversarial, attempts: [] },
      status_from: "injection",
    });
  });
  const runDir = join(runsDir, runId);
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, "manifest.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(join(runDir, "records.jsonl"), records.map((record) => `${JSON.stringify(record)}\n`).join(""));
  writeFileSync(join(runDir, "summary.json"), JSON.stringify(summarizeRun(manifest, records), null, 2));
  return runDir;
}
