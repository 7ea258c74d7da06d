import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { canonicalJson, InputError, parseInput, parseJsonText } from "../core/index.js";
import type { ModelClient } from "../models/index.js";
import type { Scenario } from "../scenario/index.js";
import { dedupePool } from "./dedup.js";
import { type GenerationSummary, summarizeGeneration } from "./generation-summary.js";
import { type GeneratorSettings, GeneratorSettingsSchema } from "./generator-settings.js";
import { type IterationRow, IterationRowSchema, type TimingRow, TimingRowSchema } from "./iteration-row.js";
import { poolYaml } from "./pool-file.js";
import { type SeedCheckpoint, SeedCheckpointSchema, SeedSearch } from "./seed-search.js";
import { createSimulator } from "./simulate.js";

/** A generation run that cannot start or resume as asked (bad input: exit 2). */
class GeneratorError extends InputError {
  override name = "GeneratorError";
}

export const RUN_FILE = "run.json";
const LOG_FILE = "iterations.jsonl";
const TIMINGS_FILE = "timings.jsonl";
const POOL_FILE = "pool.yaml";
/** One pack file per kept scenario, for reviewing, editing or dropping scenarios one by one. */
const SCENARIOS_DIR = "scenarios";
const SUMMARY_FILE = "summary.json";
const CHECKPOINT_DIR = "checkpoints";

/** Rewrites `dir` to hold exactly one file per kept scenario (`<id>.yaml`), nothing stale. */
function writeScenarioFiles(dir: string, scenarios: readonly Scenario[], description: string): void {
  mkdirSync(dir, { recursive: true });
  const wanted = new Set(scenarios.map((scenario) => `${scenario.id}.yaml`));
  for (const name of readdirSync(dir)) if (name.endsWith(".yaml") && !wanted.has(name)) rmSync(join(dir, name));
  for (const scenario of scenarios) writeAtomic(join(dir, `${scenario.id}.yaml`), poolYaml([scenario], description));
}

export interface GenerationOptions {
  seeds: readonly Scenario[];
  outDir: string;
  settings: GeneratorSettings;
  mutator: ModelClient;
  /** One client per proxy (1–3), in the order of settings.proxies. */
  proxies: readonly ModelClient[];
  judge?: ModelClient;
  /** Seeds searched at once (iterations within a seed are sequential). Default 1. */
  concurrency?: number;
  resume?: boolean;
  signal?: AbortSignal;
  /** Aborted after a stop's grace period: the iterations in flight are cut off and left for the resume. */
  cut?: AbortSignal;
  onSeedStart?: (seedId: string, total: number, done: number) => void;
  onIteration?: (row: IterationRow, timing: TimingRow) => void;
}

export interface GenerationResult {
  /** True when every seed ran all its iterations. */
  complete: boolean;
  pool: Scenario[];
  summary: GenerationSummary;
  outDir: string;
}

/** `run.json`: what fixes a generation run, so a resume continues exactly that run. */
const RunFileSchema = z.object({ version: z.literal(1), settings: GeneratorSettingsSchema, seed_ids: z.array(z.string()) });
export type RunFile = z.infer<typeof RunFileSchema>;

/** Reads a run's `run.json`, or an `InputError` naming the file and the bad field. */
export function readRunFile(path: string): RunFile {
  return parseInput(RunFileSchema, parseJsonText(readFileSync(path, "utf8"), path), path);
}

function checkpointPath(outDir: string, seedId: string): string {
  return join(outDir, CHECKPOINT_DIR, `${seedId.replace(/:/g, "%3A")}.json`);
}

/** Write-then-rename, so a kill never leaves half a checkpoint. */
function writeAtomic(path: string, text: string): void {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/**
 * The valid rows of a JSONL log. A line cut by a kill mid-write (or otherwise not a row) is
 * dropped: the checkpoint decides what is redone, so nothing is lost by dropping it.
 */
function readJsonl<S extends z.ZodType>(path: string, schema: S): Array<z.output<S>> {
  if (!existsSync(path)) return [];
  const rows: Array<z.output<S>> = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) rows.push(parsed.data);
  }
  return rows;
}

function writeJsonl(path: string, rows: readonly unknown[]): void {
  writeAtomic(path, rows.map((row) => `${JSON.stringify(row)}\n`).join(""));
}

/** Key order does not make two settings different. */
function stableJson(value: unknown): string {
  return canonicalJson(value);
}

/**
 * Resume: the run file fixes the settings and the seeds; each seed continues from its
 * checkpoint (written after every iteration), and log lines past a seed's checkpoint (an
 * iteration that was logged but not checkpointed before a kill) are dropped and redone —
 * through the model cache, so no model call is paid twice.
 */
