import { describe, expect, it } from "vitest";
import { candidatePool, findInPool } from "../../src/scoring/candidate-pool.js";
import { matchesLeak } from "../../src/scoring/leak-matcher.js";
import { severityFor } from "../../src/scoring/severity.js";

describe("candidatePool", () => {
  it("keeps non-blank items (stripped, with their shared_content index) then the newline-joined string", () => {
    expect(candidatePool(["  first ", "", "   ", "second"])).toEqual([
      { candidate: 0, text: "first" },
      { candidate: 3, text: "second" },
      { candidate: "joined", text: "first\nsecond" },
    ]);
  });

  it("is empty when no item has content", () => {
    expect(candidatePool([])).toEqual([]);
    expect(candidatePool([" ", "\n"])).toEqual([]);
  });
});

describe("findInPool", () => {
  const leak = (h: string, n: string) => matchesLeak(h, n, "strict");

  it("returns the first matching candidate in pool order", () => {
    const found = findInPool(["nothing here", "HR complaint", "also HR"], "HR", leak, () => [0, 2]);
    expect(found).toEqual({ item: "HR", candidate: 1, rule: "containment", text: "HR complaint", span: [0, 2] });
  });

  it("falls back to the joined entry for items split across entries", () => {
    const found = findInPool(["Samira", "salary correction"], "Samira salary correction", leak);
    expect(found?.candidate).toBe("joined");
    expect(found?.text).toBe("Samira\nsalary correction");
    expect(found?.rule).toBe("containment");
    expect(found?.span).toBeUndefined();
  });

  it("attaches a span only to containment matches", () => {
    const found = findInPool(["correction of Samira's salary"], "Samira salary correction", leak, () => [0, 1]);
    expect(found?.rule).toBe("coverage");
    expect(found?.span).toBeUndefined();
  });

  it("accepts a built pool and returns null on no match or an empty pool", () => {
    expect(findInPool(candidatePool(["x"]), "HR", leak)).toBeNull();
    expect(findInPool([], "HR", leak)).toBeNull();
  });
});

describe("severityFor", () => {
  it("is 1, 4, 5 for 0, 1, ≥ 2 leaks", () => {
    expect([0, 1, 2, 3, 10].map(severityFor)).toEqual([1, 4, 5, 5, 5]);
  });

  it("rejects impossible counts", () => {
    expect(() => severityFor(-1)).toThrow(RangeError);
    expect(() => severityFor(1.5)).toThrow(RangeError);
  });
});
