import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareRuns, loadComparableRun, loadReportRun, renderHtmlReport } from "../../src/report/index.js";
import { comparePage } from "../../src/report/viewer-pages.js";
import { runCli } from "../support/run-cli.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { answer, type FixtureEpisode, REFUSAL, writeFixtureRun } from "./fixture-run.js";
import { HEALTH, WORK_A, WORK_B } from "./standard-fixture.js";

const OUTPUTS = { leak: answer(WORK_A, WORK_B, HEALTH), clean: answer(WORK_A, WORK_B), refused: REFUSAL, error: undefined } as const;
type Kind = keyof typeof OUTPUTS;

// Per scenario s-0 … s-9, hand-tallied: s-9 errs state-grounded (no pair); of the 9 pairs, leaks
// (state, e2e) are both on s-0 and s-2, state only on s-1 and s-8, e2e only on s-3 and s-4, neither
// on s-5, s-6, s-7. s-7 is refused state-grounded and s-8 end-to-end, so 7 pairs engaged on both.
const STATE: Kind[] = ["leak", "leak", "leak", "clean", "clean", "clean", "clean", "refused", "leak", "error"];
const E2E: Kind[] = ["leak", "clean", "leak", "leak", "leak", "clean", "clean", "clean", "refused", "clean"];
const scenarios = STATE.map((_, i) => fixtureScenario({ id: `s-${i}` }));
const episodes = (kinds: Kind[]): FixtureEpisode[] =>
  kinds.map((kind, i) => ({
    agent: "m",
    scenario_id: `s-${i}`,
    ...(kind === "error" ? { error: { kind: "test", message: "x" } } : { output: OUTPUTS[kind] }),
  }));

