import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SingleBar } from "cli-progress";
import { Command, InvalidArgumentError, Option } from "commander";
import { countOf, InputError } from "../../core/index.js";
import {
  AGGREGATES,
  type Aggregate,
  DEFAULT_EXPANSION_LIMIT,
  DEFAULT_ITERATIONS,
  DEFAULT_KEEP_THRESHOLD,
  DEFAULT_SEED,
  defaultSettings,
  type GeneratorSettings,
  type IterationRow,
  MUTATOR_PROMPT_VERSION,
  RUN_FILE,
  readRunFile,
  runGeneration,
} from "../../generator/index.js";
import { type CacheMode, defaultCachePath, ModelSetup, modelFlagsFrom } from "../../models/index.js";
import { loadDataset } from "../../runner/index.js";
import type { CliContext, CliIo } from "../cli-context.js";
import { EXIT } from "../exit-codes.js";
import { gracefulStop } from "../graceful-stop.js";
import { addModelOptions } from "../model-options.js";
import { collectList, nonNegativeInt, positiveInt } from "../option-parsers.js";
import { preflight } from "../preflight.js";
import { addSelectionOptions, selectionFromOptions, selectScenarios } from "../scenario-selection.js";
import { shellWord } from "../shell-word.js";

interface GenerateOptions {
  seeds?: string[];
  only?: string[];
  failureMode?: string[];
  category?: string[];
  app?: string[];
  limit?: number;
  out: string;
  mutator?: string;
  proxy?: string[];
  judge?: string;
  iterations: number;
  expansionLimit: number;
  keepThreshold: number;
  aggregate: Aggregate;
  thresholdAware?: boolean;
  seed: number;
  concurrency: number;
  resume?: boolean;
  baseUrl?: string;
  config?: string;
  cache: CacheMode;
  cachePath?: string;
  timeoutMs?: number;
  maxRetries?: number;
  preflight: boolean;
  stopGrace: number;
}

function rewardScale(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 5)
    throw new InvalidArgumentError("expected a number from 0 to 5 (the reward scale)");
  return parsed;
}

/** A discard with its reasons, so a user tuning the mutator sees why without opening the log. */
function describeDiscard(row: Pick<IterationRow, "strategy" | "discard_reasons">): string {
  return `${row.strategy} discarded: ${row.discard_reasons.length > 0 ? row.discard_reasons.join("; ") : "no reason given"}`;
}