function prepareOutDir(options: GenerationOptions, seedIds: string[]): Map<string, SeedCheckpoint> {
  const { outDir, settings } = options;
  const runPath = join(outDir, RUN_FILE);
  const checkpoints = new Map<string, SeedCheckpoint>();
  if (!options.resume) {
    if (existsSync(runPath))
      throw new GeneratorError(`${outDir} already holds a generation run (${RUN_FILE}); continue it with --resume or choose another --out`);
    mkdirSync(join(outDir, CHECKPOINT_DIR), { recursive: true });
    writeAtomic(runPath, `${JSON.stringify({ version: 1, settings, seed_ids: seedIds } satisfies RunFile, null, 2)}\n`);
    writeFileSync(join(outDir, LOG_FILE), "");
    writeFileSync(join(outDir, TIMINGS_FILE), "");
    return checkpoints;
  }
  if (!existsSync(runPath)) throw new GeneratorError(`--resume: ${outDir} holds no generation run (${RUN_FILE} is missing)`);
  const saved = readRunFile(runPath);
  if (stableJson(saved.settings) !== stableJson(settings)) {
    const before: Record<string, unknown> = { ...saved.settings };
    const now: Record<string, unknown> = { ...settings };
    const differing = Object.keys({ ...before, ...now }).filter((key) => stableJson(before[key]) !== stableJson(now[key]));
    throw new GeneratorError(`--resume: settings differ from the run in ${outDir}: ${differing.join(", ")}`);
  }
  if (stableJson(saved.seed_ids) !== stableJson(seedIds))
    throw new GeneratorError(`--resume: the seeds differ from the run in ${outDir} (was: ${saved.seed_ids.join(", ")})`);
  mkdirSync(join(outDir, CHECKPOINT_DIR), { recursive: true });
  for (const id of seedIds) {
    const path = checkpointPath(outDir, id);
    if (existsSync(path)) checkpoints.set(id, parseInput(SeedCheckpointSchema, parseJsonText(readFileSync(path, "utf8"), path), path));
  }
  const upTo = (row: { seed_id: string; iteration: number }) => row.iteration <= (checkpoints.get(row.seed_id)?.done ?? 0);
  writeJsonl(join(outDir, LOG_FILE), readJsonl(join(outDir, LOG_FILE), IterationRowSchema).filter(upTo));
  writeJsonl(join(outDir, TIMINGS_FILE), readJsonl(join(outDir, TIMINGS_FILE), TimingRowSchema).filter(upTo));
  return checkpoints;
}

/**
 * Runs the search over every seed and writes, under `outDir`: run.json (settings), the live
 * iterations.jsonl and timings.jsonl (sorted by seed order and iteration once the run is
 * complete), checkpoints/<seed>.json, and at the end pool.yaml (the deduplicated pool) and
 * summary.json. Same seeds, settings and replayed cache → the same pool.yaml, iterations.jsonl
 * and summary.json, byte for byte.
 */
export async function runGeneration(options: GenerationOptions): Promise<GenerationResult> {
  const { outDir, settings } = options;
  const seedIds = options.seeds.map((seed) => seed.id);
  if (new Set(seedIds).size !== seedIds.length) throw new GeneratorError("seed ids must be unique");
  if (options.proxies.length !== settings.proxies.length) throw new GeneratorError("one proxy client per settings.proxies entry is needed");
  const checkpoints = prepareOutDir(options, seedIds);
  const simulator = createSimulator(options.proxies, options.judge);
  const logPath = join(outDir, LOG_FILE);
  const timingsPath = join(outDir, TIMINGS_FILE);

  const searches = options.seeds.map(
    (seed) =>
      new SeedSearch(
        seed,
        {
          mutator: options.mutator,
          simulator,
          settings,
          ...(options.signal && { signal: options.signal }),
          ...(options.cut && { cut: options.cut }),
          onIteration: (row, timing, checkpoint) => {
            // Log first, checkpoint second: a kill in between leaves a logged iteration past the
            // checkpoint, which resume drops and redoes from the cache.
            appendFileSync(logPath, `${JSON.stringify(row)}\n`);
            appendFileSync(timingsPath, `${JSON.stringify(timing)}\n`);
            writeAtomic(checkpointPath(outDir, row.seed_id), JSON.stringify(checkpoint));
            options.onIteration?.(row, timing);
          },
        },
        checkpoints.get(seed.id),
      ),
  );

  let next = 0;
  const worker = async () => {
    while (next < searches.length && !options.signal?.aborted) {
      const search = searches[next++] as SeedSearch;
      options.onSeedStart?.(search.root.id, settings.iterations, search.done);
      await search.run();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 1, searches.length)) }, worker));

  const complete = searches.every((search) => search.done >= settings.iterations);
  const order = new Map(seedIds.map((id, index) => [id, index]));
  const bySearchOrder = (a: { seed_id: string; iteration: number }, b: { seed_id: string; iteration: number }) =>
    (order.get(a.seed_id) ?? 0) - (order.get(b.seed_id) ?? 0) || a.iteration - b.iteration;
  const rows = readJsonl(logPath, IterationRowSchema).sort(bySearchOrder);
  if (complete) {
    // Seeds ran concurrently, so lines arrived interleaved; the final log is in search order.
    writeJsonl(logPath, rows);
    writeJsonl(timingsPath, readJsonl(timingsPath, TimingRowSchema).sort(bySearchOrder));
  }
  const kept = searches.flatMap((search) => search.kept);
  const dedup = dedupePool(kept);
  const summary = summarizeGeneration(settings, seedIds, rows, kept, dedup);
  const description = `Generated by safecua generate from ${seedIds.length} seed(s); mutator ${settings.mutator}; proxies ${settings.proxies.join(", ")}; keep threshold ${settings.keep_threshold}${complete ? "" : " (incomplete run)"}.`;
  writeAtomic(join(outDir, POOL_FILE), poolYaml(dedup.kept, description));
  writeScenarioFiles(join(outDir, SCENARIOS_DIR), dedup.kept, description);
  writeAtomic(join(outDir, SUMMARY_FILE), `${JSON.stringify({ complete, ...summary }, null, 2)}\n`);
  return { complete, pool: dedup.kept, summary, outDir };
}