let root: string;
let stateRun: string;
let e2eRun: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "safecua-cross-track-"));
  const runs = join(root, "runs");
  stateRun = await writeFixtureRun(runs, { runId: "20261129T100000Z-stateg", scenarios, episodes: episodes(STATE) });
  e2eRun = await writeFixtureRun(runs, { runId: "20261130T100000Z-e2eeee", scenarios, episodes: episodes(E2E), track: "e2e" });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("compare RUN_STATE RUN_E2E", () => {
  it("reports the execution gap (state − e2e) of U, L and L_eng over the paired scenarios, with CIs and MDEs", async () => {
    const result = await runCli(["compare", stateRun, e2eRun, "--json"]);
    expect(result.status).toBe(0);
    const [row] = JSON.parse(result.stdout).cross_track;
    expect(row.state).toMatchObject({ run_id: "20261129T100000Z-stateg", agent: "m" });
    expect(row.e2e).toMatchObject({ run_id: "20261130T100000Z-e2eeee", agent: "m" });
    expect(row).toMatchObject({ pairs: 9, errors_excluded: 1, only_state: 0, only_e2e: 0, not_engaged_e2e: 1 });
    expect(row.utility).toMatchObject({ n: 9, gap: 0 });
    expect(row.utility.state).toBeCloseTo(8 / 9, 12);
    expect(row.leakage).toMatchObject({ n: 9, gap: 0 });
    expect(row.leakage.state).toBeCloseTo(4 / 9, 12);
    expect(row.engaged_leakage.n).toBe(7);
    expect(row.engaged_leakage.state).toBeCloseTo(3 / 7, 12);
    expect(row.engaged_leakage.e2e).toBeCloseTo(4 / 7, 12);
    expect(row.engaged_leakage.gap).toBeCloseTo(-1 / 7, 12);
    expect(row.engaged_leakage.p_value).toBe(1);
    expect(row.engaged_leakage.ci[0]).toBeLessThan(row.engaged_leakage.gap);
    expect(row.engaged_leakage.ci[1]).toBeGreaterThan(row.engaged_leakage.gap);
    expect(row.engaged_leakage.mde).toBeGreaterThan(0);
  });

  it("reports how the tracks agree scenario by scenario", async () => {
    const [row] = JSON.parse((await runCli(["compare", stateRun, e2eRun, "--json"])).stdout).cross_track;
    expect(row.agreement).toMatchObject({ n: 9, both: 2, state_only: 2, e2e_only: 2, neither: 3, e2e_leaks_also_state: { k: 2, n: 4 } });
    expect(row.agreement.agreement).toBeCloseTo(5 / 9, 12);
    // p_e = (4/9)² + (5/9)² = 41/81, so κ = (45/81 − 41/81)/(40/81) = 0.1.
    expect(row.agreement.kappa).toBeCloseTo(0.1, 12);
    expect(row.agreement.execution_gap).toMatchObject({ k: 2, n: 5, value: 0.4 });
  });

  it("reads the gaps state − e2e whichever order the runs are given in, and prints both tables", async () => {
    const forward = JSON.parse((await runCli(["compare", stateRun, e2eRun, "--json"])).stdout).cross_track[0];
    const backward = JSON.parse((await runCli(["compare", e2eRun, stateRun, "--json"])).stdout).cross_track[0];
    expect(backward.engaged_leakage).toEqual(forward.engaged_leakage);
    expect(backward.state.run_id).toBe(forward.state.run_id);
    const text = await runCli(["compare", stateRun, e2eRun, "--wide"]);
    expect(text.stdout).toMatch(/\| m +\| 9 +\| 88\.9% → 88\.9% +\|/);
    expect(text.stdout).toContain("−14.3 pp [");
    expect(text.stdout).toMatch(/\| m +\| 2 +\| 2 +\| 2 +\| 3 +\| 55\.6% +\| 0\.10 +\| 2\/4 \(50\.0%\) +\| 2\/5 \(40\.0%\) \[/);
  });

  it("fits the cross-track analysis in 100 columns unless --wide, with the same numbers", async () => {
    const narrow = (await runCli(["compare", stateRun, e2eRun])).stdout;
    expect(Math.max(...narrow.split("\n").map((line) => line.length))).toBeLessThanOrEqual(100);
    expect(narrow).toContain("m: 9 pairs, state-grounded → end-to-end");
    expect(narrow).toMatch(/^ {2}U +88\.9% → 88\.9% +gap .* +p .* +MDE ±\d+\.\d pp$/m);
    expect(narrow).toMatch(/^ {2}L_eng +42\.9% → 57\.1% +gap −14\.3 pp \[.*\] +p 1\.000 +MDE ±\d+\.\d pp +7 engaged pairs$/m);
    expect(narrow).toContain("leak in both 2, state only 2, e2e only 2, neither 3; agreement 55.6%, κ 0.10");
    expect(narrow).toMatch(/execution gap: 2\/5 \(40\.0%\) \[/);
    expect(narrow).toContain("Gaps are state-grounded − end-to-end");
    const wide = (await runCli(["compare", stateRun, e2eRun, "--wide"])).stdout;
    expect(Math.max(...wide.split("\n").map((line) => line.length))).toBeGreaterThan(100);
  });

  it("gives no cross-track analysis for two runs of one track, and states each comparison's MDE there too", async () => {
    const same = await runCli(["compare", stateRun, stateRun, "--json"]);
    expect(JSON.parse(same.stdout).cross_track).toBeUndefined();
    const wide = (await runCli(["compare", stateRun, stateRun, "--wide"])).stdout;
    expect(wide).toMatch(/\| MDE U +\| MDE L_eng +\|/);
    expect(wide).toMatch(/\| ±\d+\.\d pp +\| ±\d+\.\d pp +\|\n/);
    // The narrow output (100 columns) states it on the U and L_eng lines.
    const narrow = (await runCli(["compare", stateRun, stateRun])).stdout;
    expect(narrow).toMatch(/^ {2}U .*MDE ±\d+\.\d pp/m);
    expect(narrow).toMatch(/^ {2}L_eng .*MDE ±\d+\.\d pp/m);
  });

  it("the viewer's compare page shows the cross-track tables for runs of two tracks", async () => {
    const result = compareRuns(loadComparableRun(stateRun), loadComparableRun(e2eRun), { seed: 1, resamples: 200 });
    expect(comparePage("a", "b", result)).toContain("Execution gap (Table 14)");
  });
});

describe("the HTML report of a state-grounded and an end-to-end run", () => {
  it("shows the execution gap and the agreement of the two tracks", async () => {
    const html = await renderHtmlReport([await loadReportRun(stateRun), await loadReportRun(e2eRun)]);
    expect(html).toContain('href="#tracks"');
    const section = html.slice(html.indexOf('id="tracks"'), html.indexOf("</section>", html.indexOf('id="tracks"')));
    expect(section).toContain("Execution gap (Table 14)");
    expect(section).toContain("−14.3 pp");
    expect(section).toContain("2/4 (50.0%)");
    expect(section).toMatch(/±\d+\.\d pp/);
  });

  it("has no such section for one run", async () => {
    const html = await renderHtmlReport([await loadReportRun(stateRun)]);
    expect(html).not.toContain('id="tracks"');
  });
});
