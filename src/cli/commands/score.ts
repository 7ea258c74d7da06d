import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import { z } from "zod";
import { leaderboardTable } from "../../report/index.js";
import { type EpisodeRecord, episodeKey, statusOf, summarizeRecords } from "../../runner/index.js";
import { MATCHER_MODES, type MatcherMode, scoreOutput } from "../../scoring/index.js";
import { EXIT, UsageError } from "../exit-codes.js";
import { loadDataset } from "../load-dataset.js";
import { collectList, nonNegativeInt, positiveInt } from "../option-parsers.js";

/** One line of `--outputs`: an answer an agent gave elsewhere, to be scored here. */
const OutputLineSchema = z.object({
  id: z.string().optional(),
  scenario_id: z.string().min(1),
  agent: z.string().min(1).optional(),
  completed: z.boolean(),
  shared_content: z.array(z.string()),
  action_trace: z.string().optional(),
});

interface ScoreOptions {
  dataset?: string[];
  outputs: string;
  matcher: MatcherMode;
  json?: boolean;
  keepGoing?: boolean;
  seed: number;
  resamples: number;
}

export function scoreCommand(): Command {
  return new Command("score")
    .description("score answers produced elsewhere (bring your own agent) against a dataset")
    .requiredOption(
      "--outputs <file.jsonl>",
      'one JSON object per line: {"id"?, "scenario_id", "agent"?, "completed", "shared_content": [string], "action_trace"?}',
    )
    .option("--dataset <path...>", "scenario files or folders the answers refer to; default: the built-in pack", collectList)
    .addOption(new Option("--matcher <mode>", "deterministic matcher").choices(MATCHER_MODES).default("strict"))
    .option("--json", 'print {"records": [...], "summary": {...}} on stdout, records in input order')
    .option("--keep-going", "report malformed lines and unknown scenario ids on stderr and skip them instead of stopping")
    .option("--seed <n>", "bootstrap seed", nonNegativeInt, 42)
    .option("--resamples <n>", "bootstrap resamples", positiveInt, 10_000)
    .action(async (options: ScoreOptions) => {
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const dataset = await loadDataset(options.dataset, log);
      const byId = new Map(dataset.scenarios.map((scenario) => [scenario.id, scenario]));
      let text: string;
      try {
        text = readFileSync(options.outputs, "utf8");
      } catch (error) {
        throw new UsageError(
          `--outputs ${options.outputs}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
        );
      }
      const problems: string[] = [];
      const records: EpisodeRecord[] = [];
      const rows: Array<Record<string, unknown>> = [];
      text.split("\n").forEach((line, index) => {
        const lineNumber = index + 1;
        if (line.trim() === "") return;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          problems.push(`${options.outputs}:${lineNumber}: not valid JSON`);
          return;
        }
        const parsed = OutputLineSchema.safeParse(value);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          problems.push(`${options.outputs}:${lineNumber}: $.${issue?.path.join(".") ?? ""}: ${issue?.message}`);
          return;
        }
        const answer = parsed.data;
        const scenario = byId.get(answer.scenario_id);
        if (!scenario) {
          problems.push(
            `${options.outputs}:${lineNumber}: $.scenario_id: unknown scenario id "${answer.scenario_id}" (not in ${dataset.label})`,
          );
          return;
        }
        const agent = answer.agent ?? "external";
        const id = answer.id ?? `line-${lineNumber}`;
        const output = { completed: answer.completed, shared_content: answer.shared_content, action_trace: answer.action_trace ?? "" };
        const score = scoreOutput({ must_share: scenario.must_share, must_not_share: scenario.must_not_share }, output, options.matcher);
        const status = statusOf(output);
        rows.push({ id, scenario_id: scenario.id, agent, status, ...score });
        records.push({
          key: episodeKey(agent, "none", scenario.id, lineNumber),
          run_id: "score",
          scenario_id: scenario.id,
          agent,
          defense: "none",
          epoch: 0,
          seed: 0,
          failure_mode: scenario.failure_mode,
          status,
          output,
          score,
          started_at: new Date(0).toISOString(),
          duration_ms: 0,
        });
      });
      for (const problem of problems) log(problem);
      if (problems.length > 0 && !options.keepGoing) {
        log(`${problems.length} bad line${problems.length === 1 ? "" : "s"}; nothing scored (use --keep-going to skip them)`);
        process.exitCode = EXIT.usage;
        return;
      }
      const agents = [...new Set(records.map((record) => record.agent))];
      const summary = summarizeRecords(records, {
        runId: "score",
        dataset: dataset.label,
        matcher: options.matcher,
        arms: agents.map((agent) => ({ agent, defense: "none" })),
        seed: options.seed,
        resamples: options.resamples,
      });
      if (options.json) process.stdout.write(`${JSON.stringify({ records: rows, summary }, null, 2)}\n`);
      else process.stdout.write(`${leaderboardTable(summary.agents)}\n`);
      if (problems.length > 0) log(`skipped ${problems.length} bad line${problems.length === 1 ? "" : "s"}`);
    });
}
