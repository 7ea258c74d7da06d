import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildScrawlFont, SCRAWL_CHARACTERS } from "../../scripts/scrawl-font/build-scrawl-font.js";
import { readTrueType } from "../../scripts/scrawl-font/truetype-reader.js";
import { tableChecksum } from "../../scripts/scrawl-font/truetype-writer.js";
import { SCRAWL_FONT_FILE } from "../../src/workspace/themes/font-asset.js";

const SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSans-ExtraLight.ttf";

describe("the bundled hard-to-read font", () => {
  const bytes = readFileSync(SCRAWL_FONT_FILE);
  const font = readTrueType(bytes);

  it("is a well-formed TrueType file: checksums, the whole-font adjustment and a name without the reserved words", () => {
    expect(bytes.readUInt32BE(0)).toBe(0x00010000);
    for (let index = 0; index < bytes.readUInt16BE(4); index++) {
      const record = 12 + index * 16;
      const tag = bytes.toString("latin1", record, record + 4);
      const table = bytes.subarray(bytes.readUInt32BE(record + 8), bytes.readUInt32BE(record + 8) + bytes.readUInt32BE(record + 12));
      if (tag !== "head") expect(tableChecksum(table), tag).toBe(bytes.readUInt32BE(record + 4));
    }
    expect(tableChecksum(bytes)).toBe(0xb1b0afba);
    const names = font.tables.get("name")!.toString("latin1");
    expect(names.replace(/\0/g, "")).toContain("Safecua Scrawl");
  });

  it("has an outline for every letter and digit, and the accented Latin letters names need", () => {
    for (const character of "AZaz09ÄéñöśłŻ€–’…") {
      const glyph = font.cmap.get(character.codePointAt(0)!);
      expect(glyph, character).toBeGreaterThan(0);
      expect(font.outline(glyph!).length, character).toBeGreaterThan(0);
    }
    expect(font.numGlyphs).toBeLessThan(500);
  });

  it.skipIf(!existsSync(SOURCE))("rebuilds byte for byte from the system's DejaVu Sans ExtraLight", () => {
    expect(buildScrawlFont(readFileSync(SOURCE)).equals(bytes)).toBe(true);
    // Only a few punctuation marks the source lacks (bullet, primes, ™) fall back to another font.
    const missing = SCRAWL_CHARACTERS.filter((code) => !font.cmap.has(code));
    expect(missing.every((code) => code >= 0x2000)).toBe(true);
  });
});
