import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Contour, readTrueType } from "./truetype-reader.js";
import { assembleFont, boundsOf, encodeCmap, encodeGlyph, encodeNames, type OutputGlyph } from "./truetype-writer.js";

/**
 * Builds the hard-to-read theme's font from a TrueType source (DejaVu Sans ExtraLight): thin
 * strokes, squeezed letters, a slant, and a different small tilt and baseline shift per glyph,
 * packed tightly. Text stays readable by a patient person but is hard for screen-reading models,
 * like the "challenging font" variant of the reference apps, which asked for a font headless
 * Linux did not have. Deterministic: the same source gives the same bytes.
 *
 * Run: npx tsx scripts/scrawl-font/build-scrawl-font.ts SOURCE.ttf assets/fonts/safecua-scrawl.ttf
 */

/** Latin letters with accents (names like Björn, Castañeda, Wiśniewski) and common punctuation. */
export const SCRAWL_CHARACTERS: readonly number[] = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0x17f),
  ...range(0x2010, 0x2027),
  ...range(0x2030, 0x203a),
  0x20ac,
  0x2122,
  0x2190,
  0x2192,
  0x2212,
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** mulberry32: a tiny seeded generator, so each glyph's tilt is fixed by its index. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const CONDENSE = 0.74;
const SLANT = 0.24;
const MAX_TILT = 0.2;
const MAX_SHIFT = 0.09;
const TRACKING = 0.86;

function scrawl(contours: Contour[], glyph: number, unitsPerEm: number): Contour[] {
  const random = seeded(glyph * 2654435761 + 17);
  const tilt = (random() * 2 - 1) * MAX_TILT;
  const shift = (random() * 2 - 1) * MAX_SHIFT * unitsPerEm;
  const bounds = boundsOf(contours);
  if (!bounds) return [];
  const centreX = (bounds.xMin + bounds.xMax) / 2;
  const centreY = unitsPerEm * 0.3;
  const [cos, sin] = [Math.cos(tilt), Math.sin(tilt)];
  return contours.map((contour) =>
    contour.map((point) => {
      const x = (point.x - centreX) * CONDENSE;
      const y = point.y - centreY;
      const rotatedX = x * cos - y * sin;
      const rotatedY = x * sin + y * cos + centreY + shift;
      return { x: Math.round(rotatedX + centreX * CONDENSE + SLANT * rotatedY), y: Math.round(rotatedY), onCurve: point.onCurve };
    }),
  );
}

const NOTICE =
  "Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved. Bitstream Vera is a trademark of Bitstream, Inc. DejaVu changes are in public domain. " +
  "Safecua Scrawl is a modified version of DejaVu Sans ExtraLight (outlines squeezed, slanted and tilted) made by the safecua project.";

