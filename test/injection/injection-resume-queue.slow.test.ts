/**
 * An injection run survives what a disclosure run survives: killed midway (SIGKILL) and resumed,
 * it loses nothing finished and repeats nothing, and its `by_family` and F5 figures are a full
 * run's; run through `--queue` on a worker, it writes the local run's records. Slow tier: it
 * spawns the CLI, kills it, and starts Redis and a worker.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EpisodeRecord, RUN_FILES, readRecords } from "../../src/records/index.js";
import { spawnWorker, type WorkerProcess } from "../support/queue-workers.js";
import { startRedis, type TestRedis } from "../support/redis-server.js";
import { spawnCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const TASKS = [
  "inj-f1-msg-courier-door-code",
  "inj-f3-shop-note-next-door",
  "inj-f4-tracker-role-change",
  "inj-f4-msg-triage-keys",
  "inj-f5-messenger",
];
const ARGS = [
  "--suite",
  "injection",
  "--agent",
  "oracle-benign,oracle-null",
  ...TASKS.flatMap((id) => ["--scenario", id]),
  "--resamples",
  "200",
];
const EPISODES = 8; // two agents × four tasks; the F5 task runs no agent
const runDirOf = (out: string) => join(out, readdirSync(out)[0] as string);
const summaryOf = (runDir: string) => JSON.parse(readFileSync(join(runDir, RUN_FILES.summary), "utf8"));

/** A record as two runs of one plan share it: no run id, clock or timings, the workspace's address written one way. */
function comparable(record: EpisodeRecord): unknown {
  const { run_id: _run, started_at: _started, duration_ms: _duration, steps, ...rest } = record;
  const sameAddress = (text: string) => text.replace(/http:\/\/127\.0\.0\.1:\d+/g, "WORKSPACE").replace(/\/e\/ep-[0-9a-f]+/g, "/e/EPISODE");
  return {
    ...rest,
    steps: steps?.map(({ timing: _timing, screenshot: _screenshot, ...step }) => JSON.parse(sameAddress(JSON.stringify(step)))),
  };
}

let redis: (TestRedis & { stop(): Promise<void> }) | undefined;
let worker: WorkerProcess | undefined;
let local = "";

beforeAll(async () => {
  // Kept for both tests (tempDir folders go after each test).
  local = mkdtempSync(join(tmpdir(), "safecua-injection-local-"));
  const run = await spawnCli(["bench", ...ARGS, "--out", local], { timeoutMs: 600_000 });
  if (run.status !== 0) throw new Error(`the local run failed (${run.status}): ${run.stderr}`);
}, 600_000);

afterAll(async () => {
  await worker?.stop(true);
  await redis?.stop();
  if (local !== "") rmSync(local, { recursive: true, force: true });
});

describe("an injection run", () => {
  it("killed midway and resumed, keeps every finished record once and summarises like a run that was never stopped", async () => {
    const out = tempDir("safecua-injection-killed-");
    let child: ChildProcess | undefined;
    const killed = spawnCli(["bench", ...ARGS, "--out", out, "--concurrency", "1"], {
      timeoutMs: 600_000,
      onSpawn: (spawned) => {
        child = spawned;
      },
    });
    let before: EpisodeRecord[] = [];
    for (let waited = 0; waited < 300_000 && before.length < 3; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const names = (() => {
        try {
          return readdirSync(out);
        } catch {
          return [];
        }
      })();
      if (names[0]) before = readRecords(join(out, names[0])).records;
    }
    child?.kill("SIGKILL");
    await killed;
    const runDir = runDirOf(out);
    before = readRecords(runDir).records;
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(EPISODES);

    const resumed = await spawnCli(["bench", "--resume", runDir], { timeoutMs: 600_000 });
    expect(resumed.status, resumed.stderr).toBe(0);
    const after = readRecords(runDir);
    expect(after.dropped).toEqual([]);
    expect(new Set(after.records.map((record) => record.key)).size).toBe(EPISODES);
    expect(after.records).toHaveLength(EPISODES);
    for (const record of before) expect(after.records.find((other) => other.key === record.key)).toEqual(record);
    const [full, again] = [summaryOf(runDirOf(local)), summaryOf(runDir)];
    expect(again.agents.map((row: { by_family: unknown }) => row.by_family)).toEqual(
      full.agents.map((row: { by_family: unknown }) => row.by_family),
    );
    expect(again.mask_integrity.passed).toBe(true);
    expect(again.mask_integrity.tasks).toBe(1);
    expect(again.mask_integrity.pages).toBe(full.mask_integrity.pages);
  }, 900_000);

  it("through --queue on a worker, writes the local run's records and F5 figures", async () => {
    redis = await startRedis();
    worker = spawnWorker(["--queue", redis.url, "--tracks", "e2e"]);
    const queued = tempDir("safecua-injection-queued-");
    const run = await spawnCli(["bench", "--queue", redis.url, ...ARGS, "--out", queued], { timeoutMs: 600_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(worker.episodes()).toBe(EPISODES);
    const localRecords = new Map(readRecords(runDirOf(local)).records.map((record) => [record.key, comparable(record)]));
    const queuedRecords = readRecords(runDirOf(queued)).records;
    expect(queuedRecords).toHaveLength(EPISODES);
    for (const record of queuedRecords) expect(comparable(record)).toEqual(localRecords.get(record.key));
    const [full, viaQueue] = [summaryOf(runDirOf(local)), summaryOf(runDirOf(queued))];
    expect(viaQueue.agents.map((row: { by_family: unknown }) => row.by_family)).toEqual(
      full.agents.map((row: { by_family: unknown }) => row.by_family),
    );
    expect(viaQueue.mask_integrity.passed).toBe(true);
    expect(viaQueue.mask_integrity.pages).toBe(full.mask_integrity.pages);
  }, 900_000);
});
