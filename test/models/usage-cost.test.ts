import { describe, expect, it } from "vitest";
import { addUsage, estimateCost, NO_USAGE, oneCallUsage, UsageSchema } from "../../src/models/index.js";

describe("usage and cost", () => {
  it("prices tokens per million", () => {
    expect(estimateCost({ input_tokens: 2_000_000, output_tokens: 500_000 }, { input_per_mtok: 0.4, output_per_mtok: 1.6 })).toBeCloseTo(
      1.6,
      12,
    );
  });

  it("sums calls field by field and keeps cached calls free", () => {
    let total = { ...NO_USAGE };
    total = addUsage(total, oneCallUsage({ input_tokens: 100, output_tokens: 10 }, false, 0.5));
    total = addUsage(total, oneCallUsage({ input_tokens: 100, output_tokens: 10 }, true, 0.5));
    total = addUsage(total, oneCallUsage({ input_tokens: 1, output_tokens: 1 }, false));
    expect(total).toEqual({ calls: 3, cached_calls: 1, input_tokens: 201, output_tokens: 21, cost_usd: 0.5 });
    expect(UsageSchema.parse(total)).toEqual(total);
  });

  it("has no cost until a call has a price, and never mutates its inputs", () => {
    const unpriced = oneCallUsage({ input_tokens: 3, output_tokens: 4 }, false);
    expect(unpriced).not.toHaveProperty("cost_usd");
    const sum = addUsage(NO_USAGE, unpriced);
    expect(sum).not.toHaveProperty("cost_usd");
    expect(NO_USAGE).toEqual({ calls: 0, cached_calls: 0, input_tokens: 0, output_tokens: 0 });
    expect(addUsage(sum, oneCallUsage({ input_tokens: 0, output_tokens: 0 }, false, 0.25)).cost_usd).toBe(0.25);
  });
});
