import { describe, expect, it } from "vitest";
import { CapturedPageSchema } from "../../src/guard/index.js";
import { buildPageModel } from "../../src/guard/rows/page-model.js";
import { doc, el, makePage, type PageOptions, txt } from "./synthetic-page.js";

const model = (root: Parameters<typeof makePage>[0], options?: PageOptions) =>
  buildPageModel(CapturedPageSchema.parse(makePage(root, options)));

describe("rows and content roots", () => {
  it("makes rows of presentation leaves only, with ancestor records nearest first", () => {
    const m = model(
      doc([
        el("main", { key: "main", domId: "content", cls: "page wide", box: [0, 0, 800, 600] }, [
          el("paragraph", { key: "p", box: [10, 10, 300, 20] }, [txt("Hello", [10, 10, 40, 20], { key: "hello" })]),
          el("image", { key: "img", name: "avatar", box: [10, 40, 32, 32] }, [el("generic", { key: "inside-img", box: [10, 40, 5, 5] })]),
          el("textbox", { key: "input", name: "Search", text: "typed", box: [10, 80, 200, 24] }, [
            el("generic", { key: "editor", box: [12, 82, 190, 20] }, [txt("typed", [12, 82, 30, 20], { key: "typed" })]),
          ]),
          el("generic", { key: "ad-slot", cls: "ad", box: [600, 0, 200, 200] }),
          el("generic", { key: "zero", box: [0, 0, 0, 0] }),
          el("generic", { key: "no-box" }),
        ]),
      ]),
    );
    expect(m.rows.map((row) => row.id)).toEqual(["hello", "img", "input", "ad-slot"]);
    const hello = m.rows[0]!;
    expect(hello.ancestors.map((a) => a.nodeId)).toEqual(["p", "main", "root"]);
    expect(hello.ancestors[1]).toMatchObject({ role: "landmark", rawRole: "main", domId: "content", classes: "page wide" });
    expect(m.rows[2]!.strings).toEqual(["Search", "typed"]);
    expect(m.info.get("typed")?.foldedInto).toBe("input");
    expect(m.contentRoots).toHaveLength(1);
    expect(m.contentRoots[0]!.rect).toEqual([0, 0, 1280, 800]);
  });

  it("keeps ignored nodes out of rows but not their non-ignored children", () => {
    const m = model(
      doc([
        el("generic", { key: "hidden", ignored: true, box: [0, 0, 100, 100] }, [txt("shown", [0, 0, 30, 10], { key: "s" })]),
        el("generic", { key: "ignored-leaf", ignored: true, box: [0, 200, 50, 50] }),
      ]),
    );
    expect(m.rows.map((row) => row.id)).toEqual(["s"]);
    expect(m.rows[0]!.ancestors[0]!.nodeId).toBe("hidden");
  });

  it("follows the AX parent after aria-owns reparenting (the box stays where it is drawn)", () => {
    // The product grid is drawn at the bottom but aria-owned by a small disclaimer strip.
    const m = model(
      doc([
        el("generic", { key: "disclaimer", cls: "legal", box: [0, 0, 400, 20] }, [
          txt("Prices incl. VAT", [0, 0, 100, 20], { key: "legal-text" }),
          el("list", { key: "grid", box: [0, 500, 800, 300] }, [txt("Buy my thing", [0, 500, 100, 20], { key: "product" })]),
        ]),
      ]),
    );
    const product = m.rows.find((row) => row.id === "product")!;
    expect(product.ancestors.map((a) => a.nodeId)).toEqual(["grid", "disclaimer", "root"]);
  });

  it("turns an unreadable frame into one forced row and a child document into its own content root", () => {
    const m = model(
      doc([
        el("Iframe", { key: "opaque-frame", opaque: true, box: [0, 0, 300, 200] }),
        el("Iframe", { key: "frame", box: [400, 0, 300, 200] }, [
          el("RootWebArea", { key: "child-doc", frameId: "f1", box: [400, 0, 300, 200] }, [
            txt("inside", [410, 10, 50, 20], { key: "in" }),
          ]),
        ]),
      ]),
      { frames: [{ frameId: "f1", url: "https://ads.example/slot" }] },
    );
    expect(m.rows.find((row) => row.id === "opaque-frame")?.forced).toBe("opaque");
    expect(m.contentRoots.map((root) => [root.node.id, root.url])).toEqual([
      ["root", "https://forum.example/f/general/42/how-to-comment-in-vim"],
      ["child-doc", "https://ads.example/slot"],
    ]);
    const inside = m.rows.find((row) => row.id === "in")!;
    expect(inside.contentRootId).toBe("child-doc");
    expect(m.info.get("in")!.chain.map((node) => node.id)).toEqual(["child-doc", "in"]);
  });

  it("forces every row of a document without URL, and of truncated regions", () => {
    const noUrl = model(doc([txt("a", [0, 0, 10, 10])]), { url: null });
    expect(noUrl.rows[0]!.forced).toBe("no-url");
    const cut = model(
      doc([el("list", { key: "cut", truncated: true, box: [0, 0, 100, 100] }, [txt("kept child", [0, 0, 50, 10], { key: "kept" })])]),
    );
    expect(cut.rows.map((row) => [row.id, row.forced])).toEqual([["cut", "truncated"]]);
    expect(cut.info.get("kept")!.forced).toBe("truncated");
  });

  it("flags rows outside the screenshot as off-screen and resolves link targets", () => {
    const m = model(
      doc([el("link", { key: "l", href: "/f/general/43", box: [0, 900, 100, 20] }, [txt("next", [0, 900, 40, 20], { key: "next" })])]),
    );
    expect(m.rows[0]).toMatchObject({ offscreen: true, inLink: true, linkUrl: "https://forum.example/f/general/43" });
  });
});
