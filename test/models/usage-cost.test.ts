import { describe, expect, it } from "vitest";
import { addUsage, emptyUsageTotals, estimateCost } from "../../src/models/index.js";

describe("usage and cost", () => {
  it("prices tokens per million", () => {
    expect(estimateCost({ input_tokens: 2_000_000, output_tokens: 500_000 }, { input_per_mtok: 0.4, output_per_mtok: 1.6 })).toBeCloseTo(
      1.6,
      12,
    );
  });

  it("sums calls, keeps cached calls free and counts unpriced ones", () => {
    let totals = emptyUsageTotals();
    totals = addUsage(totals, { usage: { input_tokens: 100, output_tokens: 10 }, cached: false, cost_usd: 0.5 });
    totals = addUsage(totals, { usage: { input_tokens: 100, output_tokens: 10 }, cached: true, cost_usd: 0 });
    totals = addUsage(totals, { usage: { input_tokens: 1, output_tokens: 1 }, cached: false });
    expect(totals).toEqual({ calls: 3, cached_calls: 1, input_tokens: 201, output_tokens: 21, cost_usd: 0.5, unpriced_calls: 1 });
  });
});
