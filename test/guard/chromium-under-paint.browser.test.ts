/**
 * Untrusted paint *under* a trusted row (the mask wins on overlap: docs/design/guard.md, "The mask"): a box behind
 * the header's transparent links, painted with an image, a shadow or a flat colour, shows between
 * the glyphs of the links it reaches. None of its pixels may be shown, whatever kind of paint it
 * is (a flat colour cannot be told from an image without listing cases: the rows over it are
 * masked too); the links it does not reach stay shown.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { liveCapture } from "../../src/guard/capture/index.js";
import { buildMaskWithRetries } from "../../src/guard/mask/build-mask-with-retries.js";
import { maskBitmap, rulesOf, unmaskedPixels } from "./fixtures/canary-probe.js";
import { useFixtureSession } from "./fixtures/fixture-server.js";

const fixtures = useFixtureSession();

/** The box's colour per kind (page.html): red for the image and the shadow, a pale pink when flat. */
const PAINT: Record<string, [number, number, number]> = {
  image: [255, 0, 0],
  shadow: [255, 0, 0],
  flat: [255, 244, 244],
  "shadowed-text": [255, 244, 244],
};

async function masked(kind: string) {
  const page = await fixtures.session().context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(fixtures.server().url(`under-paint/page.html?${kind}`), { waitUntil: "load" });
  const result = await buildMaskWithRetries(liveCapture(page), rulesOf("under-paint"));
  await page.close();
  const { data, info } = await sharp(result.png).raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = PAINT[kind]!;
  let painted = 0;
  for (let p = 0; p < data.length; p += info.channels) if (data[p] === r && data[p + 1] === g && data[p + 2] === b) painted++;
  const { width, height } = result.result.screen;
  const bitmap = maskBitmap(result.result.mask, width, height);
  // A row is shown when some of its pixels are outside F.
  const shown = result.result.rows
    .filter((row) => row.verdict === "trusted" && unmaskedPixels(bitmap, width, height, row.box) > 0)
    .map((row) => row.text);
  return { painted, shown };
}

describe("an untrusted box painted under a trusted row", { timeout: 120_000 }, () => {
  test.each([
    // The image fills the box under every link; the shadow spreads 40 px around (100, 20): Home and Popular.
    ["image", []],
    ["shadow", ["All", "New posts"]],
    ["flat", []],
    // The page sets a text shadow on body, which the box inherits but has no text to draw.
    ["shadowed-text", []],
  ])("with %s: none of its pixels is shown, and the links it does not reach stay shown", async (kind, stays) => {
    const { painted, shown } = await masked(kind);
    expect(painted).toBe(0);
    expect(shown).toEqual(stays);
  });
});
