import { existsSync, statSync } from "node:fs";
import { Command } from "commander";
import { type ComparableRun, ComparisonPlanError, compareRuns, compareTable, comparisonJson } from "../../report/index.js";
import { readManifest, readRecords } from "../../runner/index.js";
import { UsageError } from "../exit-codes.js";
import { nonNegativeInt, positiveInt } from "../option-parsers.js";

/** Reads what `compare` needs of a run folder; bad folders are usage errors (exit 2). */
export function loadComparableRun(runDir: string): ComparableRun {
  if (!existsSync(runDir) || !statSync(runDir).isDirectory()) throw new UsageError(`${runDir}: no such run folder`);
  try {
    const manifest = readManifest(runDir);
    const { records, dropped } = readRecords(runDir);
    if (dropped.length > 0) process.stderr.write(`${runDir}: ${dropped.length} damaged line(s) in records.jsonl left out\n`);
    return { manifest, records };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

interface CompareOptions {
  a?: string;
  b?: string;
  json?: boolean;
  seed?: number;
  resamples?: number;
}

export function compareCommand(): Command {
  return new Command("compare")
    .description(
      "paired per-scenario differences of utility, refusal and engaged leakage between two runs, two rows of one run, or a run's defense sweep",
    )
    .argument("<run-a>", "run folder A (the baseline)")
    .argument("[run-b]", "run folder B; without it, compare two rows of run A (--a, --b) or sweep its defenses")
    .option("--a <agent[::defense]>", "row of run A (default: every row both runs have)")
    .option("--b <agent[::defense]>", "row of run B (default: the same as --a)")
    .option("--seed <n>", "bootstrap seed (default: run A's)", nonNegativeInt)
    .option("--resamples <n>", "bootstrap resamples (default: run A's)", positiveInt)
    .option("--json", "print the comparisons as JSON on stdout")
    .action((runA: string, runB: string | undefined, options: CompareOptions) => {
      const left = loadComparableRun(runA);
      const right = runB === undefined ? undefined : loadComparableRun(runB);
      let result: ReturnType<typeof compareRuns>;
      try {
        result = compareRuns(left, right, {
          ...(options.a !== undefined && { a: options.a }),
          ...(options.b !== undefined && { b: options.b }),
          seed: options.seed ?? left.manifest.seed,
          resamples: options.resamples ?? left.manifest.bootstrap_resamples,
        });
      } catch (error) {
        if (error instanceof ComparisonPlanError) throw new UsageError(`compare: ${error.message}`);
        throw error;
      }
      for (const warning of result.warnings) process.stderr.write(`compare: ${warning}\n`);
      if (options.json) process.stdout.write(`${JSON.stringify(comparisonJson(result), null, 2)}\n`);
      else
        process.stdout.write(
          `\n${compareTable(result)}\n\nΔ = B − A in percentage points, paired bootstrap 95% CI; p = exact McNemar. ΔL_eng pairs only scenarios where neither arm refused.\n`,
        );
    });
}
