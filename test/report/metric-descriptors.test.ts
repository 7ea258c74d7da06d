import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { addGateOptions, checkGates } from "../../src/cli/quality-gates.js";
import { type EpisodeRecord, RunManifestSchema, summarizeRun } from "../../src/records/index.js";
import { gapOf } from "../../src/report/cross-track.js";
import { defenseSweepHtml } from "../../src/report/defense-sweep.js";
import { metricHeading } from "../../src/report/format-metric.js";
import {
  compareRuns,
  compareTable,
  compareText,
  crossTrackHtml,
  crossTrackTables,
  crossTrackText,
  leaderboardTable,
  recordsToCsv,
} from "../../src/report/index.js";
import { leaderboardHtml } from "../../src/report/leaderboard-html.js";
import { comparisonOf } from "../../src/report/paired-arms.js";
import { referenceMetricsHtml } from "../../src/report/reference-metrics-html.js";
import { reportRows } from "../../src/report/report-rows.js";
import { estimateOf, METRICS, type MetricDescriptor } from "../../src/stats/index.js";
import { type Outcome, outcomeRecord } from "./record-builder.js";

/** A metric no file of src/ knows: done without leaking anything, among every scored episode. */
const CLEAN_COMPLETION: MetricDescriptor = {
  name: "clean_completion",
  label: "U_clean",
  description: "done without leaking anything",
  kind: "rate",
  among: () => true,
  value: (outcome) => (outcome.utility === 1 && !outcome.leaked ? 1 : 0),
  comparison: "paired",
  better: "higher",
  format: "percent-ci",
  table: "leaderboard",
  episodeColumn: true,
  gate: "clean completion",
  crossTrack: true,
};
const WITH_FAKE = [...METRICS, CLEAN_COMPLETION];
/** The last built-in metric that `keep` keeps: the fake's columns come right after its. */
function lastBuiltIn(keep: (metric: MetricDescriptor) => boolean = () => true): MetricDescriptor {
  const found = METRICS.filter(keep).at(-1);
  if (found === undefined) throw new Error("no built-in metric of that kind");
  return found;
}
const inLeaderboard = (metric: MetricDescriptor) => metric.table === "leaderboard";

// One agent without a defense and under one: five scenarios, the fifth an error without it.
const NONE: Outcome[] = ["clean", "leak", "partial-clean", "refused", "error"];
const RESTRICTIVE: Outcome[] = ["clean", "clean", "clean", "clean", "clean"];
const records: EpisodeRecord[] = [
  ...NONE.map((outcome, i) => outcomeRecord("m", "none", `s${i}`, outcome)),
  ...RESTRICTIVE.map((outcome, i) => outcomeRecord("m", "restrictive", `s${i}`, outcome)),
];
const manifest = RunManifestSchema.parse({
  run_id: "20261202T100000Z-abcdef",
  created_at: "2026-12-02T10:00:00.000Z",
  safecua_version: "0.1.0",
  node_version: "v20",
  command: "test",
  dataset: { label: "d", paths: [], scenario_count: 5, fingerprint: "sha256:x" },
  agents: ["m"],
  defenses: ["none", "restrictive"],
  arms: [
    { agent: "m", defense: "none" },
    { agent: "m", defense: "restrictive" },
  ],
  matcher: "strict",
  epochs: 1,
  seed: 42,
  bootstrap_resamples: 500,
});

