import type { ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRecords } from "../../src/records/index.js";
import { startRedis, type TestRedis } from "../support/redis-server.js";
import { type CliResult, spawnCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { waitFor } from "../support/wait-for.js";

// Collectors with no worker: their jobs wait in Redis, where the queue command finds them.
let redis: TestRedis & { stop(): Promise<void> };
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => redis?.stop());

interface Row {
  run_id: string;
  queued: number;
  active: number;
  completed: number;
  failed: number;
}

async function status(): Promise<Row[]> {
  const result = await spawnCli(["queue", "status", "--queue", redis.url, "--json"]);
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout);
}

/** A collector of `limit` scenarios of the built-in pack, and its run id once it has enqueued. */
async function collector(limit: number): Promise<{ runId: string; done: Promise<CliResult>; child: () => ChildProcess | undefined }> {
  const out = tempDir();
  let child: ChildProcess | undefined;
  const done = spawnCli(
    ["bench", "--queue", redis.url, "--out", out, "--limit", String(limit), "--agent", "oversharer", "--resamples", "100"],
    {
      // A loaded machine makes every `queue status` a few seconds; the collector waits for them all.
      timeoutMs: 400_000,
      onSpawn: (spawned) => {
        child = spawned;
      },
    },
  );
  let runId = "";
  await waitFor(
    () => {
      runId = readdirSync(out)[0] ?? "";
      return runId !== "";
    },
    "the run folder",
    { timeoutMs: 30_000 },
  );
  let rows: Row[] = [];
  for (let tries = 0; tries < 100 && !rows.some((row) => row.run_id === runId && row.queued === limit); tries++) rows = await status();
  return { runId, done, child: () => child };
}

describe("safecua queue", () => {
  it("shows each run's jobs apart, drains one run and clears another; their collectors stop resumable", async () => {
    const first = await collector(2);
    const second = await collector(3);
    const rows = await status();
    expect(rows.find((row) => row.run_id === first.runId)).toMatchObject({ queued: 2, active: 0, completed: 0, failed: 0 });
    expect(rows.find((row) => row.run_id === second.runId)).toMatchObject({ queued: 3, active: 0, completed: 0, failed: 0 });

    const drained = await spawnCli(["queue", "drain", "--queue", redis.url, "--run", first.runId]);
    expect(drained.status).toBe(0);
    expect(drained.stderr).toContain(`removed 2 waiting jobs of run ${first.runId}`);
    const firstEnd = await first.done;
    expect(firstEnd.status).toBe(1);
    expect(firstEnd.stderr).toMatch(
      new RegExp(
        `stopped with 2 episodes not run; continue with: npx safecua bench --resume \\S+${first.runId} --queue redis://127\\.0\\.0\\.1:${redis.port}/0`,
      ),
    );
    // The other run is untouched.
    expect((await status()).find((row) => row.run_id === second.runId)).toMatchObject({ queued: 3 });

    const cleared = await spawnCli(["queue", "clear", "--queue", redis.url, "--run", second.runId]);
    expect(cleared.stderr).toContain(`deleted 3 jobs of run ${second.runId}`);
    expect((await second.done).status).toBe(1);
    expect((await status()).map((row) => row.run_id)).not.toContain(second.runId);
  });

  it("drain and clear need --run", async () => {
    for (const command of ["drain", "clear"]) {
      const result = await spawnCli(["queue", command, "--queue", redis.url]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("--run <id>");
    }
  });

  it("Ctrl-C on the collector takes the waiting jobs back, writes the summary and exits 130 resumable", async () => {
    const run = await collector(3);
    run.child()?.kill("SIGINT");
    const result = await run.done;
    expect(result.status).toBe(130);
    expect(result.stderr).toContain("stopping");
    expect(result.stderr).toMatch(/continue with: npx safecua bench --resume/);
    const row = (await status()).find((entry) => entry.run_id === run.runId);
    expect(row?.queued ?? 0).toBe(0);
    const runDir = join(result.stderr.match(/run folder: (\S+)/)?.[1] ?? "");
    expect(readRecords(runDir).records).toEqual([]);
  });
});
