import { Command, Option } from "commander";
import { leaderboardTable } from "../../report/index.js";
import { type RunResult, resumeRun, startRun } from "../../runner/index.js";
import { BUILTIN_DATASET_LABEL } from "../../scenario/index.js";
import { MATCHER_MODES, type MatcherMode } from "../../scoring/index.js";
import { loadDataset } from "../load-dataset.js";
import { collectList, nonNegativeInt, positiveInt } from "../option-parsers.js";
import { createProgress } from "../progress.js";
import { resolveAgent } from "../resolve-agents.js";
import { SAFECUA_VERSION } from "../version.js";

interface BenchOptions {
  dataset?: string[];
  agent?: string[];
  matcher: MatcherMode;
  epochs: number;
  concurrency: number;
  seed: number;
  out: string;
  json?: boolean;
  resume?: string;
  resamples: number;
}

const DEFAULT_AGENTS = ["oversharer", "minimal", "ci-rules", "refuser"];

function printResult(result: RunResult, json: boolean | undefined): void {
  if (json) process.stdout.write(`${JSON.stringify(result.summary, null, 2)}\n`);
  else process.stdout.write(`\n${leaderboardTable(result.summary.agents)}\n\n`);
  process.stderr.write(`run folder: ${result.runDir} (records.jsonl, summary.json, report.md)\n`);
}

export function benchCommand(): Command {
  return new Command("bench")
    .description("run agents on a scenario dataset (state-grounded track), score every answer and summarise")
    .option("--dataset <path...>", "scenario files or folders (own YAML/JSON packs or AgentCIBench JSON); default: the built-in pack")
    .option("--agent <id>", `agent to run; repeat or comma-separate (default: ${DEFAULT_AGENTS.join(", ")})`, collectList)
    .addOption(new Option("--matcher <mode>", "deterministic matcher").choices(MATCHER_MODES).default("strict"))
    .option("--epochs <n>", "times each scenario is run per agent", positiveInt, 1)
    .option("--concurrency <n>", "episodes in flight at once", positiveInt, 4)
    .option("--seed <n>", "seed for agents that sample and for the bootstrap", nonNegativeInt, 42)
    .option("--resamples <n>", "bootstrap resamples for the 95% CIs", positiveInt, 10_000)
    .option("--out <dir>", "folder that receives the run folder <run-id>/", "runs")
    .option("--json", "print summary.json on stdout (logs stay on stderr)")
    .option("--resume <run-dir>", "continue an interrupted run; its manifest fixes dataset, agents, matcher, epochs and seed")
    .action(async (options: BenchOptions, command: Command) => {
      const progress = createProgress();
      const log = (line: string) => process.stderr.write(`${line}\n`);
      try {
        if (options.resume) {
          const ignored = ["dataset", "agent", "matcher", "epochs", "seed", "resamples"].filter((name) => command.getOptionValueSource(name) === "cli");
          if (ignored.length) log(`--resume: ignoring ${ignored.map((name) => `--${name}`).join(", ")}; the run's manifest decides them`);
          const result = await resumeRun(options.resume, {
            loadScenarios: async (manifest) =>
              (await loadDataset(manifest.dataset.label === BUILTIN_DATASET_LABEL ? undefined : manifest.dataset.paths, log)).scenarios,
            resolveAgent,
            concurrency: options.concurrency,
            onWarning: log,
            ...progress,
          });
          progress.finish();
          printResult(result, options.json);
          return;
        }
        const dataset = await loadDataset(options.dataset, log);
        const agents = (options.agent ?? DEFAULT_AGENTS).map(resolveAgent);
        const result = await startRun({
          scenarios: dataset.scenarios,
          dataset: { label: dataset.label, paths: dataset.paths },
          arms: agents.map((agent) => ({ agent, defense: "none" })),
          matcher: options.matcher,
          epochs: options.epochs,
          seed: options.seed,
          concurrency: options.concurrency,
          outDir: options.out,
          resamples: options.resamples,
          command: ["safecua", ...process.argv.slice(2)].join(" "),
          version: SAFECUA_VERSION,
          ...progress,
        });
        progress.finish();
        printResult(result, options.json);
      } finally {
        progress.finish();
      }
    });
}
