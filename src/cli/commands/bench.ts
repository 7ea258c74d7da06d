import { existsSync } from "node:fs";
import { join, resolve, resolve as resolvePath } from "node:path";
import { Command, Option } from "commander";
import { loadDefenseFile, resolveDefenses, UI_TEST_ROLES } from "../../agents/index.js";
import {
  BROWSER_TIMEOUT_ENV,
  browserTimeoutFromEnv,
  DEFAULT_BROWSER_TIMEOUT_MS,
  OBSERVATION_MODES,
  type ObservationMode,
} from "../../browser/index.js";
import { countOf, InputError } from "../../core/index.js";
import { GUARD_ABLATION_NAMES } from "../../guard/index.js";
import { type CacheMode, defaultCachePath, ModelSetup, modelFlagsFrom } from "../../models/index.js";
import type { RedisTarget } from "../../queue/index.js";
import { RUN_FILES, type RunManifest, readManifest } from "../../records/index.js";
import { leaderboardText, maskIntegrityProblems, usageByRoleText, writeRunReports } from "../../report/index.js";
import {
  agentResolver,
  buildArms,
  DEFAULT_AGENTS,
  DEFAULT_E2E_SETTINGS,
  defenseFromManifest,
  type GuardRoleSpecs,
  injectionManifest,
  isGuardedSpec,
  isModelSpec,
  loadDataset,
  modelJudge,
  modelSetupFromManifest,
  parseGuardAblations,
  type RunCallbacks,
  type RunResult,
  rebuildFromManifest,
  resumeRun,
  type StopControl,
  SUITES,
  type Suite,
  startRun,
  TRACKS,
  type Track,
} from "../../runner/index.js";
import { MATCHER_MODES, type MatcherMode } from "../../scoring/index.js";
import type { CliContext } from "../cli-context.js";
import { loadBenchSection, resolvedBenchSection } from "../eval-file.js";
import { EXIT } from "../exit-codes.js";
import { gracefulStop } from "../graceful-stop.js";
import { addModelOptions } from "../model-options.js";
import { collectList, nonNegativeInt, positiveInt } from "../option-parsers.js";
import { preflight } from "../preflight.js";
import { createProgress, type Progress } from "../progress.js";
import { addGateOptions, checkGates, type QualityGates } from "../quality-gates.js";
import { addSelectionOptions, selectionFromOptions, selectScenarios } from "../scenario-selection.js";
import { shellWord } from "../shell-word.js";
import { SAFECUA_VERSION } from "../version.js";

interface BenchOptions {
  /** `--name`: the run's label. */
  name?: string;
  /** `--tag`, repeatable. */
  tag?: string[];
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
  suite: Suite;
  maxSteps: number;
  observation: ObservationMode;
  /** `--browser-timeout`: the base of every browser wait, in ms (else SAFECUA_BROWSER_TIMEOUT_MS, else the default). */
  browserTimeout?: number;
  qModel?: string;
  crosscheckModel?: string;
  classifierModel?: string;
  proposeModel?: string;
  /** False with `--no-propose`. */
  propose: boolean;
  /** `--guard-ablate`: protections of the guard switched off for the guarded agents. */
  guardAblate?: string[];
  stopGrace: number;
  preflight: boolean;
  scenario?: string[];
  failureMode?: string[];
  category?: string[];
  app?: string[];
  limit?: number;
  maxLeakage?: number;
  maxEngagedLeakage?: number;
  minUtility?: number;
  /** `--queue URL`, or a bare `--queue` (true): the URL from REDIS_URL. */
  queue?: string | true;
}

