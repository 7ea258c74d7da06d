import { describe, expect, it } from "vitest";
import { mcnemarExactTest, pairedComparison, seededRandom, wilsonInterval } from "../../src/stats/index.js";

describe("mcnemarExactTest", () => {
  // Hand-computed: 2·Σ_{i ≤ min} C(m, i) / 2^m, capped at 1.
  it.each([
    [0, 5, 0.0625], // 2 · 1/32
    [1, 9, 0.021484375], // 2 · 11/1024
    [3, 0, 0.25], // 2 · 1/8
    [2, 8, 0.109375], // 2 · 56/1024
    [5, 5, 1], // 2 · 638/1024 > 1 → capped
    [0, 0, 1], // no discordant pairs: no evidence
  ])("b01 = %d, b10 = %d → p = %d", (b01, b10, p) => {
    expect(mcnemarExactTest(b01, b10)).toBeCloseTo(p, 14);
  });

  it("matches exact big-integer sums for many pairs (Python math.comb)", () => {
    expect(mcnemarExactTest(10, 20)).toBeCloseTo(0.09873714670538902, 13);
    expect(mcnemarExactTest(500, 600) / 0.0028195449914364275).toBeCloseTo(1, 10);
    expect(mcnemarExactTest(1500, 1400) / 0.06598734966518381).toBeCloseTo(1, 10);
  });

  it("is symmetric and rejects bad counts", () => {
    expect(mcnemarExactTest(4, 11)).toBe(mcnemarExactTest(11, 4));
    expect(() => mcnemarExactTest(-1, 3)).toThrow(RangeError);
    expect(() => mcnemarExactTest(1.5, 3)).toThrow(RangeError);
  });
});

