/**
 * Cost of the end-to-end harness in real Chromium, on built-in scenarios driven by the scripted
 * UI oversharer (its decisions take microseconds, so what is timed is the harness):
 *
 * 1. reset: replacing an episode's state in the workspace (the admin operation), and opening an
 *    episode (reset + fresh browser context + first page loaded);
 * 2. observation: accessibility snapshot and screenshot, per step;
 * 3. action: performing the action and settling the page, per step;
 * 4. per-step harness overhead excluding the agent (observe + store screenshot + act + settle),
 *    median and p95;
 * 5. episodes per minute with 1, 2 and 4 parallel contexts in one browser, and whether any
 *    episode errored;
 * 6. peak RSS of this process plus its Chromium;
 * 7. Chromium's floor: one page load, one observation and one context, alone, in wall time and in
 *    CPU time of this process and Chromium (what a step cannot cost less than on this machine);
 *    and a new document by part: the load, then Playwright's injected script, its aria snapshot,
 *    or DevTools' own accessibility tree instead (what a snapshot of our own would cost);
 * 8. the floor of the steps themselves: episodes of section 5 again, each followed by a replay of
 *    its recorded actions with nothing of the harness (Playwright's action, then the aria snapshot
 *    and the screenshot side by side; no settling, no titles, no record, no stored screenshot), on
 *    the same pages, taking turns so both see the same load.
 *
 * The ratio of issue 14 (time per step beyond the floor, ≤ 15 % of it) is printed twice: against
 * section 7 (one warm observation of the start page plus one `load` of it: not the pages or the
 * actions the steps take, and measured minutes apart, so it swings with the machine) and against
 * section 8 (the same steps, paired), which is the one to read.
 *
 * Targets: reset ≤ 200 ms; per-step overhead median ≤ 250 ms; 4 parallel episodes on 2 cores
 * without errors. The load average is printed: the machine is shared, so wall times vary.
 * Run: npx tsx bench/e2e-episode.ts  (or npm run bench).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import pLimit from "p-limit";
import { uiOversharer } from "../src/agents/ui/scripted/ui-oversharer.js";
import { type BrowserAction, launchBrowser, type Page, pageCdpSession, UiSession } from "../src/browser/index.js";
import type { EpisodeRecord } from "../src/records/index.js";
import { startE2eHarness } from "../src/runner/index.js";
import { BUILTIN_PACK_DIR, loadScenarios, type Scenario } from "../src/scenario/index.js";
import { linearQuantile } from "../src/stats/index.js";
import { startWorkspace, type Workspace } from "../src/workspace/index.js";
import { treeCpuMs, treeRssBytes } from "./_process-tree.js";

const EPISODES_PER_LEVEL = 6;
const LEVELS = [1, 2, 4];

/** numpy's linear quantile of unsorted values; NaN for none (a section that measured nothing). */
function quantile(values: readonly number[], q: number): number {
  return values.length === 0
    ? Number.NaN
    : linearQuantile(
        [...values].sort((a, b) => a - b),
        q,
      );
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, values: readonly number[]) =>
  console.log(
    `${label.padEnd(44)} median ${ms(quantile(values, 0.5)).padStart(10)}   p95 ${ms(quantile(values, 0.95)).padStart(10)}   (n=${values.length})`,
  );
const verdict = (ok: boolean) => (ok ? "meets the target" : "MISSES the target");

/** Episodes whose bare replay failed where the harness had not (left out of section 8). */
let unpairedEpisodes = 0;
let unpairedReason = "";

/**
 * Replays an episode's recorded actions in a fresh context on the same workspace with nothing of
 * the harness: per step, the aria snapshot and the screenshot side by side (as the harness takes
 * them), then Playwright's own action, no settling, no record. Returns each step's wall time, or
 * null when an action failed (the two runs would not have done the same work).
 */
