import { Command, InvalidArgumentError, Option } from "commander";
import { PAPER_BASELINE, PAPER_POWERS, type PowerGroup, powerGroups, powerTable, powerTableText } from "../../report/index.js";
import { loadDataset } from "../../runner/index.js";
import type { CliContext } from "../cli-context.js";
import { positiveInt } from "../option-parsers.js";

interface PowerOptions {
  dataset?: string[];
  n?: number;
  baseline: number;
  alpha: number;
  power: number[];
  paired?: boolean;
  discordance?: number;
  json?: boolean;
}

function openUnit(value: string): number {
  const parsed = Number(value);
  if (!(parsed > 0 && parsed < 1)) throw new InvalidArgumentError("expected a number strictly between 0 and 1");
  return parsed;
}

function closedUnit(value: string): number {
  const parsed = Number(value);
  if (!(parsed >= 0 && parsed <= 1) || value.trim() === "") throw new InvalidArgumentError("expected a number from 0 to 1");
  return parsed;
}

function powerList(value: string, previous: number[] | undefined): number[] {
  const given = value.split(",").map((part) => openUnit(part.trim()));
  // The default list is replaced, not extended, by the first --power.
  return previous === undefined || previous === DEFAULT_POWERS ? given : [...previous, ...given];
}

const DEFAULT_POWERS: number[] = [...PAPER_POWERS];

export function powerCommand(cli: CliContext): Command {
  return new Command("power")
    .description(
      "minimum detectable differences (the paper's Appendix F) per failure mode of a dataset: ours with √(n/2) for two groups, the paper's √n figure beside it",
    )
    .option("--dataset <path...>", "scenario files or folders whose group sizes to use; default: the built-in pack")
    .option("--n <n>", "one group of n scenarios instead of a dataset's", positiveInt)
    .option("--baseline <p>", "the rate of the arm compared against", closedUnit, PAPER_BASELINE)
    .option("--alpha <a>", "two-sided significance level", openUnit, 0.05)
    .addOption(
      new Option("--power <list>", "target powers, comma-separated or repeated")
        .argParser(powerList)
        .default(DEFAULT_POWERS, DEFAULT_POWERS.join(",")),
    )
    .option("--paired", "also the MDE of a paired comparison (McNemar) of the same scenarios")
    .option("--discordance <share>", "with --paired: the share of scenarios the two arms disagree on (default 2p(1−p))", closedUnit)
    .option("--json", "print the rows as JSON on stdout")
    .action(async (options: PowerOptions) => {
      const groups: PowerGroup[] =
        options.n !== undefined
          ? [{ label: `n = ${options.n}`, n: options.n }]
          : powerGroups((await loadDataset(options.dataset, (line) => cli.log(line))).scenarios);
      const discordance = options.paired ? (options.discordance ?? 2 * options.baseline * (1 - options.baseline)) : undefined;
      if (options.discordance !== undefined && !options.paired) cli.log("power: --discordance has no effect without --paired");
      const rows = powerTable(groups, {
        baseline: options.baseline,
        alpha: options.alpha,
        powers: options.power,
        ...(discordance !== undefined && { discordance }),
      });
      if (options.json) {
        cli.print(JSON.stringify({ baseline: options.baseline, alpha: options.alpha, discordance: discordance ?? null, rows }, null, 2));
        return;
      }
      cli.print(
        `\n${powerTableText(rows)}\n\n` +
          `Smallest increase over a baseline of ${(options.baseline * 100).toFixed(1)}% that a two-sided test at α = ${options.alpha} detects ` +
          "with the given power, Cohen's h scale. Ours compares two groups of n (z·√(n/2)); the paper's Appendix F used √n, a one-sample " +
          "figure √2 too small in h. Subgroups (VCL, TAO, RMA) are the dataset's failure modes." +
          (discordance !== undefined
            ? ` Paired: McNemar on n pairs that disagree on ${(discordance * 100).toFixed(1)}% of scenarios (normal approximation).`
            : ""),
      );
    });
}
