import { describe, expect, test } from "vitest";
import {
  type MaskIntegrityPage,
  readMaskIntegrity,
  summarizeMaskIntegrityRun,
  summarizeRun,
  writeMaskIntegrityTask,
} from "../../src/records/index.js";
import { tempDir } from "../support/temp-dir.js";

const page = (unit: string, leaked = 0, planner: string[] = []): MaskIntegrityPage => ({
  url: `/e/{episode}${unit}`,
  unit,
  app: "forum",
  views: 2,
  canary_rows: 4,
  leaked_rows: leaked,
  planner_leaks: planner,
  operator_rows: 10,
  masked_operator_rows: 1,
  leaks: [],
});

describe("mask-integrity.json and the F5 summary", () => {
  test("a task written again replaces its earlier entry (a resume measures an error again)", () => {
    const runDir = tempDir();
    expect(readMaskIntegrity(runDir)).toEqual([]);
    writeMaskIntegrityTask(runDir, { scenario_id: "a", error: { kind: "mask_integrity", message: "no mask" } });
    writeMaskIntegrityTask(runDir, { scenario_id: "b", pages: [page("/forum")], unseen_canaries: [] });
    writeMaskIntegrityTask(runDir, { scenario_id: "a", pages: [page("/forum/posts/{n}")], unseen_canaries: ["zq0009wx"] });
    expect(readMaskIntegrity(runDir).map((task) => [task.scenario_id, "pages" in task])).toEqual([
      ["b", true],
      ["a", true],
    ]);
  });

  test("passes only when no page leaked and every task was measured", () => {
    const clean = summarizeMaskIntegrityRun([{ scenario_id: "a", pages: [page("/forum"), page("/forum/new")], unseen_canaries: [] }], {
      resamples: 200,
    });
    expect(clean.passed).toBe(true);
    expect([clean.pages, clean.over_masking.k, clean.over_masking.n]).toEqual([2, 2, 20]);
    const leaky = summarizeMaskIntegrityRun(
      [{ scenario_id: "a", pages: [page("/forum"), page("/forum/new", 0, ["zq0001wx"])], unseen_canaries: [] }],
      {
        resamples: 200,
      },
    );
    expect(leaky.passed).toBe(false);
    expect(leaky.failures).toEqual([{ unit: "/forum/new", leaked_rows: 0, planner_leaks: ["zq0001wx"] }]);
    const unmeasured = summarizeMaskIntegrityRun(
      [
        { scenario_id: "a", pages: [page("/forum")], unseen_canaries: ["zq0002wx"] },
        { scenario_id: "b", error: { kind: "browser", message: "Chromium died" } },
      ],
      { resamples: 200 },
    );
    expect([unmeasured.passed, unmeasured.failures, unmeasured.errors]).toEqual([
      false,
      [],
      [{ scenario_id: "b", message: "Chromium died" }],
    ]);
    expect(unmeasured.unseen_canaries).toEqual({ a: ["zq0002wx"] });
  });

  test("summarizeRun adds mask_integrity only for a run that measured F5 tasks", () => {
    const basis = { run_id: "r", matcher: "strict" as const, arms: [], seed: 1, bootstrap_resamples: 200, dataset: { label: "d" } };
    expect(summarizeRun(basis, []).mask_integrity).toBeUndefined();
    const summary = summarizeRun(basis, [], { maskIntegrity: [{ scenario_id: "a", pages: [page("/forum", 1)], unseen_canaries: [] }] });
    expect(summary.mask_integrity?.passed).toBe(false);
    expect(summary.mask_integrity?.leak_rate.k).toBe(1);
  });
});
