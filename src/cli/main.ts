import { Command, CommanderError } from "commander";
import { isInputError } from "../core/index.js";
import { CliContext, type CliIo, processIo } from "./cli-context.js";
import { EXIT } from "./exit-codes.js";
import { SAFECUA_VERSION } from "./version.js";

type CommandFactory = (cli: CliContext) => Command;

/**
 * Every command, by name, with the one line `safecua --help` shows. A command's module (and what
 * it imports: zod, Playwright, the AI SDK, vega) is loaded only when that command runs, so
 * `--version` and `--help` start in the time Node itself takes.
 */
const COMMANDS: ReadonlyArray<{ name: string; summary: string; load: () => Promise<CommandFactory> }> = [
  {
    name: "bench",
    summary: "run agents on scenarios (state-grounded or end-to-end), score and summarise",
    load: async () => (await import("./commands/bench.js")).benchCommand,
  },
  {
    name: "worker",
    summary: "run episodes of queued runs (bench --queue) from Redis, on any machine",
    load: async () => (await import("./commands/worker.js")).workerCommand,
  },
  {
    name: "queue",
    summary: "status, drain or clear the jobs of queued runs",
    load: async () => (await import("./commands/queue.js")).queueCommand,
  },
  {
    name: "validate",
    summary: "check scenario files; one line per problem",
    load: async () => (await import("./commands/validate.js")).validateCommand,
  },
  {
    name: "score",
    summary: "score answers produced elsewhere (bring your own agent)",
    load: async () => (await import("./commands/score.js")).scoreCommand,
  },
  {
    name: "compare",
    summary: "paired differences between two runs or two rows of a run",
    load: async () => (await import("./commands/compare.js")).compareCommand,
  },
  {
    name: "power",
    summary: "minimum detectable differences per failure mode (the paper's Appendix F)",
    load: async () => (await import("./commands/power.js")).powerCommand,
  },
  {
    name: "sample",
    summary: "write a stratified, seeded subset of a dataset",
    load: async () => (await import("./commands/sample.js")).sampleCommand,
  },
  {
    name: "attack",
    summary: "adaptive attacker: search for variants of injection tasks that an agent falls for (MCTS)",
    load: async () => (await import("./commands/attack.js")).attackCommand,
  },
  {
    name: "generate",
    summary: "surface new disclosure scenarios from seeds (MCTS over LLM mutations)",
    load: async () => (await import("./commands/generate.js")).generateCommand,
  },
  { name: "guard", summary: "prompt-injection guard (SA-CUA) tools", load: async () => (await import("./commands/guard.js")).guardCommand },
  {
    name: "report",
    summary: "write the self-contained HTML report of one or more runs",
    load: async () => (await import("./commands/report.js")).reportCommand,
  },
  {
    name: "view",
    summary: "browse runs in a local read-only web viewer",
    load: async () => (await import("./commands/view.js")).viewCommand,
  },
  {
    name: "export",
    summary: "export a run's records (csv, jsonl, agentcibench)",
    load: async () => (await import("./commands/export.js")).exportCommand,
  },
  {
    name: "list",
    summary: "list scenarios, agents, defenses or runs",
    load: async () => (await import("./commands/list.js")).listCommand,
  },
  {
    name: "workspace",
    summary: "serve or snapshot the six-app workspace",
    load: async () => (await import("./commands/workspace.js")).workspaceCommand,
  },
];

/** The command a command line names (`help bench` names bench), if any. */
function namedCommand(argv: readonly string[]): string | undefined {
  const words = argv.filter((arg) => !arg.startsWith("-"));
  return words[0] === "help" ? words[1] : words[0];
}

async function buildProgram(cli: CliContext, argv: readonly string[]): Promise<Command> {
  const program = new Command("safecua")
    .description("Contextual-integrity disclosure benchmark and prompt-injection guard for computer-use agents")
    .version(SAFECUA_VERSION)
    .option("--debug", "print stack traces (also SAFECUA_DEBUG=1)")
    .exitOverride()
    .configureOutput({ writeOut: (text) => cli.io.out(text), writeErr: (text) => cli.io.err(text) });
  const wanted = namedCommand(argv);
  for (const entry of COMMANDS) {
    const command = entry.name === wanted ? (await entry.load())(cli) : new Command(entry.name);
    command.summary(entry.summary);
    inheritSettings(command, program);
    program.addCommand(command);
  }
  return program;
}

/** `addCommand` does not pass the program's output and exit handling down; every level needs them. */
function inheritSettings(command: Command, parent: Command): void {
  command.copyInheritedSettings(parent);
  for (const child of command.commands) inheritSettings(child, command);
}

/**
 * Runs the CLI and returns its exit code: 0 ok, 1 a bug, 2 bad usage or input or a missing
 * prerequisite (one line, no stack trace unless --debug), 100 a threshold not met, 130
 * interrupted. Nothing here exits the process, so tests run it in process with a memory `io`.
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const debug = argv.includes("--debug") || io.env.SAFECUA_DEBUG === "1";
  const cli = new CliContext(io, argv);
  try {
    const program = await buildProgram(cli, argv);
    await program.parseAsync(
      argv.filter((arg) => arg !== "--debug"),
      { from: "user" },
    );
    return cli.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are "errors" to commander; usage mistakes exit 2 as documented.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (isInputError(error)) {
      io.err(`${debug ? (error.stack ?? error.message) : error.message}\n`);
      return EXIT.usage;
    }
    io.err(`safecua: unexpected error (a bug; please report it with this trace): ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.error;
  }
}
