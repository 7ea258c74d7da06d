import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";

/** A bench stopped by Ctrl-C after its first episode: the episodes in flight written, a summary, and the resume command. */
export function expectStoppedRun(out: string, result: { status: number | null; stderr: string }): void {
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("stopping: finishing the episodes in flight");
  const [runId] = readdirSync(out);
  const runDir = join(out, runId as string);
  expect(result.stderr).toContain(`continue with: safecua bench --resume ${runDir}`);
  const lines = readFileSync(join(runDir, "records.jsonl"), "utf8").trim().split("\n");
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.length).toBeLessThanOrEqual(3);
  for (const line of lines) expect(JSON.parse(line).status).toBe("completed");
  expect(readdirSync(runDir)).toContain("summary.json");
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
