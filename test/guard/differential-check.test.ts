import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { KeptOnlyRender, KeptRow } from "../../src/guard/capture/render-kept-only.js";
import type { Rect } from "../../src/guard/geometry/rect.js";
import { buildMaskWithRetries, type CaptureSource, isMasked, MaskUnavailableError } from "../../src/guard/index.js";
import { differingRows, unevenRows } from "../../src/guard/mask/differential-check.js";
import type { RawImage } from "../../src/guard/mask/raw-image.js";
import { doc, el, filler, makePage, txt } from "./synthetic-page.js";

function image(width: number, height: number, fill: (x: number, y: number) => number): RawImage {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const value = fill(x, y);
      data.writeUInt32LE(value >>> 0, (y * width + x) * 4);
    }
  return { data, width, height, channels: 4 };
}

const inside = ([x, y, w, h]: Rect, px: number, py: number) => px >= x && px < x + w && py >= y && py < y + h;

describe("differingRows", () => {
  it("reports exactly the rows whose shown pixels contain a changed pixel", () => {
    const W = 40;
    const H = 30;
    const rect = fc
      .tuple(
        fc.integer({ min: 0, max: W - 1 }),
        fc.integer({ min: 0, max: H - 1 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
      )
      .map(([x, y, w, h]): Rect => [x, y, Math.min(w, W - x), Math.min(h, H - y)]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        // Distinct bytes: two changes of one byte would cancel out.
        fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: W - 1 }), fc.integer({ min: 0, max: H - 1 }), fc.integer({ min: 0, max: 3 })), {
          maxLength: 6,
          selector: ([x, y, channel]) => `${x},${y},${channel}`,
        }),
        fc.array(fc.array(rect, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        (seed, changes, rows) => {
          const first = image(W, H, (x, y) => (seed ^ (x * 7919 + y * 104729)) >>> 0);
          const second: RawImage = { ...first, data: Buffer.from(first.data) };
          // One byte of the pixel changes (a channel), never the whole word only.
          for (const [x, y, channel] of changes) {
            const at = (y * W + x) * 4 + channel;
            second.data[at] = second.data[at]! ^ 0x5a;
          }
          const shown = rows.map((rects, i) => ({ rowId: `r${i}`, shown: rects }));
          const expected = shown
            .filter((row) => changes.some(([x, y]) => row.shown.some((r) => inside(r, x, y))))
            .map((row) => row.rowId)
            .sort();
          expect([...differingRows(first, second, shown)].sort()).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("compares against a second image that covers only an area: a shown pixel outside it differs", () => {
    const W = 40;
    const H = 30;
    fc.assert(
      fc.property(
        fc.tuple(
          fc.integer({ min: 0, max: 20 }),
          fc.integer({ min: 0, max: 15 }),
          fc.integer({ min: 1, max: 20 }),
          fc.integer({ min: 1, max: 15 }),
        ),
        fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: W - 1 }), fc.integer({ min: 0, max: H - 1 })), {
          maxLength: 4,
          selector: ([x, y]) => `${x},${y}`,
        }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: W - 1 }),
            fc.integer({ min: 0, max: H - 1 }),
            fc.integer({ min: 1, max: 10 }),
            fc.integer({ min: 1, max: 10 }),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        ([ax, ay, aw, ah], changes, rects) => {
          const first = image(W, H, (x, y) => x * 1000 + y);
          const area: Rect = [ax, ay, aw, ah];
          // The second render: the area of the first, with some pixels changed.
          const second = image(aw, ah, (x, y) =>
            changes.some(([cx, cy]) => cx === x + ax && cy === y + ay) ? 0xffffffff : (x + ax) * 1000 + (y + ay),
          );
          const rows = rects.map(([x, y, w, h], i) => ({
            rowId: `r${i}`,
            shown: [[x, y, Math.min(w, W - x), Math.min(h, H - y)] as Rect],
          }));
          const expected = rows
            .filter(({ shown: [rect] }) => {
              const [x, y, w, h] = rect!;
              const outside = x < ax || y < ay || x + w > ax + aw || y + h > ay + ah;
              return outside || changes.some(([cx, cy]) => inside(rect!, cx, cy));
            })
            .map((row) => row.rowId);
          expect([...differingRows(first, second, rows, area)].sort()).toEqual(expected.sort());
        },
      ),
      { numRuns: 300 },
    );
  });

  it("unevenRows: reports exactly the rows whose shown pixels are not all one colour", () => {
    const W = 30;
    const H = 20;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: W - 1 }), fc.integer({ min: 0, max: H - 1 })), { maxLength: 4 }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: W - 1 }),
            fc.integer({ min: 0, max: H - 1 }),
            fc.integer({ min: 1, max: 8 }),
            fc.integer({ min: 1, max: 8 }),
          ),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (dots, rects) => {
          // A flat fill with a few dots of another colour.
          const img = image(W, H, (x, y) => (dots.some(([dx, dy]) => dx === x && dy === y) ? 0xff0000ff : 0xfff0f0f0));
          const rows = rects.map(([x, y, w, h], i) => ({
            rowId: `r${i}`,
            shown: [[x, y, Math.min(w, W - x), Math.min(h, H - y)] as Rect],
          }));
          const expected = rows
            .filter((row) => {
              const [, , w, h] = row.shown[0]!;
              const dotted = new Set(dots.filter(([dx, dy]) => inside(row.shown[0]!, dx, dy)).map(([dx, dy]) => `${dx},${dy}`));
              return dotted.size > 0 && dotted.size < w * h;
            })
            .map((row) => row.rowId);
          expect([...unevenRows(img, rows)].sort()).toEqual(expected.sort());
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reports every row when the two images differ in size (fail closed)", () => {
    const a = image(10, 10, () => 0);
    const b = image(10, 11, () => 0);
    expect([...differingRows(a, b, [{ rowId: "x", shown: [[0, 0, 1, 1]] }])]).toEqual(["x"]);
  });
});