async function replayBare(
  workspace: Workspace,
  scenario: Scenario,
  actions: ReadonlyArray<BrowserAction | null>,
): Promise<number[] | null> {
  const episodeId = `bench-bare-${Math.random().toString(36).slice(2)}`;
  const url = workspace.reset(episodeId, scenario);
  const session = await UiSession.open(browser, { allowedOrigins: [workspace.url], startUrl: url });
  const page: Page = session.activePage;
  const cdp = await pageCdpSession(page);
  // The recorded gotos name the harness's episode; the same page of this one is meant.
  const mapUrl = (target: string) => new URL(target.replace(/\/e\/ep-[0-9a-f]+\//, `/e/${episodeId}/`), page.url()).href;
  // A ref is `f<frame>e<element>`: the element number is the same on the same page, but the frame
  // number counts frames across the browser, so it is taken from this replay's latest snapshot.
  let framePrefix = "";
  const mapRef = (ref: string) => (framePrefix === "" ? ref : ref.replace(/^f\d+e/, `${framePrefix}e`));
  const snapshot = async () => {
    try {
      return await page.ariaSnapshot({ mode: "ai" });
    } catch {
      // The page navigated under the snapshot (a click's page arriving): take it on the new one.
      await page.waitForLoadState("domcontentloaded");
      return page.ariaSnapshot({ mode: "ai" });
    }
  };
  // As the harness: straight from the compositor, and Playwright's screenshot (which waits for a
  // frame) when the compositor has none to give.
  const shoot = () =>
    cdp
      .send("Page.captureScreenshot", { format: "jpeg", quality: 80, optimizeForSpeed: true })
      .catch(() => page.screenshot({ type: "jpeg", quality: 80 }));
  const times: number[] = [];
  try {
    for (const action of actions) {
      const started = performance.now();
      const [seen] = await Promise.all([snapshot(), shoot()]);
      framePrefix = /\[ref=(f\d+)e\d+\]/.exec(seen)?.[1] ?? "";
      if (action !== null) {
        const target = "ref" in action ? page.locator(`aria-ref=${mapRef(action.ref)}`) : null;
        if (action.action === "goto") await page.goto(mapUrl(action.url), { waitUntil: "domcontentloaded" });
        else if (action.action === "click") await target?.click();
        else if (action.action === "fill") await target?.fill(action.text);
        else if (action.action === "select_option") await target?.selectOption(action.value);
        else if (action.action === "press") await page.keyboard.press(action.key);
        else if (action.action === "keyboard_type") await page.keyboard.insertText(action.text);
      }
      times.push(performance.now() - started);
    }
    return times;
  } catch (error) {
    unpairedEpisodes += 1;
    unpairedReason = (error as Error).message.split("\n")[0] ?? "";
    return null;
  } finally {
    await session.close();
  }
}

const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
console.log(
  `e2e harness benchmark: ${availableParallelism()} cores, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}`,
);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, treeRssBytes());
}, 1000);

// 1. Reset, and opening an episode.
const workspace = await startWorkspace();
const browser = await launchBrowser({ sites: "workspace" });
const resets: number[] = [];
const opens: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const scenario of scenarios) {
    let started = performance.now();
    workspace.reset(`bench-reset-${scenario.id}`, scenario);
    resets.push(performance.now() - started);
    if (round > 0 || opens.length >= 12) continue;
    started = performance.now();
    const url = workspace.reset(`bench-open-${scenario.id}`, scenario);
    const session = await UiSession.open(browser, { allowedOrigins: [workspace.url], startUrl: url });
    opens.push(performance.now() - started);
    await session.close();
  }
}
await workspace.close();
console.log("\n1. reset");
line("workspace reset (admin operation)", resets);
line("open an episode (reset + context + page)", opens);

