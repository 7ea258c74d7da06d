/**
 * Cost of the guarded agent (SA-CUA) end to end, beside the undefended UI agent, on the built-in
 * disclosure pack in real Chromium with real HTTP to the model roles:
 *
 * - guarded: `guarded:openai-compatible:scripted` — planner, quarantined reader, crosscheck and
 *   classifier all `openai-compatible:scripted`, one client over the AI SDK to the scripted-role
 *   server (test/support/scripted-role-server.ts), which answers as the in-process scripted roles
 *   do (the benign planner follows the scenario's stored plan or the generic plan of its channel);
 * - undefended: the scripted `minimal` UI agent (reads the apps the task touches through the
 *   accessibility tree and sends the lines the request names). Its decisions take microseconds,
 *   so its step time is what an undefended agent's step costs besides its model: the runner's
 *   observation (snapshot + screenshot, every step) and the agent.
 *
 * Printed, per episode (median and p90 over episodes): planner turns, UI steps (runner steps,
 * the ending one included), quarantined-model calls, tokens in/out per role as the server reported
 * them, wall time, and CPU time of this process, of Chromium and of the model server. Then per
 * turn and per step (median and p90 over all of them): the guard's own time per planner turn
 * (capture_ms + tool_ms, and capture_ms alone; the classifier's turn is not a planner turn),
 * beside the undefended agent's time per step (observe_ms + agent_ms); and the ratio of the two
 * medians. Also per UI step: the guard's whole step without its model calls (observe_ms +
 * agent_ms − planner_ms of its turns), which adds what turn timings leave out (building the
 * planner's request, the history).
 *
 * The model server runs in a child process, as a model runs elsewhere: its CPU would otherwise be
 * charged to the guard. Episodes run one at a time, so each episode's CPU is the difference
 * between two records. tool_ms includes the quarantined and crosscheck calls of read tools.
 *
 * Run: npx tsx bench/guarded-agent.ts  (or npm run bench). BENCH_SCENARIOS=n runs n scenarios
 * spread over the pack (default 12, about two minutes on 2 cores); BENCH_SCENARIOS=all the 36.
 * BENCH_KEEP=1 keeps the run folder (records, screenshots) and prints where. BENCH_GUARDED replaces
 * the guarded arm's id (an ablation label such as `… -differential-check` measures without the
 * mask's second render).
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { loadDefense } from "../src/agents/index.js";
import { launchBrowser } from "../src/browser/index.js";
import { ModelSetup } from "../src/models/index.js";
import type { EpisodeRecord } from "../src/records/index.js";
import { DEFAULT_E2E_SETTINGS, type NewRunOptions, startRun, uiAgentFor } from "../src/runner/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../src/scenario/index.js";
import { linearQuantile } from "../src/stats/index.js";
import { scriptedRoleEndpoints, startScriptedRoleServer } from "../test/support/scripted-role-server.js";
import { spawnLineChild } from "./_line-child.js";
import { treeCpuMs } from "./_process-tree.js";

// BENCH_GUARDED names another guarded arm, e.g. "guarded:openai-compatible:scripted -differential-check" (an ablation label).
const GUARDED = process.env.BENCH_GUARDED ?? "guarded:openai-compatible:scripted";
const UNDEFENDED = "minimal";
const DEFAULT_SAMPLE = 12;

/** numpy's linear quantile of unsorted values; NaN for none. */
function quantile(values: readonly number[], q: number): number {
  return values.length === 0
    ? Number.NaN
    : linearQuantile(
        [...values].sort((a, b) => a - b),
        q,
      );
}

// ---- the model server, in a child process ----

async function serve(): Promise<void> {
  const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
  const server = await startScriptedRoleServer({ scenarios });
  createInterface({ input: process.stdin }).on("line", async (command) => {
    if (command === "url") process.stdout.write(`${server.url}\n`);
    if (command === "calls") process.stdout.write(`${server.callCount}\n`);
    if (command === "stop") {
      await server.stop();
      process.stdout.write("stopped\n", () => process.exit(0));
    }
  });
}

interface ServerHandle {
  url: string;
  pid: number;
  calls(): Promise<number>;
  stop(): Promise<void>;
}

/** The scripted-role server in a child process running this file with `--serve`, spoken to in stdin/stdout lines. */
async function startServer(): Promise<ServerHandle> {
  const child = spawnLineChild(import.meta.url, ["--serve"]);
  return { url: await child.ask("url"), pid: child.pid, calls: async () => Number(await child.ask("calls")), stop: child.stop };
}

// ---- the run ----

interface CpuSample {
  self: number;
  tree: number;
  server: number;
}

/** CPU ms so far: this process, this process and its descendants (Chromium, the server), the server alone. */
function cpuNow(serverPid: number): CpuSample {
  const used = process.cpuUsage();
  return { self: (used.user + used.system) / 1000, tree: treeCpuMs(), server: treeCpuMs(serverPid) };
}

