import { describe, expect, it } from "vitest";
import { cohenH, minimumDetectableDifference, sampleSizePerGroup, twoProportionPower } from "../../src/stats/index.js";
import { normalCdf } from "../../src/stats/normal-distribution.js";
import { minimumDetectableH } from "../../src/stats/power.js";

const Z_975 = 1.959963984540054;
const Z_80 = 0.8416212335729143;
const Z_95 = 1.6448536269514722;

describe("cohenH", () => {
  it("is 2·asin√p2 − 2·asin√p1", () => {
    expect(cohenH(0.5, 0.6)).toBeCloseTo(0.20135792079033066, 15);
    expect(cohenH(0.6, 0.5)).toBeCloseTo(-0.20135792079033066, 15);
    expect(cohenH(0, 1)).toBeCloseTo(Math.PI, 15);
    expect(cohenH(0.3, 0.3)).toBe(0);
    expect(() => cohenH(-0.1, 0.5)).toThrow(RangeError);
    expect(() => cohenH(0.5, Number.NaN)).toThrow(RangeError);
  });
});

describe("twoProportionPower", () => {
  it("p1 = .5 vs p2 = .6 with 385 per group has power ≈ 0.80 (Cohen's h method)", () => {
    // Python: NormalDist().cdf(h·√(385/2) − z) + NormalDist().cdf(−h·√(385/2) − z)
    expect(twoProportionPower(0.5, 0.6, 385)).toBeCloseTo(0.7977939459250347, 10);
  });

  it("matches Cohen's table: h = 0.2 needs 392 per group for power .80", () => {
    const p2 = Math.sin(Math.PI / 4 + 0.1) ** 2; // h = 0.2 from p1 = 0.5
    expect(cohenH(0.5, p2)).toBeCloseTo(0.2, 14);
    expect(twoProportionPower(0.5, p2, 392)).toBeCloseTo(0.7995568714356506, 10);
  });

  it("matches independently computed values for the paper's comparisons", () => {
    expect(twoProportionPower(0.65, 0.4, 117)).toBeCloseTo(0.9719706276041409, 10); // defense
    expect(twoProportionPower(0.14, 0.43, 50)).toBeCloseTo(0.9125682320605242, 10); // Opus S2A→E2E
  });

  it("equals alpha when there is no effect, is symmetric, and grows with n", () => {
    expect(twoProportionPower(0.4, 0.4, 100)).toBeCloseTo(0.05, 12);
    expect(twoProportionPower(0.4, 0.4, 100, 0.01)).toBeCloseTo(0.01, 12);
    expect(twoProportionPower(0.2, 0.35, 80)).toBeCloseTo(twoProportionPower(0.35, 0.2, 80), 14);
    expect(twoProportionPower(0.2, 0.35, 160)).toBeGreaterThan(twoProportionPower(0.2, 0.35, 80));
  });

  it("is lower than the reference's one-sample formula Φ(|h|·√n − z)", () => {
    const h = cohenH(0.65, 0.5);
    const reference = normalCdf(Math.abs(h) * Math.sqrt(117) - Z_975);
    const ours = twoProportionPower(0.65, 0.5, 117);
    // Python (statistics.NormalDist): 0.909191198559786 and 0.6444989740437852.
    expect(reference).toBeCloseTo(0.909191198559786, 10);
    expect(ours).toBeCloseTo(0.6444989740437852, 10);
    // Ours equals the reference's formula evaluated at n/2.
    expect(ours).toBeCloseTo(
      normalCdf(Math.abs(h) * Math.sqrt(117 / 2) - Z_975) + normalCdf(-Math.abs(h) * Math.sqrt(117 / 2) - Z_975),
      12,
    );
  });

  it("rejects bad parameters", () => {
    expect(() => twoProportionPower(0.5, 0.6, 0)).toThrow(RangeError);
    expect(() => twoProportionPower(0.5, 0.6, 100, 0)).toThrow(RangeError);
  });
});

describe("minimumDetectableDifference", () => {
  it("is √2 larger in the h scale than the reference's √n formula", () => {
    for (const n of [117, 50, 75, 24, 18]) {
      for (const [power, zPower] of [
        [0.8, Z_80],
        [0.95, Z_95],
      ] as const) {
        const referenceH = (Z_975 + zPower) / Math.sqrt(n); // scripts/13_power_analysis.py
        const ours = minimumDetectableDifference(0.65, n, { power }).h;
        expect(ours / referenceH).toBeCloseTo(Math.SQRT2, 12);
        expect(minimumDetectableH(n, 0.05, power)).toBe(ours);
      }
    }
  });

  it("S2A arm (baseline 0.65, 117 per group) matches independently computed p2", () => {
    // Python: h = (z.975 + z.80)/√(117/2); p2 = sin²(asin√.65 ± h/2)
    const at80 = minimumDetectableDifference(0.65, 117);
    expect(at80.h).toBeCloseTo(0.366290710157721, 12);
    expect(at80.up?.p2).toBeCloseTo(0.8108782344041965, 12);
    expect(at80.down?.p2).toBeCloseTo(0.469220445131463, 12);
    expect(at80.up?.delta).toBeCloseTo(0.8108782344041965 - 0.65, 12);
    expect(at80.down?.delta).toBeCloseTo(0.469220445131463 - 0.65, 12);
    const at95 = minimumDetectableDifference(0.65, 117, { power: 0.95 });
    expect(at95.h).toBeCloseTo(0.47130859856251844, 12);
    expect(at95.up?.p2).toBeCloseTo(0.8502155201970727, 12);
    expect(at95.down?.p2).toBeCloseTo(0.41707694339742374, 12);
    // The reference would have claimed 0.767 / 0.523 at power .80 — detectably smaller shifts than really are.
    expect(at80.up?.p2).toBeGreaterThan(0.7671584031073501);
    expect(at80.down?.p2).toBeLessThan(0.5228350589545726);
  });

  it("has the requested power at the detectable p2", () => {
    for (const power of [0.8, 0.95]) {
      const mde = minimumDetectableDifference(0.3, 200, { power });
      expect(twoProportionPower(0.3, mde.up?.p2 as number, 200)).toBeCloseTo(power, 5);
      expect(twoProportionPower(0.3, mde.down?.p2 as number, 200)).toBeCloseTo(power, 5);
    }
  });

  it("returns null for a direction that would leave [0, 1]", () => {
    const high = minimumDetectableDifference(0.98, 20);
    expect(high.up).toBeNull();
    expect(high.down).not.toBeNull();
    const zero = minimumDetectableDifference(0, 50);
    expect(zero.down).toBeNull();
    expect(zero.up?.p2).toBeGreaterThan(0);
  });
});

describe("sampleSizePerGroup", () => {
  it("is the smallest n reaching the power", () => {
    // Python: 2·((z.975 + z.80)/h)² = 387.17 for .5 vs .6
    const n = sampleSizePerGroup(0.5, 0.6);
    expect(n).toBe(388);
    expect(twoProportionPower(0.5, 0.6, n)).toBeGreaterThanOrEqual(0.8);
    expect(twoProportionPower(0.5, 0.6, n - 1)).toBeLessThan(0.8);
    expect(sampleSizePerGroup(0.5, 0.5)).toBe(Number.POSITIVE_INFINITY);
  });
});
