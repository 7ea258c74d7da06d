import { Command } from "commander";
import { formatProblem, loadScenarios } from "../../scenario/index.js";
import { EXIT } from "../exit-codes.js";

export function validateCommand(): Command {
  return new Command("validate")
    .description("check scenario files or folders; one line per problem naming the file, the JSON path and what was expected")
    .argument("<path...>", "scenario files or folders (own YAML/JSON packs or AgentCIBench JSON)")
    .option("--strict", "treat feasibility problems (unfindable items, an item in both lists, a cut-off task, an empty app) as errors")
    .option("--json", "print {scenarios, problems} on stdout")
    .action(async (paths: string[], options: { strict?: boolean; json?: boolean }) => {
      const { scenarios, problems } = await loadScenarios(paths, { strict: options.strict ?? false });
      const errors = problems.filter((problem) => problem.severity === "error");
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ valid: errors.length === 0, scenarios: scenarios.length, problems }, null, 2)}\n`);
      } else {
        for (const problem of problems) process.stderr.write(`${formatProblem(problem)}\n`);
        if (errors.length === 0) process.stdout.write(`validated ${scenarios.length} scenarios\n`);
        else process.stderr.write(`${errors.length} error${errors.length === 1 ? "" : "s"}; ${scenarios.length} scenarios valid\n`);
      }
      if (errors.length > 0) process.exitCode = EXIT.usage;
    });
}