export function buildScrawlFont(source: Buffer): Buffer {
  const font = readTrueType(source);
  const wanted = SCRAWL_CHARACTERS.filter((code) => font.cmap.has(code));
  const oldGlyphs = [...new Set([0, ...wanted.map((code) => font.cmap.get(code)!)])].sort((a, b) => a - b);
  const newIndex = new Map(oldGlyphs.map((old, index) => [old, index]));
  const glyphs: OutputGlyph[] = oldGlyphs.map((old) => ({
    contours: scrawl(font.outline(old), old, font.unitsPerEm),
    advance: Math.round(font.advances[old]! * CONDENSE * TRACKING),
  }));

  const glyf: Buffer[] = [];
  const loca = Buffer.alloc((glyphs.length + 1) * 4);
  let offset = 0;
  glyphs.forEach((glyph, index) => {
    const data = encodeGlyph(glyph.contours);
    loca.writeUInt32BE(offset, index * 4);
    glyf.push(data);
    offset += data.length;
  });
  loca.writeUInt32BE(offset, glyphs.length * 4);

  const bounds = glyphs.map((glyph) => boundsOf(glyph.contours));
  const inked = bounds.filter((box): box is NonNullable<typeof box> => box !== null);
  const hmtx = Buffer.alloc(glyphs.length * 4);
  glyphs.forEach((glyph, index) => {
    hmtx.writeUInt16BE(glyph.advance, index * 4);
    hmtx.writeInt16BE(bounds[index]?.xMin ?? 0, index * 4 + 2);
  });

  const head = Buffer.from(font.tables.get("head")!);
  head.writeInt16BE(Math.min(...inked.map((box) => box.xMin)), 36);
  head.writeInt16BE(Math.min(...inked.map((box) => box.yMin)), 38);
  head.writeInt16BE(Math.max(...inked.map((box) => box.xMax)), 40);
  head.writeInt16BE(Math.max(...inked.map((box) => box.yMax)), 42);
  head.writeInt16BE(1, 50);
  // A fixed modification date keeps the output byte-identical across builds.
  head.writeUInt32BE(0, 28);
  head.writeUInt32BE(0, 32);

  const hhea = Buffer.from(font.tables.get("hhea")!);
  hhea.writeUInt16BE(Math.max(...glyphs.map((glyph) => glyph.advance)), 10);
  hhea.writeInt16BE(Math.min(...inked.map((box) => box.xMin)), 12);
  hhea.writeInt16BE(Math.min(...glyphs.map((glyph, index) => glyph.advance - (bounds[index]?.xMax ?? glyph.advance))), 14);
  hhea.writeInt16BE(Math.max(...inked.map((box) => box.xMax)), 16);
  hhea.writeUInt16BE(glyphs.length, 34);

  const maxp = Buffer.from(font.tables.get("maxp")!.subarray(0, 32));
  maxp.writeUInt16BE(glyphs.length, 4);
  maxp.writeUInt16BE(Math.max(...glyphs.map((glyph) => glyph.contours.flat().length)), 6);
  maxp.writeUInt16BE(Math.max(...glyphs.map((glyph) => glyph.contours.length)), 8);
  for (const field of [10, 12, 26, 28, 30]) maxp.writeUInt16BE(0, field);

  const os2 = Buffer.from(font.tables.get("OS/2")!);
  const advances = glyphs.map((glyph) => glyph.advance).filter((advance) => advance > 0);
  os2.writeInt16BE(Math.round(advances.reduce((sum, advance) => sum + advance, 0) / advances.length), 2);
  os2.writeUInt16BE(Math.min(...wanted), 64);
  os2.writeUInt16BE(Math.max(...wanted), 66);

  const sourcePost = font.tables.get("post")!;
  const post = Buffer.alloc(32);
  post.writeUInt32BE(0x00030000, 0);
  sourcePost.copy(post, 4, 4, 16);

  const cmap = new Map(wanted.map((code) => [code, newIndex.get(font.cmap.get(code)!)!]));
  const names = new Map<number, string>([
    [0, NOTICE],
    [1, "Safecua Scrawl"],
    [2, "Regular"],
    [3, "safecua: Safecua Scrawl Regular"],
    [4, "Safecua Scrawl"],
    [5, "Version 1.0"],
    [6, "SafecuaScrawl-Regular"],
    [13, "Bitstream Vera license; see LICENSE-DejaVu.txt next to this font."],
  ]);

  return assembleFont(
    new Map([
      ["OS/2", os2],
      ["cmap", encodeCmap(cmap)],
      ["glyf", Buffer.concat(glyf)],
      ["head", head],
      ["hhea", hhea],
      ["hmtx", hmtx],
      ["loca", loca],
      ["maxp", maxp],
      ["name", encodeNames(names)],
      ["post", post],
    ]),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [source, target] = process.argv.slice(2);
  if (!source || !target) {
    process.stderr.write("usage: build-scrawl-font.ts SOURCE.ttf OUTPUT.ttf\n");
    process.exitCode = 2;
  } else {
    const output = buildScrawlFont(readFileSync(source));
    writeFileSync(target, output);
    process.stderr.write(`wrote ${target} (${output.length} bytes)\n`);
  }
}
