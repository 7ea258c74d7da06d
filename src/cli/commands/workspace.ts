import { existsSync } from "node:fs";
import { Command, Option } from "commander";
import { launchBrowser } from "../../browser/index.js";
import { InputError } from "../../core/index.js";
import { loadDataset, snapshotScenario } from "../../runner/index.js";
import { formatProblem, loadErrorOf, loadScenarios, type Scenario } from "../../scenario/index.js";
import { startWorkspace, THEME_NAMES, type ThemeName } from "../../workspace/index.js";
import type { CliContext } from "../cli-context.js";
import { nonNegativeInt } from "../option-parsers.js";

interface ServeOptions {
  dataset?: string[];
  port: number;
  theme: ThemeName;
  popup?: boolean;
}

/**
 * SCENARIO is a file or folder of scenarios (every scenario in it is served, one episode each)
 * or the id of a scenario in `--dataset` (default: the built-in pack).
 */
async function scenariosFor(target: string, datasetPaths: string[] | undefined, log: (line: string) => void): Promise<Scenario[]> {
  if (existsSync(target)) {
    const { scenarios, problems } = await loadScenarios([target]);
    for (const problem of problems.filter((p) => p.severity === "warning")) log(formatProblem(problem));
    const error = loadErrorOf(problems);
    if (error) throw error;
    if (scenarios.length === 0) throw new InputError("no scenarios here", { file: target });
    return scenarios;
  }
  const dataset = await loadDataset(datasetPaths, log);
  const scenario = dataset.scenarios.find((candidate) => candidate.id === target);
  if (scenario) return [scenario];
  const similar = dataset.scenarios.map((candidate) => candidate.id).filter((id) => id.includes(target) || target.includes(id));
  const hint =
    similar.length > 0
      ? `; did you mean ${similar.slice(0, 5).join(", ")}?`
      : `; "safecua list scenarios${dataset.paths.length > 0 ? ` --dataset ${dataset.paths.join(" ")}` : ""}" lists them`;
  throw new InputError(`no scenario "${target}" in ${dataset.label} and no such file${hint}`);
}

function serveCommand(cli: CliContext): Command {
  return new Command("serve")
    .description("serve a scenario's workspace on 127.0.0.1 and print its URL; stop with Ctrl+C")
    .argument("<scenario>", "a scenario id (from --dataset, default the built-in pack), or a scenario file or folder")
    .option("--dataset <path...>", "scenario files or folders to look the id up in; default: the built-in pack")
    .option("--port <n>", "port of the workspace (0 picks a free port)", nonNegativeInt, 0)
    .addOption(new Option("--theme <name>", "appearance").choices(THEME_NAMES).default("default"))
    .option("--popup", "cover every app with a dismissible pop-up until it is closed")
    .action(async (target: string, options: ServeOptions) => {
      const log = (line: string) => cli.log(line);
      const scenarios = await scenariosFor(target, options.dataset, log);
      const workspace = await startWorkspace({ port: options.port, theme: options.theme, popup: options.popup ?? false });
      for (const scenario of scenarios) {
        const url = workspace.reset(scenario.id, scenario);
        cli.print(scenarios.length === 1 ? url : `${scenario.id}\t${url}`);
      }
      log(
        `admin API: ${workspace.adminUrl} (header "Authorization: Bearer ${workspace.adminToken}"): GET /episodes/<id>/state, /log, /artifacts`,
      );
      log("serving on 127.0.0.1; press Ctrl+C to stop");
      await new Promise<void>((resolve) => {
        const dispose = cli.io.onInterrupt(() => {
          dispose();
          resolve();
        });
      });
      await workspace.close();
    });
}

interface SnapshotOptions {
  dataset?: string[];
  json?: boolean;
  refs?: boolean;
}

/**
 * `safecua workspace snapshot SCENARIO`: every page of the scenario's workspace with the
 * accessibility-tree text an agent is shown there, so anyone can check that each item of a
 * scenario is on screen (docs/design/observation.md).
 */
function snapshotCommand(cli: CliContext): Command {
  return new Command("snapshot")
    .description("print the accessibility-tree text of every page of a scenario's workspace, as an agent sees it (crawled in Chromium)")
    .argument("<scenario>", "a scenario id (from --dataset, default the built-in pack), or a scenario file or folder")
    .option("--dataset <path...>", "scenario files or folders to look the id up in; default: the built-in pack")
    .option("--json", 'print {"pages": [{"app", "url", "text"}]} (several scenarios: {"scenarios": [{"id", "pages"}]})')
    .option("--refs", "include the [ref=…] ids an agent acts on, exactly as agents are shown the page (slower)")
    .action(async (target: string, options: SnapshotOptions) => {
      const log = (line: string) => cli.log(line);
      const scenarios = await scenariosFor(target, options.dataset, log);
      const workspace = await startWorkspace();
      let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
      try {
        browser = await launchBrowser({ sites: "workspace" });
        const results: Array<{ id: string; pages: Awaited<ReturnType<typeof snapshotScenario>> }> = [];
        for (const scenario of scenarios)
          results.push({ id: scenario.id, pages: await snapshotScenario(workspace, browser, scenario, { refs: options.refs ?? false }) });
        if (options.json) {
          const only = results.length === 1 ? results[0] : undefined;
          cli.print(JSON.stringify(only ? { pages: only.pages } : { scenarios: results }, null, 2));
          return;
        }
        for (const result of results) {
          if (results.length > 1) cli.io.out(`# ${result.id}\n\n`);
          for (const page of result.pages) cli.io.out(`## ${page.app} ${page.url}\n${page.text}\n\n`);
        }
      } finally {
        await browser?.close();
        await workspace.close();
      }
    });
}

export function workspaceCommand(cli: CliContext): Command {
  const command = new Command("workspace").description("the six-app workspace a person or an agent uses in a browser");
  command.addCommand(serveCommand(cli));
  command.addCommand(snapshotCommand(cli));
  return command;
}