// 2–5. Episodes of the scripted oversharer at 1, 2 and 4 parallel contexts.
const steps: Array<{ kind: string; observe: number; act: number; settle: number; overhead: number }> = [];
// Each step's harness time next to the same step replayed with nothing of the harness (section 8).
const paired: Array<{ kind: string; harness: number; bare: number }> = [];
// CPU of this process and Chromium per episode, each with its context opened and closed.
const episodeCpu: Array<{ harness: number; bare: number }> = [];
const throughput: Array<{ level: number; perMinute: number; errors: number; limits: number }> = [];
const runDir = mkdtempSync(join(tmpdir(), "safecua-bench-e2e-"));
try {
  const harness = await startE2eHarness({ runDir, settings: { max_steps: 20, observation: "axtree" }, browser });
  const pool = scenarios.filter((scenario) => !scenario.id.startsWith("eng-collab")).slice(0, EPISODES_PER_LEVEL);
  for (const level of LEVELS) {
    const limit = pLimit(level);
    const started = performance.now();
    const records: EpisodeRecord[] = await Promise.all(
      pool.map((scenario, index) =>
        limit(() =>
          harness.runEpisode({
            runId: "bench",
            scenario,
            agent: uiOversharer,
            defense: "none",
            epoch: level * 100 + index,
            seed: index,
            matcher: "strict",
          }),
        ),
      ),
    );
    const minutes = (performance.now() - started) / 60_000;
    throughput.push({
      level,
      perMinute: records.length / minutes,
      errors: records.filter((record) => record.status === "error").length,
      limits: records.filter((record) => record.status === "limit").length,
    });
    if (level !== 1) continue;
    for (const record of records)
      for (const step of record.steps ?? [])
        steps.push({
          kind: typeof step.action?.action === "string" ? step.action.action : "none",
          observe: step.timing.observe_ms,
          act: step.timing.act_ms,
          settle: step.timing.settle_ms,
          overhead: step.timing.observe_ms + step.timing.act_ms + step.timing.settle_ms,
        });
  }
  // 8. The same steps twice, alternating episode by episode: through the harness, and replayed
  // with nothing of it (Playwright's own action, then the aria snapshot and the screenshot side by
  // side: the page load and observation the step cannot do without).
  for (let round = 0; round < 2; round++) {
    for (const [index, scenario] of pool.entries()) {
      let cpuStart = treeCpuMs();
      const record = await harness.runEpisode({
        runId: "bench-replay",
        scenario,
        agent: uiOversharer,
        defense: "none",
        epoch: 1000 + round * 100 + index,
        seed: index,
        matcher: "strict",
      });
      const harnessCpu = treeCpuMs() - cpuStart;
      const recorded = record.steps ?? [];
      if (record.status === "error" || recorded.length === 0) continue;
      cpuStart = treeCpuMs();
      const bare = await replayBare(
        harness.workspace,
        scenario,
        recorded.map((step) => step.action as BrowserAction | null),
      );
      if (bare === null) continue;
      episodeCpu.push({ harness: harnessCpu, bare: treeCpuMs() - cpuStart });
      recorded.forEach((step, at) => {
        const bareMs = bare[at];
        if (bareMs === undefined) return;
        paired.push({
          kind: typeof step.action?.action === "string" ? step.action.action : "none",
          harness: step.timing.observe_ms + step.timing.act_ms + step.timing.settle_ms,
          bare: bareMs,
        });
      });
    }
  }
  await harness.close();
} finally {
  rmSync(runDir, { recursive: true, force: true });
}

// 2. Snapshot and screenshot on their own, on a few pages (the step log records their sum).
const snapshotWorkspace = await startWorkspace();
const snapshots: number[] = [];
const screenshots: number[] = [];
for (const scenario of scenarios.slice(0, 6)) {
  const url = snapshotWorkspace.reset(`bench-observe-${scenario.id}`, scenario);
  const session = await UiSession.open(browser, { allowedOrigins: [snapshotWorkspace.url], startUrl: url });
  for (const path of ["", "messenger", "calendar", "todo"]) {
    await session.act({ action: "goto", url: `${url}${path}` });
    const observation = await session.observe();
    snapshots.push(observation.timing.snapshotMs);
    screenshots.push(observation.timing.screenshotMs);
  }
  await session.close();
}

