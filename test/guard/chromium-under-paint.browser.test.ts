/**
 * The mask wins on overlap (spec §5.1 item 3): an untrusted box painted *under* a trusted row, with
 * a background image or a shadow, would show its pixels between the row's glyphs. Such a box masks
 * the row where they overlap; a flat-coloured box painted under it does not.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { captureScreen } from "../../src/guard/capture/index.js";
import { buildMaskWithRetries } from "../../src/guard/mask/build-mask-with-retries.js";
import { rulesOf } from "./fixtures/canary-probe.js";
import { useFixtureSession } from "./fixtures/fixture-server.js";

const fixtures = useFixtureSession();

async function masked(kind: string) {
  const page = await fixtures.session().context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(fixtures.server().url(`under-paint/page.html?${kind}`), { waitUntil: "load" });
  const result = await buildMaskWithRetries(() => captureScreen(page), rulesOf("under-paint"));
  await page.close();
  const { data, info } = await sharp(result.png).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let p = 0; p < data.length; p += info.channels) if (data[p]! > 200 && data[p + 1]! < 60 && data[p + 2]! < 60) red++;
  const shown = result.result.rows.filter((row) => row.verdict === "trusted").map((row) => row.text);
  return { red, shown, mask: result.result.mask };
}

describe("an untrusted box painted under a trusted row", { timeout: 120_000 }, () => {
  test.each(["image", "shadow"])("with a %s: none of its pixels is shown between the row's glyphs", async (kind) => {
    const { red, shown } = await masked(kind);
    expect(shown).toEqual(["Home", "Popular", "All", "New posts"]);
    expect(red).toBe(0);
  });

  test.each(["flat", "shadowed-text"])(
    "with a flat colour (%s): the rows over it stay shown (no text can be drawn in one colour)",
    async (kind) => {
      // `shadowed-text`: the page sets a text shadow on body, which the box inherits but has no text to draw.
      const { mask } = await masked(kind);
      const home = await masked("image");
      // Same page, same rows: only the kind of paint under them differs, and only the image masks more.
      const area = (rects: number[][]) => rects.reduce((sum, rect) => sum + rect[2]! * rect[3]!, 0);
      expect(area(mask)).toBeLessThan(area(home.mask));
    },
  );
});
