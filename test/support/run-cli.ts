import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { PROJECT_ROOT } from "./corpus.js";

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `safecua` bin in a child process, as a user would. */
export function runCli(args: string[], options: { cwd?: string; input?: string; env?: Record<string, string> } = {}): CliResult {
  const result = spawnSync(process.execPath, [join(PROJECT_ROOT, "bin", "safecua.js"), ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    input: options.input,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Like `runCli`, without blocking this process: needed when the test itself serves the CLI
 * (e.g. a mock model server on 127.0.0.1), which a synchronous spawn would starve.
 */
export function runCliAsync(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, "bin", "safecua.js"), ...args], {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: { ...process.env, NO_COLOR: "1", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    // A hung CLI ends as status null instead of hanging the test file.
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