// 7. Chromium's own floor: the same operations with nothing of the harness around them, timed in
// wall and in CPU (this process + Chromium). CPU time does not count waiting for a core, so it
// separates "the machine is busy" from "the work is heavy".
const floor: Array<{ label: string; wall: number[]; cpu: number }> = [];
{
  const scenario = scenarios[0] as (typeof scenarios)[number];
  const url = snapshotWorkspace.reset("bench-floor", scenario);
  const session = await UiSession.open(browser, { allowedOrigins: [snapshotWorkspace.url], startUrl: url });
  const operations: Array<[string, () => Promise<unknown>]> = [
    ["load a workspace page (page.goto)", () => session.activePage.goto(url, { waitUntil: "load" })],
    ["observe a loaded page", () => session.observe()],
    // What a step's new document costs by part: the load above, then Playwright's injected script
    // (about 330 kB sent into each new document before any locator or snapshot works), its aria
    // snapshot, and DevTools' own accessibility tree, which needs no script in the page.
    [
      "load + Playwright's injected script (a locator)",
      async () => {
        await session.activePage.goto(url, { waitUntil: "load" });
        await session.activePage.locator("body").count();
      },
    ],
    [
      "load + aria snapshot (AI mode, new document)",
      async () => {
        await session.activePage.goto(url, { waitUntil: "load" });
        await session.activePage.ariaSnapshot({ mode: "ai" });
      },
    ],
    [
      "load + DevTools' tree (Accessibility.getFullAXTree)",
      async () => {
        await session.activePage.goto(url, { waitUntil: "load" });
        await (await pageCdpSession(session.activePage)).send("Accessibility.getFullAXTree");
      },
    ],
    [
      "open and close an episode's context",
      async () => (await UiSession.open(browser, { allowedOrigins: [snapshotWorkspace.url], startUrl: url })).close(),
    ],
  ];
  for (const [label, operation] of operations) {
    await operation();
    const wall: number[] = [];
    const cpuStart = treeCpuMs();
    for (let run = 0; run < 8; run++) {
      const started = performance.now();
      await operation();
      wall.push(performance.now() - started);
    }
    floor.push({ label, wall, cpu: (treeCpuMs() - cpuStart) / 8 });
  }
  await session.close();
}
await snapshotWorkspace.close();
await browser.close();
clearInterval(sampler);

console.log("\n2. observation (single context)");
line("accessibility snapshot (AI mode, with refs)", snapshots);
line("screenshot (JPEG q80, 1280×800)", screenshots);
line(
  "observation per step (both + store screenshot)",
  steps.map((step) => step.observe),
);
console.log("\n3. action (single context)");
line(
  "perform the action",
  steps.map((step) => step.act),
);
line(
  "settle the page",
  steps.map((step) => step.settle),
);
// By action: a goto or a click that follows a link loads a page inside "act" (Chromium's own
// work, as in the floor); a fill only runs Playwright's actionability checks and the input events.
for (const kind of [...new Set(steps.map((step) => step.kind))].sort()) {
  const ofKind = steps.filter((step) => step.kind === kind);
  const act = quantile(
    ofKind.map((step) => step.act),
    0.5,
  );
  const settle = quantile(
    ofKind.map((step) => step.settle),
    0.5,
  );
  console.log(
    `${`  ${kind} (n=${ofKind.length})`.padEnd(44)} act median ${ms(act).padStart(10)}   settle median ${ms(settle).padStart(10)}`,
  );
}
console.log("\n4. per-step harness overhead, agent excluded (single context)");
line(
  "observe + act + settle",
  steps.map((step) => step.overhead),
);
console.log("\n5. throughput (scripted oversharer, one browser)");
for (const row of throughput)
  console.log(
    `${`${row.level} parallel context(s)`.padEnd(44)} ${row.perMinute.toFixed(1).padStart(6)} episodes/min   errors ${row.errors}   budget hit ${row.limits}`,
  );
