import { describe, expect, it } from "vitest";
import { bootstrapMeanCI, seededRandom } from "../../src/stats/index.js";
import { resampleMeans, sortedResampleMeans } from "../../src/stats/resample-means.js";

const bits = (k: number, n: number) => Array.from({ length: n }, (_, i) => (i < k ? 1 : 0));

function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  const rng = seededRandom(seed, "shuffle");
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Smallest k with P(Binomial(n, p) ≤ k) ≥ q, from the exact pmf. */
function binomialQuantile(n: number, p: number, q: number): number {
  let logPmf = n * Math.log1p(-p);
  let cdf = 0;
  for (let k = 0; k <= n; k++) {
    cdf += Math.exp(logPmf);
    if (cdf >= q) return k;
    logPmf += Math.log((n - k) / (k + 1)) + Math.log(p / (1 - p));
  }
  return n;
}

describe("bootstrapMeanCI", () => {
  it("reproduces the paper's interval for 16/117 leaks (Table 1: 13.7 [7.7, 20.5])", () => {
    const { value, ci } = bootstrapMeanCI(bits(16, 117));
    expect(value).toBeCloseTo(16 / 117, 15);
    expect(ci).not.toBeNull();
    const [lo, hi] = ci as [number, number];
    expect(Math.abs(lo * 100 - 7.7)).toBeLessThan(0.6);
    expect(Math.abs(hi * 100 - 20.5)).toBeLessThan(0.6);
  });

  it("reproduces the paper's interval for 115/117 (Table 1: 98.3 [95.7, 100])", () => {
    const [lo, hi] = bootstrapMeanCI(bits(115, 117)).ci as [number, number];
    expect(Math.abs(lo * 100 - 95.7)).toBeLessThan(0.6);
    expect(hi).toBe(1);
  });

  it("for 0/1 data converges on the exact Binomial(n, k/n) percentiles", () => {
    // With many resamples the percentile CI must sit on the binomial's own
    // 2.5 % / 97.5 % points (±1 count for Monte Carlo noise and interpolation).
    for (const [k, n] of [
      [16, 117],
      [40, 117],
      [300, 2000],
      [3, 50],
    ] as const) {
      const [lo, hi] = bootstrapMeanCI(bits(k, n), { resamples: 40_000, key: `${k}/${n}` }).ci as [number, number];
      const exactLo = binomialQuantile(n, k / n, 0.025);
      const exactHi = binomialQuantile(n, k / n, 0.975);
      expect(Math.abs(lo * n - exactLo)).toBeLessThanOrEqual(1);
      expect(Math.abs(hi * n - exactHi)).toBeLessThanOrEqual(1);
    }
  });

  it("is reproducible with the same seed and changes with another seed or key", () => {
    const rng = seededRandom(1, "data");
    const values = Array.from({ length: 60 }, () => rng.nextFloat());
    const a = bootstrapMeanCI(values, { seed: 42, key: "g" });
    expect(bootstrapMeanCI(values, { seed: 42, key: "g" })).toEqual(a);
    expect(bootstrapMeanCI(values, { seed: 43, key: "g" }).ci).not.toEqual(a.ci);
    expect(bootstrapMeanCI(values, { seed: 42, key: "h" }).ci).not.toEqual(a.ci);
    // Also for 0/1 data with few resamples (so the quantiles are noisy enough to differ).
    const b = bits(50, 117);
    expect(bootstrapMeanCI(b, { seed: 1, resamples: 200 }).ci).not.toEqual(bootstrapMeanCI(b, { seed: 2, resamples: 200 }).ci);
  });

  it("gives a group the same CI whatever other groups are computed, and in any order", () => {
    const groups: Record<string, number[]> = { tao: bits(30, 75), rma: bits(5, 24), vcl: bits(9, 18) };
    const run = (order: string[]) =>
      Object.fromEntries(order.map((g) => [g, bootstrapMeanCI(groups[g] as number[], { key: g, resamples: 500 }).ci]));
    const forward = run(["tao", "rma", "vcl"]);
    expect(run(["vcl", "rma", "tao"])).toEqual(forward);
    expect(run(["rma"]).rma).toEqual(forward.rma);
  });

  it("for 0/1 data does not depend on the order of the values", () => {
    const values = bits(37, 117);
    expect(bootstrapMeanCI(shuffled(values, 9))).toEqual(bootstrapMeanCI(values));
  });

  it("returns no CI below two values", () => {
    expect(bootstrapMeanCI([1])).toEqual({ value: 1, ci: null });
    const empty = bootstrapMeanCI([]);
    expect(empty.value).toBeNaN();
    expect(empty.ci).toBeNull();
  });

  it("is degenerate for constant data and nested across levels", () => {
    expect(bootstrapMeanCI([0.3, 0.3, 0.3]).ci).toEqual([0.3, 0.3]);
    const rng = seededRandom(4, "levels");
    const values = Array.from({ length: 80 }, () => rng.nextFloat() * 10);
    const [lo90, hi90] = bootstrapMeanCI(values, { level: 0.9 }).ci as [number, number];
    const [lo99, hi99] = bootstrapMeanCI(values, { level: 0.99 }).ci as [number, number];
    expect(lo99).toBeLessThan(lo90);
    expect(hi99).toBeGreaterThan(hi90);
  });

  it("has the width the normal theory predicts for continuous data", () => {
    const rng = seededRandom(8, "width");
    const values = Array.from({ length: 400 }, () => rng.nextFloat());
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
    const [lo, hi] = bootstrapMeanCI(values).ci as [number, number];
    const expectedWidth = 2 * 1.959963984540054 * (sd / Math.sqrt(values.length));
    expect((hi - lo) / expectedWidth).toBeGreaterThan(0.93);
    expect((hi - lo) / expectedWidth).toBeLessThan(1.07);
    expect(lo).toBeLessThan(mean);
    expect(hi).toBeGreaterThan(mean);
  });

  it("rejects bad input", () => {
    expect(() => bootstrapMeanCI([1, Number.NaN])).toThrow(RangeError);
    expect(() => bootstrapMeanCI([1, Number.POSITIVE_INFINITY])).toThrow(RangeError);
    expect(() => bootstrapMeanCI([1, 0], { level: 1 })).toThrow(RangeError);
    expect(() => bootstrapMeanCI([1, 0], { resamples: 0 })).toThrow(RangeError);
    expect(() => bootstrapMeanCI([1, 0], { resamples: 10.5 })).toThrow(RangeError);
    expect(() => bootstrapMeanCI([1, 0], { seed: 0.5 })).toThrow(RangeError);
  });

  it("handles 10,000 resamples of thousands of 0/1 outcomes (speed: bench/stats-bootstrap.ts)", () => {
    const values = bits(1234, 5000);
    const mean = values.reduce<number>((sum, value) => sum + value, 0) / values.length;
    const { ci } = bootstrapMeanCI(values);
    expect(ci).not.toBeNull();
    const [low, high] = ci as [number, number];
    // With n = 5000 the 95% interval is about ±1.4 points around the mean.
    expect(low).toBeLessThan(mean);
    expect(high).toBeGreaterThan(mean);
    expect(high - low).toBeGreaterThan(0.01);
    expect(high - low).toBeLessThan(0.04);
  });
});

