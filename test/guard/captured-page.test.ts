import { describe, expect, it } from "vitest";
import { screenshotSize } from "../../src/guard/captured-page.js";
import { CapturedPageSchema } from "../../src/guard/index.js";
import { normaliseRole } from "../../src/guard/roles.js";
import { doc, el, makePage, txt } from "./synthetic-page.js";

const base = () => makePage(doc([el("generic", { key: "a", box: [0, 0, 10, 10] }, [txt("hi", [0, 0, 5, 5], { key: "t" })])]));

describe("CapturedPageSchema", () => {
  it("accepts a hand-written capture and fills defaults", () => {
    const page = CapturedPageSchema.parse({
      url: "https://x.example/",
      viewport: { width: 100, height: 50 },
      alignment: { ok: true },
      nodes: [{ id: "r", parentId: null, role: "document_web", rawRole: "RootWebArea", box: null }],
    });
    expect(page.nodes[0]).toMatchObject({ classes: [], name: "", ignored: false, frameId: "main", paintOrder: null });
    expect(page.devicePixelRatio).toBe(1);
    expect(screenshotSize({ viewport: { width: 100, height: 50 }, devicePixelRatio: 2 })).toEqual({ width: 200, height: 100 });
  });

  const broken: Array<[string, (page: ReturnType<typeof base>) => void, RegExp]> = [
    [
      "duplicate ids",
      (p) => {
        p.nodes[2]!.id = "a";
        p.nodes[1]!.childIds = ["a"];
      },
      /duplicate node id "a"/,
    ],
    [
      "unknown parent",
      (p) => {
        p.nodes[2]!.parentId = "zz";
      },
      /parent "zz" is not in the capture/,
    ],
    [
      "two roots",
      (p) => {
        p.nodes[1]!.parentId = null;
        p.nodes[0]!.childIds = [];
      },
      /exactly one root/,
    ],
    [
      "childIds disagree",
      (p) => {
        p.nodes[1]!.childIds = ["nope"];
      },
      /childIds \[nope\] disagree/,
    ],
    [
      "cycle",
      (p) => {
        p.nodes[1]!.parentId = "t";
        p.nodes[0]!.childIds = [];
        p.nodes[2]!.childIds = ["a"];
      },
      /not reachable from the root/,
    ],
    [
      "unknown key",
      (p) => {
        (p.nodes[1] as Record<string, unknown>).colour = "red";
      },
      /colour/,
    ],
    [
      "bad box",
      (p) => {
        p.nodes[1]!.box = [0, 0, -1, 5];
      },
      /too_small|>=0|greater/i,
    ],
    [
      // Zod 4's number refuses infinities itself; this pins it now that no refine repeats the check.
      "an infinite coordinate",
      (p) => {
        p.nodes[1]!.box = [Number.POSITIVE_INFINITY, 0, 5, 5];
      },
      /nodes\.1\.box\.0 .*Infinity/,
    ],
    [
      "focused node missing",
      (p) => {
        p.focusedNodeId = "ghost";
      },
      /focused node "ghost"/,
    ],
  ];
  it("accepts childIds that list the children in another order than `nodes`", () => {
    const page = makePage(
      doc([el("list", { key: "l" }, [txt("one", [0, 0, 10, 10], { key: "x" }), txt("two", [0, 10, 10, 10], { key: "y" })])]),
    );
    const list = page.nodes.find((node) => node.childIds?.length === 2)!;
    list.childIds = [...(list.childIds ?? [])].reverse();
    expect(CapturedPageSchema.safeParse(page).success).toBe(true);
  });

  it.each(broken)("refuses %s", (_name, mutate, message) => {
    const page = base();
    mutate(page);
    const result = CapturedPageSchema.safeParse(page);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("\n")).toMatch(message);
  });
});

describe("normaliseRole", () => {
  it.each([
    ["RootWebArea", "document_web"],
    ["navigation", "landmark"],
    ["banner", "landmark"],
    ["StaticText", "text"],
    ["generic", "section"],
    ["searchbox", "textbox"],
    ["gridcell", "cell"],
    ["image", "img"],
    ["Iframe", "frame"],
    ["video", "media"],
    ["paragraph", "other"],
  ])("%s → %s", (raw, role) => expect(normaliseRole(raw)).toBe(role));
});
