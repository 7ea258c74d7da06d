import { describe, expect, it } from "vitest";
import { scriptedClient } from "../../src/guard/agent/scripted/scripted-client.js";
import { addUsage, NO_USAGE, type Usage } from "../../src/models/index.js";
import { type EpisodeRecord, EpisodeRecordSchema, episodeKey, rowUsageOf, summarizeRun } from "../../src/records/index.js";
import { usageByRoleText } from "../../src/report/index.js";

const real = (calls: number, tokens: number, cost?: number): Usage => ({
  calls,
  cached_calls: 0,
  input_tokens: tokens,
  output_tokens: 10 * calls,
  ...(cost !== undefined && { cost_usd: cost }),
});
const simulated = (tokens: number): Usage => ({ ...real(1, tokens), simulated: true });

/** An error record of `scenario` with the usage split it spent, which is all the usage summary reads. */
function recordWith(scenario: string, byRole: Record<string, Usage> | undefined, usage?: Usage): EpisodeRecord {
  return EpisodeRecordSchema.parse({
    key: episodeKey("guarded:gullible", "none", scenario, 0),
    run_id: "run",
    scenario_id: scenario,
    agent: "guarded:gullible",
    defense: "none",
    epoch: 0,
    seed: 1,
    failure_mode: "task_ambiguity_overshare",
    started_at: "2026-11-29T10:00:00.000Z",
    duration_ms: 1,
    status: "error",
    error: { kind: "agent", message: "x" },
    ...(usage && { usage }),
    ...(byRole && { usage_by_role: byRole }),
  });
}

describe("usage per role", () => {
  it("a scripted role's reply carries estimated tokens marked simulated", async () => {
    const response = await scriptedClient("gullible", () => ({ ok: true })).generate({
      messages: [{ role: "user", content: "x".repeat(400) }],
    });
    expect(response.usage).toMatchObject({ calls: 1, input_tokens: 100, simulated: true });
  });

  it("a sum stays simulated only while every call in it was", () => {
    expect(addUsage(addUsage(NO_USAGE, simulated(5)), simulated(7))).toMatchObject({ calls: 2, input_tokens: 12, simulated: true });
    expect(addUsage(simulated(5), real(1, 7))).not.toHaveProperty("simulated");
    expect(addUsage(NO_USAGE, real(1, 7))).not.toHaveProperty("simulated");
  });

  it("sums a row's roles and leaves simulated ones out of its total", () => {
    const usage = rowUsageOf([
      recordWith("a", { planner: simulated(40_000), quarantined: real(2, 300, 0.01) }),
      recordWith("b", { planner: simulated(2_000), judge: real(1, 50, 0.002) }),
    ]);
    expect(usage?.by_role.planner).toMatchObject({ calls: 2, input_tokens: 42_000, simulated: true });
    expect(usage?.by_role.quarantined).toMatchObject({ calls: 2, input_tokens: 300 });
    expect(usage?.total).toMatchObject({ calls: 3, input_tokens: 350 });
    expect(usage?.total.cost_usd).toBeCloseTo(0.012);
    expect(usage?.total).not.toHaveProperty("simulated");
  });

  it("gives a record from before roles were recorded one unsplit role, and a row of reference agents none", () => {
    expect(rowUsageOf([recordWith("a", undefined, real(2, 100))])?.by_role).toEqual({ "agent+judge": real(2, 100) });
    expect(rowUsageOf([recordWith("a", undefined)])).toBeUndefined();
  });

  it("puts the usage in the summary row, and the terminal table marks simulated roles and prints the real total", () => {
    const records = [recordWith("a", { planner: simulated(39_752), quarantined: real(1, 120) })];
    const summary = summarizeRun(
      {
        run_id: "run",
        matcher: "strict",
        arms: [{ agent: "guarded:gullible", defense: "none" }],
        seed: 1,
        bootstrap_resamples: 10,
        dataset: { label: "x" },
      },
      records,
    );
    expect(summary.agents[0]?.usage?.total.input_tokens).toBe(120);
    const text = usageByRoleText(summary.agents) ?? "";
    expect(text).toMatch(/\| guarded:gullible \| planner \(simulated\)\s+\| 1\s+\| 39,752\s+\|/);
    expect(text).toMatch(/\| guarded:gullible \| total \(models called\)\s+\| 1\s+\| 120\s+\|/);
    expect(text).toContain("no model was called, so it is not in the totals");
  });
});
