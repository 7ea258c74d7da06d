import { describe, expect, it } from "vitest";
import {
  combiningMarkOutset,
  filterOutset,
  outlineOutset,
  reflectOutset,
  textEffectOutset,
  UNBOUNDED_OUTSET,
} from "../../src/guard/capture/paint-outset.js";

describe("paint outsets (left, top, right, bottom): how far an effect paints beyond the box", () => {
  it("filter: drop-shadow moves by its offsets and spreads three deviations; blur spreads; functions add up", () => {
    expect(filterOutset("none")).toBeNull();
    expect(filterOutset("opacity(0.5) grayscale(1)")).toEqual([0, 0, 0, 0]);
    expect(filterOutset("drop-shadow(rgb(0, 0, 0) 0px -120px 0px)")).toEqual([0, 120, 0, 0]);
    expect(filterOutset("drop-shadow(rgba(0, 0, 0, 0.5) 10px 4px 2px)")).toEqual([0, 2, 16, 10]);
    expect(filterOutset("blur(2px)")).toEqual([6, 6, 6, 6]);
    expect(filterOutset("blur(1px) drop-shadow(rgb(0, 0, 0) 0px -50px 0px)")).toEqual([3, 53, 3, 3]);
  });

  it("filter: an SVG reference may move pixels anywhere", () => {
    const out = filterOutset('url("#up")');
    expect(out).toEqual([UNBOUNDED_OUTSET, UNBOUNDED_OUTSET, UNBOUNDED_OUTSET, UNBOUNDED_OUTSET]);
  });

  it("text shadows take the farthest shadow per side; a stroke reaches its miter joins", () => {
    expect(textEffectOutset("none", "0px")).toBeNull();
    expect(textEffectOutset("rgb(0, 0, 0) 0px -70px 0px, rgb(1, 2, 3) 5px 0px 2px", "0px")).toEqual([0, 70, 7, 2]);
    expect(textEffectOutset("none", "10px")).toEqual([40, 40, 40, 40]);
  });

  it("a reflection reaches two box sizes plus its offset on its side; an outline its width plus offset", () => {
    expect(reflectOutset("none", 100, 30)).toBeNull();
    expect(reflectOutset("above 0px", 100, 30)).toEqual([0, 60, 0, 0]);
    expect(reflectOutset("right 5px linear-gradient(transparent, white)", 100, 30)).toEqual([0, 0, 205, 0]);
    expect(outlineOutset("none", "3px", "0px")).toBeNull();
    expect(outlineOutset("solid", "0px", "80px")).toBeNull();
    expect(outlineOutset("solid", "10px", "85px")).toEqual([95, 95, 95, 95]);
    expect(outlineOutset("dotted", "3px", "-10px")).toEqual([3, 3, 3, 3]);
  });

  it("stacked combining marks reach half an em per mark of the longest run; plain text none", () => {
    expect(combiningMarkOutset("plain text, déjà vu", 20)).toBeNull();
    expect(combiningMarkOutset("e\u0301 a\u0301\u0302\u0303", 20)).toEqual([10, 30, 10, 30]);
  });
});
