import { spawn } from "node:child_process";
import { join } from "node:path";
import type { CliIo } from "../../src/cli/cli-context.js";
import { main } from "../../src/cli/main.js";
import { PROJECT_ROOT } from "./corpus.js";

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** An io that keeps what a command writes, and lets a test press Ctrl-C. */
export interface MemoryIo extends CliIo {
  readonly stdout: string;
  readonly stderr: string;
  /** Calls every interrupt handler the command registered, as one Ctrl-C would. */
  interrupt(): void;
}

export function memoryIo(env: NodeJS.ProcessEnv = process.env): MemoryIo {
  let stdout = "";
  let stderr = "";
  const handlers = new Set<() => void>();
  return {
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
    interactive: false,
    env,
    onInterrupt(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    interrupt() {
      for (const handler of [...handlers]) handler();
    },
    exitNow(code) {
      throw new Error(`the command asked to exit the process with ${code}`);
    },
  };
}

/**
 * Runs the CLI in this process (`main(argv, io)`), as a user would type it, capturing its output
 * and exit code. `env` is applied to `process.env` for the call (model keys and the Chromium path
 * are read from there) and restored after.
 */
export async function runCli(
  args: string[],
  options: { env?: Record<string, string | undefined>; io?: MemoryIo } = {},
): Promise<CliResult> {
  const saved = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(options.env ?? {})) {
    saved.set(name, process.env[name]);
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    const io = options.io ?? memoryIo();
    const status = await main(args, io);
    return { status, stdout: io.stdout, stderr: io.stderr };
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * Runs the real `safecua` bin in a child process: for what only a process shows (signals, a kill
 * mid-run, exit codes of the shipped binary). Slow tier only. The bin runs the compiled build,
 * which the slow tier's global setup refreshes.
 */
export function spawnCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number; onSpawn?: (child: ReturnType<typeof spawn>) => void } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, "bin", "safecua.js"), ...args], {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: { ...process.env, NO_COLOR: "1", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    options.onSpawn?.(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    // A hung CLI ends as status null instead of hanging the test file.
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
