import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { PROJECT_ROOT } from "./corpus.js";

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Everything the worker wrote to stderr so far (one line per episode it ran). */
  readonly log: () => string;
  /** Episodes it finished, by the lines it logged. */
  readonly episodes: () => number;
  /**
   * SIGTERM (a graceful stop), then waits for the exit; SIGKILL when `hard`. A graceful stop that
   * has not ended after `STOP_LIMIT_MS` is killed and fails with the worker's log, so a hang shows
   * where it was instead of running into the test's timeout.
   */
  stop(hard?: boolean): Promise<void>;
}

/** Far beyond a graceful stop at load 3× the cores (a few seconds: the episodes in flight, then closing). */
const STOP_LIMIT_MS = 120_000;

/** A `safecua worker` process of the compiled bin (slow tier: its global setup builds dist/). */
export function spawnWorker(args: string[], env: Record<string, string> = {}): WorkerProcess {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, "bin", "safecua.js"), "worker", ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString("utf8");
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    log: () => log,
    episodes: () => log.split("\n").filter((line) => /^worker: .+::\d+: /.test(line)).length,
    async stop(hard = false) {
      if (child.exitCode === null && child.signalCode === null) child.kill(hard ? "SIGKILL" : "SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), STOP_LIMIT_MS);
      });
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === "late") {
        child.kill("SIGKILL");
        await exited;
        throw new Error(`the worker did not stop within ${STOP_LIMIT_MS / 1000} s of SIGTERM; its log:\n${log}`);
      }
    },
  };
}
