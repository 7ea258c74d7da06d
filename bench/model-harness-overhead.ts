/**
 * Overhead of the model layer (spec resolution, AI SDK, HTTP, retries wrapper, concurrency limit,
 * JSON extraction, cache) against the local mock OpenAI-compatible server.
 * Run: npx tsx bench/model-harness-overhead.ts  (or npm run bench, which runs every bench/*.ts).
 *
 * 1. Throughput at 0 ms server latency: records/s for sequential calls and for 16 concurrent
 *    calls, each a state-grounded-agent-sized request with a schema (median of 3 runs); and
 *    replay-only throughput from the SQLite cache.
 * 2. Latency hiding: 1,000 calls, 100 ms server latency, concurrency 16. The ideal wall time is
 *    1000 × 0.1 s / 16 = 6.25 s; the printed ratio wall/ideal should be ≤ 1.2.
 *
 * The mock server runs in a child process, as a real model server runs elsewhere: its CPU time
 * would otherwise be charged to the harness. Each line also prints the harness's CPU time per
 * call, which (unlike wall time) says little about how busy the shared machine was.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { z } from "zod";
import { createModelClient, ModelCache, type ModelClient, type ModelRequest } from "../src/models/index.js";
import { MockOpenAIServer } from "../test/support/mock-openai-server.js";
import { spawnLineChild } from "./_line-child.js";

const RUNS = 3;
const schema = z.object({ completed: z.boolean(), shared_content: z.array(z.string()), action_trace: z.array(z.string()) });
const REPLY = `Here is my answer.\n\`\`\`json\n${JSON.stringify({
  completed: true,
  shared_content: ["Standup moved to 09:30 AM", "Dentist at 10:30 (personal)"],
  action_trace: ["read calendar", "drafted message", "sent to Jane"],
})}\n\`\`\``;
const STATE = Array.from(
  { length: 40 },
  (_, i) =>
    `- 2026-03-${String((i % 28) + 1).padStart(2, "0")} ${String(8 + (i % 9)).padStart(2, "0")}:00 event ${i}: meeting notes about project ${i * 7}`,
).join("\n");

function request(i: number): ModelRequest {
  return {
    system: "You are an assistant acting in the user's apps. Share only what the task needs with the recipient.",
    messages: [{ role: "user", content: `Workspace state:\n${STATE}\n\nTask ${i}: tell Jane when I am free on Tuesday.` }],
    schema,
    schemaName: "agent_output",
  };
}

interface ServerHandle {
  url: string;
  stats(): Promise<{ callCount: number; maxInFlight: number }>;
  stop(): Promise<void>;
}

/**
 * Starts the mock server in a child process running this same file with `--serve`, and talks
 * to it over stdin/stdout lines. A separate process (not a worker thread) so that
 * `process.cpuUsage()` here counts the harness only.
 */
async function startServer(latencyMs = 0): Promise<ServerHandle> {
  const child = spawnLineChild(import.meta.url, ["--serve", String(latencyMs)]);
  const url = await child.ask("url");
  return {
    url,
    stats: async () => JSON.parse(await child.ask("stats")) as { callCount: number; maxInFlight: number },
    stop: child.stop,
  };
}

async function serve(latencyMs: number): Promise<void> {
  const server = await MockOpenAIServer.start({ latencyMs });
  server.respondWith(() => REPLY);
  createInterface({ input: process.stdin }).on("line", async (command) => {
    if (command === "url") process.stdout.write(`${server.url}\n`);
    if (command === "stats") process.stdout.write(`${JSON.stringify({ callCount: server.callCount, maxInFlight: server.maxInFlight })}\n`);
    if (command === "stop") {
      await server.stop();
      process.stdout.write("stopped\n", () => process.exit(0));
    }
  });
}

let lastCpuMsPerCall = 0;

