import { describe, expect, it } from "vitest";
import { compareDecimals, decimalFromNumber, formatDecimal, parseDecimal } from "../../../src/guard/agent/values/decimal-number.js";

const text = (value: string, separator: "." | "," = ".", integerOnly = false) => {
  const decimal = parseDecimal(value, separator, integerOnly);
  return decimal === null ? null : formatDecimal(decimal);
};

describe("exact decimals", () => {
  it.each([
    ["1,234", ".", "1234"],
    ["1,234", ",", "1.234"],
    ["1.234.567", ",", "1234567"],
    ["1 234 567,25", ",", "1234567.25"],
    ["-0.000", ".", "0"],
    ["+007.50", ".", "7.5"],
    ["123456789012345678901234567890", ".", "123456789012345678901234567890"],
  ] as const)("reads %j with %j as %j", (value, separator, expected) => {
    expect(text(value, separator)).toBe(expected);
  });

  it.each([["1,23"], ["1,2345"], ["1,234 567"], ["12,34,567"], [".5"], ["5."], ["1e3"], ["１"], [" 1"], ["--1"], [""]])(
    "refuses %j",
    (value) => {
      expect(text(value)).toBeNull();
    },
  );

  it("refuses a written fraction when an integer is asked for, even .0", () => {
    expect(text("3.0", ".", true)).toBeNull();
    expect(text("1,234", ".", true)).toBe("1234");
  });

  it.each([
    [0, "0"],
    [-0, "0"],
    [1e-7, "0.0000001"],
    [-1.5e-10, "-0.00000000015"],
    [1e21, "1000000000000000000000"],
    [123.456, "123.456"],
    [0.1 + 0.2, "0.30000000000000004"],
  ])("writes the JSON number %d out exactly as %j", (value, expected) => {
    expect(formatDecimal(decimalFromNumber(value)!)).toBe(expected);
  });

  it("has no decimal for NaN or the infinities", () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(decimalFromNumber(value)).toBeNull();
  });

  it("compares digit by digit, beyond what a float holds", () => {
    const of = (value: string) => parseDecimal(value)!;
    expect(compareDecimals(of("100.0000000000000001"), of("100"))).toBe(1);
    expect(compareDecimals(of("-2"), of("-10"))).toBe(1);
    expect(compareDecimals(of("1.50"), of("1.5"))).toBe(0);
    expect(compareDecimals(of("-0.1"), of("0"))).toBe(-1);
    expect(compareDecimals(of("9007199254740993"), of("9007199254740992"))).toBe(1);
  });

  it("pads to a minimum of fraction digits without losing any", () => {
    expect(formatDecimal(parseDecimal("25")!, 2)).toBe("25.00");
    expect(formatDecimal(parseDecimal("3.499")!, 2)).toBe("3.499");
  });
});
