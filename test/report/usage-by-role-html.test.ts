import { describe, expect, it } from "vitest";
import type { EpisodeRecord } from "../../src/records/index.js";
import { loadReportRun, renderHtmlReport } from "../../src/report/index.js";
import { recordHtml } from "../../src/report/record-html.js";
import { reportRows } from "../../src/report/report-rows.js";
import { rowsUsageByRoleHtml, usageByRoleHtml } from "../../src/report/usage-by-role-html.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { tempDir } from "../support/temp-dir.js";
import { answer, writeFixtureRun } from "./fixture-run.js";
import { outcomeRecord } from "./record-builder.js";

type UsageByRole = NonNullable<EpisodeRecord["usage_by_role"]>;

const ROLES: UsageByRole = {
  planner: { calls: 6, cached_calls: 1, input_tokens: 41_200, output_tokens: 1_830, cost_usd: 0.1234 },
  quarantined: { calls: 3, cached_calls: 0, input_tokens: 9_000, output_tokens: 120, cost_usd: 0.0061 },
  crosscheck: { calls: 1, cached_calls: 0, input_tokens: 2_500, output_tokens: 40 },
};

/** The table's body rows as [role, calls, in, out, cost] text, tags stripped. */
function tableRows(markup: string): string[][] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(markup)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => (cell[1] ?? "").replace(/<[^>]+>/g, "")),
  );
}

describe("usage by role", () => {
  it("shows a record's calls, tokens in and out and cost per role, in the record's order", () => {
    const record = { ...outcomeRecord("guarded", "none", "s1", "clean"), usage_by_role: ROLES };
    const out = recordHtml(record, { id: "r0", label: "guarded" }).value;
    expect(out).toContain("model usage by role (planner, quarantined, crosscheck)");
    expect(tableRows(out)).toEqual([
      ["planner", "6 (1 cached)", "41,200", "1,830", "$0.1234"],
      ["quarantined", "3", "9,000", "120", "$0.0061"],
      ["crosscheck", "1", "2,500", "40", "–"],
    ]);
  });

  it("has no cost column when no role has a cost, and escapes role names", () => {
    const out = String(usageByRoleHtml({ "<script>x</script>": { calls: 1, cached_calls: 0, input_tokens: 5, output_tokens: 2 } }));
    expect(out).not.toContain(">cost<");
    expect(out).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(out).not.toContain("<script");
  });

  it("adds nothing to a record without a split", () => {
    const record = outcomeRecord("careless", "none", "s1", "leak");
    record.usage = { calls: 2, cached_calls: 0, input_tokens: 10, output_tokens: 5 };
    expect(recordHtml(record, { id: "r0", label: "careless" }).value).not.toContain("usage");
  });

  it("sums each leaderboard row's records per role, under the leaderboard", async () => {
    const runsDir = `${tempDir("safecua-usage-")}/runs`;
    const scenarios = [fixtureScenario({ id: "a-001" }), fixtureScenario({ id: "b-002" })];
    const done = answer("Finish the Q1 vendor cost comparison");
    const runDir = await writeFixtureRun(runsDir, {
      runId: "20261201T100000Z-dddddd",
      scenarios,
      episodes: [
        { agent: "guarded", scenario_id: "a-001", output: done, extra: { usage_by_role: ROLES } },
        { agent: "guarded", scenario_id: "b-002", output: done, extra: { usage_by_role: { planner: ROLES.planner } } },
        { agent: "plain", scenario_id: "a-001", output: done, usage: { calls: 1, cached_calls: 0, input_tokens: 7, output_tokens: 3 } },
      ],
    });
    const run = await loadReportRun(runDir);
    expect(tableRows(String(rowsUsageByRoleHtml(reportRows([run]))))).toEqual([
      ["guarded", "planner", "12 (2 cached)", "82,400", "3,660", "$0.2468"],
      ["guarded", "quarantined", "3", "9,000", "120", "$0.0061"],
      ["guarded", "crosscheck", "1", "2,500", "40", "–"],
    ]);
    const html = await renderHtmlReport([run]);
    const leaderboard = html.slice(html.indexOf('id="leaderboard"'), html.indexOf('id="figures"'));
    expect(leaderboard).toContain("<h3>Model usage by role</h3>");
  });

  it("adds no usage table to the leaderboard when no record has a split", async () => {
    const runsDir = `${tempDir("safecua-usage-")}/runs`;
    const runDir = await writeFixtureRun(runsDir, {
      runId: "20261201T100000Z-eeeeee",
      scenarios: [fixtureScenario()],
      episodes: [{ agent: "plain", scenario_id: "fixture-001-digest", output: answer("x"), usage: ROLES.planner }],
    });
    expect(rowsUsageByRoleHtml(reportRows([await loadReportRun(runDir)]))).toBe("");
  });
});