interface EpisodeCost {
  record: EpisodeRecord;
  /** CPU ms of the episode: this process, Chromium (descendants but the server), the model server. */
  cpu: { self: number; chromium: number; server: number };
}

async function main(): Promise<void> {
  const { scenarios: all } = await loadScenarios([BUILTIN_PACK_DIR]);
  const wanted = process.env.BENCH_SCENARIOS === "all" ? all.length : Number(process.env.BENCH_SCENARIOS ?? DEFAULT_SAMPLE);
  const count = Number.isInteger(wanted) && wanted > 0 ? Math.min(wanted, all.length) : DEFAULT_SAMPLE;
  // Spread over the pack, so a sample has every app and channel rather than the first category.
  const scenarios = Array.from({ length: count }, (_, i) => all[Math.floor((i * all.length) / count)]!);
  console.log(
    `guarded-agent benchmark: ${scenarios.length} of ${all.length} built-in scenarios, ${GUARDED} beside ${UNDEFENDED}, one episode at a time; ` +
      `${availableParallelism()} cores, load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")}`,
  );

  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), "safecua-bench-guarded-"));
  const browser = await launchBrowser({ sites: "workspace" });
  const costs: EpisodeCost[] = [];
  let wallSeconds = 0;
  let httpCalls = 0;
  try {
    const config = join(dir, "models.yaml");
    writeFileSync(config, JSON.stringify(scriptedRoleEndpoints(server.url)));
    const models = new ModelSetup({ cache: "off", config }, join(dir, "cache.sqlite"));
    const none = loadDefense("none");
    const observation = DEFAULT_E2E_SETTINGS.observation;
    const arms = [GUARDED, UNDEFENDED].map((id) => ({ agent: uiAgentFor(id, none, models, observation), defense: none.name }));
    const run = (which: typeof scenarios, callbacks: Pick<NewRunOptions, "onStart" | "onRecord"> = {}) =>
      startRun({
        scenarios: which,
        dataset: { label: "bench", paths: [BUILTIN_PACK_DIR] },
        arms,
        matcher: "strict",
        epochs: 1,
        seed: 1,
        concurrency: 1,
        outDir: dir,
        resamples: 200,
        command: "bench",
        version: "bench",
        e2e: DEFAULT_E2E_SETTINGS,
        browser,
        ...callbacks,
      });
    // Warm-up, not counted: the first episode of each arm loads the AI SDK, sharp and the masking
    // code and compiles them (seconds, charged to whichever arm went first).
    await run([all[1]!]);
    const callsBefore = await server.calls();
    let last = cpuNow(server.pid);
    const started = performance.now();
    await run(scenarios, {
      onStart: () => {
        last = cpuNow(server.pid);
      },
      onRecord: (record) => {
        const now = cpuNow(server.pid);
        const server_ = now.server - last.server;
        const self = now.self - last.self;
        costs.push({ record, cpu: { self, chromium: now.tree - last.tree - self - server_, server: server_ } });
        last = now;
      },
    });
    wallSeconds = (performance.now() - started) / 1000;
    httpCalls = (await server.calls()) - callsBefore;
    models.close();
  } finally {
    await browser.close();
    await server.stop();
    if (process.env.BENCH_KEEP === "1") console.log(`run folder kept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  report(costs, wallSeconds, httpCalls);
}

// ---- the report ----

const fmt = (value: number, digits: number) => (Number.isNaN(value) ? "n/a" : value.toFixed(digits));

function row(label: string, values: readonly number[], unit = "", digits = 1): void {
  const cell = (q: number) => `${fmt(quantile(values, q), digits)}${unit}`.padStart(12);
  console.log(`${label.padEnd(52)} median ${cell(0.5)}   p90 ${cell(0.9)}   (n=${values.length})`);
}

const turnsOf = (record: EpisodeRecord) => (record.steps ?? []).flatMap((step) => step.turns ?? []);
/** Planner turns: every recorded turn but the classifier's, which is not a planner call. */
const plannerTurnsOf = (record: EpisodeRecord) => turnsOf(record).filter((turn) => turn.tool !== "classify_task");

function report(costs: readonly EpisodeCost[], wallSeconds: number, httpCalls: number): void {
  const of = (agent: string) => costs.filter((cost) => cost.record.agent === agent);
  const guarded = of(GUARDED);
  const undefended = of(UNDEFENDED);

  console.log("\n1. outcomes");
  for (const [label, arm] of [
    ["guarded", guarded],
    ["undefended", undefended],
  ] as const) {
    const statuses = new Map<string, number>();
    for (const { record } of arm) statuses.set(record.status, (statuses.get(record.status) ?? 0) + 1);
    console.log(
      `${`${label} (${arm[0]?.record.agent ?? "?"})`.padEnd(52)} ${[...statuses].map(([status, n]) => `${status} ${n}`).join(", ")}`,
    );
    for (const { record } of arm)
      if (record.status === "error")
        console.log(`  error in ${record.scenario_id}: ${record.error.kind}: ${record.error.message.slice(0, 200)}`);
  }

  const records = guarded.map((cost) => cost.record);
  console.log("\n2. per episode, guarded agent");
  row(
    "planner turns",
    records.map((record) => plannerTurnsOf(record).length),
    "",
    0,
  );
  row(
    "UI steps (runner steps, the ending one included)",
    records.map((record) => (record.steps ?? []).length),
    "",
    0,
  );
  row(
    "quarantined-model calls",
    records.map((record) => record.usage_by_role?.quarantined?.calls ?? 0),
    "",
    0,
  );
  // The guard's roles, each printed even when no episode called it (a plan that reads nothing asks no quarantined model).
  const roles = [
    ...new Set([
      "planner",
      "quarantined",
      "crosscheck",
      "classifier",
      ...records.flatMap((record) => Object.keys(record.usage_by_role ?? {})),
    ]),
  ];
  for (const role of roles) {
    row(
      `tokens in, ${role}`,
      records.map((record) => record.usage_by_role?.[role]?.input_tokens ?? 0),
      "",
      0,
    );
    row(
      `tokens out, ${role}`,
      records.map((record) => record.usage_by_role?.[role]?.output_tokens ?? 0),
      "",
      0,
    );
  }
  row(
    "wall time",
    records.map((record) => record.duration_ms / 1000),
    " s",
    2,
  );
  row(
    "CPU, this process (runner + guard)",
    guarded.map((cost) => cost.cpu.self / 1000),
    " s",
    2,
  );
  row(
    "CPU, Chromium",
    guarded.map((cost) => cost.cpu.chromium / 1000),
    " s",
    2,
  );
  row(
    "CPU, model server (child process)",
    guarded.map((cost) => cost.cpu.server / 1000),
    " s",
    2,
  );

  console.log(`\n3. per episode, undefended agent (${UNDEFENDED})`);
  row(
    "UI steps",
    undefended.map((cost) => (cost.record.steps ?? []).length),
    "",
    0,
  );
  row(
    "wall time",
    undefended.map((cost) => cost.record.duration_ms / 1000),
    " s",
    2,
  );
  row(
    "CPU, this process (runner + agent)",
    undefended.map((cost) => cost.cpu.self / 1000),
    " s",
    2,
  );
  row(
    "CPU, Chromium",
    undefended.map((cost) => cost.cpu.chromium / 1000),
    " s",
    2,
  );

  const turns = records.flatMap(plannerTurnsOf).flatMap((turn) => (turn.timing ? [turn.timing] : []));
  const guardPerTurn = turns.map((timing) => timing.capture_ms + timing.tool_ms);
  const guardSteps = records.flatMap((record) => record.steps ?? []);
  const guardPerStep = guardSteps.map(
    (step) =>
      step.timing.observe_ms + step.timing.agent_ms - (step.turns ?? []).reduce((sum, turn) => sum + (turn.timing?.planner_ms ?? 0), 0),
  );
  const plainSteps = undefended.flatMap((cost) => cost.record.steps ?? []);
  const plainPerStep = plainSteps.map((step) => step.timing.observe_ms + step.timing.agent_ms);

  console.log("\n4. time per turn and per step (over all turns / steps)");
  row("guarded: guard per planner turn (capture + tool)", guardPerTurn, " ms");
  row(
    "guarded: capture per planner turn",
    turns.map((timing) => timing.capture_ms),
    " ms",
  );
  row(
    "guarded: planner call over HTTP, per turn",
    turns.map((timing) => timing.planner_ms),
    " ms",
  );
  row("guarded: per UI step, model calls excluded", guardPerStep, " ms");
  row("undefended: per step (observe + agent)", plainPerStep, " ms");
  row(
    "undefended: observe per step",
    plainSteps.map((step) => step.timing.observe_ms),
    " ms",
  );

  const perStep = quantile(plainPerStep, 0.5);
  console.log("\n5. ratios (of medians)");
  console.log(`${"guard per planner turn / undefended per step".padEnd(52)} ${fmt(quantile(guardPerTurn, 0.5) / perStep, 2).padStart(12)}`);
  console.log(`${"guarded per UI step / undefended per step".padEnd(52)} ${fmt(quantile(guardPerStep, 0.5) / perStep, 2).padStart(12)}`);
  const cpuTotal = (arm: readonly EpisodeCost[]) => arm.reduce((sum, cost) => sum + cost.cpu.self + cost.cpu.chromium, 0);
  console.log(
    `${"CPU per episode (this process + Chromium), guarded / undefended".padEnd(52)} ${fmt(
      cpuTotal(guarded) / guarded.length / (cpuTotal(undefended) / undefended.length),
      2,
    ).padStart(12)}`,
  );
  const used = process.cpuUsage();
  console.log(
    `\nmeasured run: ${fmt(wallSeconds, 1)} s wall, ${httpCalls} HTTP requests to the model server; this process ${fmt((used.user + used.system) / 1e6, 1)} s CPU in all; load average now ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")} (${availableParallelism()} cores)`,
  );
}

if (process.argv.includes("--serve")) await serve();
else await main();