describe("pairedComparison", () => {
  it("counts discordant pairs and takes b − a", () => {
    const a = [1, 1, 0, 0, 0, 1, 0, 1];
    const b = [1, 0, 1, 1, 1, 1, 0, 1];
    const r = pairedComparison(a as Array<0 | 1>, b as Array<0 | 1>, { resamples: 1000 });
    expect(r).toMatchObject({ n: 8, b01: 3, b10: 1, mean_a: 4 / 8, mean_b: 6 / 8, difference: 2 / 8 });
    expect(r.p_value).toBeCloseTo(0.625, 14); // 2 · (1 + 4)/16
  });

  it("accepts booleans and mixes them with 0/1", () => {
    const r = pairedComparison([true, false, 1, 0], [false, false, 1, true], { resamples: 100 });
    expect(r).toMatchObject({ b01: 1, b10: 1, difference: 0, p_value: 1 });
  });

  it("pairs per-scenario rates: the sign of each scenario's difference feeds the exact test", () => {
    // Three scenarios, epochs averaged: b is higher on two, lower on one, equal on none.
    const r = pairedComparison([0.5, 0, 1], [1, 0.25, 0.75], { resamples: 500 });
    expect(r).toMatchObject({ n: 3, b01: 2, b10: 1, p_value: 1 });
    expect(r.difference).toBeCloseTo((0.5 + 0.25 - 0.25) / 3, 14);
    const [low, high] = r.ci as [number, number];
    expect(low).toBeLessThan(r.difference);
    expect(high).toBeGreaterThan(r.difference);
  });

  it("throws a clear error when the arrays are not aligned", () => {
    expect(() => pairedComparison([1, 0, 1], [1, 0])).toThrow(/a has 3 results and b has 2/);
  });

  it("rejects values that are not rates or booleans", () => {
    expect(() => pairedComparison([1, 2] as Array<0 | 1>, [1, 0])).toThrow(/a\[1\] must be a number in \[0, 1\] or a boolean/);
    expect(() => pairedComparison([Number.NaN], [1])).toThrow(/a\[0\]/);
    expect(() => pairedComparison([1, 0], [1, undefined] as unknown as Array<0 | 1>)).toThrow(/b\[1\]/);
  });

  it("gives a degenerate CI [d, d] when every pair differs by the same amount", () => {
    expect(pairedComparison(Array(30).fill(0), Array(30).fill(1)).ci).toEqual([1, 1]);
    expect(pairedComparison(Array(30).fill(1), Array(30).fill(0)).ci).toEqual([-1, -1]);
    const same = [1, 0, 0, 1, 1, 0, 1];
    const r = pairedComparison(same as Array<0 | 1>, same as Array<0 | 1>);
    expect(r.ci).toEqual([0, 0]);
    expect(r.p_value).toBe(1);
  });

  it("has a CI containing the true difference, with the paired standard error's width", () => {
    // 200 scenarios: 90 both succeed, 50 both fail, 40 only b, 20 only a → d = 20/200 = 0.10.
    const a: Array<0 | 1> = [];
    const b: Array<0 | 1> = [];
    const push = (x: 0 | 1, y: 0 | 1, times: number) => {
      for (let i = 0; i < times; i++) {
        a.push(x);
        b.push(y);
      }
    };
    push(1, 1, 90);
    push(0, 0, 50);
    push(0, 1, 40);
    push(1, 0, 20);
    const r = pairedComparison(a, b);
    expect(r.difference).toBeCloseTo(0.1, 15);
    const [lo, hi] = r.ci as [number, number];
    expect(lo).toBeLessThan(0.1);
    expect(hi).toBeGreaterThan(0.1);
    // Paired SE of the mean difference: sd(d)/√n with d ∈ {−1, 0, 1}.
    const meanSq = (40 + 20) / 200;
    const se = Math.sqrt(meanSq - 0.1 ** 2) / Math.sqrt(200);
    expect((hi - lo) / (2 * 1.959963984540054 * se)).toBeGreaterThan(0.9);
    expect((hi - lo) / (2 * 1.959963984540054 * se)).toBeLessThan(1.1);
    expect(lo).toBeGreaterThan(0); // 40 vs 20 discordant is a real difference…
    expect(r.p_value).toBeLessThan(0.05); // …and McNemar agrees
  });

  it("is narrower than comparing two unpaired intervals when the agents agree on most scenarios", () => {
    const rng = seededRandom(3, "paired-data");
    const a = Array.from({ length: 117 }, () => (rng.nextFloat() < 0.5 ? 1 : 0) as 0 | 1);
    const b = a.map((x) => (rng.nextFloat() < 0.1 ? ((1 - x) as 0 | 1) : x));
    const [lo, hi] = pairedComparison(a, b).ci as [number, number];
    const wa = wilsonInterval(a.filter((x) => x === 1).length, 117).ci as [number, number];
    const wb = wilsonInterval(b.filter((x) => x === 1).length, 117).ci as [number, number];
    const unpairedWidth = Math.sqrt((wa[1] - wa[0]) ** 2 + (wb[1] - wb[0]) ** 2);
    expect(hi - lo).toBeLessThan(unpairedWidth / 2);
  });

  it("is reproducible, seeded and keyed", () => {
    const rng = seededRandom(4, "paired-seed");
    const a = Array.from({ length: 60 }, () => (rng.nextFloat() < 0.4 ? 1 : 0) as 0 | 1);
    const b = Array.from({ length: 60 }, () => (rng.nextFloat() < 0.6 ? 1 : 0) as 0 | 1);
    const opts = { resamples: 300, seed: 1, key: "m1-vs-m2" };
    const first = pairedComparison(a, b, opts);
    expect(pairedComparison(a, b, opts)).toEqual(first);
    expect(pairedComparison(a, b, { ...opts, seed: 2 }).ci).not.toEqual(first.ci);
    expect(pairedComparison(a, b, { ...opts, key: "other" }).ci).not.toEqual(first.ci);
  });

  it("handles tiny inputs", () => {
    const one = pairedComparison([0], [1]);
    expect(one).toMatchObject({ n: 1, difference: 1, ci: null, b01: 1, b10: 0, p_value: 1 });
    const none = pairedComparison([], []);
    expect(none.n).toBe(0);
    expect(none.difference).toBeNaN();
    expect(none.ci).toBeNull();
    expect(none.p_value).toBe(1);
  });
});