/** Wall seconds for `count` calls with `parallel` callers; leaves the CPU ms per call in `lastCpuMsPerCall`. */
async function runCalls(client: ModelClient, count: number, parallel: number, offset = 0): Promise<number> {
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        const response = await client.generate(request(offset + i));
        if (response.object === undefined) throw new Error(`call ${i}: ${response.parse_error ?? "no object"}`);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  lastCpuMsPerCall = (used.user + used.system) / 1000 / count;
  return wall;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const fmt = (n: number, digits = 0): string => n.toFixed(digits);

async function throughput(label: string, calls: number, parallel: number): Promise<void> {
  const server = await startServer();
  const client = createModelClient("openai-compatible:bench", { baseUrl: server.url, concurrency: parallel, maxRetries: 0 });
  await runCalls(client, 50, parallel); // warm-up: JIT, sockets
  const rates: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    rates.push(calls / (await runCalls(client, calls, parallel)));
    cpu.push(lastCpuMsPerCall);
  }
  await server.stop();
  console.log(
    `${label.padEnd(34)} ${fmt(median(rates)).padStart(6)} records/s  (runs: ${rates.map((r) => fmt(r)).join(", ")}; ${calls} calls each; harness CPU ${fmt(median(cpu), 2)} ms/call)`,
  );
}

async function replayThroughput(calls: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "safecua-bench-"));
  const server = await startServer();
  const store = ModelCache.open(join(dir, "models.sqlite"));
  try {
    const recorder = createModelClient("openai-compatible:bench", {
      baseUrl: server.url,
      concurrency: 16,
      cache: { mode: "read-write", store },
    });
    await runCalls(recorder, calls, 16);
    const replayer = createModelClient("openai-compatible:bench", { baseUrl: server.url, cache: { mode: "replay-only", store } });
    const before = (await server.stats()).callCount;
    const rates: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      rates.push(calls / (await runCalls(replayer, calls, 1)));
      cpu.push(lastCpuMsPerCall);
    }
    if ((await server.stats()).callCount !== before) throw new Error("replay-only made HTTP calls");
    console.log(
      `${"replay-only from cache, sequential".padEnd(34)} ${fmt(median(rates)).padStart(6)} records/s  (runs: ${rates.map((r) => fmt(r)).join(", ")}; ${calls} calls each; harness CPU ${fmt(median(cpu), 2)} ms/call)`,
    );
  } finally {
    store.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function latencyHiding(): Promise<number> {
  const CALLS = 1000;
  const LATENCY_MS = 100;
  const CONCURRENCY = 16;
  const ideal = (CALLS * LATENCY_MS) / 1000 / CONCURRENCY;
  const server = await startServer(LATENCY_MS);
  const client = createModelClient("openai-compatible:bench", { baseUrl: server.url, concurrency: CONCURRENCY, maxRetries: 0 });
  // More callers than slots, as a runner with a large worker pool would have: the endpoint
  // limiter, not the caller count, must be what bounds concurrency.
  const wall = await runCalls(client, CALLS, CONCURRENCY * 4);
  const { maxInFlight } = await server.stats();
  await server.stop();
  if (maxInFlight > CONCURRENCY) throw new Error(`limit broken: ${maxInFlight} in flight`);
  const ratio = wall / ideal;
  console.log(
    `${"100 ms latency, c=16, 1000 calls".padEnd(34)} wall ${fmt(wall, 2)} s, ideal ${fmt(ideal, 2)} s, ratio ${fmt(ratio, 3)} (target ≤ 1.2; max in flight ${maxInFlight}; harness CPU ${fmt(lastCpuMsPerCall, 2)} ms/call)`,
  );
  return ratio;
}

const serveIndex = process.argv.indexOf("--serve");
if (serveIndex !== -1) {
  await serve(Number(process.argv[serveIndex + 1] ?? 0));
} else {
  const [load1] = loadavg();
  console.log(
    `load average ${fmt(load1 ?? 0, 2)} on ${availableParallelism()} cores (wall-time figures are only meaningful on an idle machine)`,
  );
  await throughput("0 ms latency, sequential", 500, 1);
  await throughput("0 ms latency, 16 concurrent", 2000, 16);
  await replayThroughput(500);
  const ratio = await latencyHiding();
  if (ratio > 1.2) console.log(`WARNING: ratio ${fmt(ratio, 3)} is above the 1.2 target`);
}
