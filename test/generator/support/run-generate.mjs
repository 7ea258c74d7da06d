// Runs `generate` in a child process (as the CLI would once registered), so a test can SIGKILL it.
import { register } from "tsx/esm/api";

register();
const { Command } = await import("commander");
const { generateCommand } = await import("../../../src/cli/commands/generate.ts");
const program = new Command("safecua").addCommand(generateCommand());
await program.parseAsync(process.argv.slice(2), { from: "user" });
