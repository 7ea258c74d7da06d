import { join } from "node:path";
import { Command } from "commander";
import { loadDefense } from "../../agents/index.js";
import {
  ATTACK_OPERATORS,
  type AttackSummary,
  DEFAULT_ATTEMPT_REWARD,
  DEFAULT_NOVELTY_WEIGHT,
  type HarnessRunner,
  MUTATION_KIND,
  mutationOperator,
  readSearchState,
  runAttack,
  type SearchOperator,
  SUMMARY_FILE,
  startHarnessRunner,
  TREE_FILE,
} from "../../attack/index.js";
import { InputError } from "../../core/index.js";
import { GUARD_ABLATION_NAMES } from "../../guard/index.js";
import { type CacheMode, defaultCachePath, ModelSetup, modelFlagsFrom } from "../../models/index.js";
import { RUN_FILES } from "../../records/index.js";
import { isGuardedSpec, loadDataset, parseGuardAblations, uiAgentFor } from "../../runner/index.js";
import { isPayloadAttack } from "../../scenario/index.js";
import { writeAttackReport } from "../attack-report.js";
import type { CliContext } from "../cli-context.js";
import { EXIT } from "../exit-codes.js";
import { gracefulStop } from "../graceful-stop.js";
import { addModelOptions } from "../model-options.js";
import { collectList, nonNegativeInt } from "../option-parsers.js";
import { selectionFromOptions, selectScenarios } from "../scenario-selection.js";
import { shellWord } from "../shell-word.js";

interface AttackOptions {
  agent?: string;
  qModel?: string;
  defense?: string;
  guardAblate?: string[];
  mutatorModel?: string;
  scenario?: string[];
  pack?: string[];
  budget: number;
  seed: number;
  out?: string;
  resume?: string;
  json?: boolean;
  cache: CacheMode;
  cachePath?: string;
  baseUrl?: string;
  config?: string;
  timeoutMs?: number;
  maxRetries?: number;
}

/** Starts what runs the search's episodes for an agent (the end-to-end harness; tests give a fake). */
export type StartRunner = (agent: ReturnType<typeof uiAgentFor>, runDir: string, seed: number) => Promise<HarnessRunner>;

const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
const rateText = (rate: AttackSummary["static_asr"]) =>
  `${pct(rate.value)} (${rate.k}/${rate.n}${rate.ci ? `, 95% CI ${pct(rate.ci[0])}–${pct(rate.ci[1])}` : ""})`;

function summaryText(summary: AttackSummary, outDir: string): string {
  const lines = [
    `agent ${summary.agent}${summary.q_model ? ` (q-model ${summary.q_model})` : ""}${summary.defense ? ` · defense ${summary.defense}` : ""}${summary.guard_ablate ? ` · guard ablated: ${summary.guard_ablate.join(", ")}` : ""} · ${summary.tasks} tasks · budget ${summary.budget} (${summary.episodes} used)`,
    `static ASR   ${rateText(summary.static_asr)}`,
    `adaptive ASR ${rateText(summary.adaptive_asr)}`,
    `episodes: ${summary.static_episodes} static, ${summary.episodes} on variants, ${summary.validation_episodes} validating variants${summary.episodes_per_minute !== null ? ` · ${summary.episodes_per_minute} episodes/min` : ""}`,
    ...summary.successes.map((success) => `  break ${success.id}: ${success.operators.join(" → ")} (${join(outDir, success.file)})`),
    `report with the search trees: ${join(outDir, RUN_FILES.htmlReport)} (as text: ${join(outDir, TREE_FILE)}); summary: ${join(outDir, SUMMARY_FILE)}`,
  ];
  return `${lines.join("\n")}\n`;
}

