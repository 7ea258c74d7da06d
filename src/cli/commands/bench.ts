import { existsSync } from "node:fs";
import { Command, Option } from "commander";
import { type Agent, createLlmUiAgent, type Defense, UI_REFERENCE_AGENTS, uiReferenceAgent } from "../../agents/index.js";
import { OBSERVATION_MODES, type ObservationMode } from "../../browser/index.js";
import type { CacheMode } from "../../models/index.js";
import { leaderboardTable } from "../../report/index.js";
import { type Arm, DEFAULT_E2E_SETTINGS, type RunManifest, type RunResult, readManifest, resumeRun, startRun } from "../../runner/index.js";
import { BUILTIN_DATASET_LABEL } from "../../scenario/index.js";
import { MATCHER_MODES, type MatcherMode } from "../../scoring/index.js";
import { EXIT, UsageError } from "../exit-codes.js";
import { loadDataset } from "../load-dataset.js";
import { addModelOptions } from "../model-options.js";
import {
  agentFor,
  defaultCachePath,
  defenseFor,
  defenseFromFile,
  defensesFor,
  isModelSpec,
  judgeFor,
  ModelSetup,
  modelFlagsFrom,
} from "../model-setup.js";
import { collectList, nonNegativeInt, positiveInt } from "../option-parsers.js";
import { createProgress } from "../progress.js";
import { SAFECUA_VERSION } from "../version.js";
import { writeHtmlReport } from "./report.js";

interface BenchOptions {
  dataset?: string[];
  agent?: string[];
  defense?: string[];
  defenseFile?: string[];
  judge?: string;
  matcher: MatcherMode;
  epochs: number;
  concurrency: number;
  seed: number;
  out: string;
  json?: boolean;
  resume?: string;
  retryErrors: boolean;
  resamples: number;
  baseUrl?: string;
  config?: string;
  cache: CacheMode;
  cachePath?: string;
  timeoutMs?: number;
  maxRetries?: number;
  track: Track;
  maxSteps: number;
  observation: ObservationMode;
}

const TRACKS = ["state-grounded", "e2e"] as const;
type Track = (typeof TRACKS)[number];

/** `maxSteps` → `--max-steps`: commander's option key back to the flag a user typed. */
const flagName = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

const DEFAULT_AGENTS = ["oversharer", "minimal", "ci-rules", "refuser"];
/** `ci-rules` filters structured items, which a screen does not hand over: it has no UI version. */
const DEFAULT_E2E_AGENTS = UI_REFERENCE_AGENTS.map((agent) => agent.id);

/**
 * The end-to-end version of an agent id: the scripted UI agent of that name, or an LLM UI agent
 * over the model with the defense and observation mode.
 */
function uiAgentFor(id: string, defense: Defense, setup: ModelSetup, observation: ObservationMode): Agent {
  if (isModelSpec(id)) return createLlmUiAgent({ client: setup.client(id), defense, id, observation });
  const agent = uiReferenceAgent(id);
  if (!agent) {
    const hint = id === "ci-rules" ? "ci-rules has no UI version (it filters structured state items); " : "";
    throw new UsageError(
      `--agent ${id}: not available in the end-to-end track; ${hint}known: ${DEFAULT_E2E_AGENTS.join(", ")}, or provider:model`,
    );
  }
  return agent;
}

type AgentResolver = (id: string, defense: Defense) => Agent;

/** How an agent id becomes an agent in this track: as a UI agent in e2e (seeing `observation`), else as a state-grounded one. */
function agentResolver(track: Track, setup: ModelSetup, observation: ObservationMode): AgentResolver {
  return track === "e2e" ? (id, defense) => uiAgentFor(id, defense, setup, observation) : (id, defense) => agentFor(id, defense, setup);
}

async function printResult(result: RunResult, json: boolean | undefined): Promise<void> {
  await writeHtmlReport(result.runDir);
  if (json) process.stdout.write(`${JSON.stringify(result.summary, null, 2)}\n`);
  else process.stdout.write(`\n${leaderboardTable(result.summary.agents)}\n\n`);
  process.stderr.write(`run folder: ${result.runDir} (records.jsonl, summary.json, report.md, report.html)\n`);
  if (result.missing > 0) {
    process.stderr.write(`stopped with ${result.missing} episodes not run; continue with: safecua bench --resume ${result.runDir}\n`);
  }
}

/**
 * Ctrl-C once: finish the episodes in flight, write them, start no more, print how to resume.
 * Twice: stop at once (records already written are safe; the one in flight is retried on resume).
 */
