import { describe, expect, it } from "vitest";
import { linearQuantile } from "../../src/stats/index.js";

describe("linearQuantile (numpy's default 'linear' method)", () => {
  // Expected values from numpy 2.4: float(np.quantile(values, q)).
  const cases: Array<[number[], number, number]> = [
    [[1, 1, 2, 3, 4, 5, 6, 9], 0, 1],
    [[1, 1, 2, 3, 4, 5, 6, 9], 0.025, 1],
    [[1, 1, 2, 3, 4, 5, 6, 9], 0.25, 1.75],
    [[1, 1, 2, 3, 4, 5, 6, 9], 0.5, 3.5],
    [[1, 1, 2, 3, 4, 5, 6, 9], 0.7, 4.8999999999999995],
    [[1, 1, 2, 3, 4, 5, 6, 9], 0.975, 8.475000000000001],
    [[1, 1, 2, 3, 4, 5, 6, 9], 1, 9],
    [[0.1, 0.2], 0.025, 0.10250000000000001],
    [[0.1, 0.2], 0.1, 0.11000000000000001],
    [[0.1, 0.2], 0.5, 0.15000000000000002],
    [[0.1, 0.2], 0.7, 0.17],
    [[0.1, 0.2], 0.975, 0.1975],
    [[7.5], 0.975, 7.5],
  ];
  it.each(cases)("quantile of %j at %d is %d, bit for bit", (values, q, expected) => {
    expect(linearQuantile(Float64Array.from(values), q)).toBe(expected);
  });

  it("rejects empty input and q outside [0, 1]", () => {
    expect(() => linearQuantile([], 0.5)).toThrow(RangeError);
    expect(() => linearQuantile([1, 2], 1.5)).toThrow(RangeError);
    expect(() => linearQuantile([1, 2], Number.NaN)).toThrow(RangeError);
  });
});
