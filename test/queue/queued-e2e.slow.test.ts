import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EpisodeRecord, readRecords } from "../../src/records/index.js";
import { spawnWorker, type WorkerProcess } from "../support/queue-workers.js";
import { startRedis, type TestRedis } from "../support/redis-server.js";
import { spawnCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

// An end-to-end run on one worker process: Chromium and the workspace live in the worker, the
// screenshots travel back with the results. Slow tier: it spawns Redis, a worker and collectors.
let redis: TestRedis & { stop(): Promise<void> };
let worker: WorkerProcess | undefined;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await worker?.stop(true);
  await redis?.stop();
});

const SCENARIOS = ["maps-eta-001-docklands-site-route", "maps-eta-002-carpool-pickup-eta", "maps-eta-003-team-dinner-shortlist"];
const runDirOf = (out: string) => join(out, readdirSync(out)[0] as string);

/**
 * A record as two runs of the same plan share it: without the run id and the clock, with the
 * workspace's per-episode address (a random episode id on a random port) written the same way, and
 * without the screenshot names, which are compared below.
 */
function comparable(record: EpisodeRecord): unknown {
  const { run_id: _run, started_at: _started, duration_ms: _duration, steps, ...rest } = record;
  const sameAddress = (text: string) => text.replace(/http:\/\/127\.0\.0\.1:\d+/g, "WORKSPACE").replace(/\/e\/ep-[0-9a-f]+/g, "/e/EPISODE");
  return {
    ...rest,
    steps: steps?.map(({ timing: _timing, screenshot: _screenshot, ...step }) => JSON.parse(sameAddress(JSON.stringify(step)))),
  };
}

describe("bench --queue --track e2e", () => {
  it("gives the local run's records, artifacts and screenshots through one worker", async () => {
    const common = ["--track", "e2e", "--agent", "oversharer", ...SCENARIOS.flatMap((id) => ["--scenario", id]), "--resamples", "100"];
    const local = tempDir();
    const localRun = await spawnCli(["bench", ...common, "--out", local], { timeoutMs: 300_000 });
    expect(localRun.status, localRun.stderr).toBe(0);
    worker = spawnWorker(["--queue", redis.url, "--tracks", "e2e"]);
    const queued = tempDir();
    const queuedRun = await spawnCli(["bench", "--queue", redis.url, ...common, "--out", queued], { timeoutMs: 300_000 });
    expect(queuedRun.status, queuedRun.stderr).toBe(0);
    expect(worker.episodes()).toBe(SCENARIOS.length);

    const localRecords = readRecords(runDirOf(local)).records;
    const queuedRecords = readRecords(runDirOf(queued)).records;
    expect(queuedRecords).toHaveLength(SCENARIOS.length);
    const byKey = new Map(localRecords.map((record) => [record.key, comparable(record)]));
    for (const record of queuedRecords) {
      expect(record.status).not.toBe("error");
      expect(comparable(record)).toEqual(byKey.get(record.key));
    }
    // Every screenshot a record names is in the collector's run folder under its content's hash,
    // and the folder holds exactly those. Chromium's frames are not bit-stable from run to run on a
    // loaded machine (two local runs can differ in a frame), so the images are compared with the
    // local run's as a whole: most are the same bytes, which only the same pages can give.
    const named = new Set<string>();
    for (const record of queuedRecords)
      for (const step of record.steps ?? []) {
        expect(step.screenshot).toBeDefined();
        const image = readFileSync(join(runDirOf(queued), step.screenshot as string));
        expect(step.screenshot).toBe(`screenshots/${createHash("sha256").update(image).digest("hex")}.jpg`);
        named.add((step.screenshot as string).replace("screenshots/", ""));
      }
    const screens = (runDir: string) => readdirSync(join(runDir, "screenshots")).sort();
    expect(screens(runDirOf(queued))).toEqual([...named].sort());
    const localScreens = new Set(screens(runDirOf(local)));
    expect([...named].filter((name) => localScreens.has(name)).length).toBeGreaterThan(named.size / 2);
  });
});