/** One bar per seed on a terminal; one line per iteration otherwise (logs, pipes). Always stderr. */
async function seedProgress(io: CliIo) {
  const describe = (row: IterationRow) =>
    row.action === "idle"
      ? "idle"
      : row.discarded
        ? describeDiscard(row)
        : row.errors.length > 0
          ? `error: ${row.errors[0]}`
          : `${row.action}${row.strategy ? ` ${row.strategy}` : ""} reward=${row.reward?.toFixed(2)}${row.kept ? " KEPT" : ""}`;
  if (io.interactive && io.terminal) {
    const { default: cliProgress } = await import("cli-progress");
    const multi = new cliProgress.MultiBar(
      { stream: io.terminal, format: "{seed} {bar} {value}/{total} | kept {kept} | {last}", hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    const bars = new Map<string, { bar: SingleBar; kept: number }>();
    return {
      onSeedStart: (seedId: string, total: number, done: number) =>
        bars.set(seedId, { bar: multi.create(total, done, { seed: seedId.slice(0, 40), kept: 0, last: done ? "resumed" : "" }), kept: 0 }),
      onIteration: (row: IterationRow) => {
        const entry = bars.get(row.seed_id);
        if (!entry) return;
        if (row.kept) entry.kept += 1;
        entry.bar.update(row.iteration, { kept: entry.kept, last: describe(row) });
      },
      finish: () => multi.stop(),
    };
  }
  return {
    onSeedStart: (seedId: string, total: number, done: number) =>
      io.err(`seed ${seedId}: ${total - done} of ${countOf(total, "iteration")} to run\n`),
    onIteration: (row: IterationRow) => io.err(`[${row.seed_id} ${row.iteration}] ${describe(row)}\n`),
    finish: () => {},
  };
}

/** Settings from the flags; with --resume, flags not given on the command line come from run.json. */
function resolveSettings(options: GenerateOptions, command: Command): GeneratorSettings {
  const given = (name: string) => command.getOptionValueSource(name) === "cli";
  let saved: GeneratorSettings | undefined;
  if (options.resume) {
    const runPath = join(options.out, RUN_FILE);
    if (!existsSync(runPath)) throw new InputError(`${options.out} holds no generation run (${RUN_FILE} is missing)`, { file: "--resume" });
    saved = readRunFile(runPath).settings;
  }
  const mutator = options.mutator ?? saved?.mutator;
  const proxies = options.proxy ?? saved?.proxies;
  if (!mutator) throw new InputError("--mutator MODEL is required (provider:model, e.g. openai:gpt-4.1)");
  if (!proxies || proxies.length === 0) throw new InputError("--proxy MODEL is required (1 to 3 times)");
  if (proxies.length > 3) throw new InputError(`--proxy: at most 3 proxy models, got ${proxies.length}`);
  for (const spec of [mutator, ...proxies, ...(options.judge ? [options.judge] : [])]) {
    if (!spec.includes(":")) throw new InputError(`${spec}: expected provider:model (openai:…, anthropic:…, openai-compatible:NAME)`);
  }
  const judge = options.judge ?? (given("judge") ? undefined : saved?.judge);
  const base = saved ?? defaultSettings({ mutator, proxies, ...(judge !== undefined && { judge }) }, MUTATOR_PROMPT_VERSION);
  const pick = <T>(name: string, value: T, fallback: T): T => (saved === undefined || given(name) ? value : fallback);
  const settings: GeneratorSettings = {
    ...base,
    mutator,
    proxies,
    iterations: pick("iterations", options.iterations, base.iterations),
    expansion_limit: pick("expansionLimit", options.expansionLimit, base.expansion_limit),
    keep_threshold: pick("keepThreshold", options.keepThreshold, base.keep_threshold),
    aggregate: pick("aggregate", options.aggregate, base.aggregate),
    threshold_aware: pick("thresholdAware", options.thresholdAware ?? true, base.threshold_aware),
    seed: pick("seed", options.seed, base.seed),
  };
  delete settings.judge;
  if (judge !== undefined) settings.judge = judge;
  return settings;
}

export function generateCommand(cli: CliContext): Command {
  const command = addModelOptions(
    new Command("generate")
      .description(
        "surface new disclosure scenarios from seeds: MCTS over LLM mutations, scored by proxy agents; writes a deduplicated pack",
      )
      .option("--seeds <path...>", "seed scenario files or folders (own packs or AgentCIBench JSON); default: the built-in pack")
      .requiredOption("--out <dir>", "output folder: pool.yaml, iterations.jsonl, timings.jsonl, summary.json, run.json, checkpoints/")
      .option("--mutator <model>", "mutator model (provider:model)")
      .option("--proxy <model>", "proxy agent model (provider:model); 1 to 3, repeat or comma-separate", collectList)
      .option("--judge <model>", "LLM judge for hybrid scoring of rollouts; default: deterministic matcher only")
      .option("--iterations <n>", "MCTS iterations per seed", positiveInt, DEFAULT_ITERATIONS)
      .option("--expansion-limit <n>", "expansions per seed's tree", nonNegativeInt, DEFAULT_EXPANSION_LIMIT)
      .option(
        "--keep-threshold <r>",
        "keep a scenario when its aggregated reward (utility × severity, 0–5) reaches this",
        rewardScale,
        DEFAULT_KEEP_THRESHOLD,
      )
      .addOption(new Option("--aggregate <how>", "combine per-proxy rewards").choices(AGGREGATES).default("mean"))
      .option("--threshold-aware", "search reward max(0, r − 2·max(0, keep − r) + bonus), the paper's (default)")
      .option("--no-threshold-aware", "search reward r + bonus instead")
      .option("--seed <n>", "seed for strategy order, ids and request seeds", nonNegativeInt, DEFAULT_SEED)
      .option("--concurrency <n>", "seeds searched at once", positiveInt, 1)
      .option("--resume", "continue the run in --out from its checkpoints; settings come from its run.json")
      .option(
        "--stop-grace <seconds>",
        "after Ctrl-C, how long the iterations in flight may take to finish; those still running then are left for --resume",
        nonNegativeInt,
        60,
      ),
  );
  return addSelectionOptions(command, "--only").action(async (options: GenerateOptions, command: Command) => {
    const log = (line: string) => cli.log(line);
    const stop = gracefulStop(cli.io, "stopping after the iterations in flight");
    // The grace period: after it, the model calls of the iterations in flight are cut off.
    const cut = new AbortController();
    let graceTimer: NodeJS.Timeout | undefined;
    stop.signal.addEventListener("abort", () => {
      graceTimer = setTimeout(() => cut.abort(), options.stopGrace * 1000);
    });
    const progress = await seedProgress(cli.io);
    let setup: ModelSetup | undefined;
    try {
      const settings = resolveSettings(options, command);
      const dataset = await loadDataset(options.seeds, log);
      const subset = selectionFromOptions(options);
      const seeds = selectScenarios(dataset.scenarios, subset, "--only");
      const cachePath = options.cachePath ?? defaultCachePath(options.out);
      setup = new ModelSetup({ ...modelFlagsFrom(options), cachePath }, cachePath);
      const modelSetup = setup;
      for (const spec of [settings.mutator, ...settings.proxies, ...(settings.judge !== undefined ? [settings.judge] : [])])
        modelSetup.client(spec);
      await preflight(cli, modelSetup, options.preflight);
      const result = await runGeneration({
        seeds,
        outDir: options.out,
        settings,
        mutator: modelSetup.client(settings.mutator),
        proxies: settings.proxies.map((spec) => modelSetup.client(spec)),
        ...(settings.judge !== undefined && { judge: modelSetup.client(settings.judge) }),
        concurrency: options.concurrency,
        resume: options.resume ?? false,
        signal: stop.signal,
        cut: cut.signal,
        onSeedStart: progress.onSeedStart,
        onIteration: progress.onIteration,
      });
      progress.finish();
      const s = result.summary;
      const f = s.funnel;
      log(
        `seeds ${s.seeds_explored}, iterations ${s.iterations}; ` +
          `funnel (the paper's Table 5): ${f.mutations_tried} mutations tried → ${f.valid} valid → ${f.kept} kept → ` +
          `${f.after_exact_dedup} after exact dedup → ${f.after_near_dedup} after near dedup; ` +
          `${s.llm.total.calls} LLM calls, ${s.llm.total.input_tokens + s.llm.total.output_tokens} tokens` +
          (s.llm.calls_per_kept !== null ? ` (${s.llm.calls_per_kept.toFixed(1)} calls per kept scenario)` : ""),
      );
      const reasons = Object.entries(s.discard_reasons);
      if (reasons.length > 0) log(`discard reasons: ${reasons.map(([reason, count]) => `${reason} ×${count}`).join(", ")}`);
      log(`output: ${join(options.out, "pool.yaml")}, iterations.jsonl, summary.json`);
      if (!result.complete) {
        // The same command line with --resume: the seeds, --only and the model flags are not all in run.json.
        const again = ["safecua", ...cli.argv.filter((arg) => arg !== "--resume"), "--resume"].map(shellWord).join(" ");
        log(`stopped before every seed finished; continue with: ${again}`);
        cli.exitCode = stop.signal.aborted ? EXIT.interrupted : EXIT.error;
      }
    } finally {
      clearTimeout(graceTimer);
      progress.finish();
      stop.dispose();
      setup?.close();
    }
  });
}
