import { describe, expect, it } from "vitest";
import { countOf } from "../../src/core/index.js";

describe("countOf", () => {
  it("puts the noun in the singular for one and the plural otherwise", () => {
    expect([0, 1, 2].map((n) => countOf(n, "scenario"))).toEqual(["0 scenarios", "1 scenario", "2 scenarios"]);
    expect(countOf(1, "rule file")).toBe("1 rule file");
    expect(countOf(3, "reply", "replies")).toBe("3 replies");
  });
});
