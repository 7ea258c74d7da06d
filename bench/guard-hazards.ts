/**
 * The mask's guarantee over many generated hazard pages (issue 27): a trusted navigation bar, and
 * one untrusted element styled and hosted at random over it (test/guard/support/hazard-page.ts).
 * For each page, the pixels the hazard changed (screenshot vs the same page without it) that the
 * mask shows must be 0. Printed: pages, how many hazards reached the bar, how many leaked (with
 * their description), how many could not be masked at all (fail closed), the rows the differential
 * check masked, and the wall time per page. Then, on a slice of the same kind of pages, the same
 * with the check switched off: what the geometric layer alone lets through.
 *
 * Run: npx tsx bench/guard-hazards.ts  (or npm run bench). BENCH_HAZARD_PAGES (default 5,000),
 * BENCH_HAZARD_SEED (default: a new one, printed), BENCH_HAZARD_ABLATED (default 500).
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { openBrowserSession } from "../src/browser/index.js";
import { type HazardOutcome, HazardRunner, HazardSite } from "../test/guard/support/hazard-check.js";

const pages = Number(process.env.BENCH_HAZARD_PAGES ?? 5000);
const ablatedPages = Number(process.env.BENCH_HAZARD_ABLATED ?? 500);
const seed = Number(process.env.BENCH_HAZARD_SEED ?? Math.floor(Math.random() * 1e9));

const site = await HazardSite.start();
const session = await openBrowserSession({ allowedOrigins: [site.server.origin] });
const runner = await HazardRunner.open(session.context, site);

function report(label: string, outcomes: readonly HazardOutcome[], seconds: number): void {
  const reached = outcomes.filter((outcome) => outcome.changedInBar > 0);
  const leaking = outcomes.filter((outcome) => outcome.leaked > 0);
  const refused = outcomes.filter((outcome) => outcome.masked === null).length;
  const demoted = outcomes.reduce((sum, outcome) => sum + outcome.demoted, 0);
  const untouchedDemoting = outcomes.filter((outcome) => outcome.changed === 0 && outcome.demoted > 0).length;
  console.log(
    `  ${label}: ${outcomes.length} pages, ${reached.length} reached the bar, ${leaking.length} leaked (${leaking.reduce((sum, outcome) => sum + outcome.leaked, 0)} px), ` +
      `${refused} refused (no mask), ${demoted} rows masked by the check, ${untouchedDemoting} pages where it masked a row the hazard did not change; ` +
      `${((1000 * seconds) / Math.max(1, outcomes.length)).toFixed(0)} ms per page`,
  );
  for (const outcome of leaking.slice(0, 20)) console.log(`    leaked ${outcome.leaked} px: ${outcome.page.description}`);
}

console.log(
  `guard-hazards: seed ${seed}, viewport 1280x400; ${cpus().length} cores, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ")}`,
);
try {
  const outcomes: HazardOutcome[] = [];
  let started = performance.now();
  for (let i = 0; i < pages; i++) {
    outcomes.push(await runner.run(seed + i));
    if ((i + 1) % 250 === 0) console.error(`  … ${i + 1} pages, ${outcomes.filter((outcome) => outcome.leaked > 0).length} leaked`);
  }
  report("with the differential check", outcomes, (performance.now() - started) / 1000);
  const ablated: HazardOutcome[] = [];
  started = performance.now();
  for (let i = 0; i < ablatedPages; i++) ablated.push(await runner.run(seed + pages + i, ["differential-check"]));
  report("geometric layer alone (differential-check ablated)", ablated, (performance.now() - started) / 1000);
  const beside: HazardOutcome[] = [];
  started = performance.now();
  for (let i = 0; i < ablatedPages; i++)
    beside.push(await runner.run(seed + pages + ablatedPages + i, ["differential-check"], { offset: true }));
  report("geometric layer alone, every hazard beside the bar (only its effects reach it)", beside, (performance.now() - started) / 1000);
  console.log(`capture tabs replaced (a page left its tab too busy): ${runner.replacedTabs}`);
  if (outcomes.some((outcome) => outcome.leaked > 0)) process.exitCode = 1;
} finally {
  await runner.close();
  await session.close();
  await site.close();
}