function gracefulStop(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
    process.stderr.write("\nstopping: finishing the episodes in flight (Ctrl-C again to quit now)\n");
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

/** Agents × defenses: reference agents need no prompt and run once, under `none`. */
function buildArms(agentIds: string[], defenses: Defense[], warn: (line: string) => void, resolve: AgentResolver): Arm[] {
  const arms: Arm[] = [];
  for (const id of agentIds) {
    const under = isModelSpec(id) ? defenses : defenses.filter((defense) => defense.name === "none");
    if (!isModelSpec(id) && under.length < defenses.length) warn(`--defense: ${id} takes no prompt, so it runs under "none" only`);
    if (under.length === 0) {
      const none = defenseFor("none");
      arms.push({ agent: resolve(id, none), defense: none.name });
      continue;
    }
    for (const defense of under) arms.push({ agent: resolve(id, defense), defense: defense.name });
  }
  return arms;
}

/** The defense a resumed run used, reloaded from the manifest and checked against its hash. */
function defenseFromManifest(name: string, manifest: RunManifest): Defense {
  const source = manifest.defense_sources?.find((entry) => entry.name === name);
  const defense = source?.path !== undefined ? defenseFromFile(source.path) : defenseFor(name);
  if (source && source.sha256 !== defense.sha256) {
    throw new UsageError(
      `--resume: the defense "${name}" changed since the run started (${source.path ?? "built-in"}); start a new run instead`,
    );
  }
  return defense;
}

export function benchCommand(): Command {
  return addModelOptions(
    new Command("bench")
      .description(
        "run agents on a scenario dataset (state-grounded track, or end-to-end in the workspace with --track e2e), score every answer and summarise",
      )
      .option("--dataset <path...>", "scenario files or folders (own YAML/JSON packs or AgentCIBench JSON); default: the built-in pack")
      .option(
        "--agent <id>",
        `reference agent or provider:model (openai:…, anthropic:…, openai-compatible:NAME); repeat or comma-separate (default: ${DEFAULT_AGENTS.join(", ")}; with --track e2e: ${DEFAULT_E2E_AGENTS.join(", ")})`,
        collectList,
      )
      .addOption(
        new Option(
          "--track <track>",
          "state-grounded: the agent reads the state and answers once; e2e: it acts in the six-app workspace in Chromium",
        )
          .choices(TRACKS)
          .default("state-grounded"),
      )
      .option(
        "--max-steps <n>",
        "e2e: step budget per episode (every action and every unusable reply counts)",
        positiveInt,
        DEFAULT_E2E_SETTINGS.max_steps,
      )
      .addOption(
        new Option("--observation <mode>", "e2e: what model agents see each step: accessibility tree, screenshot, or both")
          .choices(OBSERVATION_MODES)
          .default(DEFAULT_E2E_SETTINGS.observation),
      )
      .option(
        "--defense <name>",
        "prompt defense for model agents: none, restrictive, rubric_informed, recipient_typed, or all; repeat or comma-separate (default: none)",
        collectList,
      )
      .option("--defense-file <path>", "a defense of your own, as a text file (named file:<stem>); repeatable", collectList)
      .option("--judge <model>", "LLM judge (provider:model) for hybrid scoring; default: deterministic matcher only")
      .addOption(new Option("--matcher <mode>", "deterministic matcher").choices(MATCHER_MODES).default("strict"))
      .option("--epochs <n>", "times each scenario is run per agent", positiveInt, 1)
      .option("--concurrency <n>", "episodes in flight at once", positiveInt, 4)
      .option("--seed <n>", "seed for agents that sample and for the bootstrap", nonNegativeInt, 42)
      .option("--resamples <n>", "bootstrap resamples for the 95% CIs", positiveInt, 10_000)
      .option("--out <dir>", "folder that receives the run folder <run-id>/", "runs")
      .option("--json", "print summary.json on stdout (logs stay on stderr)")
      .option(
        "--resume <run-dir>",
        "continue an interrupted run; its manifest fixes dataset, agents, defenses, judge, matcher, epochs, seed and track settings",
      )
      .option("--no-retry-errors", "with --resume: keep error records instead of re-running them"),
  ).action(async (options: BenchOptions, command: Command) => {
    const progress = createProgress();
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const stop = gracefulStop();
    let setup: ModelSetup | undefined;
    try {
      if (options.resume) {
        if (!existsSync(options.resume)) throw new UsageError(`--resume ${options.resume}: no such run folder`);
        const fixed = [
          "dataset",
          "agent",
          "defense",
          "defenseFile",
          "judge",
          "matcher",
          "epochs",
          "seed",
          "resamples",
          "track",
          "maxSteps",
          "observation",
        ];
        const ignored = fixed.filter((name) => command.getOptionValueSource(name) === "cli");
        if (ignored.length) log(`--resume: ignoring ${ignored.map(flagName).join(", ")}; the run's manifest decides them`);
        const manifest = readManifest(options.resume);
        const saved = manifest.model_options ?? {};
        const flagged = (name: string) => command.getOptionValueSource(name) === "cli";
        // Flags given now win; the rest come from the manifest.
        setup = new ModelSetup(
          modelFlagsFrom({
            cache: flagged("cache") ? options.cache : ((manifest.cache?.mode as CacheMode | undefined) ?? options.cache),
            cachePath: options.cachePath ?? manifest.cache?.path,
            baseUrl: options.baseUrl ?? saved.base_url,
            config: options.config ?? saved.config,
            timeoutMs: options.timeoutMs ?? saved.timeout_ms,
            maxRetries: options.maxRetries ?? saved.max_retries,
          }),
          defaultCachePath(options.out),
        );
        const resolve = agentResolver(
          manifest.track ?? "state-grounded",
          setup,
          manifest.e2e?.observation ?? DEFAULT_E2E_SETTINGS.observation,
        );
        const result = await resumeRun(options.resume, {
          loadScenarios: async (run) =>
            (await loadDataset(run.dataset.label === BUILTIN_DATASET_LABEL ? undefined : run.dataset.paths, log)).scenarios,
          resolveAgent: (id, defense) => resolve(id, defenseFromManifest(defense, manifest)),
          ...(manifest.judge && { judge: judgeFor(manifest.judge, setup) }),
          concurrency: options.concurrency,
          retryErrors: options.retryErrors,
          stop: stop.signal,
          onWarning: log,
          ...progress,
        });
        progress.finish();
        await printResult(result, options.json);
        if (result.missing > 0) process.exitCode = EXIT.error;
        return;
      }
      const e2e = options.track === "e2e";
      if (!e2e) {
        const misplaced = ["maxSteps", "observation"].filter((name) => command.getOptionValueSource(name) === "cli");
        if (misplaced.length) log(`${misplaced.map(flagName).join(", ")}: only used with --track e2e; ignored`);
      }
      const dataset = await loadDataset(options.dataset, log);
      const cachePath = options.cachePath ?? defaultCachePath(options.out);
      setup = new ModelSetup({ ...modelFlagsFrom(options), cachePath }, cachePath);
      const files = (options.defenseFile ?? []).map(defenseFromFile);
      const named = options.defense || files.length === 0 ? defensesFor(options.defense ?? []) : [];
      const unique = [...new Map([...named, ...files].map((defense) => [defense.name, defense])).values()];
      const arms = buildArms(
        options.agent ?? (e2e ? DEFAULT_E2E_AGENTS : DEFAULT_AGENTS),
        unique,
        log,
        agentResolver(options.track, setup, options.observation),
      );
      const judge = options.judge ? judgeFor(options.judge, setup) : undefined;
      const usesModels = arms.some((arm) => isModelSpec(arm.agent.id)) || judge !== undefined;
      const result = await startRun({
        scenarios: dataset.scenarios,
        dataset: { label: dataset.label, paths: dataset.paths },
        arms,
        ...(judge && { judge }),
        ...(usesModels && { cache: { mode: options.cache, ...(options.cache !== "off" && { path: cachePath }) } }),
        manifestExtras: {
          ...setup.manifestFields(),
          defense_sources: unique.map((defense) => ({
            name: defense.name,
            sha256: defense.sha256,
            ...(defense.path !== undefined && { path: defense.path }),
          })),
        },
        matcher: options.matcher,
        ...(e2e && { e2e: { max_steps: options.maxSteps, observation: options.observation } }),
        epochs: options.epochs,
        seed: options.seed,
        concurrency: options.concurrency,
        outDir: options.out,
        resamples: options.resamples,
        command: ["safecua", ...process.argv.slice(2)].join(" "),
        version: SAFECUA_VERSION,
        stop: stop.signal,
        ...progress,
      });
      progress.finish();
      await printResult(result, options.json);
      if (result.missing > 0) process.exitCode = EXIT.error;
    } finally {
      progress.finish();
      stop.dispose();
      setup?.close();
    }
  });
}
