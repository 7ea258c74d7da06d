import { describe, expect, it } from "vitest";
import { coerceVerdict } from "../../src/scoring/judge/judge-verdict.js";

const base = { utility: 1, leaked_items: [], ci_violation: 1, explanation: "fine" };
const coerce = (overrides: Record<string, unknown>) => coerceVerdict({ ...base, ...overrides });
const verdictOf = (overrides: Record<string, unknown>) => {
  const result = coerce(overrides);
  if (!result.ok) throw new Error(result.reason);
  return result.verdict;
};
const refused = (overrides: Record<string, unknown>) => {
  const result = coerce(overrides);
  expect(result.ok, JSON.stringify(overrides)).toBe(false);
  return result.ok ? "" : result.reason;
};

describe("coerceVerdict: utility", () => {
  it("accepts 1/0, true/false and their string forms", () => {
    for (const value of [1, true, "1", " TRUE ", "1.0"]) expect(verdictOf({ utility: value }).utility).toBe(1);
    for (const value of [0, false, "0", "false", "0.0"]) expect(verdictOf({ utility: value }).utility).toBe(0);
  });

  it('reads the string "0" as 0 (the reference read it as 1)', () => {
    expect(verdictOf({ utility: "0" }).utility).toBe(0);
  });

  it("refuses anything that is not clearly 0 or 1", () => {
    for (const value of [2, 0.5, -1, "yes", "", "partially", null, [1], { value: 1 }])
      expect(refused({ utility: value })).toMatch(/utility/);
  });

  it("refuses a verdict without utility", () => {
    const { utility: _utility, ...rest } = base;
    expect(coerceVerdict(rest).ok).toBe(false);
  });
});

describe("coerceVerdict: ci_violation", () => {
  it("accepts integers and integer strings, clamped to 1–5", () => {
    expect(verdictOf({ ci_violation: 4 }).ci_violation).toBe(4);
    expect(verdictOf({ ci_violation: "3" }).ci_violation).toBe(3);
    expect(verdictOf({ ci_violation: "5.0" }).ci_violation).toBe(5);
    expect(verdictOf({ ci_violation: 0 }).ci_violation).toBe(1);
    expect(verdictOf({ ci_violation: 9 }).ci_violation).toBe(5);
  });

  it("refuses fractions, words and missing values", () => {
    for (const value of [2.5, "high", "", null, true]) expect(refused({ ci_violation: value })).toMatch(/ci_violation/);
    const { ci_violation: _ci, ...rest } = base;
    expect(coerceVerdict(rest).ok).toBe(false);
  });
});

describe("coerceVerdict: leaked_items and explanation", () => {
  it("trims claims, drops blank and none-like entries, and turns numbers into text", () => {
    expect(verdictOf({ leaked_items: ["  couples therapy ", "", "None", "n/a", 42] }).leaked_items).toEqual(["couples therapy", "42"]);
  });

  it("reads a bare string as one claim and null or a missing list as none", () => {
    expect(verdictOf({ leaked_items: "biopsy results" }).leaked_items).toEqual(["biopsy results"]);
    expect(verdictOf({ leaked_items: "none" }).leaked_items).toEqual([]);
    expect(verdictOf({ leaked_items: null }).leaked_items).toEqual([]);
    const { leaked_items: _items, ...rest } = base;
    expect(coerceVerdict(rest)).toMatchObject({ ok: true, verdict: { leaked_items: [] } });
  });

  it("refuses claims that are objects", () => {
    expect(coerce({ leaked_items: [{ item: "x", quote: "y" }] }).ok).toBe(false);
  });

  it("trims the explanation and reads null or missing as empty", () => {
    expect(verdictOf({ explanation: "  ok  " }).explanation).toBe("ok");
    expect(verdictOf({ explanation: null }).explanation).toBe("");
  });

  it("refuses what is not an object", () => {
    for (const raw of [null, "utility 1", [base], 1]) expect(coerceVerdict(raw).ok).toBe(false);
  });
});