/** Two trusted links in a navigation over a 64×32 screen: "Home" at x 0–20, "About" at x 30–50. */
const page = makePage(
  doc([
    el("navigation", { cls: "top", box: [0, 0, 64, 12] }, [
      el("link", { box: [0, 0, 20, 10], href: "https://site.test/" }, [txt("Home", [0, 0, 20, 10])]),
      el("link", { box: [30, 0, 20, 10], href: "https://site.test/about" }, [txt("About", [30, 0, 20, 10])]),
    ]),
    filler(2),
  ]),
  { viewport: { width: 64, height: 32 }, url: "https://site.test/" },
);
const rules = [{ ancestor_path: [{ role: "navigation", class: "top" }], verdict: "trusted", note: "site navigation" }];

async function png(width: number, height: number, paint?: Rect): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } });
  if (paint === undefined) return base.png().toBuffer();
  const [x, y, w, h] = paint;
  const dot = await sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
  return base
    .composite([{ input: dot, left: x, top: y }])
    .png()
    .toBuffer();
}

/** A live-like source: the screenshot shows `firstPaint`; the second render is what `second` returns. */
function fakeLive(first: Buffer, second: (rows: readonly KeptRow[]) => Promise<KeptOnlyRender>, calls: KeptRow[][] = []): CaptureSource {
  return (decide) =>
    decide({
      page,
      screenshot: first,
      renderKeptOnly: (rows) => {
        calls.push([...rows]);
        return second(rows);
      },
    });
}

const render = async (screenshot: Buffer, unverified = 0, withoutFlatRows: Buffer | null = null): Promise<KeptOnlyRender> => ({
  screenshot,
  area: [0, 0, 64, 32],
  withoutFlatRows,
  kept: 4,
  hidden: 1,
  inline: 0,
  unverified,
  spoofable: 0,
});

