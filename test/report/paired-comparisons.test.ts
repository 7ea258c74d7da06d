import { describe, expect, it } from "vitest";
import type { RunManifest } from "../../src/records/index.js";
import { formatDelta, formatPValue } from "../../src/report/compare-table.js";
import {
  type ComparableRun,
  ComparisonPlanError,
  compareArms,
  compareRuns,
  compareTable,
  parseArmSelector,
} from "../../src/report/index.js";
import { type Outcome, outcomeRecord } from "./record-builder.js";

// Baseline A and treatment B on ten scenarios (hand-computed below).
const A: Outcome[] = ["leak", "leak", "leak", "leak", "leak", "leak", "clean", "partial-clean", "refused", "error"];
const B: Outcome[] = ["clean", "clean", "clean", "clean", "leak", "refused", "clean", "clean", "clean", "clean"];
const options = { seed: 42, resamples: 2000, key: "test" };

function arm(agent: string, defense: string, outcomes: Outcome[], runId = "run") {
  return outcomes.map((outcome, i) => outcomeRecord(agent, defense, `s${i}`, outcome, 0, runId));
}

describe("compareArms", () => {
  const result = compareArms(arm("x", "none", A), arm("x", "none", B), options);

  it("pairs by scenario and drops pairs with an error on either side", () => {
    expect(result.pairs).toBe(9);
    expect(result.errors_excluded).toBe(1);
    expect([result.only_a, result.only_b]).toEqual([0, 0]);
  });

  it("utility: ΔU = (b01 − b10)/n with the exact McNemar p", () => {
    // A succeeds on s0–s6, B on s0–s4 and s6–s8: b01 = {s7, s8}, b10 = {s5}.
    expect([result.utility.b01, result.utility.b10]).toEqual([2, 1]);
    expect(result.utility.difference).toBeCloseTo(1 / 9, 12);
    expect([result.utility.mean_a, result.utility.mean_b]).toEqual([7 / 9, 8 / 9]);
    // m = 3, k = 1: p = 2 · (C(3,0) + C(3,1)) / 2³ = 1.
    expect(result.utility.p_value).toBe(1);
  });

  it("engaged leakage: only scenarios where neither arm refused", () => {
    // s5 (B refused) and s8 (A refused) drop out: 7 pairs; A leaks on s0–s4, B on s4.
    expect(result.engaged_leakage.n).toBe(7);
    expect([result.engaged_leakage.mean_a, result.engaged_leakage.mean_b]).toEqual([5 / 7, 1 / 7]);
    expect([result.engaged_leakage.b01, result.engaged_leakage.b10]).toEqual([0, 4]);
    expect(result.engaged_leakage.difference).toBeCloseTo(-4 / 7, 12);
    // m = 4, k = 0: p = 2 / 2⁴.
    expect(result.engaged_leakage.p_value).toBe(0.125);
    const [low, high] = result.engaged_leakage.ci as [number, number];
    expect(low).toBeLessThanOrEqual(-4 / 7);
    expect(high).toBeGreaterThanOrEqual(-4 / 7);
    expect(high).toBeLessThan(0);
  });

  it("with epochs, pairs scenarios (each arm's rate over its epochs), not epochs", () => {
    // Ten epochs of each scenario from agents that repeat themselves: the same evidence as one epoch.
    const epochs = (outcomes: Outcome[]) =>
      Array.from({ length: 10 }, (_, epoch) => outcomes.map((outcome, i) => outcomeRecord("x", "none", `s${i}`, outcome, epoch))).flat();
    const repeated = compareArms(epochs(A), epochs(B), options);
    expect(repeated.pairs).toBe(9);
    expect(repeated.utility).toEqual(result.utility);
    expect(repeated.engaged_leakage).toEqual(result.engaged_leakage);
    // An arm that leaks on 1 of 2 epochs of s0 and refuses the other: its s0 rate is over its engaged epoch.
    const mixed = compareArms(
      [
        outcomeRecord("x", "none", "s0", "leak", 0),
        outcomeRecord("x", "none", "s0", "refused", 1),
        outcomeRecord("x", "none", "s1", "clean", 0),
      ],
      [
        outcomeRecord("x", "none", "s0", "clean", 0),
        outcomeRecord("x", "none", "s0", "leak", 1),
        outcomeRecord("x", "none", "s1", "clean", 0),
      ],
      options,
    );
    expect(mixed.pairs).toBe(2);
    expect(mixed.engaged_leakage).toMatchObject({ n: 2, mean_a: 1 / 2, mean_b: 1 / 4, b01: 0, b10: 1 });
    expect(mixed.refusal).toMatchObject({ n: 2, mean_a: 1 / 4, mean_b: 0 });
  });

  it("refusal: one refusal each way, no difference", () => {
    expect([result.refusal.b01, result.refusal.b10, result.refusal.difference, result.refusal.p_value]).toEqual([1, 1, 0, 1]);
  });

  it("is deterministic for a seed and formats like the paper's tables", () => {
    expect(compareArms(arm("x", "none", A), arm("x", "none", B), options)).toEqual(result);
    expect(formatDelta({ difference: -4 / 7, ci: [-0.857142, -0.285714], n: 7 })).toBe("−57.1 pp [−85.7, −28.6]");
    expect(formatDelta({ difference: 0, ci: [0, 0], n: 3 })).toBe("0.0 pp [0.0, 0.0]");
    expect(formatPValue(0.0001)).toBe("<0.001");
    expect(formatPValue(0.125)).toBe("0.125");
  });

  it("reaches significance when the discordance is one-sided enough", () => {
    const many = compareArms(arm("x", "none", Array(8).fill("leak")), arm("x", "none", Array(8).fill("clean")), options);
    expect(many.engaged_leakage.p_value).toBeCloseTo(2 / 2 ** 8, 15);
  });
});