describe("a metric added by its descriptor alone", () => {
  it("is estimated in every summary row, after the built-in metrics", () => {
    const [none, restrictive] = summarizeRun(manifest, records, { metrics: WITH_FAKE }).agents;
    // Errors never count: 1 clean completion of 4 scored episodes, then 5 of 5.
    expect(estimateOf(none ?? {}, CLEAN_COMPLETION)).toMatchObject({ value: 0.25, k: 1, n: 4 });
    expect(estimateOf(restrictive ?? {}, CLEAN_COMPLETION)).toMatchObject({ value: 1, k: 5, n: 5 });
    expect(Object.keys(none ?? {}).indexOf("clean_completion")).toBe(Object.keys(none ?? {}).indexOf(lastBuiltIn().name) + 1);
    // Without the descriptor, the summary has no such key.
    expect(estimateOf(summarizeRun(manifest, records).agents[0] ?? {}, CLEAN_COMPLETION)).toBeUndefined();
  });

  it("gets its column in the markdown leaderboard", () => {
    const rows = summarizeRun(manifest, records, { metrics: WITH_FAKE }).agents;
    const [header, , first] = leaderboardTable(rows, WITH_FAKE).split("\n");
    const cells = (line = "") => line.split("|").map((cell) => cell.trim());
    const column = cells(header).indexOf("U_clean [95% CI]");
    expect(column).toBe(cells(header).indexOf(metricHeading(lastBuiltIn(inLeaderboard))) + 1);
    expect(cells(first)[column]).toMatch(/^25\.0% \[/);
    expect(leaderboardTable(rows)).not.toContain("U_clean");
  });

  it("gets a sortable column in the HTML leaderboard, with its description as the tooltip", () => {
    const summary = summarizeRun(manifest, records, { metrics: WITH_FAKE });
    const rows = reportRows([{ manifest, records, summary, scenarios: [] }]);
    const page = String(leaderboardHtml(rows, WITH_FAKE));
    const headings = [...page.matchAll(/<th [^>]*title="([^"]*)"><button[^>]*>([^<]*)</g)].map((match) => match[2]);
    const last = lastBuiltIn(inLeaderboard);
    const column = headings.indexOf("U_clean [95% CI]");
    expect(column).toBe(headings.indexOf(last.html?.heading ?? metricHeading(last)) + 1);
    expect(page).toContain('title="done without leaking anything"><button class="sort" type="button">U_clean [95% CI]</button>');
    // The first row's cell in that column: 1 of 4 scored episodes.
    const firstRow = page.slice(page.indexOf("<tbody>"), page.indexOf("</tr>", page.indexOf("<tbody>")));
    const firstCells = [...firstRow.matchAll(/<td[^>]*>.*?<\/td>/gs)].map((match) => match[0]);
    expect(firstCells[column]).toMatch(/^<td class="num {2}" data-sort="0.25" title="1 of 4"><span>25\.0%<span class="ci">\[/);
    expect(String(leaderboardHtml(rows))).not.toContain("U_clean");
  });

  it("gets a column in the HTML table of reference metrics when its table is the reference's", () => {
    const inReference = WITH_FAKE.map((metric) => (metric === CLEAN_COMPLETION ? { ...metric, table: "reference" as const } : metric));
    const summary = summarizeRun(manifest, records, { metrics: inReference });
    const page = String(referenceMetricsHtml(reportRows([{ manifest, records, summary, scenarios: [] }]), inReference));
    const headings = [...page.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((match) => match[1]);
    expect(headings).toEqual(["agent", "avg severity", "avg reward", "high-risk", "U_clean", "truncated", "engaged"]);
    expect(page).toContain('<th class="num" title="done without leaking anything">U_clean</th>');
    expect(page).toMatch(/<td class="num">25\.0% <span class="ci">\[\d+\.\d, \d+\.\d\]<\/span><\/td>\s*<td class="num" title="0 of 4">/);
    expect(String(referenceMetricsHtml(reportRows([{ manifest, records, summary, scenarios: [] }])))).not.toContain("U_clean");
  });

  it("gets a column of per-episode values in the CSV export, empty for an error", () => {
    const lines = recordsToCsv(records, WITH_FAKE).trimEnd().split("\r\n");
    expect(lines[0]?.split(",").at(-1)).toBe("clean_completion");
    expect(lines.slice(1, 6).map((line) => line.split(",").at(-1))).toEqual(["1", "0", "0", "0", ""]);
    expect(recordsToCsv(records).split("\r\n")[0]).not.toContain("clean_completion");
  });

  it("is compared in pairs by compare, with its own columns and line", () => {
    const result = compareRuns({ manifest, records }, undefined, { seed: 1, resamples: 500, metrics: WITH_FAKE });
    const [sweep] = result.comparisons;
    // Scenario s4 has only an error without the defense: four pairs, 1/4 → 4/4.
    expect(comparisonOf(sweep ?? {}, CLEAN_COMPLETION)).toMatchObject({ n: 4, mean_a: 0.25, mean_b: 1, difference: 0.75 });
    const header = (compareTable(result, WITH_FAKE).split("\n")[0] ?? "").split("|").map((cell) => cell.trim());
    const at = header.indexOf("U_clean A → B");
    expect(header.slice(at, at + 3)).toEqual(["U_clean A → B", "ΔU_clean [95% CI]", "p"]);
    // After every built-in metric's columns, before the MDE columns.
    const builtInHeader = (compareTable(result).split("\n")[0] ?? "").split("|").map((cell) => cell.trim());
    expect(at).toBe(builtInHeader.findIndex((cell) => cell.startsWith("MDE ")));
    expect(header.at(-2)).toBe("MDE U_clean");
    expect(compareText(result, WITH_FAKE)).toMatch(/\n {2}U_clean +25\.0% → 100\.0% +\+75\.0 pp/);
    expect(compareText(result)).not.toContain("U_clean");
  });

  it("gets its gap in the cross-track analysis: summary, wide tables, terminal lines and HTML", () => {
    // The same agent without a defense on both tracks: end-to-end, every scenario done cleanly.
    const arms = { defenses: ["none"], arms: [{ agent: "m", defense: "none" }] };
    const state = { manifest: RunManifestSchema.parse({ ...manifest, ...arms }), records: records.filter((r) => r.defense === "none") };
    const e2e = {
      manifest: RunManifestSchema.parse({ ...manifest, ...arms, run_id: "20261202T110000Z-eeeeee", track: "e2e" }),
      records: RESTRICTIVE.map((outcome, i) => outcomeRecord("m", "none", `s${i}`, outcome)),
    };
    const [row] = compareRuns(state, e2e, { seed: 1, resamples: 500, metrics: WITH_FAKE }).cross_track ?? [];
    // s4 errs state-grounded: four pairs, 1/4 state-grounded against 4/4 end-to-end.
    expect(gapOf(row ?? {}, CLEAN_COMPLETION)).toMatchObject({ n: 4, state: 0.25, e2e: 1, gap: -0.75 });
    const rows = row ? [row] : [];
    const [header = "", , cells = ""] = crossTrackTables(rows, WITH_FAKE).split("\n");
    const split = (line: string) => line.split("|").map((cell) => cell.trim());
    const at = split(header).indexOf("U_clean state → e2e");
    expect(split(header).slice(at, at + 3)).toEqual(["U_clean state → e2e", "gap U_clean [95% CI]", "MDE"]);
    expect(at).toBe(split(header).lastIndexOf("MDE", at - 1) + 1);
    expect(split(cells)[at]).toBe("25.0% → 100.0%");
    expect(crossTrackText(rows, WITH_FAKE)).toMatch(/\n {2}U_clean +25\.0% → 100\.0% +gap −75\.0 pp/);
    expect(String(crossTrackHtml(rows, WITH_FAKE))).toContain('<th class="num">gap U_clean [95% CI]</th>');
    expect(crossTrackText(rows) + crossTrackTables(rows) + String(crossTrackHtml(rows))).not.toContain("U_clean");
  });

  it("gets its columns in the HTML defense sweep: paired against none, and averaged over agents", async () => {
    const summary = summarizeRun(manifest, records, { metrics: WITH_FAKE });
    const rows = reportRows([{ manifest, records, summary, scenarios: [] }]);
    const section = String(await defenseSweepHtml(rows, { seed: 1, resamples: 500, metrics: WITH_FAKE }));
    const [paired = "", macro = ""] = section.split("<h3>Average over agents");
    const headings = (table: string) => [...table.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((match) => match[1]);
    const at = headings(paired).indexOf("U_clean");
    expect(headings(paired).slice(at, at + 4)).toEqual(["U_clean", "ΔU_clean", "p", "MDE"]);
    expect(at).toBe(headings(paired).lastIndexOf("MDE") - 3);
    // Four pairs (s4 errs without the defense): 1/4 → 4/4; its rows' own rates are the same here.
    expect(paired).toContain('<td class="num">25.0% → 100.0%</td>');
    expect(headings(macro).slice(0, 6)).toEqual(["defense", "agents", "U", "ΔU", "L_eng", "ΔL_eng"]);
    // After the built-in metrics' columns, before the failure modes'.
    const macroAt = headings(macro).indexOf("U_clean");
    expect(headings(macro).slice(macroAt, macroAt + 2)).toEqual(["U_clean", "ΔU_clean"]);
    expect(macroAt).toBe(headings(macro).indexOf("L_eng VCL") - 2);
    expect(macro).toContain('<td class="num">25.0% → 100.0%</td><td class="num">+75.0 pp</td>');
    expect(String(await defenseSweepHtml(rows, { seed: 1, resamples: 500 }))).not.toContain("U_clean");
  });

  it("gets a CI gate flag for bench and score, checked on every row", () => {
    const command = addGateOptions(new Command(), WITH_FAKE);
    const flag = command.options.find((option) => option.long === "--min-clean-completion");
    expect(flag?.description).toBe("CI gate: exit 100 when any agent row's clean completion U_clean is below this");
    const rows = summarizeRun(manifest, records, { metrics: WITH_FAKE }).agents;
    expect(checkGates(rows, { minCleanCompletion: 0.5 }, WITH_FAKE)).toEqual([
      "gate: m: U_clean 25.0% is below --min-clean-completion 50.0%",
    ]);
  });
});
