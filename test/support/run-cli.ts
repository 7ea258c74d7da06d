import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { PROJECT_ROOT } from "./corpus.js";

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `safecua` bin in a child process, as a user would. */
export function runCli(args: string[], options: { cwd?: string; input?: string } = {}): CliResult {
  const result = spawnSync(process.execPath, [join(PROJECT_ROOT, "bin", "safecua.js"), ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    input: options.input,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
