// Test helper: runs the `workspace` command as main.ts would once it is registered there.
import { CommanderError } from "commander";
import { workspaceCommand } from "../../src/cli/commands/workspace.js";
import { EXIT, UsageError } from "../../src/cli/exit-codes.js";

try {
  await workspaceCommand().exitOverride().parseAsync(process.argv.slice(2), { from: "user" });
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = EXIT.usage;
  } else if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    throw error;
  }
}
