import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import { InputError } from "../../core/index.js";
import { summarizeRun } from "../../records/index.js";
import { leaderboardText } from "../../report/index.js";
import { loadDataset, type ScoredRow, scoreAnswers } from "../../runner/index.js";
import { MATCHER_MODES, type MatcherMode } from "../../scoring/index.js";
import type { CliContext } from "../cli-context.js";
import { EXIT } from "../exit-codes.js";
import { collectList, nonNegativeInt, positiveInt } from "../option-parsers.js";
import { addGateOptions, checkGates } from "../quality-gates.js";

interface ScoreOptions {
  dataset?: string[];
  outputs: string;
  matcher: MatcherMode;
  json?: boolean;
  keepGoing?: boolean;
  seed: number;
  resamples: number;
  maxLeakage?: number;
  maxEngagedLeakage?: number;
  minUtility?: number;
}

/**
 * Which answers leaked what, one line each (`id  scenario  agent: "item", …`): the leaderboard's
 * rates say how often, this says where to look. Items are the dataset's own must-not-share items.
 */
function leakedText(rows: readonly ScoredRow[]): string {
  const leaked = rows.filter((row) => row.leaked_items.length > 0);
  if (leaked.length === 0) return "No answer leaked a must-not-share item.";
  const lines = leaked.map(
    (row) => `  ${row.id}  ${row.scenario_id}  ${row.agent}: ${row.leaked_items.map((item) => JSON.stringify(item)).join(", ")}`,
  );
  return [`Leaked must-not-share items (${leaked.length} of ${rows.length} answer${rows.length === 1 ? "" : "s"}):`, ...lines].join("\n");
}

export function scoreCommand(cli: CliContext): Command {
  const command = new Command("score")
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
    .option("--resamples <n>", "bootstrap resamples", positiveInt, 10_000);
  return addGateOptions(command).action(async (options: ScoreOptions) => {
    const dataset = await loadDataset(options.dataset, (line) => cli.log(line));
    let text: string;
    try {
      text = readFileSync(options.outputs, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new InputError(code === "ENOENT" ? "no such file" : (error as Error).message, { file: `--outputs ${options.outputs}` });
    }
    // An empty file is almost always a producer that failed; scoring it would print an empty table and exit 0.
    if (text.trim() === "")
      throw new InputError("the file is empty; expected one JSON answer per line", { file: `--outputs ${options.outputs}` });
    const { records, rows, problems } = scoreAnswers(text, options.outputs, dataset.scenarios, dataset.label, options.matcher);
    for (const problem of problems) cli.log(problem);
    if (problems.length > 0 && !options.keepGoing) {
      cli.log(`${problems.length} bad line${problems.length === 1 ? "" : "s"}; nothing scored (use --keep-going to skip them)`);
      cli.exitCode = EXIT.usage;
      return;
    }
    if (records.length === 0) throw new InputError("no answer left to score", { file: `--outputs ${options.outputs}` });
    const agents = [...new Set(records.map((record) => record.agent))];
    const summary = summarizeRun(
      {
        run_id: "score",
        dataset: { label: dataset.label },
        matcher: options.matcher,
        arms: agents.map((agent) => ({ agent, defense: "none" })),
        seed: options.seed,
        bootstrap_resamples: options.resamples,
      },
      records,
    );
    if (options.json) cli.print(JSON.stringify({ records: rows, summary }, null, 2));
    else cli.print(`${leaderboardText(summary)}\n\n${leakedText(rows)}`);
    if (problems.length > 0) cli.log(`skipped ${problems.length} bad line${problems.length === 1 ? "" : "s"}`);
    const failures = checkGates(summary.agents, options);
    for (const line of failures) cli.log(line);
    if (failures.length > 0) cli.exitCode = EXIT.threshold;
  });
}
