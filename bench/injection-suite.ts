/**
 * The injection suite's costs (issue 13), in real Chromium:
 *
 * 1. oracle episodes per minute: `oracle-benign` over a fixed subset of the built-in injection
 *    pack — the first BENCH_ORACLE_TASKS (default 4) tasks of each of F1, F3 and F4 in id order —
 *    one episode at a time, then two in parallel contexts of one browser; wall time, and CPU time
 *    of this process with its Chromium (the figure that survives a shared, loaded machine); first
 *    with a new context per episode, then with warm contexts reset between episodes (issue 29),
 *    then warm in a Chromium launched for the web (`CHROMIUM_FLAGS`: a renderer per site) instead
 *    of for the workspace (`WORKSPACE_CHROMIUM_FLAGS`: one per context);
 * 1b. warm contexts by age: the same oracle episodes round after round in one harness, its
 *    contexts never retired against retired after the pool's `maxUses`: CPU per episode by round;
 * 2. reset of the grown workspace: one episode's reset with every app's state (the ten apps of
 *    the F5 pack's states, merged), against a reset with the six AgentCIBench apps only;
 * 3. over-masking per app with the hand-written rule sets (rules/workspace/): the F5 harness on
 *    every task of packs/injection/f5-mask-integrity.yaml (BENCH_F5_TASKS limits it), the share of
 *    each app's own rows mostly masked, over its pages at every scroll position; leaks must be 0.
 *
 * The load average is printed: the machine is shared, so wall times vary; CPU times less so.
 * Run: npx tsx bench/injection-suite.ts  (or npm run bench).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import pLimit from "p-limit";
import { uiScriptedAgent } from "../src/agents/index.js";
import { ContextPool, launchBrowser } from "../src/browser/index.js";
import { type MaskIntegrityPage, summarizeMaskIntegrityRun } from "../src/records/index.js";
import { measureMaskIntegrity, startE2eHarness } from "../src/runner/index.js";
import { AGENTCIBENCH_APP_NAMES, INJECTION_PACK_DIR, loadScenarios, type Scenario, type WorkspaceState } from "../src/scenario/index.js";
import { linearQuantile } from "../src/stats/index.js";
import { startWorkspace } from "../src/workspace/index.js";
import { treeCpuMs } from "./_process-tree.js";

const median = (values: readonly number[]) =>
  values.length === 0
    ? Number.NaN
    : linearQuantile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

const { scenarios } = await loadScenarios([INJECTION_PACK_DIR]);
const byId = (a: Scenario, b: Scenario) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const oracleTasks = (["F1", "F3", "F4"] as const).flatMap((family) =>
  scenarios
    .filter((scenario) => scenario.attack?.family === family)
    .sort(byId)
    .slice(0, count("BENCH_ORACLE_TASKS", 4)),
);
const f5Tasks = scenarios
  .filter((scenario) => scenario.attack?.family === "F5")
  .sort(byId)
  .slice(0, count("BENCH_F5_TASKS", Number.POSITIVE_INFINITY));
console.log(
  `injection-suite benchmark: ${availableParallelism()} cores, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ")}; ${oracleTasks.length} oracle tasks, ${f5Tasks.length} F5 tasks`,
);

const browser = await launchBrowser({ sites: "workspace" });
try {
  // 1. Oracle episodes per minute, each episode in a new context (as before issue 29) and in a warm one.
  const oracle = uiScriptedAgent("oracle-benign");
  if (oracle === undefined) throw new Error("no oracle-benign agent");
  console.log(
    "\n1. oracle-benign episodes (F1, F3, F4 subset): a new context per episode, then warm contexts, then warm in a browser for the web",
  );
  const rates: Record<string, number> = {};
  const webBrowser = await launchBrowser({ sites: "web" });
  for (const [mode, warm, on] of [
    ["new", false, browser],
    ["warm", true, browser],
    ["warm-web", true, webBrowser],
  ] as const) {
    const runDir = mkdtempSync(join(tmpdir(), "safecua-bench-injection-"));
    const harness = await startE2eHarness({ runDir, settings: { max_steps: 30, observation: "axtree" }, browser: on, warmContexts: warm });
    try {
      for (const level of [1, 2]) {
        const limit = pLimit(level);
        const cpuBefore = treeCpuMs();
        const started = performance.now();
        const records = await Promise.all(
          oracleTasks.map((scenario, index) =>
            limit(() =>
              harness.runEpisode({
                runId: "bench",
                scenario,
                agent: oracle,
                defense: "none",
                epoch: level * 100 + index,
                seed: index,
                matcher: "strict",
              }),
            ),
          ),
        );
        const wallMs = performance.now() - started;
        const cpuMs = treeCpuMs() - cpuBefore;
        const perMinute = records.length / (wallMs / 60_000);
        rates[`${mode}-${level}`] = perMinute;
        const benign = records.filter((record) => record.status !== "error" && record.injection?.benign === true).length;
        const errors = records.filter((record) => record.status === "error").length;
        const versus = warm ? `; ×${(perMinute / rates[`new-${level}`]!).toFixed(2)} the rate with a new context each` : "";
        console.log(
          `  ${mode} contexts, ${level} at a time: ${perMinute.toFixed(1)} episodes/min (${records.length} in ${(wallMs / 1000).toFixed(1)} s wall, ` +
            `${(cpuMs / records.length / 1000).toFixed(2)} s CPU per episode with Chromium); median ${(median(records.map((record) => record.duration_ms)) / 1000).toFixed(2)} s per episode; ` +
            `benign ${benign}/${records.length}, errors ${errors}${versus}`,
        );
      }
      if (warm) console.log(`  contexts: ${JSON.stringify(harness.contexts)}`);
    } finally {
      await harness.close();
      rmSync(runDir, { recursive: true, force: true });
    }
  }
  await webBrowser.close();

  // 1b. Warm contexts by age: the same episodes again and again in one harness, contexts never
  // retired against retired after `maxUses` (the pool's default). A context keeps its renderer
  // across episodes; while the reset kept the first tab, that renderer grew with every episode.
  const rounds = count("BENCH_AGE_ROUNDS", 10);
  console.log(`\n1b. warm contexts by age: ${rounds} rounds of the ${oracleTasks.length} tasks one at a time, CPU per episode by round`);
  for (const [label, maxUses] of [
    ["never retired", Number.POSITIVE_INFINITY],
    ["retired after 24 episodes (default)", 24],
  ] as const) {
    const runDir = mkdtempSync(join(tmpdir(), "safecua-bench-injection-"));
    const contexts = new ContextPool({ maxUses });
    const harness = await startE2eHarness({ runDir, settings: { max_steps: 30, observation: "axtree" }, browser, contexts });
    const perRound: number[] = [];
    try {
      for (let round = 0; round < rounds; round++) {
        const cpuBefore = treeCpuMs();
        for (const [index, scenario] of oracleTasks.entries())
          await harness.runEpisode({
            runId: "bench",
            scenario,
            agent: oracle,
            defense: "none",
            epoch: round * 1000 + index,
            seed: index,
            matcher: "strict",
          });
        perRound.push((treeCpuMs() - cpuBefore) / oracleTasks.length / 1000);
      }
    } finally {
      await harness.close();
      await contexts.close();
      rmSync(runDir, { recursive: true, force: true });
    }
    const mean = perRound.reduce((sum, value) => sum + value, 0) / perRound.length;
    console.log(
      `  ${label}: ${perRound.map((value) => value.toFixed(2)).join(" ")} s CPU per episode by round; mean ${mean.toFixed(2)} s; contexts ${JSON.stringify(contexts.stats)}`,
    );
  }

  // 2. Reset of the grown workspace: every app's state in one episode.
  console.log("\n2. workspace reset, every app's state in one episode");
  const grown = { ...f5Tasks[0]!, id: "bench-grown", state: {} as WorkspaceState };
  for (const task of scenarios.filter((scenario) => scenario.attack?.family === "F5")) Object.assign(grown.state, task.state);
  const six: Scenario = {
    ...grown,
    id: "bench-six",
    state: Object.fromEntries(
      AGENTCIBENCH_APP_NAMES.flatMap((app) => (grown.state[app] ? [[app, grown.state[app]]] : [])),
    ) as WorkspaceState,
  };
  const workspace = await startWorkspace();
  try {
    const time = (scenario: Scenario) => {
      const wall: number[] = [];
      const cpuStart = process.cpuUsage();
      for (let round = 0; round < 200; round++) {
        const started = performance.now();
        workspace.reset(`bench-reset-${round % 8}`, scenario);
        wall.push(performance.now() - started);
      }
      const cpu = process.cpuUsage(cpuStart);
      return { median: median(wall), cpuMs: (cpu.user + cpu.system) / 1000 / wall.length };
    };
    time(grown); // warm-up
    const all = time(grown);
    const sixOnly = time(six);
    const apps = Object.keys(grown.state).length;
    console.log(
      `  ${apps} apps: median ${all.median.toFixed(2)} ms (${all.cpuMs.toFixed(2)} ms CPU); six apps: median ${sixOnly.median.toFixed(2)} ms ` +
        `(${sixOnly.cpuMs.toFixed(2)} ms CPU); ×${(all.median / sixOnly.median).toFixed(2)} for the grown workspace`,
    );

    // 3. Over-masking per app, from the F5 harness.
    console.log("\n3. F5 harness: over-masking per app with the hand-written rule sets");
    const pages: Array<MaskIntegrityPage & { task: string }> = [];
    const tasks = [];
    const cpuBefore = treeCpuMs();
    const started = performance.now();
    for (const task of f5Tasks) {
      const measured = await measureMaskIntegrity(task, { workspace, browser });
      tasks.push(measured);
      pages.push(...measured.pages.map((page) => ({ ...page, task: task.id })));
    }
    const wallMs = performance.now() - started;
    const cpuMs = treeCpuMs() - cpuBefore;
    const views = pages.reduce((n, page) => n + page.views, 0);
    console.log("  app            pages  views | operator rows  mostly masked | canary rows  leaked  planner leaks");
    for (const app of [...new Set(pages.map((page) => page.app ?? "(no rule set)"))].sort()) {
      const of = pages.filter((page) => (page.app ?? "(no rule set)") === app);
      const sum = (field: "views" | "operator_rows" | "masked_operator_rows" | "canary_rows" | "leaked_rows") =>
        of.reduce((n, page) => n + page[field], 0);
      const operator = sum("operator_rows");
      console.log(
        `  ${app.padEnd(13)} ${String(of.length).padStart(6)} ${String(sum("views")).padStart(6)} | ${String(operator).padStart(13)}  ` +
          `${(operator === 0 ? "n/a" : `${((100 * sum("masked_operator_rows")) / operator).toFixed(1)}%`).padStart(13)} | ` +
          `${String(sum("canary_rows")).padStart(11)}  ${String(sum("leaked_rows")).padStart(6)}  ${String(of.filter((page) => page.planner_leaks.length > 0).length).padStart(13)}`,
      );
    }
    const summary = summarizeMaskIntegrityRun(tasks, { resamples: 2000 });
    const interval = (ci: [number, number] | null) => (ci === null ? "" : ` [${(ci[0] * 100).toFixed(1)}, ${(ci[1] * 100).toFixed(1)}]`);
    console.log(
      `  all: over-masking ${(summary.over_masking.value * 100).toFixed(1)}%${interval(summary.over_masking.ci)} of ${summary.over_masking.n} operator rows; ` +
        `leak rate ${(summary.leak_rate.value * 100).toFixed(1)}%${interval(summary.leak_rate.ci)} of ${summary.leak_rate.n} canary rows (must be 0); ` +
        `${summary.pages} page templates, ${pages.length} pages, ${views} views in ${(wallMs / 1000).toFixed(0)} s wall, ` +
        `${(cpuMs / views).toFixed(0)} ms CPU per view with Chromium; ${summary.passed ? "passed" : "FAILED"}`,
    );
    if (!summary.passed) process.exitCode = 1;
  } finally {
    await workspace.close();
  }
} finally {
  await browser.close();
}