console.log("\n6. memory");
console.log(
  `${"peak RSS, this process + Chromium".padEnd(44)} ${(peakRss / 1024 / 1024).toFixed(0)} MB   (this process alone: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB)`,
);
console.log("\n7. Chromium's floor on this machine (nothing of the harness around it)");
for (const row of floor)
  console.log(
    `${row.label.padEnd(44)} median ${ms(quantile(row.wall, 0.5)).padStart(10)}   CPU ${ms(row.cpu).padStart(10)}   (n=${row.wall.length})`,
  );

console.log("\n8. the same steps replayed with nothing of the harness (alternating episodes, same pages and actions)");
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
line(
  "harness: observe + act + settle",
  paired.map((step) => step.harness),
);
line(
  "bare: snapshot + screenshot + Playwright's action",
  paired.map((step) => step.bare),
);
for (const kind of [...new Set(paired.map((step) => step.kind))].sort()) {
  const ofKind = paired.filter((step) => step.kind === kind);
  console.log(
    `${`  ${kind} (n=${ofKind.length})`.padEnd(44)} harness median ${ms(
      quantile(
        ofKind.map((step) => step.harness),
        0.5,
      ),
    ).padStart(10)}   bare median ${ms(
      quantile(
        ofKind.map((step) => step.bare),
        0.5,
      ),
    ).padStart(10)}`,
  );
}
console.log(
  `${"CPU per episode (this process + Chromium)".padEnd(44)} harness ${ms(
    quantile(
      episodeCpu.map((e) => e.harness),
      0.5,
    ),
  ).padStart(10)}   bare ${ms(
    quantile(
      episodeCpu.map((e) => e.bare),
      0.5,
    ),
  ).padStart(10)}   (medians, n=${episodeCpu.length}; both open and close a context)`,
);
if (unpairedEpisodes > 0) console.log(`  (${unpairedEpisodes} episode(s) left out: their bare replay failed; the last: ${unpairedReason})`);

const resetMedian = quantile(resets, 0.5);
const overheadMedian = quantile(
  steps.map((step) => step.overhead),
  0.5,
);
const four = throughput.find((row) => row.level === 4);
// The ratio of issue 14: what a step costs beyond Chromium's floor (one page load plus one
// observation, timed alone in section 7), over that floor.
const floorOf = (label: string) => quantile(floor.find((row) => row.label === label)?.wall ?? [], 0.5);
const stepFloor = floorOf("load a workspace page (page.goto)") + floorOf("observe a loaded page");
const beyondFloor = (overheadMedian - stepFloor) / stepFloor;
console.log("\ntargets");
console.log(`  reset median ${ms(resetMedian)} ≤ 200 ms: ${verdict(resetMedian <= 200)}`);
console.log(`  per-step overhead median ${ms(overheadMedian)} ≤ 250 ms: ${verdict(overheadMedian <= 250)}`);
console.log(
  `  per-step overhead beyond Chromium's floor (load + observe = ${ms(stepFloor)}): ${(beyondFloor * 100).toFixed(0)}% of it ≤ 15%: ${verdict(beyondFloor <= 0.15)}`,
);
// The same ratio with the floor measured on the steps themselves (section 8): every step's own
// page loads and observation, replayed bare, so pages and actions match and the load is shared.
const pairedBeyond = sum(paired.map((step) => step.harness)) / sum(paired.map((step) => step.bare)) - 1;
console.log(
  `  per-step time beyond the same steps replayed bare (section 8, ${paired.length} steps): ${(pairedBeyond * 100).toFixed(0)}% of it ≤ 15%: ${verdict(pairedBeyond <= 0.15)}`,
);
console.log(`  4 parallel episodes without errors (${four?.errors ?? "?"} errors): ${verdict(four !== undefined && four.errors === 0)}`);
console.log(
  `  load average now: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")} (${availableParallelism()} cores)`,
);
