import { Command, CommanderError } from "commander";
import { EXIT, UsageError } from "../../src/cli/exit-codes.js";

export interface CommandResult {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one command factory in-process under a root program, with the exit-code mapping of
 * `src/cli/main.ts` (usage errors 2, other errors 1), capturing stdout and stderr. The commands
 * of issue 6 are registered in main.ts by the lead; this tests them without depending on that.
 */
export async function runCommand(factory: () => Command, args: string[]): Promise<CommandResult> {
  const program = new Command("safecua")
    .exitOverride()
    .configureOutput({ writeErr: (text) => void process.stderr.write(text), writeOut: (text) => void process.stdout.write(text) });
  program.addCommand(factory().exitOverride());
  let stdout = "";
  let stderr = "";
  const originalOut = process.stdout.write.bind(process.stdout);
  const originalErr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  }) as typeof process.stderr.write;
  let status: number = EXIT.ok;
  try {
    await program.parseAsync(args, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) status = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    else if (error instanceof UsageError) {
      stderr += `${error.message}\n`;
      status = EXIT.usage;
    } else {
      stderr += `${(error as Error).stack ?? String(error)}\n`;
      status = EXIT.error;
    }
  } finally {
    process.stdout.write = originalOut;
    process.stderr.write = originalErr;
  }
  return { status, stdout, stderr };
}