/** The guarded agent's role flags, as the manifest stores them. */
function guardSpecsOf(
  options: Pick<BenchOptions, "qModel" | "crosscheckModel" | "classifierModel" | "proposeModel" | "propose" | "guardAblate">,
): GuardRoleSpecs {
  const ablate = parseGuardAblations(options.guardAblate ?? [], `--guard-ablate ${(options.guardAblate ?? []).join(",")}`);
  return {
    ...(options.qModel !== undefined && { q_model: options.qModel }),
    ...(options.crosscheckModel !== undefined && { crosscheck_model: options.crosscheckModel }),
    ...(options.classifierModel !== undefined && { classifier_model: options.classifierModel }),
    ...(options.proposeModel !== undefined && { propose_model: options.proposeModel }),
    ...(options.propose === false && { no_propose: true }),
    ...(ablate.length > 0 && { ablate }),
  };
}

/** The browser timeout the environment sets; a bad value is an input error naming the variable. */
function browserTimeoutOf(env: NodeJS.ProcessEnv): number | undefined {
  try {
    return browserTimeoutFromEnv(env);
  } catch (error) {
    throw new InputError((error as Error).message, { file: BROWSER_TIMEOUT_ENV });
  }
}

/** `maxSteps` → `--max-steps`: commander's option key back to the flag a user typed. */
// The end-to-end track's options: the state-grounded track ignores them, and a resume takes them from the manifest.
const E2E_ONLY_OPTIONS = [
  "maxSteps",
  "observation",
  "browserTimeout",
  "qModel",
  "crosscheckModel",
  "classifierModel",
  "proposeModel",
  "propose",
  "guardAblate",
] as const;

/** An option the user set: on the command line, or in the config file's `bench:` section. */
const given = (command: Command, name: string): boolean => ["cli", "config"].includes(command.getOptionValueSource(name) ?? "");

/**
 * `-c FILE`: the file's `bench:` section becomes the options' values wherever the command line
 * gave none, so flags override the file and the file overrides the defaults.
 */
function applyConfigFile(options: BenchOptions, command: Command): BenchOptions {
  if (options.config === undefined) return options;
  for (const [name, value] of Object.entries(loadBenchSection(options.config)))
    if (command.getOptionValueSource(name) !== "cli") command.setOptionValueWithSource(name, value, "config");
  return command.opts<BenchOptions>();
}

