import { Command, Option } from "commander";
import { DEFENSES, REFERENCE_AGENTS, UI_REFERENCE_AGENTS, UI_TEST_ROLES } from "../../agents/index.js";
import { countOf } from "../../core/index.js";
import { runFolderSource } from "../../report/index.js";
import { loadDataset, SUITES } from "../../runner/index.js";
import { presentApps, type Scenario } from "../../scenario/index.js";
import type { CliContext } from "../cli-context.js";
import { addSelectionOptions, selectionFromOptions, selectScenarios } from "../scenario-selection.js";

const MODE_SHORT: Record<string, string> = {
  visual_co_location: "VCL",
  task_ambiguity_overshare: "TAO",
  recipient_misalignment: "RMA",
};

/** Tab-separated lines: they read in a terminal and cut, sort and grep take them as they are. */
function printRows(cli: CliContext, rows: string[][]): void {
  if (rows.length > 0) cli.print(rows.map((row) => row.join("\t")).join("\n"));
}

/**
 * What kind of task a scenario is, as the list's second column: its failure mode's short name, the
 * attack family for an injection task without items (its failure mode is a default, not what it
 * tests), both for an injection task that is scored for disclosure too.
 */
function kindOf(scenario: Scenario): string {
  const mode = MODE_SHORT[scenario.failure_mode] ?? scenario.failure_mode;
  const family = scenario.attack?.family;
  if (family === undefined) return mode;
  return scenario.must_share.length + scenario.must_not_share.length === 0 ? family : `${mode}+${family}`;
}

function scenariosCommand(cli: CliContext): Command {
  const command = new Command("scenarios")
    .description(
      "the scenarios of a dataset (id, failure mode or injection family, category, apps, task); the subset flags show what bench would run",
    )
    .option("--dataset <path...>", "scenario files or folders; default: the suite's built-in pack")
    .addOption(
      new Option("--suite <suite>", "which built-in pack without --dataset: disclosure (packs/builtin) or injection (packs/injection)")
        .choices(SUITES)
        .default("disclosure"),
    )
    .option("--json", "print [{id, failure_mode, family, category, apps, recipient, channel, task}] on stdout");
  return addSelectionOptions(command).action(
    async (
      options: { dataset?: string[]; suite: (typeof SUITES)[number]; json?: boolean } & Parameters<typeof selectionFromOptions>[0],
    ) => {
      const dataset = await loadDataset(options.dataset, (line) => cli.log(line), options.suite);
      const scenarios = selectScenarios(dataset.scenarios, selectionFromOptions(options));
      const rows = scenarios.map((scenario) => ({
        id: scenario.id,
        failure_mode: scenario.failure_mode,
        family: scenario.attack?.family ?? null,
        category: scenario.category ?? null,
        apps: presentApps(scenario.state),
        recipient: scenario.recipient.name,
        channel: scenario.channel,
        task: scenario.task,
      }));
      if (options.json) return cli.print(JSON.stringify(rows, null, 2));
      printRows(
        cli,
        scenarios.map((scenario, index) => {
          const row = rows[index] as (typeof rows)[number];
          return [row.id, kindOf(scenario), row.category ?? "–", row.apps.join(","), row.task.replace(/\s+/g, " ")];
        }),
      );
      cli.log(`${scenarios.length} of ${countOf(dataset.scenarios.length, "scenario")} in ${dataset.label}`);
    },
  );
}

function agentsCommand(cli: CliContext): Command {
  return new Command("agents")
    .description("the agents bench runs without a model, and the forms of the model agents")
    .option("--json", "print [{id, tracks, kind, description}] on stdout")
    .action((options: { json?: boolean }) => {
      const ui = new Set(UI_REFERENCE_AGENTS.map((agent) => agent.id));
      const rows = [
        ...REFERENCE_AGENTS.map((agent) => ({
          id: agent.id,
          tracks: ui.has(agent.id) ? ["state-grounded", "e2e"] : ["state-grounded"],
          kind: "reference",
          description: agent.description,
        })),
        ...UI_TEST_ROLES.map((agent) => ({ id: agent.id, tracks: ["e2e"], kind: "test role", description: agent.description })),
        {
          id: "openai:<model>",
          tracks: ["state-grounded", "e2e"],
          kind: "model",
          description: "an OpenAI model (OPENAI_API_KEY)",
        },
        {
          id: "anthropic:<model>",
          tracks: ["state-grounded", "e2e"],
          kind: "model",
          description: "an Anthropic model (ANTHROPIC_API_KEY)",
        },
        {
          id: "openai-compatible:<name>",
          tracks: ["state-grounded", "e2e"],
          kind: "model",
          description: "a model behind an OpenAI-compatible endpoint (--base-url or --config)",
        },
        {
          id: "guarded:<planner>",
          tracks: ["e2e"],
          kind: "guarded",
          description:
            "the prompt-injection guard (SA-CUA) with a provider:model planner, or a scripted role (scripted, gullible, gullible-tree)",
        },
        {
          id: "ucm:<planner>",
          tracks: ["e2e"],
          kind: "guarded",
          description: "baseline: the guard's mask and typed quarantined answers accepted without endorsement (UCM-style)",
        },
      ];
      if (options.json) return cli.print(JSON.stringify(rows, null, 2));
      printRows(
        cli,
        rows.map((row) => [row.id, row.kind, row.tracks.join(","), row.description]),
      );
    });
}

function defensesCommand(cli: CliContext): Command {
  return new Command("defenses")
    .description("the built-in prompt defenses for model agents (--defense NAME; --defense-file PATH for your own)")
    .option("--json", "print [{name, sha256, text}] on stdout")
    .action((options: { json?: boolean }) => {
      if (options.json)
        return cli.print(
          JSON.stringify(
            DEFENSES.map(({ name, sha256, text }) => ({ name, sha256, text })),
            null,
            2,
          ),
        );
      printRows(
        cli,
        DEFENSES.map((defense) => [
          defense.name,
          defense.text === "" ? "(no added instruction)" : `${defense.text.replace(/\s+/g, " ").slice(0, 90)}…`,
        ]),
      );
    });
}

function runsCommand(cli: CliContext): Command {
  return new Command("runs")
    .description("the run folders under a folder, newest first (run id, created, dataset, records, errors, rows)")
    .argument("[dir]", "folder that holds run folders", "runs")
    .option("--json", "print [{id, created_at, dataset, scenario_count, epochs, matcher, records, errors, rows}] on stdout")
    .action(async (dir: string, options: { json?: boolean }) => {
      const runs = await runFolderSource(dir).list();
      if (options.json) return cli.print(JSON.stringify(runs, null, 2));
      printRows(
        cli,
        runs.map((run) =>
          run.problem !== undefined
            ? [run.id, "unreadable", run.problem]
            : [
                run.id,
                run.created_at,
                run.dataset,
                `${run.records} records`,
                `${run.errors} errors`,
                run.rows.map((row) => (row.defense === "none" ? row.agent : `${row.agent}::${row.defense}`)).join(","),
              ],
        ),
      );
      if (runs.length === 0) cli.log(`no run folders in ${dir}`);
    });
}

export function listCommand(cli: CliContext): Command {
  const command = new Command("list").description("list scenarios, agents, defenses or runs");
  command.addCommand(scenariosCommand(cli));
  command.addCommand(agentsCommand(cli));
  command.addCommand(defensesCommand(cli));
  command.addCommand(runsCommand(cli));
  return command;
}
