import { Command } from "commander";
import { countOf, InputError } from "../../core/index.js";
import { compositionTable, sampleComposition } from "../../report/index.js";
import { loadDataset } from "../../runner/index.js";
import { isStratumKey, STRATUM_KEYS, type StratumKey, writeScenarioSubset } from "../../scenario/index.js";
import { stratifiedSample } from "../../stats/index.js";
import type { CliContext } from "../cli-context.js";
import { collectList, nonNegativeInt, positiveInt } from "../option-parsers.js";

interface SampleOptions {
  dataset?: string[];
  n: number;
  by: string[];
  seed: number;
  output: string;
  json?: boolean;
}

const DEFAULT_KEYS: StratumKey[] = ["failure_mode", "category", "app"];

export function sampleCommand(cli: CliContext): Command {
  return new Command("sample")
    .description("write a stratified, seeded subset of a dataset (as the paper drew its 50 end-to-end scenarios) and show its composition")
    .option("--dataset <path...>", "scenario files or folders to draw from; default: the built-in pack")
    .requiredOption("--n <n>", "how many scenarios to draw", positiveInt)
    .option(
      "--by <keys>",
      `strata in order of priority, comma-separated: ${Object.keys(STRATUM_KEYS).join(", ")} (default: ${DEFAULT_KEYS.join(",")})`,
      collectList,
    )
    .option("--seed <n>", "seed of the draw", nonNegativeInt, 42)
    .requiredOption("-o, --output <dir>", "a new or empty folder for the subset")
    .option("--json", "print {files, ids, composition} on stdout")
    .action(async (options: SampleOptions) => {
      const keys = options.by ?? DEFAULT_KEYS;
      for (const key of keys)
        if (!isStratumKey(key))
          throw new InputError(`unknown stratum "${key}"; choose from ${Object.keys(STRATUM_KEYS).join(", ")}`, { file: "--by" });
      const strata = keys as StratumKey[];
      const dataset = await loadDataset(options.dataset, (line) => cli.log(line));
      const pool = dataset.scenarios;
      if (options.n > pool.length)
        throw new InputError(`cannot draw ${countOf(options.n, "scenario")} from ${pool.length}`, { file: "--n" });
      const chosen = stratifiedSample(
        pool,
        strata.map((key) => STRATUM_KEYS[key]),
        options.n,
        { seed: options.seed },
      ).map((index) => pool[index] as (typeof pool)[number]);
      const files = writeScenarioSubset(options.output, pool, chosen, {
        name: "safecua-sample",
        description: `${options.n} of ${pool.length} scenarios of ${dataset.label}, stratified by ${strata.join(", ")}, seed ${options.seed}`,
      });
      const composition = sampleComposition(pool, chosen, strata);
      if (options.json) {
        cli.print(JSON.stringify({ output: options.output, files, ids: chosen.map((scenario) => scenario.id), composition }, null, 2));
        return;
      }
      cli.print(`\n${compositionTable(composition, pool.length, chosen.length)}\n`);
      cli.log(`sample: ${countOf(chosen.length, "scenario")} in ${options.output} (${countOf(files.length, "file")})`);
    });
}
