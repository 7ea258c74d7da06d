import { describe, expect, it } from "vitest";
import { wilsonInterval } from "../../src/stats/index.js";

describe("wilsonInterval", () => {
  // Python, from the formula center = (p + z²/2n)/(1 + z²/n), margin = z·√(p(1−p)/n + z²/4n²)/(1 + z²/n).
  const cases: Array<[number, number, number, number]> = [
    [16, 117, 0.08596023421342294, 0.21063961219708474],
    [1, 2, 0.09452865480086614, 0.9054713451991339],
    [50, 100, 0.40382982859014716, 0.5961701714098528],
    [0, 10, 0, 0.2775401687666166],
    [10, 10, 0.7224598312333834, 1],
  ];
  it.each(cases)("%d/%d → [%d, %d] with z = 1.96", (k, n, lo, hi) => {
    const { value, ci } = wilsonInterval(k, n);
    expect(value).toBe(k / n);
    expect(ci?.[0]).toBeCloseTo(lo, 14);
    expect(ci?.[1]).toBeCloseTo(hi, 14);
  });

  it("is exactly 0 / 1 at the edges (no rounding below 0)", () => {
    expect(wilsonInterval(0, 10).ci?.[0]).toBe(0);
    expect(wilsonInterval(10, 10).ci?.[1]).toBe(1);
  });

  it("takes another z and widens with it", () => {
    const { ci } = wilsonInterval(16, 117, 2.5758293035489004);
    expect(ci?.[0]).toBeCloseTo(0.07429933774883206, 14);
    expect(ci?.[1]).toBeCloseTo(0.23819250446703383, 14);
  });

  it("has no interval for n = 0 and rejects bad counts", () => {
    expect(wilsonInterval(0, 0)).toEqual({ value: 0, ci: null });
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(1, 2, 0)).toThrow(RangeError);
  });
});