const flagName = (key: string): string => (key === "propose" ? "--no-propose" : `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);

/**
 * Runs `work`; an input error it throws about a value of `option` (`--agent gpt-9`) that came from
 * the config file is re-pointed at the file and the field (`eval.yaml: $.bench.agents[1]`), where
 * the user has to fix it.
 */
function fromConfigFile<T>(command: Command, options: BenchOptions, option: keyof BenchOptions, key: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    const flag = flagName(option);
    if (!(error instanceof InputError) || options.config === undefined || command.getOptionValueSource(option) !== "config") throw error;
    if (!error.file?.startsWith(`${flag} `)) throw error;
    const values = options[option];
    const index = Array.isArray(values) ? values.indexOf(error.file.slice(flag.length + 1)) : -1;
    throw new InputError(error.expected, { file: options.config, path: ["bench", key, ...(index >= 0 ? [index] : [])] }, { cause: error });
  }
}

/** Seconds since `start`, for the post-run phase lines. */
const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

/** "3 of 40 episodes ended in an error (2 timeout, 1 parse)": how many, and of which kinds, most frequent first. */
function errorCount(errors: readonly RunResult["records"][number][], total: number): string {
  const kinds = new Map<string, number>();
  for (const record of errors) if (record.status === "error") kinds.set(record.error.kind, (kinds.get(record.error.kind) ?? 0) + 1);
  const byKind = [...kinds].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([kind, n]) => `${n} ${kind}`);
  return `${errors.length} of ${total} episodes ended in an error (${byKind.join(", ")})`;
}

/** The run's `--name` and `--tag` as the summary's first line, or nothing when it has neither. */
function runLabel(manifest: RunManifest): string {
  const parts = [
    ...(manifest.name !== undefined ? [`run ${manifest.name}`] : []),
    ...(manifest.tags?.length ? [`tags ${manifest.tags.join(", ")}`] : []),
  ];
  return parts.length > 0 ? `${parts.join(" · ")}\n` : "";
}

/** Writes the reports beside the summary and prints the leaderboard (or the summary as JSON); the report's full path comes last. */
async function printResult(
  cli: CliContext,
  result: RunResult & { lost?: string },
  json: boolean | undefined,
  run: RunScope,
  gates: QualityGates,
): Promise<void> {
  const start = performance.now();
  cli.log(`writing report.md and report.html (${result.records.length} episodes)…`);
  const reports = await writeRunReports(result.runDir);
  cli.log(`reports written in ${since(start)}`);
  if (json) cli.print(JSON.stringify(result.summary, null, 2));
  else {
    const usage = usageByRoleText(result.summary.agents);
    cli.print(`\n${runLabel(result.manifest)}${leaderboardText(result.summary)}\n${usage ? `\nmodel usage by role:\n\n${usage}\n` : ""}`);
  }
  const scored = result.records.some((record) => record.status !== "error");
  const errors = result.records.filter((record) => record.status === "error");
  // `npx` finds the package's own bin in a clone, where a bare `safecua` is not on the PATH.
  const again = ["npx", "safecua", "bench", "--resume", result.runDir, ...run.resumeFlags].map(shellWord).join(" ");
  if (result.lost) cli.log(`${result.lost}; the results workers finish meanwhile wait in Redis for the resume`);
  if (result.missing > 0) {
    const interrupted = result.interrupted > 0 ? ` (${result.interrupted} interrupted in flight, left for the resume)` : "";
    cli.log(`stopped with ${result.missing} episodes not run${interrupted}; continue with: ${again}`);
    cli.exitCode = run.hooks.stop.signal.aborted ? EXIT.interrupted : EXIT.error;
  } else if (result.records.length > 0 && !scored) {
    const first = errors[0];
    cli.log(
      `every episode ended in an error (the first: ${first?.status === "error" ? `${first.error.kind}: ${first.error.message}` : "?"}); fix the cause, then re-run them with: ${again}`,
    );
    cli.exitCode = EXIT.error;
  } else {
    if (errors.length > 0) cli.log(`${errorCount(errors, result.records.length)}; a resume re-runs them: ${again}`);
    // Gates judge finished runs only: a partial run's figures are not the ones a CI job asked about.
    const failures = checkGates(result.summary.agents, gates);
    for (const line of failures) cli.log(line);
    if (failures.length > 0) cli.exitCode = EXIT.threshold;
  }
  const maskIntegrity = result.summary.mask_integrity;
  if (maskIntegrity && !maskIntegrity.passed) {
    // A mask that leaks once gives no guarantee: a failure whatever the other figures, with the pages named.
    cli.log(`F5 mask integrity FAILED (exit ${EXIT.threshold}):`);
    for (const line of maskIntegrityProblems(maskIntegrity)) cli.log(`  ${line}`);
    if (cli.exitCode === EXIT.ok) cli.exitCode = EXIT.threshold;
  }
  cli.log(`run folder: ${resolve(result.runDir)} (records.jsonl, summary.json, report.md, report.html)`);
  cli.log(`report: ${resolve(reports.html)}`);
}

/** What a run is handed by the command: Ctrl-C, progress, and a place to leave model setups for closing. */
interface RunScope {
  hooks: { stop: StopControl; onSummarising: (records: number) => void; onMaskIntegrity: RunCallbacks["onMaskIntegrity"] } & Pick<
    Progress,
    "onStart" | "onRecord"
  >;
  /** Where a queued run's jobs go (`--queue`), when given, and how a text loses the URL's password. */
  queue?: { target: RedisTarget; redact: (text: string) => string };
  progress: Progress;
  /** Says how long the summary took, once the run has returned it. */
  summarised: () => void;
  /** Closed when the command ends, however it ends. */
  models: ModelSetup[];
  /** Flags given now that the manifest does not keep, for the printed resume command. */
  resumeFlags: string[];
}

/** The flags of this command line that a resume would need again but the manifest does not record. */
function flagsForResume(options: BenchOptions, command: Command): string[] {
  return [
    ...(given(command, "concurrency") ? ["--concurrency", String(options.concurrency)] : []),
    ...(given(command, "stopGrace") ? ["--stop-grace", String(options.stopGrace)] : []),
    ...(options.json ? ["--json"] : []),
    ...(options.preflight ? [] : ["--no-preflight"]),
    ...(given(command, "cache") ? ["--cache", options.cache] : []),
  ];
}

/** `--queue`: the Redis target, with the queue module loaded only for queued runs (it brings BullMQ). */
async function queueTarget(cli: CliContext, options: BenchOptions): Promise<RunScope["queue"]> {
  if (options.queue === undefined) return undefined;
  const { parseRedisUrl, redactRedisUrls } = await import("../../queue/index.js");
  return { target: parseRedisUrl(options.queue === true ? undefined : options.queue, cli.io.env), redact: redactRedisUrls };
}

/** `--resume RUN_DIR`: the manifest decides what runs; flags given now may change only how models are reached. */
async function resume(cli: CliContext, options: BenchOptions, command: Command, run: RunScope): Promise<void> {
  const runDir = options.resume as string;
  if (!existsSync(runDir)) throw new InputError("no such run folder", { file: `--resume ${runDir}` });
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
    "suite",
    ...E2E_ONLY_OPTIONS,
    "scenario",
    "failureMode",
    "category",
    "app",
    "limit",
  ];
  const flagged = (name: string) => command.getOptionValueSource(name) === "cli";
  const ignored = fixed.filter(flagged);
  if (ignored.length) cli.log(`--resume: ignoring ${ignored.map(flagName).join(", ")}; the run's manifest decides them`);
  const manifest = readManifest(runDir);
  // Flags given now win; the rest come from the manifest.
  const models = modelSetupFromManifest(
    runDir,
    manifest,
    modelFlagsFrom({
      ...options,
      cache: flagged("cache") ? options.cache : ((manifest.cache?.mode as CacheMode | undefined) ?? options.cache),
    }),
    options.out,
  );
  run.models.push(models);
  await preflight(cli, models, options.preflight);
  const manifestPath = join(runDir, RUN_FILES.manifest);
  const common = {
    ...rebuildFromManifest(runDir, manifest, models, (line) => cli.log(line)),
    retryErrors: options.retryErrors,
    onWarning: (line: string) => cli.log(line),
    ...run.hooks,
  };
  const result = run.queue
    ? await (await import("../../queue/index.js")).resumeQueuedRun(runDir, {
        ...common,
        target: run.queue.target,
        cacheMode: models.flags.cache,
        defenseOf: (name) => defenseFromManifest(name, manifest, manifestPath),
        onQueue: run.progress.onQueue,
      })
    : await resumeRun(runDir, { ...common, models, concurrency: options.concurrency });
  run.progress.finish();
  run.summarised();
  await printResult(cli, result, options.json, run, options);
}

