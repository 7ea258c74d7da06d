/**
 * The queue (issue 18): what distributing a run's episodes over BullMQ workers costs and gains.
 *
 * Each setup runs three times, interleaved, and the medians are printed (the machine may be shared).
 *
 * 1. Latency-bound throughput: a model agent against the mock OpenAI-compatible server answering
 *    after 200 ms, the built-in pack × 4 epochs (144 episodes). One process (`bench`, concurrency
 *    4) against one collector (`bench --queue`) with 1, 2 and 4 worker processes (concurrency 4
 *    each): episodes per second over the span from the first episode's start to the last one's end,
 *    and the ratio to the single process. Workers should scale until the machine's CPU is the limit.
 * 2. Overhead: reference agents (no model, no wait), the built-in pack × 8 epochs (1,152 episodes):
 *    the whole command's wall time, local against queued with one worker; the difference per
 *    episode is the queue's cost (enqueue, Redis round trips, result transfer, collecting).
 *
 * Redis is Debian's redis-server, started here on a free loopback port; the mock server runs in its
 * own process. Everything runs the compiled CLI (`npm run build` first, or the bin runs from source).
 * Run: npx tsx bench/queue-throughput.ts
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { readRecords } from "../src/records/index.js";
import { MockOpenAIServer } from "../test/support/mock-openai-server.js";
import { startRedis } from "../test/support/redis-server.js";
import { spawnLineChild } from "./_line-child.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "bin", "safecua.js");
const ENV = { ...process.env, NO_COLOR: "1", OPENAI_API_KEY: "bench", OPENAI_COMPATIBLE_API_KEY: "bench" };
const REPLY = JSON.stringify({ completed: true, shared_content: ["Here is the update you asked for."], action_trace: "sent" });

async function serve(latencyMs: number): Promise<void> {
  const server = await MockOpenAIServer.start({ latencyMs });
  server.respondWith(() => REPLY);
  createInterface({ input: process.stdin }).on("line", async (command) => {
    if (command === "url") process.stdout.write(`${server.url}\n`);
    if (command === "stop") {
      await server.stop();
      process.stdout.write("stopped\n", () => process.exit(0));
    }
  });
}

/** Runs the CLI to the end; its wall seconds. */
async function cli(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: ENV, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`safecua ${args.join(" ")} exited ${code}:\n${stderr.slice(-2000)}`);
  return (performance.now() - started) / 1000;
}

/** `count` worker processes; stopping them sends SIGTERM and waits. */
function workers(count: number, url: string): { stop: () => Promise<void> } {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, [BIN, "worker", "--queue", url, "--concurrency", "4"], { cwd: ROOT, env: ENV, stdio: "ignore" }),
  );
  return {
    stop: async () => {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode === null) child.kill("SIGTERM");
          if (child.exitCode === null) await once(child, "exit");
        }),
      );
    },
  };
}

/** Episodes per second between the first episode's start and the last one's end, from the records. */
function episodeRate(out: string): { count: number; perSecond: number } {
  const runDir = join(out, readdirSync(out).find((name) => !name.endsWith(".sqlite")) as string);
  const { records } = readRecords(runDir);
  const start = Math.min(...records.map((record) => Date.parse(record.started_at)));
  const end = Math.max(...records.map((record) => Date.parse(record.started_at) + record.duration_ms));
  return { count: records.length, perSecond: records.length / ((end - start) / 1000) };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const ROUNDS = 3;
/** The reference agents (4) × the built-in pack (36) × 8 epochs. */
const REFERENCE_EPISODES = 4 * 36 * 8;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const loadText = () =>
  loadavg()
    .map((n) => fmt(n, 2))
    .join(" ");

async function main(): Promise<void> {
  const redis = await startRedis();
  const server = spawnLineChild(import.meta.url, ["--serve", "200"]);
  const serverUrl = await server.ask("url");
  const scratch = mkdtempSync(join(tmpdir(), "safecua-queue-bench-"));
  let runs = 0;
  const out = () => join(scratch, `out-${runs++}`);
  console.log(`machine: ${cpus().length} cores, load average ${loadText()} at the start`);
  try {
    const model = [
      "--agent",
      "openai-compatible:bench-model",
      "--base-url",
      serverUrl,
      "--cache",
      "off",
      "--no-preflight",
      "--epochs",
      "4",
    ];
    const common = ["--resamples", "200"];
    // Rounds interleave the setups, so a change in the machine's load shifts them all alike; medians.
    const setups = [0, 1, 2, 4];
    const rates = new Map<number, number[]>(setups.map((count) => [count, []]));
    let episodes = 0;
    for (let round = 0; round < ROUNDS; round++)
      for (const count of setups) {
        const runOut = out();
        if (count === 0) await cli(["bench", ...model, ...common, "--concurrency", "4", "--out", runOut]);
        else {
          const pool = workers(count, redis.url);
          try {
            await cli(["bench", "--queue", redis.url, ...model, ...common, "--out", runOut]);
          } finally {
            await pool.stop();
          }
        }
        const rate = episodeRate(runOut);
        episodes = rate.count;
        rates.get(count)?.push(rate.perSecond);
      }
    const local = median(rates.get(0) ?? []);
    console.log(`200 ms model, ${episodes} episodes, median of ${ROUNDS} rounds:`);
    console.log(`  one process (concurrency 4)                ${fmt(local)} episodes/s`);
    for (const count of setups.slice(1)) {
      const rate = median(rates.get(count) ?? []);
      const label = `collector + ${count} worker${count === 1 ? "" : "s"} (concurrency 4 each)`;
      console.log(`  ${label.padEnd(42)} ${fmt(rate)} episodes/s, ratio ${fmt(rate / local, 2)}`);
    }

    const reference = ["--epochs", "8", ...common];
    const overheads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const localWall = await cli(["bench", ...reference, "--out", out()]);
      const pool = workers(1, redis.url);
      try {
        const queuedWall = await cli(["bench", "--queue", redis.url, ...reference, "--out", out()]);
        overheads.push(((queuedWall - localWall) / REFERENCE_EPISODES) * 1000);
      } finally {
        await pool.stop();
      }
    }
    const overhead = median(overheads);
    console.log(
      `zero-latency agents, ${REFERENCE_EPISODES} episodes, whole command local vs queued (1 worker), median of ${ROUNDS}: ` +
        `queue overhead ${fmt(overhead, 2)} ms per episode (rounds: ${overheads.map((value) => fmt(value, 2)).join(", ")}); ` +
        `a 200 ms model call is ${fmt(200 / Math.max(0.001, overhead), 0)}× that`,
    );
    console.log(`load average ${loadText()} at the end`);
  } finally {
    await server.stop();
    await redis.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--serve") await serve(Number(process.argv[3] ?? 0));
else await main();
