import { describe, expect, it } from "vitest";
import { guardPage } from "../../src/guard/index.js";
import { doc, el, filler, makePage, txt } from "./synthetic-page.js";

const note = "site navigation";
const rules = [{ ancestor_path: [{ role: "navigation", id: "site-nav" }], verdict: "trusted", note }];
const verdictOf = (result: ReturnType<typeof guardPage>, text: string) => result.rows.find((row) => row.text === text)?.verdict;

describe("rules match the page as it is laid out", () => {
  it("an id names a container only while it is unique in its document", () => {
    const page = (shared: boolean) =>
      makePage(
        doc([
          el("navigation", { domId: "site-nav", idShared: shared, box: [0, 0, 400, 40] }, [
            el("link", { box: [10, 10, 60, 20] }, [txt("Home", [10, 10, 60, 20])]),
          ]),
          // A stranger's element carrying the same id, elsewhere on the page.
          el("navigation", { domId: "site-nav", idShared: shared, box: [0, 300, 400, 40] }, [
            el("link", { box: [10, 310, 200, 20] }, [txt("Claim your prize", [10, 310, 200, 20])]),
          ]),
          filler(6),
        ]),
      );
    // Unique ids (each capture says so): both match, as before.
    expect([verdictOf(guardPage(page(false), rules), "Home"), verdictOf(guardPage(page(false), rules), "Claim your prize")]).toEqual([
      "trusted",
      "trusted",
    ]);
    // Two elements with the trusted container's id: neither matches, both stay masked.
    const shared = guardPage(page(true), rules);
    expect([verdictOf(shared, "Home"), verdictOf(shared, "Claim your prize")]).toEqual(["untrusted", "untrusted"]);
  });

  it("an except signature still excludes an element whose id is shared", () => {
    const page = makePage(
      doc([
        el("navigation", { domId: "site-nav", box: [0, 0, 400, 80] }, [
          el("generic", { domId: "promo", idShared: true, box: [0, 40, 400, 40] }, [txt("Sponsored text", [10, 50, 200, 20])]),
          el("link", { box: [10, 10, 60, 20] }, [txt("Home", [10, 10, 60, 20])]),
        ]),
        filler(6),
      ]),
    );
    const result = guardPage(page, [{ ...rules[0]!, except: [{ role: "generic", id: "promo" }] }]);
    expect([verdictOf(result, "Home"), verdictOf(result, "Sponsored text")]).toEqual(["trusted", "untrusted"]);
  });

  it("aria-owns cannot lend a stranger's element the trusted container (gain)", () => {
    // The nav owns an element by id; a stranger's element elsewhere took that id first. In the
    // accessibility tree it hangs under the nav; in the layout it is in the comments, positioned
    // over the nav (so containment alone would not catch it).
    const page = makePage(
      doc([
        el("navigation", { key: "nav", domId: "site-nav", box: [0, 0, 400, 40] }, [
          el("link", { box: [10, 10, 60, 20] }, [txt("Home", [10, 10, 60, 20])]),
          el("generic", { key: "owned", box: [100, 10, 200, 20], layoutParent: "comments" }, [txt("Transfer now", [100, 10, 200, 20])]),
        ]),
        el("generic", { key: "comments", cls: "comments", box: [0, 280, 600, 200] }, []),
        filler(6),
      ]),
    );
    const result = guardPage(page, rules);
    expect([verdictOf(result, "Home"), verdictOf(result, "Transfer now")]).toEqual(["trusted", "untrusted"]);
  });

  it("aria-owns cannot take the trusted container away from its rows (steal)", () => {
    // A stranger's element owns the nav: in the accessibility tree the nav hangs under it.
    const page = makePage(
      doc([
        el("generic", { key: "wrapper", box: [0, 0, 1280, 800] }, [
          el("article", { key: "stranger", cls: "comment", box: [0, 300, 600, 60] }, [
            el("navigation", { key: "nav", domId: "site-nav", box: [0, 0, 400, 40], layoutParent: "wrapper" }, [
              el("link", { box: [10, 10, 60, 20] }, [txt("Home", [10, 10, 60, 20])]),
            ]),
          ]),
        ]),
        filler(6),
      ]),
    );
    // A rule whose path names the nav's layout ancestor still matches, and the stranger lends nothing.
    const pathRules = [{ ancestor_path: [{ role: "generic" }, { role: "navigation", id: "site-nav" }], verdict: "trusted", note }];
    expect(verdictOf(guardPage(page, pathRules), "Home")).toBe("trusted");
    const viaStranger = [{ ancestor_path: [{ role: "article", class: "comment" }, { role: "navigation" }], verdict: "trusted", note }];
    expect(verdictOf(guardPage(page, viaStranger), "Home")).toBe("untrusted");
  });
});
