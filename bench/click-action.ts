/**
 * A click by ref, ours (`session.act`, click-element.ts) against Playwright's `locator.click()`,
 * each followed by the same settle, on the same workspace pages in one browser, alternating
 * A/B/A/B so that a shared machine's load drifting during the run colours both alike:
 *
 * - a link that navigates (the home page's "Messenger" link): act + settle, until the new page is
 *   usable;
 * - a button that does not navigate (a script-free fixture page): act + settle.
 *
 * Wall time and CPU time (this process + Chromium) per click. The end-to-end ratio of issue 14 is
 * printed by bench/e2e-episode.ts; this isolates the part a click adds to a step.
 * Run: npx tsx bench/click-action.ts
 */
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { launchBrowser, type Observation, UiSession, walkAriaTree } from "../src/browser/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../src/scenario/index.js";
import { linearQuantile } from "../src/stats/index.js";
import { startWorkspace } from "../src/workspace/index.js";
import { treeCpuMs } from "./_process-tree.js";

const ROUNDS = 16;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
console.log(`click benchmark: ${availableParallelism()} cores, load average ${load()}`);

const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
const workspace = await startWorkspace();
const browser = await launchBrowser();
const url = workspace.reset("bench-click", scenarios[0] as (typeof scenarios)[number]);
const session = await UiSession.open(browser, { allowedOrigins: [workspace.url], startUrl: url });

function refOf(observation: Observation, role: string, name: string): string {
  const node = [...walkAriaTree(observation.tree)].find((candidate) => candidate.role === role && candidate.name === name);
  if (!node?.ref) throw new Error(`no ${role} "${name}" on ${observation.url}`);
  return node.ref;
}

type Variant = "ours" | "playwright";
async function click(variant: Variant, ref: string): Promise<void> {
  if (variant === "ours") {
    const outcome = await session.act({ action: "click", ref });
    if (outcome.error) throw new Error(outcome.error);
    return;
  }
  await session.activePage.locator(`aria-ref=${ref}`).click({ timeout: session.actionTimeoutMs });
  await session.settleActive();
}

const cases: Array<{ label: string; prepare: () => Promise<string>; check: () => Promise<boolean> }> = [
  {
    label: "link that navigates (act + settle)",
    prepare: async () => {
      await session.activePage.goto(url, { waitUntil: "load" });
      return refOf(await session.observe(), "link", "Messenger");
    },
    check: async () => session.activePage.url().endsWith("/messenger") && (await session.activePage.title()) !== "Home",
  },
  {
    label: "button that stays (act + settle)",
    prepare: async () => {
      await session.activePage.setContent(`<main><h1>Fixture</h1><button onclick="this.textContent='Done'">Press</button></main>`);
      return refOf(await session.observe(), "button", "Press");
    },
    check: async () => (await session.activePage.locator("button").textContent()) === "Done",
  },
];

const results: Array<{ label: string; variant: Variant; wall: number[]; cpu: number[] }> = [];
for (const { label, prepare, check } of cases) {
  const rows = (["ours", "playwright"] as const).map((variant) => ({ label, variant, wall: [] as number[], cpu: [] as number[] }));
  results.push(...rows);
  for (let round = 0; round < ROUNDS + 1; round++) {
    // Alternate which goes first, so neither always follows the other's leftovers.
    const order = round % 2 === 0 ? rows : [...rows].reverse();
    for (const row of order) {
      const ref = await prepare();
      const cpuStart = treeCpuMs();
      const started = performance.now();
      await click(row.variant, ref);
      const wall = performance.now() - started;
      const cpu = treeCpuMs() - cpuStart;
      if (!(await check())) throw new Error(`${row.variant}: ${label} did not take effect`);
      // The first round warms both paths up and is not counted.
      if (round > 0) {
        row.wall.push(wall);
        row.cpu.push(cpu);
      }
    }
  }
}
await session.close();
await browser.close();
await workspace.close();

const median = (values: number[]) =>
  linearQuantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
for (const row of results)
  console.log(
    `${`${row.label}, ${row.variant}`.padEnd(52)} wall median ${median(row.wall).toFixed(1).padStart(7)} ms   CPU median ${median(row.cpu)
      .toFixed(1)
      .padStart(7)} ms   (n=${row.wall.length})`,
  );
console.log(`load average now: ${load()}`);