/** `safecua attack`, with the way episodes are run as a parameter (the harness by default). */
export function attackCommandWith(startRunner: StartRunner) {
  return (cli: CliContext): Command =>
    addModelOptions(
      new Command("attack")
        .description(
          `adaptive attacker: MCTS over variants of injection tasks (operators: ${ATTACK_OPERATORS.map((operator) => operator.kind).join(", ")}) against one agent; static vs adaptive ASR, each break written as a pack task`,
        )
        .option("--agent <spec>", "the agent under attack (e2e spec: gullible, ucm:scripted, guarded:gullible, provider:model…)")
        .option("--q-model <spec>", "the guarded agent's quarantined reader (e.g. compromised)")
        .option(
          "--defense <name|path>",
          "prompt defense of a model agent: none (default), restrictive, rubric_informed, recipient_typed, or a text file",
        )
        .option(
          "--guard-ablate <names>",
          `guarded agents: switch protections of the guard off, to search against an ablation row; comma-separate: ${GUARD_ABLATION_NAMES.join(", ")}`,
          collectList,
        )
        .option(
          "--mutator-model <spec>",
          "add the model mutator: a model (provider:model, through the model flags and cache) rewrites the payload's words, keeping its values",
        )
        .option("--scenario <id|glob>", "only tasks whose id matches (* and ? wildcards); repeat or comma-separate", collectList)
        .option("--pack <path>", "injection pack files or folders (default: packs/injection); repeatable", collectList)
        .option("--budget <n>", "agent episodes on variants, over all tasks (a resume may raise it)", nonNegativeInt)
        .option("--seed <n>", "seed of the operators' order and choices", nonNegativeInt, 1)
        .option("--out <dir>", "output folder: search.json, tree.txt, summary.json, successes/*.yaml")
        .option("--resume <dir>", "continue the search saved in DIR (its agent, tasks and seed); --budget may be raised")
        .option("--json", "print the summary as JSON"),
    ).action(async (options: AttackOptions) => {
      if (options.budget === undefined) throw new InputError("--budget N is required (agent episodes on variants)", { file: "--budget" });
      const saved = options.resume !== undefined ? readSearchState(options.resume) : undefined;
      const outDir = options.resume ?? options.out;
      if (outDir === undefined) throw new InputError("give --out DIR for a new search, or --resume DIR", { file: "--out" });
      if (saved && options.agent !== undefined && options.agent !== saved.settings.agent)
        throw new InputError(`--resume: the search in ${outDir} attacks ${saved.settings.agent}, not ${options.agent}`, {
          file: "--agent",
        });
      if (
        saved &&
        (options.pack !== undefined ||
          options.scenario !== undefined ||
          options.qModel !== undefined ||
          options.defense !== undefined ||
          options.guardAblate !== undefined ||
          options.mutatorModel !== undefined)
      )
        cli.log(
          "--resume: the tasks, agent, q-model, defense, ablations and mutator are the saved search's; --pack, --scenario, --q-model, --defense, --guard-ablate and --mutator-model are ignored",
        );
      const agentSpec = saved?.settings.agent ?? options.agent;
      if (agentSpec === undefined) throw new InputError("--agent is required for a new search", { file: "--agent" });
      const qModel = saved ? saved.settings.q_model : options.qModel;
      const mutatorModel = saved ? saved.settings.mutator_model : options.mutatorModel;
      const defenseName = saved ? saved.settings.defense : options.defense;
      const ablate = saved
        ? (saved.settings.guard_ablate ?? [])
        : parseGuardAblations(options.guardAblate ?? [], `--guard-ablate ${(options.guardAblate ?? []).join(",")}`);
      if (ablate.length > 0 && !isGuardedSpec(agentSpec))
        throw new InputError(`switches off protections of guarded:<planner> and ucm:<planner> agents only, not ${agentSpec}`, {
          file: "--guard-ablate",
        });
      const seed = saved?.settings.seed ?? options.seed;
      let defense: ReturnType<typeof loadDefense>;
      try {
        defense = loadDefense(defenseName ?? "none");
      } catch (error) {
        throw new InputError((error as Error).message, { file: `--defense ${defenseName}` });
      }
      let start: Parameters<typeof runAttack>[0]["start"];
      if (!saved) {
        const dataset = await loadDataset(options.pack, (line) => cli.log(line), "injection");
        const selection = selectionFromOptions(options);
        const selected = selectScenarios(dataset.scenarios, selection);
        const tasks = selected.filter((task) => {
          const attack = task.attack;
          return isPayloadAttack(attack) && attack.oracles?.benign && attack.oracles.attack;
        });
        if (tasks.length === 0)
          throw new InputError("none of the selected tasks is an F1, F2 or F3 task with benign and attack oracles", {
            file: dataset.label,
          });
        if (tasks.length < selected.length)
          cli.log(`attacking ${tasks.length} of ${selected.length} selected tasks (F1, F2 and F3 tasks with oracle scripts only)`);
        start = {
          tasks,
          settings: {
            agent: agentSpec,
            ...(qModel !== undefined && { q_model: qModel }),
            ...(defenseName !== undefined && defenseName !== "none" && { defense: defenseName }),
            ...(ablate.length > 0 && { guard_ablate: ablate }),
            ...(mutatorModel !== undefined && { mutator_model: mutatorModel }),
            seed,
            task_ids: tasks.map((task) => task.id),
            operators: [...ATTACK_OPERATORS.map((operator) => operator.kind), ...(mutatorModel !== undefined ? [MUTATION_KIND] : [])],
            novelty_weight: DEFAULT_NOVELTY_WEIGHT,
            attempt_reward: DEFAULT_ATTEMPT_REWARD,
          },
        };
      }
      const cachePath = options.cachePath ?? defaultCachePath(outDir);
      const models = new ModelSetup({ ...modelFlagsFrom(options), cachePath }, cachePath);
      const agent = uiAgentFor(agentSpec, defense, models, "axtree", {
        ...(qModel !== undefined && { q_model: qModel }),
        ...(ablate.length > 0 && { ablate }),
      });
      const operators: SearchOperator[] = [
        ...ATTACK_OPERATORS,
        ...(mutatorModel !== undefined ? [mutationOperator(models.client(mutatorModel), (line) => cli.log(line))] : []),
      ];
      const stop = gracefulStop(cli.io, "stopping after the episode in flight; continue with --resume");
      const runner = await startRunner(agent, join(outDir, "episodes"), seed);
      try {
        const { summary } = await runAttack({
          outDir,
          ...(start && { start }),
          budget: options.budget,
          run: runner.run,
          operators,
          signal: stop.signal,
          onEpisode: (line) => cli.log(line),
        });
        writeAttackReport(outDir, join(outDir, RUN_FILES.htmlReport));
        if (options.json) cli.print(JSON.stringify(summary, null, 2));
        else cli.print(summaryText(summary, outDir));
        if (stop.signal.aborted) {
          const again = ["npx", "safecua", "attack", "--resume", outDir, "--budget", String(options.budget)].map(shellWord).join(" ");
          cli.log(`stopped; continue with: ${again}`);
          cli.exitCode = EXIT.interrupted;
        }
      } finally {
        stop.dispose();
        await runner.close();
        models.close();
      }
    });
}

export const attackCommand = attackCommandWith((agent, runDir, seed) => startHarnessRunner({ agent, runDir, seed }));
