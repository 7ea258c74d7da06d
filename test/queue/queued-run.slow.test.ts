import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EpisodeRecord, readRecords } from "../../src/records/index.js";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { spawnWorker, type WorkerProcess } from "../support/queue-workers.js";
import { startRedis, type TestRedis } from "../support/redis-server.js";
import { spawnCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { waitFor } from "../support/wait-for.js";

// Spawns Redis, workers and collectors: the slow tier. One Redis for the file, with a password,
// so every test also shows the password stays out of what is written and printed.
const PASSWORD = "s3cret-pw";
let redis: TestRedis & { stop(): Promise<void> };
let queueUrl = "";
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  redis = await startRedis({ password: PASSWORD });
  queueUrl = `redis://:${PASSWORD}@127.0.0.1:${redis.port}/0`;
});
afterAll(async () => {
  for (const worker of workers.splice(0)) await worker.stop(true);
  await redis?.stop();
});

function worker(...args: string[]): WorkerProcess {
  const started = spawnWorker(["--queue", queueUrl, ...args]);
  workers.push(started);
  return started;
}

async function stopWorkers(): Promise<void> {
  for (const started of workers.splice(0)) await started.stop();
}

const runDirOf = (out: string) => join(out, readdirSync(out).find((name) => !name.endsWith(".sqlite")) as string);

/** A record without what differs between two runs of the same plan: the run id and the clock. */
function timeless(record: EpisodeRecord): Record<string, unknown> {
  const { run_id: _run, started_at: _started, duration_ms: _duration, ...rest } = record;
  return rest;
}

function summaryNumbers(runDir: string): unknown {
  const { run_id: _run, ...rest } = JSON.parse(readFileSync(join(runDir, "summary.json"), "utf8"));
  return rest;
}

const keys = (records: EpisodeRecord[]) => records.map((record) => record.key).sort();

