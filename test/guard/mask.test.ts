import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { subtractRects, unionArea } from "../../src/guard/geometry/rect-set.js";
import {
  buildMaskWithRetries,
  type CapturedPageInput,
  guardPage,
  isMasked,
  MaskBuildError,
  MaskUnavailableError,
  paintMask,
  type Rect,
  RuleSetError,
  takenCapture,
} from "../../src/guard/index.js";
import { composeMask } from "../../src/guard/mask/compose-mask.js";
import { doc, el, filler, makePage, type NodeSpec, txt } from "./synthetic-page.js";

const note = "test region";

describe("rectangle sets", () => {
  it("subtracts exactly and returns disjoint rectangles", () => {
    const out = subtractRects(
      [[0, 0, 10, 10]],
      [
        [2, 2, 3, 3],
        [4, 4, 10, 10],
      ],
    );
    expect(unionArea(out)).toBe(100 - 9 - 36 + 1);
    let sum = 0;
    for (const rect of out) sum += rect[2] * rect[3];
    expect(sum).toBe(unionArea(out));
  });
  it("merges vertically adjacent bands", () => {
    expect(
      subtractRects(
        [
          [0, 0, 100, 50],
          [0, 50, 100, 50],
        ],
        [],
      ),
    ).toEqual([[0, 0, 100, 100]]);
  });
});

describe("composeMask and isMasked", () => {
  it("masks the content root except revealed rectangles minus their losses", () => {
    const mask = composeMask({
      screen: { width: 100, height: 100 },
      masked: [[0, 0, 100, 100]],
      revealed: [{ rowId: "r", rect: [10, 10, 20, 10], minus: [[25, 10, 10, 10]] }],
    });
    expect(isMasked(mask, 12, 12)).toBe(false);
    expect(isMasked(mask, 24.9, 19.9)).toBe(false);
    expect(isMasked(mask, 25, 12)).toBe(true);
    expect(isMasked(mask, 5, 5)).toBe(true);
    expect(isMasked(mask, 30, 10)).toBe(true);
    expect(unionArea(mask)).toBe(100 * 100 - 15 * 10);
  });
  it("treats points outside the screenshot and non-numbers as masked when the screen is given", () => {
    expect(isMasked([], -1, 5, { width: 10, height: 10 })).toBe(true);
    expect(isMasked([], 10, 5, { width: 10, height: 10 })).toBe(true);
    expect(isMasked([], Number.NaN, 5)).toBe(true);
    expect(isMasked([], -0.5, 5)).toBe(true);
    expect(isMasked([], 5, 5, { width: 10, height: 10 })).toBe(false);
  });
});

describe("overlap: the mask wins over unrelated branches", () => {
  const trustedButton = (extra: NodeSpec[], buttonPaint: number | null = 10) =>
    makePage(
      doc([
        el("toolbar", { key: "bar", cls: "actions", box: [0, 0, 400, 40], paint: 5 }, [
          el("button", { key: "btn", box: [0, 0, 100, 40], paint: buttonPaint }, [
            txt("Reply", [10, 10, 60, 20], { key: "reply", paint: buttonPaint }),
          ]),
        ]),
        ...extra,
        filler(4),
      ]),
    );
  const rules = [{ ancestor_path: [{ role: "toolbar", class: "actions" }], verdict: "trusted" as const, note: "post actions" }];

  it("shows a trusted row that nothing covers", () => {
    const result = guardPage(trustedButton([]), rules);
    expect(isMasked(result.mask, 15, 15)).toBe(false);
    expect(isMasked(result.mask, 80, 15)).toBe(true); // the button's own padding is not a row
  });

  it("masks untrusted text drawn over a trusted button by absolute positioning, whatever the paint order", () => {
    for (const paint of [1, 20, null]) {
      const result = guardPage(
        trustedButton([el("generic", { box: [0, 500, 300, 30] }, [txt("Click here now", [30, 12, 50, 10], { key: "over", paint })])]),
        rules,
      );
      expect(result.rows.find((row) => row.nodeId === "reply")!.verdict).toBe("trusted");
      expect(isMasked(result.mask, 35, 15)).toBe(true);
      expect(isMasked(result.mask, 15, 15)).toBe(false);
    }
  });

  it("ignores untrusted content scrolled out of its container (off-screen) whose box lies over a trusted row", () => {
    // A message list scrolled down: earlier messages keep boxes above the list, over the toolbar, but paint nothing there.
    const scrolled = (offscreen: boolean) =>
      guardPage(
        trustedButton([el("generic", { box: [0, 60, 300, 100] }, [txt("Earlier message", [10, 12, 60, 20], { key: "gone", offscreen })])]),
        rules,
      );
    expect(isMasked(scrolled(true).mask, 15, 15)).toBe(false);
    expect(isMasked(scrolled(false).mask, 15, 15)).toBe(true);
  });

  it("masks aria-hidden drawn content over a trusted row (ignored leaves are drawn content)", () => {
    const result = guardPage(trustedButton([el("generic", { ignored: true, box: [40, 10, 20, 20], paint: 1 })]), rules);
    expect(isMasked(result.mask, 45, 15)).toBe(true);
  });

  it("lets a trusted row painted over an untrusted container keep its pixels, but not one painted under it", () => {
    const wrapper = (paint: number | null) =>
      el("generic", { key: "wrap", box: [0, 0, 1280, 800], paint }, [txt("ugc", [600, 600, 20, 20])]);
    expect(isMasked(guardPage(trustedButton([wrapper(1)]), rules).mask, 15, 15)).toBe(false);
    expect(isMasked(guardPage(trustedButton([wrapper(50)]), rules).mask, 15, 15)).toBe(true);
    expect(isMasked(guardPage(trustedButton([wrapper(null)]), rules).mask, 15, 15)).toBe(true);
    expect(isMasked(guardPage(trustedButton([wrapper(1)], null), rules).mask, 15, 15)).toBe(true);
  });

  it("never lets an ancestor win: a trusted row inside an untrusted container keeps its own pixels", () => {
    const page = makePage(
      doc([
        el("article", { key: "post", box: [0, 0, 800, 400], paint: 99 }, [
          txt("I am untrusted", [0, 0, 200, 20], { key: "ugc" }),
          el("button", { cls: "vote", box: [0, 300, 80, 30], paint: 1 }, [txt("Upvote", [5, 305, 60, 20], { key: "up", paint: 1 })]),
        ]),
        filler(6),
      ]),
    );
    const result = guardPage(page, [{ ancestor_path: [{ role: "article" }], verdict: "trusted", note, own_role: "button" }]);
    expect(result.rows.find((row) => row.nodeId === "up")!.verdict).toBe("trusted");
    expect(isMasked(result.mask, 10, 310)).toBe(false);
    expect(isMasked(result.mask, 10, 5)).toBe(true);
  });

  it("reveals copy back a row and stay subject to overlap", () => {
    const page = makePage(
      doc([txt("masked name", [0, 0, 100, 20], { key: "name" }), txt("over it", [50, 0, 100, 20], { key: "cover" }), filler(4)]),
    );
    const result = guardPage(page, [], { reveals: ["name"] });
    expect(isMasked(result.mask, 10, 10)).toBe(false);
    expect(isMasked(result.mask, 60, 10)).toBe(true);
    expect(result.rows.find((row) => row.nodeId === "name")!.verdict).toBe("untrusted");
  });

  it("snaps revealed boxes inward and masked boxes outward", () => {
    const page = makePage(
      doc([el("generic", { cls: "safe", box: [0, 0, 400, 100] }, [txt("Trusted label", [10.5, 10.5, 20, 10])]), filler(4)]),
    );
    const result = guardPage(page, [{ ancestor_path: [{ role: "section", class: "safe" }], verdict: "trusted", note }]);
    expect(isMasked(result.mask, 10.9, 15)).toBe(true);
    expect(isMasked(result.mask, 11, 15)).toBe(false);
    expect(isMasked(result.mask, 29.9, 15)).toBe(false);
    expect(isMasked(result.mask, 30, 15)).toBe(true);
  });
});