function run(id: string, records: ReturnType<typeof arm>, dataset: Partial<RunManifest["dataset"]> = {}): ComparableRun {
  const arms = [...new Map(records.map((r) => [`${r.agent}::${r.defense}`, { agent: r.agent, defense: r.defense }])).values()];
  const manifest = {
    run_id: id,
    created_at: "2026-11-29T10:00:00.000Z",
    safecua_version: "0.1.0",
    node_version: "v20",
    command: "test",
    dataset: { label: "d", paths: [], scenario_count: 10, fingerprint: "sha256:same", ...dataset },
    agents: [...new Set(arms.map((a) => a.agent))],
    defenses: [...new Set(arms.map((a) => a.defense))],
    arms,
    matcher: "strict",
    epochs: 1,
    seed: 42,
    bootstrap_resamples: 2000,
  } as RunManifest;
  return { manifest, records };
}

describe("compareRuns", () => {
  const runA = run("20261129T100000Z-aaaaaa", [...arm("m", "none", A), ...arm("other", "none", A)]);
  const runB = run("20261130T100000Z-bbbbbb", [...arm("m", "none", B)]);

  it("compares the rows two runs share, with the numbers of compareArms", () => {
    const { comparisons, warnings } = compareRuns(runA, runB, { seed: 42, resamples: 2000 });
    expect(comparisons.map((c) => [c.a.label, c.b.label])).toEqual([["m (A aaaaaa)", "m (B bbbbbb)"]]);
    expect(comparisons[0]?.engaged_leakage.difference).toBeCloseTo(-4 / 7, 12);
    expect(warnings).toEqual(["m (A aaaaaa) → m (B bbbbbb): 1 scenario(s) where either arm has only errors were left out"]);
    expect(compareTable({ comparisons, warnings })).toContain("| −57.1 pp [");
  });

  it("sweeps one run's defenses against its none rows", () => {
    const sweep = run("r", [...arm("m", "none", A), ...arm("m", "restrictive", B), ...arm("m", "rubric_informed", A)]);
    const { comparisons } = compareRuns(sweep, undefined, { seed: 1, resamples: 500 });
    expect(comparisons.map((c) => `${c.a.defense}→${c.b.defense}`)).toEqual(["none→restrictive", "none→rubric_informed"]);
    expect(comparisons[1]?.engaged_leakage.difference).toBe(0);
  });

  it("picks rows with --a/--b selectors, AGENT::DEFENSE when an agent has several", () => {
    const sweep = run("r", [...arm("openai:gpt-5", "none", A), ...arm("openai:gpt-5", "restrictive", B)]);
    expect(parseArmSelector("openai:gpt-5::restrictive")).toEqual({ agent: "openai:gpt-5", defense: "restrictive" });
    const { comparisons } = compareRuns(sweep, undefined, { a: "openai:gpt-5", b: "openai:gpt-5::restrictive", seed: 1, resamples: 500 });
    expect(comparisons[0]?.b.defense).toBe("restrictive");
    expect(comparisons[0]?.a.defense).toBe("none");
  });

  it("explains what it cannot compare", () => {
    const plain = run("r", arm("m", "none", A));
    expect(() => compareRuns(plain, undefined, { seed: 1, resamples: 10 })).toThrow(ComparisonPlanError);
    expect(() => compareRuns(plain, undefined, { a: "m", seed: 1, resamples: 10 })).toThrow("give both --a and --b");
    expect(() => compareRuns(plain, runB, { a: "nobody", seed: 1, resamples: 10 })).toThrow(
      "--a nobody: run r has no such agent/defense (it has: m::none)",
    );
    const two = run("t", [...arm("m", "x", A), ...arm("m", "y", B)]);
    expect(() => compareRuns(two, undefined, { a: "m", b: "m::y", seed: 1, resamples: 10 })).toThrow("ambiguous");
  });

  it("warns when the runs used different datasets and pairs only shared scenario ids", () => {
    const other = run("o", arm("m", "none", B.slice(0, 5)), { label: "e", fingerprint: "sha256:other" });
    const { comparisons, warnings, scenarios } = compareRuns(runA, other, { seed: 1, resamples: 10 });
    expect(warnings[0]).toBe("the runs used different datasets (d vs e); only scenarios with the same id are paired");
    expect(warnings[1]).toBe(
      "the runs cover different scenarios: 10 in A, 5 in B, 5 in both; the paired comparisons use only the 5 shared",
    );
    expect(scenarios).toEqual({ a: 10, b: 5, shared: 5 });
    expect(comparisons[0]?.pairs).toBe(5);
    expect(comparisons[0]?.only_a).toBe(5);
  });

  it("tells two selections of one dataset by their coverage, and a dataset edited between runs as changed", () => {
    const subset = run("s", arm("m", "none", B.slice(0, 4)), { fingerprint: "sha256:subset", selection: { limit: 4 } });
    const { warnings } = compareRuns(runA, subset, { seed: 1, resamples: 10 });
    expect(warnings).toEqual([
      "the runs cover different scenarios: 10 in A, 4 in B, 4 in both; the paired comparisons use only the 4 shared",
    ]);
    const edited = run("x", arm("m", "none", B), { fingerprint: "sha256:edited" });
    expect(compareRuns(runA, edited, { seed: 1, resamples: 10 }).warnings[0]).toBe(
      "the dataset d changed between the runs; only scenarios with the same id are paired",
    );
  });
});