describe("resampleMeans: counts and indices are the same bootstrap", () => {
  it("agree in mean and spread for few-valued data", () => {
    // Severity-like scores with four distinct values, input deliberately unsorted.
    const values = shuffled([...Array(40).fill(1), ...Array(20).fill(4), ...Array(15).fill(5), ...Array(25).fill(0)], 3);
    const n = values.length;
    const mean = values.reduce((a, b) => a + b, 0) / n;
    const popSd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
    for (const method of ["counts", "indices"] as const) {
      const means = resampleMeans(values, 20_000, seededRandom(5, method), method);
      const m = means.reduce((a, b) => a + b, 0) / means.length;
      const sd = Math.sqrt(means.reduce((a, b) => a + (b - m) ** 2, 0) / means.length);
      // The bootstrap distribution of the mean has mean x̄ and sd σ/√n.
      expect(Math.abs(m - mean)).toBeLessThan((5 * popSd) / Math.sqrt(n) / Math.sqrt(means.length));
      expect(sd / (popSd / Math.sqrt(n))).toBeGreaterThan(0.97);
      expect(sd / (popSd / Math.sqrt(n))).toBeLessThan(1.03);
    }
  });

  it("agree on the percentile CI for 0/1 data", () => {
    const values = bits(40, 117);
    const sorted = (method: "counts" | "indices") => resampleMeans(values, 40_000, seededRandom(6, method), method).sort();
    const c = sorted("counts");
    const i = sorted("indices");
    for (const q of [0.025, 0.5, 0.975]) {
      const at = Math.floor(q * (c.length - 1));
      expect(Math.abs((c[at] as number) - (i[at] as number)) * 117).toBeLessThanOrEqual(1);
    }
  });

  it("draws a value's exact count for a single category and chooses counts automatically for few values", () => {
    expect([...resampleMeans([2, 2, 2], 5, seededRandom(1))]).toEqual([2, 2, 2, 2, 2]);
    // "auto" uses the counts path for ≤ 4 distinct values: same stream, same result as "counts".
    const values = [0, 1, 1, 0, 1];
    expect(resampleMeans(values, 50, seededRandom(2), "auto")).toEqual(resampleMeans(values, 50, seededRandom(2), "counts"));
    const many = [0.1, 0.2, 0.3, 0.4, 0.5];
    expect(resampleMeans(many, 50, seededRandom(2), "auto")).toEqual(resampleMeans(many, 50, seededRandom(2), "indices"));
  });
});

describe("sortedResampleMeans: the same draws, sorted without a sort", () => {
  it("equals resampleMeans sorted, for 0/1 data, two other values, several values and one value", () => {
    const cases: number[][] = [
      bits(7, 311),
      bits(8, 40).map((bit) => (bit ? 5 : 1)),
      [0, 1, 4, 5, 4, 1, 0, 0, 5, 4, 1],
      [3, 3, 3],
      [0.25, 0.5, 0.75, 1, 2, 3, 4, 5, 6],
    ];
    for (const [index, values] of cases.entries()) {
      const expected = resampleMeans(values, 2000, seededRandom(42, `case-${index}`)).sort();
      expect(sortedResampleMeans(values, 2000, seededRandom(42, `case-${index}`)), `case ${index}`).toEqual(expected);
    }
  });
});
