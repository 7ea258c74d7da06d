import { Command, CommanderError } from "commander";
import { benchCommand } from "./commands/bench.js";
import { compareCommand } from "./commands/compare.js";
import { exportCommand } from "./commands/export.js";
import { generateCommand } from "./commands/generate.js";
import { guardCommand } from "./commands/guard.js";
import { reportCommand } from "./commands/report.js";
import { scoreCommand } from "./commands/score.js";
import { validateCommand } from "./commands/validate.js";
import { viewCommand } from "./commands/view.js";
import { workspaceCommand } from "./commands/workspace.js";
import { EXIT, UsageError } from "./exit-codes.js";
import { SAFECUA_VERSION } from "./version.js";

export function buildProgram(): Command {
  const program = new Command("safecua")
    .description("Contextual-integrity disclosure benchmark and prompt-injection guard for computer-use agents")
    .version(SAFECUA_VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  for (const command of [
    benchCommand(),
    validateCommand(),
    scoreCommand(),
    compareCommand(),
    generateCommand(),
    guardCommand(),
    reportCommand(),
    viewCommand(),
    exportCommand(),
    workspaceCommand(),
  ])
    program.addCommand(command.exitOverride());
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are "errors" to commander; usage mistakes exit 2 as documented.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT.usage;
    }
    process.stderr.write(`safecua: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.error;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  process.exitCode = await main(process.argv.slice(2));
}
