import { describe, expect, it } from "vitest";
import { shadowOutset } from "../../src/guard/capture/snapshot-index.js";

describe("shadowOutset: how far a computed box-shadow paints beyond its box (left, top, right, bottom)", () => {
  it("is null for none, and grows by spread and blur, shifted by the offsets", () => {
    expect(shadowOutset("none")).toBeNull();
    expect(shadowOutset("")).toBeNull();
    expect(shadowOutset("rgb(255, 0, 0) 0px 0px 0px 40px")).toEqual([40, 40, 40, 40]);
    expect(shadowOutset("rgba(0, 0, 0, 0.5) 10px -4px 6px 0px")).toEqual([0, 10, 16, 2]);
  });

  it("takes the farthest of several shadows, and an inset one paints inside only", () => {
    expect(shadowOutset("rgb(1, 2, 3) 100px 0px 0px 0px, rgb(4, 5, 6) -50px 20px 0px 5px")).toEqual([55, 0, 100, 25]);
    expect(shadowOutset("rgb(0, 0, 0) 0px 0px 30px 10px inset")).toEqual([0, 0, 0, 0]);
  });
});