async function start(cli: CliContext, options: BenchOptions, command: Command, run: RunScope): Promise<void> {
  // Checked first: a misspelt ablation must not cost a dataset load.
  const guard = guardSpecsOf(options);
  const injection = options.suite === "injection";
  // The attacks live in the workspace's pages and are judged on what the agent did there.
  if (injection && given(command, "track") && options.track !== "e2e")
    throw new InputError("the injection suite runs on the end-to-end track only; leave out --track or use --track e2e", {
      file: `--track ${options.track}`,
    });
  const track: Track = injection ? "e2e" : options.track;
  const e2e = track === "e2e";
  const browserTimeout = e2e ? (options.browserTimeout ?? browserTimeoutOf(cli.io.env)) : undefined;
  if (!e2e) {
    const misplaced = E2E_ONLY_OPTIONS.filter((name) => given(command, name));
    if (misplaced.length) cli.log(`${misplaced.map(flagName).join(", ")}: only used with --track e2e; ignored`);
  }
  const dataset = await loadDataset(options.dataset, (line) => cli.log(line), options.suite);
  const selection = selectionFromOptions(options);
  const scenarios = selectScenarios(dataset.scenarios, selection);
  if (injection && !scenarios.some((scenario) => scenario.attack !== undefined))
    throw new InputError("--suite injection: none of these scenarios has an attack block", { file: dataset.label });
  if (selection) cli.log(`running ${scenarios.length} of ${countOf(dataset.scenarios.length, "scenario")}`);
  const cachePath = options.cachePath ?? defaultCachePath(options.out);
  const models = new ModelSetup({ ...modelFlagsFrom(options), cachePath }, cachePath);
  run.models.push(models);
  const files = (options.defenseFile ?? []).map((path) => loadDefenseFile(path));
  const named = options.defense || files.length === 0 ? resolveDefenses(options.defense ?? []) : [];
  const defenses = [...new Map([...named, ...files].map((defense) => [defense.name, defense])).values()];
  if (e2e && guard.ablate && !(options.agent ?? DEFAULT_AGENTS[track]).some(isGuardedSpec))
    cli.log("--guard-ablate: switches off protections of guarded:<planner> and ucm:<planner> agents only; none is among --agent");
  const resolve = agentResolver(track, models, options.observation, guard);
  const arms = fromConfigFile(command, options, "agent", "agents", () =>
    buildArms(options.agent ?? DEFAULT_AGENTS[track], defenses, resolve, (line) => cli.log(line)),
  );
  const judge = options.judge ? modelJudge(models.client(options.judge), options.judge) : undefined;
  const usesModels = arms.some((arm) => isModelSpec(arm.agent.id)) || judge !== undefined;
  await preflight(cli, models, options.preflight);
  const settings = {
    scenarios,
    dataset: { label: dataset.label, paths: dataset.paths, ...(selection && { selection }) },
    arms,
    ...(judge && { judge }),
    ...(usesModels && { cache: { mode: options.cache, ...(options.cache !== "off" && { path: cachePath }) } }),
    manifestExtras: {
      ...models.manifestFields(),
      defense_sources: defenses.map((defense) => ({
        name: defense.name,
        sha256: defense.sha256,
        ...(defense.path !== undefined && { path: defense.path }),
      })),
      ...(injection && { injection: injectionManifest(dataset.files) }),
      ...(options.name !== undefined && { name: options.name }),
      ...(options.tag !== undefined && { tags: options.tag }),
      config: {
        ...(options.config !== undefined && { file: resolvePath(options.config) }),
        // The end-to-end settings are left out of a state-grounded run's copy: they did not apply.
        bench: resolvedBenchSection({
          ...options,
          ...(!e2e && Object.fromEntries(E2E_ONLY_OPTIONS.map((name) => [name, undefined]))),
          track,
          agent: options.agent ?? DEFAULT_AGENTS[track],
        }),
      },
    },
    matcher: options.matcher,
    ...(e2e && {
      e2e: {
        max_steps: options.maxSteps,
        observation: options.observation,
        ...(Object.keys(guard).length > 0 && { guard }),
        ...(browserTimeout !== undefined && { browser_timeout_ms: browserTimeout }),
      },
    }),
    epochs: options.epochs,
    seed: options.seed,
    concurrency: options.concurrency,
    outDir: options.out,
    resamples: options.resamples,
    command: run.queue ? run.queue.redact(["safecua", ...cli.argv].join(" ")) : ["safecua", ...cli.argv].join(" "),
    version: SAFECUA_VERSION,
    ...run.hooks,
  };
  const result = run.queue
    ? await (await import("../../queue/index.js")).startQueuedRun({
        ...settings,
        target: run.queue.target,
        defenses: new Map(defenses.map((defense) => [defense.name, defense])),
        cacheMode: options.cache,
        onQueue: run.progress.onQueue,
      })
    : await startRun(settings);
  run.progress.finish();
  run.summarised();
  await printResult(cli, result, options.json, run, options);
}

