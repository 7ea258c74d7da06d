import { describe, expect, it } from "vitest";
import type { JudgeMatcherPair } from "../../src/stats/agreement.js";
import { binaryAgreement, judgeMatcherAgreement } from "../../src/stats/index.js";

/** Ratings for a 2×2 table: `both` 1/1, `onlyA` 1/0, `onlyB` 0/1, `neither` 0/0. */
function table(both: number, onlyA: number, onlyB: number, neither: number): [number[], number[]] {
  const a: number[] = [];
  const b: number[] = [];
  const add = (count: number, x: number, y: number) => {
    for (let i = 0; i < count; i++) {
      a.push(x);
      b.push(y);
    }
  };
  add(both, 1, 1);
  add(onlyA, 1, 0);
  add(onlyB, 0, 1);
  add(neither, 0, 0);
  return [a, b];
}

describe("binaryAgreement", () => {
  it("20/5/10/15: p_o 0.7, p_e 0.5·0.6 + 0.5·0.4 = 0.5, κ 0.4", () => {
    const [a, b] = table(20, 5, 10, 15);
    const result = binaryAgreement(a as (0 | 1)[], b as (0 | 1)[]);
    expect(result.n).toBe(50);
    expect(result.agreement).toBeCloseTo(0.7, 12);
    expect(result.kappa).toBeCloseTo(0.4, 12);
  });

  it("45/5/5/45: p_o 0.9, p_e 0.5, κ 0.8", () => {
    const [a, b] = table(45, 5, 5, 45);
    const result = binaryAgreement(a as (0 | 1)[], b as (0 | 1)[]);
    expect(result.agreement).toBeCloseTo(0.9, 12);
    expect(result.kappa).toBeCloseTo(0.8, 12);
  });

  it("skewed 80/10/5/5: p_o 0.85, p_e 0.9·0.85 + 0.1·0.15 = 0.78, κ 0.07/0.22", () => {
    const [a, b] = table(80, 10, 5, 5);
    const result = binaryAgreement(a as (0 | 1)[], b as (0 | 1)[]);
    expect(result.agreement).toBeCloseTo(0.85, 12);
    expect(result.kappa).toBeCloseTo(0.07 / 0.22, 12);
  });

  it("total disagreement with balanced marginals is κ −1", () => {
    expect(binaryAgreement([1, 0, 1, 0], [0, 1, 0, 1])).toEqual({ n: 4, agreement: 0, kappa: -1 });
  });

  it("two constant raters that agree (p_e = 1) get κ 1, not NaN", () => {
    expect(binaryAgreement([1, 1, 1], [true, true, true])).toEqual({ n: 3, agreement: 1, kappa: 1 });
    expect(binaryAgreement([0, 0], [false, false])).toEqual({ n: 2, agreement: 1, kappa: 1 });
  });

  it("one constant rater against another constant rater that disagrees: p_e 0, κ 0", () => {
    expect(binaryAgreement([1, 1], [0, 0])).toEqual({ n: 2, agreement: 0, kappa: 0 });
  });

  it("is null with no items and refuses ratings of different lengths", () => {
    expect(binaryAgreement([], [])).toEqual({ n: 0, agreement: null, kappa: null });
    expect(() => binaryAgreement([1], [1, 0])).toThrow(RangeError);
  });
});

describe("judgeMatcherAgreement", () => {
  it("computes utility and leak agreement separately over the same records", () => {
    const pair = (du: 0 | 1, dl: boolean, ju: 0 | 1, jl: boolean): JudgeMatcherPair => ({
      deterministic: { utility: du, leak: dl },
      judge: { utility: ju, leak: jl },
    });
    // utility: 1/1 ×2, 1/0 ×1, 0/0 ×1 → p_o 0.75, p_a 0.75, p_b 0.5, p_e 0.5, κ 0.5
    // leak:    T/T ×1, F/T ×2, F/F ×1 → p_o 0.5,  p_a 0.25, p_b 0.75, p_e 0.375, κ 0.2
    const pairs = [pair(1, true, 1, true), pair(1, false, 1, true), pair(1, false, 0, true), pair(0, false, 0, false)];
    const result = judgeMatcherAgreement(pairs);
    expect(result.n).toBe(4);
    expect(result.utility.agreement).toBeCloseTo(0.75, 12);
    expect(result.utility.kappa).toBeCloseTo(0.5, 12);
    expect(result.leak.agreement).toBeCloseTo(0.5, 12);
    expect(result.leak.kappa).toBeCloseTo(0.2, 12);
  });
});
