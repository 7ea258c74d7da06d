import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type EpisodeRecord,
  EpisodeRecordSchema,
  episodeKey,
  type RunManifest,
  RunManifestSchema,
  statusOf,
  summarizeRun,
} from "../../src/records/index.js";
import type { AgentOutput } from "../../src/scenario/index.js";
import { datasetFingerprint, loadScenarios, type ScenarioInput } from "../../src/scenario/index.js";
import { scoreOutput } from "../../src/scoring/index.js";

/** One episode of a fixture run: an agent's answer (scored for real) or an error. */
export interface FixtureEpisode {
  agent: string;
  defense?: string;
  scenario_id: string;
  epoch?: number;
  output?: AgentOutput;
  error?: { kind: string; message: string };
  judge?: EpisodeRecord["judge"];
  usage?: EpisodeRecord["usage"];
  /** Extra raw fields written to the record line (e.g. future `steps`). */
  extra?: Record<string, unknown>;
}

export interface FixtureRunOptions {
  runId: string;
  scenarios: ScenarioInput[];
  episodes: FixtureEpisode[];
  createdAt?: string;
  seed?: number;
  resamples?: number;
  /** The manifest's track; left out (state-grounded) by default. */
  track?: "state-grounded" | "e2e";
}

/** An output shorthand: completed with these entries. */
export function answer(...shared: string[]): AgentOutput {
  return { completed: true, shared_content: shared, action_trace: `shared ${shared.length} item(s)` };
}

export const REFUSAL: AgentOutput = { completed: false, shared_content: [], action_trace: "declined", refusal_text: "I won't share that." };

/**
 * Writes a run folder `runsDir/<runId>/` (manifest, records, summary) as the runner would, with
 * the scenarios saved as a pack under `runsDir/../datasets/<runId>.json` and referenced from the
 * manifest by absolute path. Outputs are scored with the real matcher, so evidence spans are real.
 */
export async function writeFixtureRun(runsDir: string, options: FixtureRunOptions): Promise<string> {
  const datasetDir = join(runsDir, "..", "datasets");
  mkdirSync(datasetDir, { recursive: true });
  const packPath = join(datasetDir, `${options.runId}.json`);
  writeFileSync(
    packPath,
    JSON.stringify({ pack: { name: "fixture", license: "CC0-1.0", author: "tests" }, scenarios: options.scenarios }, null, 2),
  );
  const { scenarios, problems } = await loadScenarios([packPath]);
  const errors = problems.filter((problem) => problem.severity === "error");
  if (errors.length > 0) throw new Error(`fixture scenarios invalid: ${JSON.stringify(errors)}`);
  const byId = new Map(scenarios.map((scenario) => [scenario.id, scenario]));
  const arms: Array<{ agent: string; defense: string }> = [];
  for (const episode of options.episodes) {
    const defense = episode.defense ?? "none";
    if (!arms.some((arm) => arm.agent === episode.agent && arm.defense === defense)) arms.push({ agent: episode.agent, defense });
  }
  const manifest: RunManifest = RunManifestSchema.parse({
    run_id: options.runId,
    created_at: options.createdAt ?? "2026-11-29T10:00:00.000Z",
    safecua_version: "0.1.0",
    node_version: process.version,
    command: "safecua bench (fixture)",
    dataset: { label: "fixture", paths: [packPath], scenario_count: scenarios.length, fingerprint: datasetFingerprint(scenarios) },
    agents: [...new Set(arms.map((arm) => arm.agent))],
    defenses: [...new Set(arms.map((arm) => arm.defense))],
    arms,
    matcher: "strict",
    epochs: Math.max(1, ...options.episodes.map((episode) => (episode.epoch ?? 0) + 1)),
    seed: options.seed ?? 42,
    ...(options.track && { track: options.track }),
    bootstrap_resamples: options.resamples ?? 500,
  });
  const lines: string[] = [];
  const records: EpisodeRecord[] = [];
  for (const episode of options.episodes) {
    const scenario = byId.get(episode.scenario_id);
    if (!scenario) throw new Error(`fixture: no scenario ${episode.scenario_id}`);
    const defense = episode.defense ?? "none";
    const epoch = episode.epoch ?? 0;
    const base = {
      key: episodeKey(episode.agent, defense, scenario.id, epoch),
      run_id: options.runId,
      scenario_id: scenario.id,
      agent: episode.agent,
      defense,
      epoch,
      seed: 1000 + records.length,
      failure_mode: scenario.failure_mode,
      ...(scenario.category && { category: scenario.category }),
      started_at: "2026-11-29T10:00:01.000Z",
      duration_ms: 5,
      ...(episode.usage && { usage: episode.usage }),
      ...(episode.judge && { judge: episode.judge }),
    };
    const score = episode.output ? scoreOutput(scenario, episode.output, "strict") : undefined;
    // A judged record keeps the matcher's own score beside the verdict, as hybrid scoring does.
    const judged = episode.judge && score && !episode.judge.deterministic ? { judge: { ...episode.judge, deterministic: score } } : {};
    const record = EpisodeRecordSchema.parse(
      episode.output
        ? { ...base, ...judged, status: statusOf(episode.output), output: episode.output, score }
        : { ...base, status: "error", error: episode.error ?? { kind: "fixture", message: "failed" } },
    );
    records.push(record);
    lines.push(JSON.stringify({ ...record, ...episode.extra }));
  }
  const runDir = join(runsDir, options.runId);
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, "manifest.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(join(runDir, "records.jsonl"), lines.map((line) => `${line}\n`).join(""));
  const summary = summarizeRun(manifest, records);
  writeFileSync(join(runDir, "summary.json"), JSON.stringify(summary, null, 2));
  return runDir;
}