export function benchCommand(cli: CliContext): Command {
  return addGateOptions(addSelectionOptions(benchFlags())).action((flags: BenchOptions, command: Command) => runBench(cli, flags, command));
}

/** The command's flags and help, without the selection and gate flags it shares with others. */
function benchFlags(): Command {
  return addModelOptions(
    new Command("bench")
      .description(
        "run agents on a scenario dataset (state-grounded track, or end-to-end in the workspace with --track e2e), score every answer and summarise",
      )
      .option("--name <text>", "a label for the run: kept in the manifest, shown in the summary, the report and the viewer's run list")
      .option("--tag <tag>", "a label to group and filter runs by (the viewer filters on it); repeat or comma-separate", collectList)
      .option("--dataset <path...>", "scenario files or folders (own YAML/JSON packs or AgentCIBench JSON); default: the built-in pack")
      .option(
        "--agent <id>",
        `reference agent or provider:model (openai:…, anthropic:…, openai-compatible:NAME); repeat or comma-separate (default: ${DEFAULT_AGENTS["state-grounded"].join(", ")}; with --track e2e: ${DEFAULT_AGENTS.e2e.join(", ")}; test roles, e2e only: ${UI_TEST_ROLES.map((role) => role.id).join(", ")}; the guarded agent, e2e only: guarded:<planner>, the planner a provider:model or a scripted role: scripted, gullible (reads the masked screenshot by OCR), gullible-tree (reads the texts the guard says it shows); its UCM baseline without endorsement: ucm:<planner>)`,
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
      .addOption(
        new Option(
          "--suite <suite>",
          "disclosure: the disclosure benchmark; injection: the prompt-injection pack (packs/injection, or --dataset) on the end-to-end track, scored for ASR@k, CR and FR per family",
        )
          .choices(SUITES)
          .default("disclosure"),
      )
      .option(
        "--max-steps <n>",
        "e2e: step budget per episode (every action and every unusable reply counts)",
        positiveInt,
        DEFAULT_E2E_SETTINGS.max_steps,
      )
      .option(
        "--browser-timeout <ms>",
        `e2e: the base of every wait of the browser: an element action waits it, reading the page 2× and a navigation 3×, each stretched by the machine's load (up to 8×) so a loaded machine runs slower rather than failing; default ${BROWSER_TIMEOUT_ENV} or ${DEFAULT_BROWSER_TIMEOUT_MS}; kept in the manifest (a resume keeps it)`,
        positiveInt,
      )
      .addOption(
        new Option("--observation <mode>", "e2e: what model agents see each step: accessibility tree, screenshot, or both")
          .choices(OBSERVATION_MODES)
          .default(DEFAULT_E2E_SETTINGS.observation),
      )
      .option("--q-model <model>", "e2e, guarded agents: the quarantined model that reads the screen (default: the planner's model)")
      .option(
        "--crosscheck-model <model>",
        "e2e, guarded agents: the second quarantined model of crosschecks and recall (default: the --q-model)",
      )
      .option("--classifier-model <model>", "e2e, guarded agents: the task-specificity classifier (default: the planner's model)")
      .option(
        "--propose-model <model>",
        "e2e, guarded agents: the model that proposes rules for pages with no stored rule set (default: the planner's model; none for a scripted planner)",
      )
      .option("--no-propose", "e2e, guarded agents: mask a page with no stored rule set whole instead of proposing rules for it")
      .option(
        "--guard-ablate <names>",
        `e2e, guarded agents: switch protections of the guard off (an ablation run; the agent's row is labelled, e.g. "guarded:scripted -echo-demotion"); comma-separate: ${GUARD_ABLATION_NAMES.join(", ")}`,
        collectList,
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
      .option("--no-retry-errors", "with --resume: keep error records instead of re-running them")
      .option(
        "--queue [url]",
        "run the episodes on workers (safecua worker) through a BullMQ queue in Redis at redis://[:PASSWORD@]HOST:PORT[/DB]; bare: the URL in REDIS_URL. This process plans, collects and writes the run folder",
      )
      .option(
        "--stop-grace <seconds>",
        "after Ctrl-C, how long episodes in flight may take to finish; those still running then are left for --resume",
        nonNegativeInt,
        60,
      ),
    "a config file: model endpoints (endpoints, defaults, prices) and, under bench:, a whole evaluation with one key per flag (dataset, suite, track, agents, defenses, epochs, judge, gates, concurrency, name, tags, …); flags given here override it (default for the endpoints: ./safecua.config.yaml when present)",
  ).addHelpText(
    "after",
    `
Eval file (-c eval.yaml; the README's "Eval files" lists every key):
  bench:
    name: nightly
    tags: [ci, reference]
    suite: disclosure            # or injection (end-to-end)
    track: state-grounded        # or e2e
    agents: [minimal, ci-rules]
    defenses: [none, restrictive]
    epochs: 2
    concurrency: 4
    limit: 20
    gates: { max_leakage: 20%, min_utility: 0.5 }
  Paths under dataset and defense_files are relative to the file; the manifest keeps the resolved settings.`,
  );
}

/** One `safecua bench`: the run's scope (progress, Ctrl-C, queue), then a new run or a resumed one. */
async function runBench(cli: CliContext, flags: BenchOptions, command: Command): Promise<void> {
  const options = applyConfigFile(flags, command);
  const progress = await createProgress(cli.io);
  const stop = gracefulStop(cli.io, "stopping: finishing the episodes in flight");
  const run = runScopeOf(cli, options, command, progress, stop.signal);
  const queue = await queueTarget(cli, options);
  if (queue) {
    run.queue = queue;
    // The password never appears in a printed command: `***` stands for it (or use a bare --queue and REDIS_URL).
    run.resumeFlags.push(...(options.queue === true ? ["--queue"] : ["--queue", queue.target.display]));
    if (given(command, "concurrency"))
      cli.log("--concurrency: with --queue, each worker sets its own (safecua worker --concurrency N); ignored");
  }
  try {
    if (options.resume) await resume(cli, options, command, run);
    else await start(cli, options, command, run);
  } finally {
    progress.finish();
    stop.dispose();
    for (const models of run.models) models.close();
  }
}

/** The hooks that report a run's progress on the terminal, and what a resume must repeat. */
function runScopeOf(
  cli: CliContext,
  options: BenchOptions,
  command: Command,
  progress: RunScope["progress"],
  signal: AbortSignal,
): RunScope {
  let summarising = 0;
  const onSummarising = (records: number) => {
    progress.finish();
    summarising = performance.now();
    cli.log(`summarising ${records} episodes (bootstrap CIs)…`);
  };
  const onSummarised = () => {
    if (summarising > 0) cli.log(`summary written in ${since(summarising)}`);
  };
  const run: RunScope = {
    hooks: {
      stop: { signal, graceMs: options.stopGrace * 1000 },
      onStart: progress.onStart,
      onRecord: progress.onRecord,
      onMaskIntegrity: (task) =>
        cli.log(
          "error" in task
            ? `F5 ${task.scenario_id}: not measured: ${task.error.message}`
            : `F5 ${task.scenario_id}: ${task.pages.length} pages, ${task.pages.reduce((n, page) => n + page.canary_rows, 0)} canary rows, ` +
                `${task.pages.filter((page) => page.leaked_rows > 0 || page.planner_leaks.length > 0).length} leaking`,
        ),
      onSummarising,
    },
    progress,
    summarised: onSummarised,
    models: [],
    resumeFlags: flagsForResume(options, command),
  };
  return run;
}
