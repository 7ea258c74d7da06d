import { Command } from "commander";
import { InputError } from "../../core/index.js";
import {
  ComparisonPlanError,
  CROSS_TRACK_NOTE,
  compareRuns,
  compareTable,
  compareText,
  comparisonJson,
  crossTrackTables,
  crossTrackText,
  loadComparableRun,
} from "../../report/index.js";
import type { CliContext } from "../cli-context.js";
import { nonNegativeInt, positiveInt } from "../option-parsers.js";

interface CompareOptions {
  a?: string;
  b?: string;
  json?: boolean;
  seed?: number;
  resamples?: number;
  wide?: boolean;
}

export function compareCommand(cli: CliContext): Command {
  const load = (runDir: string) => {
    const run = loadComparableRun(runDir);
    if (run.dropped > 0) cli.log(`${runDir}: ${run.dropped} damaged line(s) in records.jsonl left out`);
    return run;
  };
  return new Command("compare")
    .description(
      "paired per-scenario differences of utility, refusal and engaged leakage between two runs, two rows of one run, or a run's defense sweep; a state-grounded and an end-to-end run give the execution gap and the tracks' agreement",
    )
    .argument("<run-a>", "run folder A (the baseline)")
    .argument("[run-b]", "run folder B; without it, compare two rows of run A (--a, --b) or sweep its defenses")
    .option("--a <agent[::defense]>", "row of run A (default: every row both runs have)")
    .option("--b <agent[::defense]>", "row of run B (default: the same as --a)")
    .option("--seed <n>", "bootstrap seed (default: run A's)", nonNegativeInt)
    .option("--resamples <n>", "bootstrap resamples (default: run A's)", positiveInt)
    .option("--wide", "one table row per comparison (or per agent, across tracks) with every column (wider than 100 columns)")
    .option("--json", "print the comparisons as JSON on stdout")
    .action((runA: string, runB: string | undefined, options: CompareOptions) => {
      const left = load(runA);
      const right = runB === undefined ? undefined : load(runB);
      let result: ReturnType<typeof compareRuns>;
      try {
        result = compareRuns(left, right, {
          ...(options.a !== undefined && { a: options.a }),
          ...(options.b !== undefined && { b: options.b }),
          seed: options.seed ?? left.manifest.seed,
          resamples: options.resamples ?? left.manifest.bootstrap_resamples,
        });
      } catch (error) {
        if (error instanceof ComparisonPlanError) throw new InputError(`compare: ${error.message}`, {}, { cause: error });
        throw error;
      }
      for (const warning of result.warnings) cli.log(`compare: ${warning}`);
      if (options.json) cli.print(JSON.stringify(comparisonJson(result), null, 2));
      else if (result.cross_track)
        cli.print(
          `\n${options.wide ? `${crossTrackTables(result.cross_track)}\n\n${CROSS_TRACK_NOTE}` : crossTrackText(result.cross_track)}`,
        );
      else
        cli.print(
          `\n${options.wide ? compareTable(result) : compareText(result)}\n\nΔ = B − A in percentage points, paired bootstrap 95% CI; pairs are scenarios (epochs\naveraged within each); p = exact McNemar (sign test over scenarios). L_eng pairs only scenarios\nwhere both arms engaged. MDE = the smallest Δ these pairs detect at 80% power (safecua power).`,
        );
    });
}
