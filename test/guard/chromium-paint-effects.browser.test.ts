/**
 * Paint beyond the layout box: effects that draw an untrusted text's glyphs (or lines) where its
 * box is not — a text shadow, a `drop-shadow` filter on a wrapper, a text stroke, a reflection,
 * an outline with an offset, a scroll container scaled by the `scale` property (its overflow clip
 * is not where its box arithmetic says), the shadow of a text whose own box lies above the
 * viewport, combining marks stacked far above their line, and (on a page of its own, since it
 * masks the whole screen) an SVG filter moving the pixels, and (on its own page) the later columns
 * of a multicol container, which the snapshot places in the first column. Each one lands on its own trusted link
 * of the header; none of those pixels may be shown, and the link nothing overlaps stays shown.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { liveCapture } from "../../src/guard/capture/index.js";
import { buildMaskWithRetries } from "../../src/guard/mask/build-mask-with-retries.js";
import { maskBitmap, rulesOf, unmaskedPixels } from "./fixtures/canary-probe.js";
import { useFixtureSession } from "./fixtures/fixture-server.js";

const fixtures = useFixtureSession();

/** Left edge of each effect's column (CSS px), in the page's order. */
const COLUMNS = [
  ["text-shadow", 10],
  ["drop-shadow on a wrapper", 150],
  ["text stroke", 430],
  ["box reflection", 570],
  ["outline offset", 710],
  ["scaled scroll container", 850],
  ["shadow of a text above the viewport", 990],
  ["combining marks stacked above the line", 1110],
  ["(nothing: a link that stays shown)", 1190],
] as const;

/** Pixels that differ between two screenshots and lie outside the mask, counted per effect column. */
async function leaksByColumn(
  before: Buffer,
  after: Buffer,
  bitmap: Uint8Array,
): Promise<{ changed: number; leaks: Record<string, number> }> {
  const a = await sharp(before).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const b = await sharp(after).ensureAlpha().raw().toBuffer();
  const { width, channels } = a.info;
  let changed = 0;
  const leaks: Record<string, number> = {};
  for (let p = 0; p < a.data.length; p += channels) {
    if (a.data[p] === b[p] && a.data[p + 1] === b[p + 1] && a.data[p + 2] === b[p + 2]) continue;
    changed++;
    const pixel = p / channels;
    if (bitmap[pixel] !== 0) continue;
    const x = pixel % width;
    const column = [...COLUMNS].reverse().find(([, left]) => x >= left)?.[0] ?? "left of every column";
    leaks[column] = (leaks[column] ?? 0) + 1;
  }
  return { changed, leaks };
}

/** Masks the page, then hides its untrusted texts from the host (layout stays) and compares. */
async function maskAndHide(file: string) {
  const page = await fixtures.session().context.newPage();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(fixtures.server().url(`paint-effects/${file}`), { waitUntil: "load" });
    const masked = await buildMaskWithRetries(liveCapture(page), rulesOf("paint-effects"));
    const { width, height } = masked.result.screen;
    const bitmap = maskBitmap(masked.result.mask, width, height);
    const before = await page.screenshot();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Runtime.evaluate", {
      expression: `document.head.insertAdjacentHTML("beforeend", "<style>.ugc, .ugc * { visibility: hidden !important }</style>")`,
    });
    await cdp.detach();
    return { masked, bitmap, width, height, ...(await leaksByColumn(before, await page.screenshot(), bitmap)) };
  } finally {
    await page.close();
  }
}

describe("untrusted paint outside its layout box", () => {
  test("every effect's pixels over a trusted link are masked; the link nothing overlaps stays shown", async () => {
    const { masked, bitmap, width, height, changed, leaks } = await maskAndHide("page.html");
    expect(changed).toBeGreaterThan(0);
    // Changed pixels outside F, by the effect whose column they fall in.
    expect(leaks).toEqual({});
    const about = masked.result.rows.find((row) => row.text === "About");
    expect(about?.verdict).toBe("trusted");
    expect(unmaskedPixels(bitmap, width, height, about!.box)).toBeGreaterThan(0);
  });

  test("a multicol container's later columns, which the snapshot gives no box, are masked wherever they run", async () => {
    const { changed, leaks } = await maskAndHide("multicol.html");
    expect(changed).toBeGreaterThan(0);
    expect(leaks).toEqual({});
  });

  test("an SVG filter may move the pixels anywhere: its text is masked wherever it lands", async () => {
    const { changed, leaks } = await maskAndHide("svg-filter.html");
    expect(changed).toBeGreaterThan(0);
    expect(leaks).toEqual({});
  });
});
