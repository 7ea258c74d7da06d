import { describe, expect, it } from "vitest";
import { AnswerConstraintSchema, enumOptionsProblem } from "../../../src/guard/agent/values/answer-constraint.js";
import { CURRENCY_CODES, currencyForSign, minorUnitDigits, SIGN_CANDIDATES } from "../../../src/guard/agent/values/currency-codes.js";
import { CURRENCY_SIGNS } from "../../../src/guard/capacity/grammars.js";

describe("the answer constraint's schema", () => {
  it("accepts the empty constraint and every member together", () => {
    expect(AnswerConstraintSchema.safeParse({}).success).toBe(true);
    const full = {
      min: 0,
      max: 10,
      precision: 2,
      decimalSeparator: ",",
      currencies: ["EUR"],
      options: ["delivered", "in transit"],
      ecosystem: "pypi",
      script: "Latin",
    };
    expect(AnswerConstraintSchema.parse(full)).toEqual(full);
  });

  it.each([
    ["an unknown member", { maxLength: 3 }],
    ["min above max", { min: 5, max: 4 }],
    ["an infinite bound", { max: Number.POSITIVE_INFINITY }],
    ["a fractional precision", { precision: 1.5 }],
    ["a negative precision", { precision: -1 }],
    ["a currency outside ISO 4217", { currencies: ["BTC"] }],
    ["a lower-case currency code", { currencies: ["usd"] }],
    ["an empty currency list", { currencies: [] }],
    ["eleven enum options", { options: ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11"] }],
    ["an unknown ecosystem", { ecosystem: "cargo" }],
    ["an unknown script", { script: "Klingon" }],
    ["a decimal separator other than . and ,", { decimalSeparator: "'" }],
  ])("refuses %s", (_, constraint) => {
    expect(AnswerConstraintSchema.safeParse(constraint).success).toBe(false);
  });
});

describe("enum options", () => {
  it.each([
    [["delivered", "in transit", "returned"]],
    [["red", "green", "blue"]],
    [["open", "closed", "merged"]],
    [["low", "medium", "high", "critical"]],
    [["left", "right"]],
    [["north", "south", "east", "west"]],
    [["a", "b", "c", "d", "f"]],
    [["import", "export"]],
  ])("accepts %j", (options) => {
    expect(enumOptionsProblem(options)).toBeNull();
  });

  it.each([
    [["yes", "no"]],
    [["Yes", "No", "Maybe"]],
    [["true", "false"]],
    [["TRUE", "other"]],
    [["present", "absent"]],
    [["on", "off"]],
    [["on", "off", "auto"]],
    [["enabled", "disabled"]],
    [["visible", "hidden"]],
    [["checked", "unchecked"]],
    [["valid", "invalid"]],
    [["active", "inactive"]],
    [["agree", "disagree"]],
    [["found", "not found"]],
    [["is shown", "isn't shown"]],
    [["is shown", "is hidden"]],
    [["has errors", "has no errors"]],
    [["passed", "failed", "skipped"]],
    [["y", "n"]],
    [["0", "1"]],
    [["ok", "cancelled"]],
  ])("refuses boolean-like %j", (options) => {
    expect(enumOptionsProblem(options)).toMatch(/boolean-like/);
  });

  it("refuses no options, one option and more than ten", () => {
    expect(enumOptionsProblem([])).toMatch(/needs options/);
    expect(enumOptionsProblem(["delivered"])).toMatch(/single option/);
    expect(enumOptionsProblem(Array.from({ length: 11 }, (_, i) => `tier ${i + 1}`))).toMatch(/at most 10/);
    expect(enumOptionsProblem(Array.from({ length: 10 }, (_, i) => `tier ${i + 1}`))).toBeNull();
  });

  it("refuses options that are equal after normalisation (case, spacing, NFC)", () => {
    expect(enumOptionsProblem(["Delivered", "delivered"])).toMatch(/same/);
    expect(enumOptionsProblem(["in  transit", "In Transit "])).toMatch(/same/);
    expect(enumOptionsProblem(["caf\u00e9", "cafe\u0301"])).toMatch(/same/);
  });

  it("refuses empty options and options with invisible characters", () => {
    expect(enumOptionsProblem(["red", "  "])).toMatch(/empty/);
    expect(enumOptionsProblem(["red", "gr\u200Been"])).toMatch(/invisible/);
  });
});

describe("currency codes", () => {
  it("holds distinct three-letter upper-case codes and no fund, metal or test code", () => {
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    for (const code of CURRENCY_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
    for (const code of ["XAU", "XAG", "XTS", "XXX", "XDR", "USN", "CLF", "BOV"]) expect(CURRENCY_CODES).not.toContain(code);
  });

  it("knows every code the node runtime knows as a currency, less the excluded kinds", () => {
    const excluded = new Set(["XDR", "XSU", "XUA", "XTS", "XXX", "XAG", "XAU", "XPD", "XPT", "XBA", "XBB", "XBC", "XBD"]);
    const runtime = Intl.supportedValuesOf("currency").filter((code) => !excluded.has(code));
    expect(runtime.filter((code) => !(CURRENCY_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it("reads exactly the capacity grammars' currency signs", () => {
    expect(Object.keys(SIGN_CANDIDATES).sort()).toEqual([...CURRENCY_SIGNS].sort());
  });

  it("resolves a sign only when one candidate is left", () => {
    expect(currencyForSign("€", undefined)).toBe("EUR");
    expect(currencyForSign("€", ["USD"])).toBeNull();
    expect(currencyForSign("$", undefined)).toBeNull();
    expect(currencyForSign("$", ["USD"])).toBe("USD");
    expect(currencyForSign("$", ["USD", "EUR"])).toBe("USD");
    expect(currencyForSign("$", ["USD", "CAD"])).toBeNull();
    expect(currencyForSign("$", ["BRL"])).toBeNull();
    expect(currencyForSign("¥", undefined)).toBeNull();
    expect(currencyForSign("¥", ["JPY"])).toBe("JPY");
    expect(currencyForSign("¢", ["USD"])).toBeNull();
    expect(currencyForSign("₿", undefined)).toBeNull();
    expect(currencyForSign("toString", undefined)).toBeNull();
  });

  it("gives ISO's minor units", () => {
    expect([minorUnitDigits("USD"), minorUnitDigits("JPY"), minorUnitDigits("KWD"), minorUnitDigits("IQD")]).toEqual([2, 0, 3, 3]);
  });
});
