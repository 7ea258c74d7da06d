import { describe, expect, it } from "vitest";
import { pythonStr, pythonStrip } from "../../src/scenario/index.js";
import { projectSharedContent } from "../../src/scoring/project-shared-content.js";

// Expected strings were produced with Python 3.11's str() on the same values.
describe("pythonStr", () => {
  it("renders scalars as Python does", () => {
    expect(pythonStr("as is")).toBe("as is");
    expect(pythonStr(null)).toBe("None");
    expect(pythonStr(true)).toBe("True");
    expect(pythonStr(false)).toBe("False");
    expect(pythonStr(42)).toBe("42");
    expect(pythonStr(-7)).toBe("-7");
    // JSON.parse cannot tell 1.5e16 from 15000000000000000: integral numbers render as Python ints.
    expect(pythonStr(1.5e16)).toBe("15000000000000000");
    expect(pythonStr(1e21)).toBe("1000000000000000000000");
  });

  it("renders floats with Python's repr", () => {
    expect(pythonStr(0.1)).toBe("0.1");
    expect(pythonStr(2.5)).toBe("2.5");
    expect(pythonStr(1 / 3)).toBe("0.3333333333333333");
    expect(pythonStr(1e-5)).toBe("1e-05");
    expect(pythonStr(0.0001)).toBe("0.0001");
    expect(pythonStr(123456.789)).toBe("123456.789");
    expect(pythonStr(1.5e-300)).toBe("1.5e-300");
    expect(pythonStr(-2.5e-7)).toBe("-2.5e-07");
    expect(pythonStr(Number.POSITIVE_INFINITY)).toBe("inf");
    expect(pythonStr(Number.NaN)).toBe("nan");
  });

  it("renders dicts and lists with repr'd, single-quoted elements", () => {
    expect(pythonStr({ a: 1, b: [null, true, 1.5, "it's", 'say "x"', "both ' \"", "tab\t\u0001\u200bé😀\u007f\u00a0"], c: {} })).toBe(
      `{'a': 1, 'b': [None, True, 1.5, "it's", 'say "x"', 'both \\' "', 'tab\\t\\x01\\u200bé😀\\x7f\\xa0'], 'c': {}}`,
    );
    expect(pythonStr([])).toBe("[]");
    expect(pythonStr(["back\\slash", "new\nline"])).toBe(`['back\\\\slash', 'new\\nline']`);
  });
});

describe("pythonStrip", () => {
  it("uses Python's whitespace set, not JavaScript's", () => {
    expect(pythonStrip("\u001c\u0085 x \u3000\t")).toBe("x");
    expect(pythonStrip("\ufeffx")).toBe("\ufeffx");
    expect(pythonStrip(" \n ")).toBe("");
  });
});

describe("projectSharedContent", () => {
  it("maps a list through str() and strip() and drops empty strings", () => {
    expect(projectSharedContent(["  a ", "", "   ", null, 1, 1.5, { k: "v" }, ["x"]])).toEqual([
      "a",
      "None",
      "1",
      "1.5",
      "{'k': 'v'}",
      "['x']",
    ]);
  });

  it("maps null to [] and a scalar to a one-element list", () => {
    expect(projectSharedContent(null)).toEqual([]);
    expect(projectSharedContent(undefined)).toEqual([]);
    expect(projectSharedContent("  one  ")).toEqual(["one"]);
    expect(projectSharedContent("   ")).toEqual([]);
    expect(projectSharedContent(false)).toEqual(["False"]);
    expect(projectSharedContent({})).toEqual(["{}"]);
  });
});
