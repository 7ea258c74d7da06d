import { writeFileSync } from "node:fs";
import { Command, Option } from "commander";
import { InputError } from "../../core/index.js";
import { readManifest, readRecords } from "../../records/index.js";
import { recordsToAgentCIBench, recordsToCsv, recordsToJsonl } from "../../report/index.js";
import type { CliContext } from "../cli-context.js";
import { nonNegativeInt } from "../option-parsers.js";

export const EXPORT_FORMATS = ["csv", "jsonl", "agentcibench"] as const;

interface ExportOptions {
  format: (typeof EXPORT_FORMATS)[number];
  output?: string;
  defense?: string;
  epoch: number;
}

export function exportCommand(cli: CliContext): Command {
  return new Command("export")
    .description("export a run's records: csv (spreadsheets), jsonl (lossless) or agentcibench (per-scenario leaderboard JSONL)")
    .argument("<run>", "run folder")
    .addOption(new Option("--format <format>", "output format").choices(EXPORT_FORMATS).makeOptionMandatory())
    .option("-o, --output <file>", "write to a file instead of stdout")
    .option("--defense <name>", "agentcibench: which defense's rows (default: none, or the run's only defense)")
    .option("--epoch <n>", "agentcibench: which epoch", nonNegativeInt, 0)
    .action((runDir: string, options: ExportOptions) => {
      const manifest = readManifest(runDir);
      const { records, dropped } = readRecords(runDir);
      if (dropped.length > 0) cli.log(`export: ${dropped.length} damaged line(s) in records.jsonl left out`);
      let text: string;
      if (options.format === "csv") text = recordsToCsv(records);
      else if (options.format === "jsonl") text = recordsToJsonl(records);
      else {
        const defenses = [...new Set(records.map((record) => record.defense))];
        const defense =
          options.defense ??
          (defenses.includes("none") || defenses.length === 0 ? "none" : defenses.length === 1 ? (defenses[0] as string) : undefined);
        if (defense === undefined)
          throw new InputError(`the run has several defenses (${defenses.join(", ")}); choose one with --defense`, { file: "export" });
        if (!defenses.includes(defense) && records.length > 0)
          throw new InputError(`the run has ${defenses.join(", ")}`, { file: `export: --defense ${defense}` });
        const result = recordsToAgentCIBench(records, { defense, epoch: options.epoch, agents: manifest.agents });
        for (const warning of result.warnings) cli.log(`export: ${warning}`);
        text = result.jsonl;
      }
      if (options.output) {
        writeFileSync(options.output, text);
        cli.log(`export: ${options.output}`);
      } else cli.io.out(text);
    });
}
