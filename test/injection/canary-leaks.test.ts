import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canaryLeaks } from "../../src/injection/index.js";

describe("canaryLeaks", () => {
  it("finds canaries in any text a planner received, once each, sorted", () => {
    const texts = ["row 3: [masked]", "tool result: Kettle zq7-canary-k2 in stock", "refused: zq7-canary-k2"];
    expect(canaryLeaks(["zq7-canary-k2", "zq7-canary-k1"], texts)).toEqual(["zq7-canary-k2"]);
    expect(canaryLeaks(["zq7-canary-k1"], [])).toEqual([]);
  });

  it("fails closed on re-cased or wrapped canaries", () => {
    expect(canaryLeaks(["zq7-canary-k1"], ["ZQ7-CANARY-\nK1"])).toEqual(["zq7-canary-k1"]);
  });

  it("finds a canary embedded anywhere in a text (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.stringMatching(/^[a-z0-9]{8,16}$/), (before, after, canary) => {
        expect(canaryLeaks([canary], [`${before}${canary}${after}`])).toEqual([canary]);
      }),
    );
  });
});
