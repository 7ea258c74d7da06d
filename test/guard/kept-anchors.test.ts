import { describe, expect, it } from "vitest";
import { judgePage } from "../../src/guard/guard-page.js";
import { doc, el, filler, makePage, txt } from "./synthetic-page.js";

const note = "site navigation";
const navRule = [{ ancestor_path: [{ role: "navigation", class: "top" }], verdict: "trusted", note }];
const names = (page: ReturnType<typeof makePage>, rules: unknown) =>
  judgePage(page, rules)
    .anchors.map((anchor) => `${anchor.node.rawRole}:${anchor.node.name || anchor.node.text}`)
    .sort();

describe("the second render's anchors", () => {
  it("keeps a granted container whose whole subtree is trusted as one anchor for all its rows", () => {
    const page = makePage(
      doc([
        el("navigation", { cls: "top", box: [0, 0, 300, 20] }, [
          el("link", { box: [0, 0, 50, 20] }, [txt("Home", [0, 0, 50, 20])]),
          el("link", { box: [60, 0, 50, 20] }, [txt("About", [60, 0, 50, 20])]),
        ]),
        filler(6),
      ]),
    );
    expect(names(page, navRule)).toEqual(["navigation:"]);
    const anchor = judgePage(page, navRule).anchors[0]!;
    expect(anchor.shown).toHaveLength(2);
  });

  it("keeps rows one by one when anything in the container is not trusted (an except, a frame)", () => {
    const withPromo = makePage(
      doc([
        el("navigation", { cls: "top", box: [0, 0, 300, 40] }, [
          el("link", { box: [0, 0, 50, 20] }, [txt("Home", [0, 0, 50, 20])]),
          el("generic", { cls: "promo", box: [0, 20, 300, 20] }, [txt("Sponsored", [0, 20, 100, 20])]),
        ]),
        filler(6),
      ]),
    );
    const except = [{ ...navRule[0]!, except: [{ role: "generic", class: "promo" }] }];
    expect(names(withPromo, except)).toEqual(["StaticText:Home"]);

    const withFrame = makePage(
      doc([
        el("navigation", { cls: "top", box: [0, 0, 300, 80] }, [
          el("link", { box: [0, 0, 50, 20] }, [txt("Home", [0, 0, 50, 20])]),
          el("Iframe", { box: [0, 30, 200, 50] }, [
            el("RootWebArea", { frameId: "f1", box: [0, 30, 200, 50] }, [txt("ad text", [0, 30, 60, 20])]),
          ]),
        ]),
        filler(6),
      ]),
      {
        frames: [
          { frameId: "main", url: "https://forum.example/" },
          { frameId: "f1", parentFrameId: "main", url: "https://ads.example/" },
        ],
      },
    );
    expect(names(withFrame, navRule)).toEqual(["StaticText:Home"]);
  });

  it("keeps rows released by an exception one by one, with their ancestors' paint to be flat", () => {
    const page = makePage(doc([el("article", { box: [0, 0, 300, 40] }, [txt("12 comments", [0, 0, 100, 20])]), filler(6)]));
    const anchors = judgePage(page, []).anchors;
    expect(anchors.map((anchor) => [anchor.node.name, anchor.ancestorPaint])).toEqual([["12 comments", "flat"]]);
  });
});
