import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/corpus.js";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { spawnCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { waitFor } from "../support/wait-for.js";
import { expectStoppedRun, recordLines, slowBenchArgs, spawnWatched } from "./support/stopped-run.js";

const ANSWER = JSON.stringify({ completed: true, shared_content: ["x"], action_trace: "a" });

// A real SIGINT to the shipped bin: what only a process shows. The in-process tests cover the rest.
describe("safecua bench under a real Ctrl-C", { timeout: 300_000 }, () => {
  it("on Ctrl-C finishes the episode in flight, writes it, and says how to resume", async () => {
    const slow = await MockOpenAIServer.start({ handler: () => ({ content: ANSWER, delayMs: 400 }) });
    try {
      const out = join(tempDir(), "runs");
      const run = spawnWatched(slowBenchArgs(slow.url, out));
      await waitFor(() => /\[1\/36\]/.test(run.stderr), "the first finished episode", { timeoutMs: 60_000 });
      run.interrupt();
      const runDir = expectStoppedRun(out, { status: (await run.done).status, stderr: run.stderr });
      expect(recordLines(runDir).length).toBeLessThanOrEqual(3);
    } finally {
      await slow.stop();
    }
  });

  it("stops a run of reference agents at once, and the printed command resumes it to the end", async () => {
    const out = join(tempDir(), "runs");
    // 3,600 episodes that never wait on I/O: the case where a Ctrl-C used to be seen only after the last.
    const run = spawnWatched(["bench", "--epochs", "25", "--out", out, "--resamples", "200"]);
    await waitFor(() => /\[1\/3600\]/.test(run.stderr), "the first finished episode", { timeoutMs: 60_000 });
    run.interrupt();
    const runDir = expectStoppedRun(out, { status: (await run.done).status, stderr: run.stderr });
    expect(recordLines(runDir).length).toBeLessThan(3600);
    // The printed command, word for word (the temporary path needs no quoting).
    const command = run.stderr.match(/continue with: npx safecua (bench --resume .*)\n/)?.[1];
    expect(command).toBe(`bench --resume ${runDir}`);
    const resumed = await spawnCli(command?.split(" ") ?? []);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(recordLines(runDir)).toHaveLength(3600);
  });

  it("past the grace period leaves a hung episode unwritten for the resume, never as an error", async () => {
    const hung = await MockOpenAIServer.start({ handler: () => ({ fault: "hang" }) });
    try {
      const out = join(tempDir(), "runs");
      const run = spawnWatched([...slowBenchArgs(hung.url, out), "--stop-grace", "1"]);
      await waitFor(() => hung.callCount >= 1, "the first model call", { timeoutMs: 60_000 });
      run.interrupt();
      const result = await run.done;
      expect(result.status, result.stderr).toBe(130);
      expect(result.stderr).toContain("(1 interrupted in flight, left for the resume)");
      const runDir = join(out, (result.stderr.match(/--resume \S+\/([^/\s]+)/)?.[1] ?? "") as string);
      expect(recordLines(runDir)).toEqual([]);
      expect(existsSync(join(runDir, "report.html"))).toBe(true);
    } finally {
      await hung.stop();
    }
  });

  it("a second Ctrl-C quits at once with 130, and every line already written stays whole", async () => {
    const hung = await MockOpenAIServer.start({
      handler: (request) => (request.index === 0 ? { content: ANSWER } : { fault: "hang" }),
    });
    try {
      const out = join(tempDir(), "runs");
      const run = spawnWatched(slowBenchArgs(hung.url, out));
      await waitFor(() => hung.callCount >= 2, "the second model call", { timeoutMs: 60_000 });
      run.interrupt();
      await waitFor(() => run.stderr.includes("Ctrl-C again to quit now"), "the first stop message");
      run.interrupt();
      const result = await run.done;
      expect(result.status).toBe(130);
      expect(result.stderr).not.toContain("report:");
      const [runId] = readdirSync(out).filter((name) => !name.startsWith("cache"));
      expect(recordLines(join(out, runId as string)).map((line) => line.status)).toEqual(["completed"]);
    } finally {
      await hung.stop();
    }
  });
});

describe("safecua bench --track e2e under a real Ctrl-C", { timeout: 300_000 }, () => {
  it("lets the episodes in flight finish in the browser, writes report.html and exits 130", async () => {
    const out = join(tempDir(), "runs");
    // Two in flight when the first finishes, two not started: a stop has episodes to let finish and to leave.
    const maps = join(PROJECT_ROOT, "packs", "builtin", "maps-routes-eta.yaml");
    const run = spawnWatched(["bench", "--track", "e2e", "--agent", "oversharer", "--dataset", maps, "--out", out, "--concurrency", "2"]);
    await waitFor(() => /\[1\/\d+\]/.test(run.stderr), "the first finished episode", { timeoutMs: 180_000 });
    run.interrupt();
    const result = await run.done;
    expectStoppedRun(out, { status: result.status, stderr: run.stderr });
    expect(run.stderr).not.toContain("has been closed");
  });
});

describe("safecua generate under a real Ctrl-C", { timeout: 300_000 }, () => {
  it("stops after the iterations in flight, exits 130 and prints the resume command", async () => {
    const { scriptedModels } = await import("../generator/support/scripted-models.js");
    const { generateArgs, rowsOf } = await import("../generator/support/generate-cli.js");
    const slow = await MockOpenAIServer.start({ latencyMs: 50 });
    slow.respondWith(scriptedModels);
    try {
      const out = tempDir();
      const args = generateArgs(out, 40, slow.url);
      const run = spawnWatched(args);
      await waitFor(() => existsSync(join(out, "iterations.jsonl")) && rowsOf(out).length >= 2, "two iterations", { timeoutMs: 60_000 });
      run.interrupt();
      const result = await run.done;
      expect(result.status, run.stderr).toBe(130);
      expect(run.stderr).toContain(`continue with: safecua ${args.join(" ")} --resume\n`);
      expect(rowsOf(out).length).toBeLessThan(80);
      expect(existsSync(join(out, "summary.json"))).toBe(true);
    } finally {
      await slow.stop();
    }
  });

  it("past the grace period cuts off an iteration that hangs, logs no half row, and a resume redoes it", async () => {
    const { scriptedModels } = await import("../generator/support/scripted-models.js");
    const { generateArgs, rowsOf, succeed } = await import("../generator/support/generate-cli.js");
    const hanging = { on: false };
    const server = await MockOpenAIServer.start({ handler: (request) => (hanging.on ? { fault: "hang" } : scriptedModels(request)) });
    try {
      const out = tempDir();
      const run = spawnWatched([...generateArgs(out, 6, server.url), "--stop-grace", "1"]);
      await waitFor(() => existsSync(join(out, "iterations.jsonl")) && rowsOf(out).length >= 2, "two iterations", { timeoutMs: 60_000 });
      hanging.on = true;
      const calls = server.callCount;
      await waitFor(() => server.callCount > calls, "a call that hangs", { timeoutMs: 60_000 });
      run.interrupt();
      const result = await run.done;
      expect(result.status, run.stderr).toBe(130);
      const rows = rowsOf(out);
      expect(rows.flatMap((row) => row.errors)).toEqual([]);
      expect(existsSync(join(out, "summary.json"))).toBe(true);
      hanging.on = false;
      await succeed([...generateArgs(out, 6, server.url), "--resume"]);
      expect(rowsOf(out)).toHaveLength(12);
      expect(rowsOf(out).flatMap((row) => row.errors)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
