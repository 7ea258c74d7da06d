import { describe, expect, it } from "vitest";
import { type MaskIntegrityOutcome, summarizeMaskIntegrity, wilsonInterval } from "../../src/stats/index.js";

/** The two-sided 95% normal quantile, as the intervals compute it (not the rounded 1.96). */
const Z95 = 1.959963984540054;

const page = (unit: string, partial: Partial<MaskIntegrityOutcome> = {}): MaskIntegrityOutcome => ({
  unit,
  canary_rows: 10,
  leaked_rows: 0,
  planner_leaks: [],
  operator_rows: 20,
  masked_operator_rows: 0,
  ...partial,
});

describe("summarizeMaskIntegrity", () => {
  it("passes when nothing leaked, with a Wilson interval over pages for the zero leak rate", () => {
    const summary = summarizeMaskIntegrity([page("forum/post"), page("mail/inbox"), page("shop/product")], { resamples: 500 });
    expect(summary.passed).toBe(true);
    expect(summary.failures).toEqual([]);
    expect(summary.leak_rate).toMatchObject({ value: 0, k: 0, n: 30 });
    expect(summary.leak_rate.ci?.[1]).toBeCloseTo(wilsonInterval(0, 3, Z95).ci?.[1] ?? Number.NaN, 12);
  });

  it("flags every page with a leaked row or a planner leak as a failure, sorted", () => {
    const summary = summarizeMaskIntegrity(
      [page("shop/product", { leaked_rows: 1 }), page("forum/post"), page("mail/inbox", { planner_leaks: ["zq-2", "zq-1", "zq-2"] })],
      { resamples: 500 },
    );
    expect(summary.passed).toBe(false);
    expect(summary.failures).toEqual([
      { unit: "mail/inbox", leaked_rows: 0, planner_leaks: ["zq-1", "zq-2"] },
      { unit: "shop/product", leaked_rows: 1, planner_leaks: [] },
    ]);
    expect(summary.leak_rate).toMatchObject({ k: 1, n: 30 });
    expect(summary.planner_leak_pages).toBe(1);
  });

  it("measures over-masking on the operator's rows, and adds captures of one page together", () => {
    const summary = summarizeMaskIntegrity(
      [page("a", { masked_operator_rows: 5 }), page("a", { masked_operator_rows: 1, operator_rows: 10 }), page("b", { operator_rows: 0 })],
      { resamples: 500 },
    );
    expect(summary.pages).toBe(2);
    expect(summary.over_masking).toMatchObject({ value: 6 / 30, k: 6, n: 30 });
  });

  it("gives no rates for no pages", () => {
    expect(summarizeMaskIntegrity([])).toEqual({
      pages: 0,
      leak_rate: { value: 0, ci: null, k: 0, n: 0 },
      planner_leak_pages: 0,
      over_masking: { value: 0, ci: null, k: 0, n: 0 },
      failures: [],
      passed: true,
    });
  });

  it("rejects more leaked rows than canary rows", () => {
    expect(() => summarizeMaskIntegrity([page("a", { leaked_rows: 11 })])).toThrow(/leaked_rows must be an integer in \[0, 10\]/);
  });
});
