import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** A benchmark's helper process, spoken to in lines: one command out, one answer back. */
export interface LineChild {
  pid: number;
  /** Sends `command` and resolves with the child's next line. */
  ask(command: string): Promise<string>;
  /** Sends `stop`, waits for the answer, and for the process to exit. */
  stop(): Promise<void>;
}

/**
 * Runs `script` (a benchmark file's URL) again in a child process with `args` (typically `--serve`),
 * so that what it serves — a model server — is charged to its own CPU, not to the process measured.
 * The child answers each stdin line with one stdout line.
 */
export function spawnLineChild(script: string, args: readonly string[]): LineChild {
  const child = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), fileURLToPath(script), ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const pending: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => pending.shift()?.(line));
  const ask = (command: string): Promise<string> =>
    new Promise((resolve) => {
      pending.push(resolve);
      child.stdin.write(`${command}\n`);
    });
  return {
    pid: child.pid as number,
    ask,
    stop: async () => {
      await ask("stop");
      child.stdin.end();
      await once(child, "exit");
    },
  };
}
