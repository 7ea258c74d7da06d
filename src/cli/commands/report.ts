import { join, resolve } from "node:path";
import { Command } from "commander";
import { InputError } from "../../core/index.js";
import { RUN_FILES, writeTextAtomic } from "../../records/index.js";
import { loadReportRun, NO_CARD_LIMITS, type ReportRun, renderHtmlReport } from "../../report/index.js";
import { isAttackDir, writeAttackReport } from "../attack-report.js";
import type { CliContext } from "../cli-context.js";

interface ReportOptions {
  output?: string;
  screenshots: boolean;
  json?: boolean;
  allEpisodes?: boolean;
}

export function reportCommand(cli: CliContext): Command {
  return new Command("report")
    .description(
      "write a self-contained HTML report (leaderboard, the paper's figures, every scenario) for one or more runs, or for one `safecua attack` search (rates, breaks, search trees)",
    )
    .argument("<run...>", "run folders (several go side by side in one report), or one attack search folder")
    .option("-o, --output <file>", "where to write the HTML (default: <run>/report.html for one run; required for several)")
    .option("--no-screenshots", "do not embed end-to-end screenshots")
    .option(
      "--all-episodes",
      "give every episode a place in the scenario cards (by default a large run shows each agent's first 3 epochs of a scenario and about 2,000 episodes in all)",
    )
    .option("--json", 'print {"path": …} on stdout')
    .action(async (runDirs: string[], options: ReportOptions) => {
      const attacks = runDirs.filter(isAttackDir);
      if (attacks.length > 0) {
        if (runDirs.length > 1)
          throw new InputError("an attack search's report is for that search alone: give its folder without runs or other searches", {
            file: attacks[0] as string,
          });
        const path = options.output ?? join(attacks[0] as string, RUN_FILES.htmlReport);
        writeAttackReport(attacks[0] as string, path);
        if (options.json) cli.print(JSON.stringify({ path }));
        cli.log(`report: ${resolve(path)}`);
        return;
      }
      if (runDirs.length > 1 && !options.output)
        throw new InputError("with several runs, say where the report goes with -o FILE.html", { file: "report" });
      const runs: ReportRun[] = [];
      for (const runDir of runDirs) {
        const run = await loadReportRun(runDir, { screenshots: options.screenshots });
        for (const note of run.notes ?? []) cli.log(`${runDir}: ${note}`);
        runs.push(run);
      }
      const path = options.output ?? join(runDirs[0] as string, RUN_FILES.htmlReport);
      writeTextAtomic(path, await renderHtmlReport(runs, options.allEpisodes ? { cardLimits: NO_CARD_LIMITS } : {}));
      if (options.json) cli.print(JSON.stringify({ path }));
      cli.log(`report: ${resolve(path)}`);
    });
}
