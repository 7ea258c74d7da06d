import { Command } from "commander";
import { countOf } from "../../core/index.js";
import { scenarioPlanProblems } from "../../guard/index.js";
import { formatProblem, loadScenarios } from "../../scenario/index.js";
import type { CliContext } from "../cli-context.js";
import { EXIT } from "../exit-codes.js";

export function validateCommand(cli: CliContext): Command {
  return new Command("validate")
    .description("check scenario files or folders; one line per problem naming the file, the JSON path and what was expected")
    .argument("<path...>", "scenario files or folders (own YAML/JSON packs or AgentCIBench JSON)")
    .option("--strict", "treat feasibility problems (unfindable items, an item in both lists, a cut-off task, an empty app) as errors")
    .option("--json", "print {scenarios, problems} on stdout")
    .action(async (paths: string[], options: { strict?: boolean; json?: boolean }) => {
      const { scenarios, problems } = await loadScenarios(paths, { strict: options.strict ?? false, check: scenarioPlanProblems });
      const errors = problems.filter((problem) => problem.severity === "error");
      if (options.json) {
        cli.print(JSON.stringify({ valid: errors.length === 0, scenarios: scenarios.length, problems }, null, 2));
      } else {
        for (const problem of problems) cli.log(formatProblem(problem));
        if (errors.length === 0) cli.print(`validated ${countOf(scenarios.length, "scenario")}`);
        else cli.log(`${countOf(errors.length, "error")}; ${countOf(scenarios.length, "scenario")} valid`);
      }
      if (errors.length > 0) cli.exitCode = EXIT.usage;
    });
}
