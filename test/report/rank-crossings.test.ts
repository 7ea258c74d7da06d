import { describe, expect, it } from "vitest";
import { compareRanks } from "../../src/report/charts/rank-crossings.js";

describe("compareRanks (Figure 13)", () => {
  const inputs = [
    { label: "D", utility: 0.5, engagedLeakage: 0.1 },
    { label: "A", utility: 0.9, engagedLeakage: 0.9 },
    { label: "C", utility: 0.5, engagedLeakage: 0.5 },
    { label: "B", utility: 0.8, engagedLeakage: 0.2 },
  ];

  it("ranks utility high-first and disclosure low-leakage-first, ties sharing the better rank", () => {
    const { entries } = compareRanks(inputs);
    const byLabel = Object.fromEntries(entries.map((entry) => [entry.label, entry]));
    expect([byLabel.A?.utilityRank, byLabel.B?.utilityRank, byLabel.C?.utilityRank, byLabel.D?.utilityRank]).toEqual([1, 2, 3, 3]);
    expect([byLabel.A?.disclosureRank, byLabel.B?.disclosureRank, byLabel.C?.disclosureRank, byLabel.D?.disclosureRank]).toEqual([
      4, 2, 3, 1,
    ]);
    // Drawing positions break the C/D utility tie by label, so no two lines start at one point.
    expect([byLabel.C?.utilityPosition, byLabel.D?.utilityPosition]).toEqual([3, 4]);
  });

  it("counts crossing pairs and the correlation by hand", () => {
    const result = compareRanks(inputs);
    // A crosses B, C and D; B crosses D; B–C agree; C–D tie on utility and cannot cross.
    expect(result.crossings).toBe(4);
    expect(result.comparablePairs).toBe(5);
    // Σdxdy = 0.1225, Σdx² = 0.1275, Σdy² = 0.3875.
    expect(result.pearson).toBeCloseTo(0.1225 / Math.sqrt(0.1275 * 0.3875), 12);
    expect(result.spearman).not.toBeNull();
  });

  it("has no correlation below three rows or without spread", () => {
    expect(compareRanks(inputs.slice(0, 2)).pearson).toBeNull();
    expect(compareRanks(inputs.map((input) => ({ ...input, utility: 0.5 }))).pearson).toBeNull();
  });
});