describe("bench --queue with workers", () => {
  it("gives the built-in pack's records and summary numbers exactly as a local run, over two worker processes", async () => {
    const local = tempDir();
    const queued = tempDir();
    const common = ["--resamples", "300", "--seed", "7"];
    const localRun = await spawnCli(["bench", "--out", local, ...common], { timeoutMs: 300_000 });
    expect(localRun.status).toBe(0);
    // One episode at a time and a fast look for new runs, and the run goes on the queue only once
    // both workers are up: otherwise the first worker to see the run can take all 144 quick
    // episodes before the second, started late on a loaded machine, has looked (seen once in CI).
    const first = worker("--concurrency", "1", "--poll-ms", "50");
    const second = worker("--concurrency", "1", "--poll-ms", "50");
    await waitFor(() => [first, second].every((started) => started.log().includes("worker: taking")), "both workers to start", {
      timeoutMs: 120_000,
    });
    const queuedRun = await spawnCli(["bench", "--queue", queueUrl, "--out", queued, ...common], { timeoutMs: 300_000 });
    expect(queuedRun.stderr).not.toContain("unexpected error");
    expect(queuedRun.status).toBe(0);
    await stopWorkers();

    const localRecords = readRecords(runDirOf(local)).records;
    const queuedRecords = readRecords(runDirOf(queued)).records;
    expect(queuedRecords.length).toBe(localRecords.length);
    const byKey = new Map(localRecords.map((record) => [record.key, timeless(record)]));
    for (const record of queuedRecords) expect(timeless(record)).toEqual(byKey.get(record.key));
    expect(new Set(keys(queuedRecords)).size).toBe(queuedRecords.length);
    expect(summaryNumbers(runDirOf(queued))).toEqual(summaryNumbers(runDirOf(local)));
    // Both workers took episodes, and each episode ran once.
    expect(first.episodes()).toBeGreaterThan(0);
    expect(second.episodes()).toBeGreaterThan(0);
    expect(first.episodes() + second.episodes()).toBe(queuedRecords.length);
    // The queue's progress was shown; the password went nowhere.
    expect(queuedRun.stderr).toMatch(/queue: \d+ queued, \d+ active, \d+ done, \d+ failed/);
    const manifest = readFileSync(join(runDirOf(queued), "manifest.json"), "utf8");
    expect(manifest).toContain(`redis://:***@127.0.0.1:${redis.port}`);
    for (const text of [manifest, queuedRun.stderr, queuedRun.stdout, first.log(), second.log()]) expect(text).not.toContain(PASSWORD);
  });

  describe("with a model that takes its time", () => {
    let server: MockOpenAIServer;
    beforeAll(async () => {
      server = await MockOpenAIServer.start({
        latencyMs: 1200,
        handler: () => JSON.stringify({ completed: true, shared_content: ["Here is the update you asked for."], action_trace: "sent" }),
      });
    });
    afterAll(async () => server.stop());
    const modelRun = (out: string) => [
      "bench",
      "--queue",
      queueUrl,
      "--agent",
      "openai-compatible:slow-model",
      "--base-url",
      server.url,
      "--cache",
      "off",
      "--no-preflight",
      "--limit",
      "12",
      "--resamples",
      "200",
      "--out",
      out,
    ];
    const env = { OPENAI_API_KEY: "test-key", OPENAI_COMPATIBLE_API_KEY: "test-key" };

    it("writes every episode exactly once when one of two workers is SIGKILLed mid-episode", async () => {
      const out = tempDir();
      const before = server.requests.length;
      // A short lock, so the survivor takes the dead worker's jobs soon (on a loaded machine a
      // live worker may also miss a renewal: its episode then runs twice and is written once).
      const doomed = worker("--concurrency", "2", "--lock-seconds", "3");
      const run = spawnCli(modelRun(out), { env, timeoutMs: 300_000 });
      // Killed while a model call of its is in flight (the model takes 1.2 s): until the second
      // worker starts, every call the server holds is the first worker's, so the kill surely cuts
      // an episode off. Waiting for a finished episode instead raced the next call being sent.
      await waitFor(() => server.inFlight >= 1, "the first worker's first model call", { timeoutMs: 60_000 });
      const survivor = worker("--concurrency", "2", "--lock-seconds", "3");
      await doomed.stop(true);
      const result = await run;
      expect(result.stderr).not.toContain("unexpected error");
      expect(result.status).toBe(0);
      const records = readRecords(runDirOf(out)).records;
      expect(records).toHaveLength(12);
      expect(new Set(keys(records)).size).toBe(12);
      expect(records.every((record) => record.status === "completed")).toBe(true);
      // The kill cut episodes off mid-call: the survivor ran them again after the stall check.
      expect(server.requests.length - before).toBeGreaterThan(12);
      expect(survivor.episodes()).toBeGreaterThan(0);
      await stopWorkers();
    });

    it("a collector SIGKILLed and resumed with --resume --queue loses and duplicates nothing, and reruns no episode", async () => {
      const out = tempDir();
      const before = server.requests.length;
      worker("--concurrency", "3");
      let collector: ReturnType<typeof import("node:child_process").spawn> | undefined;
      const run = spawnCli(modelRun(out), {
        env,
        timeoutMs: 300_000,
        onSpawn: (child) => {
          collector = child;
        },
      });
      const written = () => {
        try {
          return readRecords(runDirOf(out)).records.length;
        } catch {
          return 0;
        }
      };
      await waitFor(() => written() >= 3, "three records from the collector", { timeoutMs: 60_000 });
      collector?.kill("SIGKILL");
      await run;
      const runDir = runDirOf(out);
      const kept = readRecords(runDir).records;
      expect(kept.length).toBeLessThan(12);
      // The worker goes on: its results wait in Redis for the collector's resume.
      await waitFor(() => server.requests.length - before >= 12, "the worker to finish every episode", { timeoutMs: 60_000 });
      const resumed = await spawnCli(["bench", "--resume", runDir, "--queue", queueUrl, "--no-preflight"], { env });
      expect(resumed.stderr).not.toContain("unexpected error");
      expect(resumed.status).toBe(0);
      const after = readRecords(runDir);
      expect(after.dropped).toEqual([]);
      expect(after.records).toHaveLength(12);
      expect(new Set(keys(after.records)).size).toBe(12);
      for (const record of kept) expect(after.records.find((other) => other.key === record.key)).toEqual(record);
      expect(server.requests.length - before).toBe(12);
      await stopWorkers();
    });

    it("says so when Redis goes away mid-run, exits resumable, and the run resumes once Redis is back", async () => {
      const out = tempDir();
      worker("--concurrency", "2");
      const run = spawnCli(modelRun(out), { env, timeoutMs: 300_000 });
      const written = () => {
        try {
          return readRecords(runDirOf(out)).records.length;
        } catch {
          return 0;
        }
      };
      await waitFor(() => written() >= 2, "two records from the collector", { timeoutMs: 60_000 });
      await redis.kill();
      const cut = await run;
      expect(cut.status).toBe(1);
      expect(cut.stderr).toMatch(new RegExp(`lost Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${redis.port}/0`));
      expect(cut.stderr).toMatch(/continue with: npx safecua bench --resume \S+ .*--queue 'redis:\/\/:\*\*\*@/);
      expect(cut.stderr).not.toContain("unexpected error");
      const runDir = runDirOf(out);
      const kept = readRecords(runDir).records;
      expect(kept.length).toBeLessThan(12);
      // Redis comes back empty (nothing saved): the resume enqueues what the records file lacks.
      await redis.start();
      const resumed = await spawnCli(["bench", "--resume", runDir, "--queue", queueUrl, "--no-preflight"], { env });
      expect(resumed.status, resumed.stderr).toBe(0);
      const after = readRecords(runDir).records;
      expect(after).toHaveLength(12);
      expect(new Set(keys(after)).size).toBe(12);
      for (const record of kept) expect(after.find((other) => other.key === record.key)).toEqual(record);
      await stopWorkers();
    });
  });
});
