import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { type CliResult, spawnCli } from "../../support/run-cli.js";

/** The records of a run folder, every line parsed (a cut line would throw). */
export function recordLines(runDir: string): Array<{ status: string; key: string }> {
  const text = readFileSync(join(runDir, "records.jsonl"), "utf8").trim();
  return text === "" ? [] : text.split("\n").map((line) => JSON.parse(line));
}

/**
 * A bench stopped by Ctrl-C: exit 130, none of its records an error, the summary and both reports
 * written, and the exact command that resumes it. Returns the run folder.
 */
export function expectStoppedRun(out: string, result: { status: number | null; stderr: string }): string {
  expect(result.status, result.stderr).toBe(130);
  expect(result.stderr).toContain("stopping: finishing the episodes in flight");
  const [runId] = readdirSync(out).filter((name) => !name.startsWith("cache"));
  const runDir = join(out, runId as string);
  expect(result.stderr).toContain(`continue with: npx safecua bench --resume ${runDir}`);
  const lines = recordLines(runDir);
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.filter((line) => line.status === "error")).toEqual([]);
  for (const file of ["summary.json", "report.md", "report.html"]) expect(existsSync(join(runDir, file)), file).toBe(true);
  return runDir;
}

/** `bench` of a model agent whose every reply takes a while, against `url`, into `out`. */
export const slowBenchArgs = (url: string, out: string) => [
  "bench",
  "--agent",
  "openai-compatible:m",
  "--base-url",
  url,
  "--out",
  out,
  "--concurrency",
  "1",
  "--cache",
  "off",
];

/** The real bin in a child process, with its stderr readable while it runs. */
export function spawnWatched(args: string[], env: Record<string, string> = {}) {
  let child: ChildProcess | undefined;
  let stderr = "";
  const done: Promise<CliResult> = spawnCli(args, {
    env,
    timeoutMs: 240_000,
    onSpawn: (spawned) => {
      child = spawned;
      spawned.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
    },
  });
  return {
    done,
    get stderr() {
      return stderr;
    },
    interrupt: () => child?.kill("SIGINT"),
  };
}