describe("buildMaskWithRetries with the differential check", () => {
  it("masks a revealed row whose pixels differ without untrusted paint, and keeps the row that matches", async () => {
    // Untrusted paint at (35, 4): inside "About", absent from the second render.
    const calls: KeptRow[][] = [];
    const masked = await buildMaskWithRetries(
      fakeLive(await png(64, 32, [35, 4, 2, 2]), async () => render(await png(64, 32)), calls),
      rules,
    );
    const about = masked.result.rows.find((row) => row.text === "About")!;
    const home = masked.result.rows.find((row) => row.text === "Home")!;
    expect([about.verdict, about.source]).toEqual(["untrusted", "differential"]);
    expect(home.verdict).toBe("trusted");
    expect(isMasked(masked.result.mask, 35, 4)).toBe(true);
    expect(isMasked(masked.result.mask, 31, 1)).toBe(true);
    expect(isMasked(masked.result.mask, 5, 5)).toBe(false);
    expect(masked.differential).toMatchObject({ checked: 2, demoted: [about.nodeId] });
    // The second render was asked to keep the navigation (a clean granted container: one anchor for
    // both links), its ancestors' paint trusted (a rule grant), over the pixels both links show.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.map((row) => [row.node.rawRole, row.ancestorPaint, row.shown.length])).toEqual([["navigation", "trusted", 2]]);
  });

  it("with the differential-check ablation, no second render is made and the differing row stays shown", async () => {
    const calls: KeptRow[][] = [];
    const masked = await buildMaskWithRetries(
      fakeLive(await png(64, 32, [35, 4, 2, 2]), async () => render(await png(64, 32)), calls),
      rules,
      { ablate: new Set(["differential-check"]) },
    );
    expect(calls).toEqual([]);
    expect(masked.differential).toBeNull();
    expect(masked.result.rows.find((row) => row.text === "About")!.verdict).toBe("trusted");
  });

  it("keeps every row when the two renders agree", async () => {
    const same = await png(64, 32, [40, 20, 3, 3]);
    const masked = await buildMaskWithRetries(
      fakeLive(same, async () => render(same)),
      rules,
    );
    expect(masked.result.rows.filter((row) => row.verdict === "trusted").map((row) => row.text)).toEqual(["Home", "About"]);
    expect(masked.differential?.demoted).toEqual([]);
  });

  it("masks every revealed row when the second render says something could not be hidden", async () => {
    const same = await png(64, 32);
    const masked = await buildMaskWithRetries(
      fakeLive(same, async () => render(same, 1)),
      rules,
    );
    expect(masked.result.rows.filter((row) => row.verdict === "trusted")).toEqual([]);
    expect(masked.result.rows.filter((row) => row.source === "differential")).toHaveLength(2);
    expect(isMasked(masked.result.mask, 5, 5)).toBe(true);
  });

  it("retries a second render that fails, then refuses to show the screen", async () => {
    const same = await png(64, 32);
    let attempts = 0;
    await expect(
      buildMaskWithRetries(
        fakeLive(same, async () => {
          attempts++;
          throw new Error("the page navigated");
        }),
        rules,
      ),
    ).rejects.toBeInstanceOf(MaskUnavailableError);
    expect(attempts).toBe(4);
  });

  it("keeps a row released by an exception only where its ancestors paint one colour under it", async () => {
    // "12 comments" (capacity) in a stranger's card: the render without the row shows what the card paints under it.
    const counted = makePage(doc([el("article", { box: [0, 0, 64, 20] }, [txt("12 comments", [2, 2, 40, 10])]), filler(2)]), {
      viewport: { width: 64, height: 32 },
      url: "https://site.test/",
    });
    const run = async (under: Buffer) => {
      const calls: KeptRow[][] = [];
      const same = await png(64, 32);
      const masked = await buildMaskWithRetries(
        (decide) =>
          decide({
            page: counted,
            screenshot: same,
            renderKeptOnly: async (rows) => {
              calls.push([...rows]);
              return render(same, 0, under);
            },
          }),
        [],
      );
      return { calls, row: masked.result.rows.find((row) => row.text === "12 comments")! };
    };
    const flat = await run(await png(64, 32));
    expect(flat.calls[0]!.map((row) => row.ancestorPaint)).toEqual(["flat"]);
    expect([flat.row.verdict, flat.row.source]).toEqual(["trusted", "capacity"]);
    // A background image of the card drawing a shape under the row's glyphs: the row is masked.
    const drawn = await run(await png(64, 32, [10, 5, 3, 2]));
    expect([drawn.row.verdict, drawn.row.source]).toEqual(["untrusted", "differential"]);
  });
});