describe("mask build failures", () => {
  const good = makePage(doc([txt("hello world", [0, 0, 50, 20])]));
  it.each<[string, CapturedPageInput, MaskBuildError["reason"]]>([
    ["no tree", { ...good, nodes: [] }, "no-tree"],
    ["unparsable tree", { ...good, nodes: [{ ...good.nodes[0]!, parentId: "ghost" }] }, "unparsable-tree"],
    ["failed alignment", makePage(doc([]), { alignmentOk: false }), "failed-alignment"],
    ["no content root", makePage(el("generic", { box: [0, 0, 10, 10] })), "no-content-root"],
  ])("%s → MaskBuildError", (_name, page, reason) => {
    expect(() => guardPage(page, [])).toThrow(MaskBuildError);
    try {
      guardPage(page, []);
    } catch (error) {
      expect((error as MaskBuildError).reason).toBe(reason);
    }
  });
});

async function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
}

describe("paintMask", () => {
  it("paints exactly F black and leaves every other pixel alone", async () => {
    const F: Rect[] = [
      [2, 3, 4, 2],
      [10, 0, 1, 1],
    ];
    const out = await paintMask(await solidPng(16, 8), F);
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 16; x++) {
        const p = (y * 16 + x) * info.channels;
        const black = data[p] === 0 && data[p + 1] === 0 && data[p + 2] === 0;
        expect(black, `pixel ${x},${y}`).toBe(isMasked(F, x, y));
      }
    }
  });
  it("refuses a screenshot that does not match the capture geometry", async () => {
    await expect(paintMask(await solidPng(10, 10), [], { width: 20, height: 10 })).rejects.toThrow(/screenshot-mismatch/);
  });
});

describe("buildMaskWithRetries", () => {
  const page = makePage(doc([txt("hello world", [0, 0, 50, 20]), filler(2)]), { viewport: { width: 64, height: 32 } });

  it("retries three times, then throws and never returns a screenshot", async () => {
    let calls = 0;
    const png = await solidPng(64, 32);
    const failing = async () => {
      calls++;
      return { page: { ...page, alignment: { ok: false } }, screenshot: png };
    };
    await expect(buildMaskWithRetries(takenCapture(failing), [])).rejects.toBeInstanceOf(MaskUnavailableError);
    expect(calls).toBe(4);
  });

  it("recovers when a later capture succeeds, and paints the mask", async () => {
    let calls = 0;
    const png = await solidPng(64, 32);
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new Error("CDP session closed");
      if (calls === 2) return { page, screenshot: await solidPng(32, 32) };
      return { page, screenshot: png };
    };
    const failures: string[] = [];
    const out = await buildMaskWithRetries(takenCapture(flaky), [], { onAttemptFailed: (error) => failures.push(error.message) });
    expect(calls).toBe(3);
    expect(failures).toEqual([expect.stringMatching(/capture-failed.*CDP session closed/), expect.stringMatching(/screenshot-mismatch/)]);
    const { data } = await sharp(out.png).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 0, 0]);
  });

  it("throws a bad rule set at once instead of retrying", async () => {
    let calls = 0;
    const png = await solidPng(64, 32);
    await expect(
      buildMaskWithRetries(
        takenCapture(async () => {
          calls++;
          return { page, screenshot: png };
        }),
        [{ ancestor_path: [] }],
      ),
    ).rejects.toBeInstanceOf(RuleSetError);
    expect(calls).toBe(1);
  });
});
