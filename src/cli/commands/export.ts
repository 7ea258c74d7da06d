import { existsSync, statSync, writeFileSync } from "node:fs";
import { Command, Option } from "commander";
import { recordsToAgentCIBench, recordsToCsv, recordsToJsonl } from "../../report/index.js";
import { readManifest, readRecords } from "../../runner/index.js";
import { UsageError } from "../exit-codes.js";
import { nonNegativeInt } from "../option-parsers.js";

export const EXPORT_FORMATS = ["csv", "jsonl", "agentcibench"] as const;

interface ExportOptions {
  format: (typeof EXPORT_FORMATS)[number];
  output?: string;
  defense?: string;
  epoch: number;
}

export function exportCommand(): Command {
  return new Command("export")
    .description("export a run's records: csv (spreadsheets), jsonl (lossless) or agentcibench (per-scenario leaderboard JSONL)")
    .argument("<run>", "run folder")
    .addOption(new Option("--format <format>", "output format").choices(EXPORT_FORMATS).makeOptionMandatory())
    .option("-o, --output <file>", "write to a file instead of stdout")
    .option("--defense <name>", "agentcibench: which defense's rows (default: none, or the run's only defense)")
    .option("--epoch <n>", "agentcibench: which epoch (default 0)", nonNegativeInt, 0)
    .action((runDir: string, options: ExportOptions) => {
      if (!existsSync(runDir) || !statSync(runDir).isDirectory()) throw new UsageError(`${runDir}: no such run folder`);
      let manifest: ReturnType<typeof readManifest>;
      try {
        manifest = readManifest(runDir);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const { records, dropped } = readRecords(runDir);
      if (dropped.length > 0) process.stderr.write(`export: ${dropped.length} damaged line(s) in records.jsonl left out\n`);
      let text: string;
      if (options.format === "csv") text = recordsToCsv(records);
      else if (options.format === "jsonl") text = recordsToJsonl(records);
      else {
        const defenses = [...new Set(records.map((record) => record.defense))];
        const defense =
          options.defense ??
          (defenses.includes("none") || defenses.length === 0 ? "none" : defenses.length === 1 ? (defenses[0] as string) : undefined);
        if (defense === undefined)
          throw new UsageError(`export: the run has several defenses (${defenses.join(", ")}); choose one with --defense`);
        if (!defenses.includes(defense) && records.length > 0)
          throw new UsageError(`export: --defense ${defense}: the run has ${defenses.join(", ")}`);
        const result = recordsToAgentCIBench(records, { defense, epoch: options.epoch, agents: manifest.agents });
        for (const warning of result.warnings) process.stderr.write(`export: ${warning}\n`);
        text = result.jsonl;
      }
      if (options.output) {
        writeFileSync(options.output, text);
        process.stderr.write(`export: ${options.output}\n`);
      } else process.stdout.write(text);
    });
}
