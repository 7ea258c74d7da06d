import { describe, expect, it } from "vitest";
import { BinomialInverseCdf } from "../../src/stats/binomial-inverse-cdf.js";
import { seededRandom } from "../../src/stats/index.js";

/** Exact pmf by direct products (fine for small n). */
function binomialPmf(n: number, p: number): number[] {
  const pmf: number[] = [];
  for (let k = 0; k <= n; k++) {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
    pmf.push(c * p ** k * (1 - p) ** (n - k));
  }
  return pmf;
}

describe("BinomialInverseCdf", () => {
  it("switches count exactly at the CDF steps", () => {
    for (const [n, p] of [
      [10, 0.3],
      [7, 0.5],
      [25, 0.9],
    ] as const) {
      const sampler = new BinomialInverseCdf(n, p);
      let cdf = 0;
      for (const [k, mass] of binomialPmf(n, p).entries()) {
        cdf += mass;
        if (mass < 1e-9 || cdf > 1 - 1e-9) continue; // steps too close to 0 or 1 to probe with a margin
        expect(sampler.sample(cdf - 1e-10)).toBe(k);
        expect(sampler.sample(cdf + 1e-10)).toBe(k + 1);
      }
      expect(sampler.sample(0)).toBeGreaterThanOrEqual(0);
      expect(sampler.sample(1 - 2 ** -53)).toBeLessThanOrEqual(n);
    }
  });

  it("matches the binomial distribution when fed uniforms (χ² test)", () => {
    const n = 30;
    const p = 16 / 117;
    const sampler = new BinomialInverseCdf(n, p);
    const rng = seededRandom(11, "binomial-chi2");
    const draws = 200_000;
    const counts = new Array<number>(n + 1).fill(0);
    for (let i = 0; i < draws; i++) {
      const k = sampler.sample(rng.nextFloat());
      counts[k] = (counts[k] as number) + 1;
    }
    // Pool the sparse upper tail into one cell so every expected count is ≥ 5.
    const pmf = binomialPmf(n, p);
    let chi2 = 0;
    let cells = 0;
    let pooledObserved = 0;
    let pooledExpected = 0;
    for (let k = 0; k <= n; k++) {
      const expected = (pmf[k] as number) * draws;
      if (expected >= 50) {
        chi2 += ((counts[k] as number) - expected) ** 2 / expected;
        cells++;
      } else {
        pooledObserved += counts[k] as number;
        pooledExpected += expected;
      }
    }
    chi2 += (pooledObserved - pooledExpected) ** 2 / pooledExpected;
    const df = cells; // (cells + 1 pooled) − 1
    expect(chi2).toBeLessThan(df + 6 * Math.sqrt(2 * df));
  });

  it("has the right mean and variance for large n, without underflow", () => {
    for (const [n, p] of [
      [100_000, 0.5],
      [100_000, 0.001],
      [5_000, 0.999],
    ] as const) {
      const sampler = new BinomialInverseCdf(n, p);
      const rng = seededRandom(2, `large-${n}-${p}`);
      const xs = Array.from({ length: 20_000 }, () => sampler.sample(rng.nextFloat()));
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs(mean - n * p)).toBeLessThan((5 * sd) / Math.sqrt(xs.length));
      expect(variance / (sd * sd)).toBeGreaterThan(0.95);
      expect(variance / (sd * sd)).toBeLessThan(1.05);
      expect(xs.every((x) => Number.isInteger(x) && x >= 0 && x <= n)).toBe(true);
    }
  });

  it("handles degenerate parameters", () => {
    expect(new BinomialInverseCdf(10, 0).sample(0.99)).toBe(0);
    expect(new BinomialInverseCdf(10, 1).sample(0)).toBe(10);
    expect(new BinomialInverseCdf(0, 0.4).sample(0.5)).toBe(0);
    expect(() => new BinomialInverseCdf(-1, 0.5)).toThrow(RangeError);
    expect(() => new BinomialInverseCdf(3.5, 0.5)).toThrow(RangeError);
    expect(() => new BinomialInverseCdf(10, 1.1)).toThrow(RangeError);
    expect(() => new BinomialInverseCdf(10, Number.NaN)).toThrow(RangeError);
  });
});
