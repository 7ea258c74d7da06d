import { describe, expect, it } from "vitest";
import { pairedMinimumDetectableDifference } from "../../src/stats/index.js";
import { normalCdf, normalQuantile } from "../../src/stats/normal-distribution.js";

describe("pairedMinimumDetectableDifference", () => {
  it("returns the difference at which McNemar's normal approximation reaches the target power", () => {
    const n = 117;
    const discordance = 0.3;
    const delta = pairedMinimumDetectableDifference(n, discordance) as number;
    const z = normalQuantile(0.975);
    const power = normalCdf((delta * Math.sqrt(n) - z * Math.sqrt(discordance)) / Math.sqrt(discordance - delta * delta));
    expect(power).toBeCloseTo(0.8, 9);
  });

  it("needs a larger difference when the arms disagree more often, and a smaller one with more pairs", () => {
    const low = pairedMinimumDetectableDifference(117, 0.1) as number;
    const high = pairedMinimumDetectableDifference(117, 0.4) as number;
    expect(low).toBeLessThan(high);
    expect(pairedMinimumDetectableDifference(468, 0.4) as number).toBeLessThan(high);
    // Small discordance, many pairs: δ ≈ (z_α + z_β)·√(ψ/n) when δ² ≪ ψ.
    expect(pairedMinimumDetectableDifference(10_000, 0.2) as number).toBeCloseTo(2.8016 * Math.sqrt(0.2 / 10_000), 4);
  });

  it("is null when even a difference as large as the discordance is not detectable, or when the arms never disagree", () => {
    expect(pairedMinimumDetectableDifference(8, 0.45)).toBeNull();
    expect(pairedMinimumDetectableDifference(100, 0)).toBeNull();
  });

  it("rejects bad parameters", () => {
    expect(() => pairedMinimumDetectableDifference(0, 0.3)).toThrow(RangeError);
    expect(() => pairedMinimumDetectableDifference(10, 1.5)).toThrow(RangeError);
    expect(() => pairedMinimumDetectableDifference(10, 0.3, { power: 1 })).toThrow(RangeError);
  });
});
