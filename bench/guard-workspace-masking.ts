/**
 * Over-masking of the workspace's rule sets (rules/workspace/): on every page of the built-in
 * pack's scenarios (each page at every scroll position, viewport 1280x800), the share of the
 * workspace's own chrome — rows the workspace marks `data-operator` — that the mask hides, per
 * app. Two measures: by rows (an on-screen row counts as hidden when more than half of its box
 * lies in F; a row is a text run, a control or an image, as the guard counts them) and by area
 * (operator-row pixels in F over all operator-row pixels). Also printed: the leak count (rows not
 * marked as chrome that are shown other than by the capacity exception — must be 0), the content
 * rows the capacity exception releases by design (prices, dates, counts), why hidden chrome is
 * hidden (the verdict source: `echo` of text an untrusted row paints, `echo of a name` when the
 * words occur only in an untrusted control's accessible name — a prefilled field named by the very
 * label it demotes —, `rule#k` for a trusted row covered by an untrusted one, `default` = no rule),
 * and pages where the coverage cap dropped a rule.
 *
 * Run: npx tsx bench/guard-workspace-masking.ts  (or npm run bench). BENCH_SCENARIOS=n measures
 * the first n scenarios of the pack only (the whole pack takes a few minutes on 2 cores).
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { openBrowserSession } from "../src/browser/index.js";
import { workspaceRuleSet } from "../src/guard/index.js";
import { echoNormalise, echoPieces } from "../src/guard/verdicts/echo-demotion.js";
import { isCapacityRelease, isHidden, isLeak, type MeasuredView, measurePage } from "../src/runner/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../src/scenario/index.js";
import { startWorkspace } from "../src/workspace/index.js";
import { crawlEpisode } from "../test/workspace/workspace-helpers.js";

interface AppTally {
  pages: number;
  views: MeasuredView[];
}

const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const pct = (part: number, whole: number): string => (whole === 0 ? "  n/a" : `${((100 * part) / whole).toFixed(1).padStart(5)}%`);

const { scenarios: all } = await loadScenarios([BUILTIN_PACK_DIR]);
const limit = Number(process.env.BENCH_SCENARIOS ?? all.length);
const scenarios = all.slice(0, Number.isFinite(limit) && limit > 0 ? limit : all.length);
console.log(
  `guard-workspace-masking: ${scenarios.length} of ${all.length} built-in scenarios, every page and scroll position, viewport 1280x800; ` +
    `${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" / ")}`,
);

const workspace = await startWorkspace();
const session = await openBrowserSession({ allowedOrigins: [workspace.url] });
const tallies = new Map<string, AppTally>();
const started = performance.now();
let unmatched = 0;
try {
  for (const [index, scenario] of scenarios.entries()) {
    const episode = `bench-${index}`;
    workspace.reset(episode, scenario);
    for (const crawled of await crawlEpisode(workspace, episode)) {
      await session.page.goto(`${workspace.url}${crawled.url}`, { waitUntil: "load" });
      const found = workspaceRuleSet(workspace.url, session.page.url());
      if (found === null) {
        unmatched++;
        continue;
      }
      const tally = tallies.get(found.app) ?? { pages: 0, views: [] };
      tally.pages++;
      tally.views.push(...(await measurePage(session.page, found.rules)));
      tallies.set(found.app, tally);
    }
    workspace.delete(episode);
  }
} finally {
  await session.close();
  await workspace.close();
}

console.log(
  "  app           pages views | operator rows  hidden (rows)  hidden (area)  median/view | leaks  capacity  unlabelled | hidden by  (verdict source)",
);
const totals = { rows: 0, hidden: 0, area: 0, hiddenArea: 0, leaks: 0, differential: 0, checked: 0 };
const demotions: string[] = [];
for (const app of ["home", "messenger", "calendar", "todo", "maps", "code_editor", "shop"]) {
  const tally = tallies.get(app);
  if (tally === undefined) continue;
  const rows = tally.views.flatMap((view) => view.rows);
  const operator = rows.filter((row) => row.mark === "operator");
  const hidden = operator.filter(isHidden);
  const area = operator.reduce((sum, row) => sum + row.area, 0);
  const hiddenArea = operator.reduce((sum, row) => sum + (row.area - row.unmasked), 0);
  const perView = tally.views
    .map((view) => view.rows.filter((row) => row.mark === "operator"))
    .filter((list) => list.length > 0)
    .map((list) => list.filter(isHidden).length / list.length);
  const leaks = rows.filter(isLeak).length;
  const bySource = new Map<string, number>();
  for (const view of tally.views) {
    const painted = view.untrustedPainted.map(echoNormalise);
    for (const row of view.rows.filter((candidate) => candidate.mark === "operator" && isHidden(candidate))) {
      // Echo of words that only an untrusted control's accessible name holds (a prefilled field named
      // by the very label it demotes), or of text some untrusted row paints.
      const source =
        row.source !== "echo"
          ? row.source
          : echoPieces(row.text).some((piece) => painted.some((text) => text.includes(piece)))
            ? "echo"
            : "echo of a name";
      bySource.set(source, (bySource.get(source) ?? 0) + 1);
    }
  }
  const dropped = tally.views.filter((view) => view.droppedRules.length > 0).length;
  console.log(
    `  ${app.padEnd(12)} ${String(tally.pages).padStart(6)} ${String(tally.views.length).padStart(5)} | ${String(operator.length).padStart(13)}  ${pct(hidden.length, operator.length).padStart(13)}  ${pct(hiddenArea, area).padStart(13)}  ${pct(100 * median(perView), 100).padStart(11)} | ` +
      `${String(leaks).padStart(5)}  ${String(rows.filter(isCapacityRelease).length).padStart(8)}  ${String(rows.filter((row) => row.mark === null).length).padStart(10)} | ` +
      `${[...bySource]
        .sort((a, b) => b[1] - a[1])
        .map(([source, n]) => `${source} ${n}`)
        .join(", ")}${dropped > 0 ? `; coverage cap dropped a rule on ${dropped} view(s)` : ""}`,
  );
  totals.rows += operator.length;
  totals.hidden += hidden.length;
  totals.area += area;
  totals.hiddenArea += hiddenArea;
  totals.leaks += leaks;
  for (const view of tally.views) {
    totals.differential += view.differential.length;
    for (const { row, causes } of view.differential)
      demotions.push(`    ${app} ${view.url} @${view.scrollY}: ${row} ← ${causes.join("; ") || "(nothing overlaps its box)"}`);
  }
  totals.checked += tally.views.reduce(
    (sum, view) => sum + view.rows.filter((row) => row.verdict === "trusted" || row.source === "differential").length,
    0,
  );
}
console.log(
  `  all apps: ${pct(totals.hidden, totals.rows).trim()} of ${totals.rows} operator rows hidden, ${pct(totals.hiddenArea, totals.area).trim()} of their area; ` +
    `leaks: ${totals.leaks} (must be 0)${unmatched > 0 ? `; ${unmatched} page(s) without a rule set` : ""}; ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
console.log(
  `  differential check (issue 27): ${totals.differential} row(s) masked by it on these honest pages (no attacker), of ${totals.checked} revealed; each with what meets its box:`,
);
console.log(demotions.length === 0 ? "    (none)" : demotions.join("\n"));
if (totals.leaks > 0) process.exitCode = 1;
