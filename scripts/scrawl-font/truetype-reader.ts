/**
 * Just enough of a TrueType reader for the scrawl-font builder: the table directory, the
 * metrics, the character map and the glyph outlines (composite glyphs flattened into contours).
 */
interface OutlinePoint {
  x: number;
  y: number;
  onCurve: boolean;
}
export type Contour = OutlinePoint[];

export interface TrueTypeFont {
  tables: Map<string, Buffer>;
  unitsPerEm: number;
  numGlyphs: number;
  advances: number[];
  /** Code point → glyph index, from the Windows Unicode BMP map. */
  cmap: Map<number, number>;
  /** The outline of a glyph with composites resolved into plain contours. */
  outline(glyph: number): Contour[];
}

export function readTrueType(font: Buffer): TrueTypeFont {
  const tables = new Map<string, Buffer>();
  const numTables = font.readUInt16BE(4);
  for (let index = 0; index < numTables; index++) {
    const record = 12 + index * 16;
    const tag = font.toString("latin1", record, record + 4);
    const offset = font.readUInt32BE(record + 8);
    const length = font.readUInt32BE(record + 12);
    tables.set(tag, font.subarray(offset, offset + length));
  }
  const table = (tag: string): Buffer => {
    const found = tables.get(tag);
    if (!found) throw new Error(`the font has no ${tag} table`);
    return found;
  };
  const head = table("head");
  const unitsPerEm = head.readUInt16BE(18);
  const longLoca = head.readInt16BE(50) === 1;
  const numGlyphs = table("maxp").readUInt16BE(4);
  const metricsCount = table("hhea").readUInt16BE(34);
  const hmtx = table("hmtx");
  const advances: number[] = [];
  for (let glyph = 0; glyph < numGlyphs; glyph++) advances.push(hmtx.readUInt16BE(4 * Math.min(glyph, metricsCount - 1)));

  const loca = table("loca");
  const glyf = table("glyf");
  const glyphData = (glyph: number): Buffer => {
    const start = longLoca ? loca.readUInt32BE(glyph * 4) : loca.readUInt16BE(glyph * 2) * 2;
    const end = longLoca ? loca.readUInt32BE(glyph * 4 + 4) : loca.readUInt16BE(glyph * 2 + 2) * 2;
    return glyf.subarray(start, end);
  };

  const outline = (glyph: number, depth = 0): Contour[] => {
    if (depth > 8) throw new Error(`composite glyph ${glyph} nests too deeply`);
    const data = glyphData(glyph);
    if (data.length === 0) return [];
    const contours = data.readInt16BE(0);
    return contours >= 0 ? simpleOutline(data, contours) : compositeOutline(data, (component) => outline(component, depth + 1));
  };

  return { tables, unitsPerEm, numGlyphs, advances, cmap: readCmap(table("cmap")), outline };
}

function simpleOutline(data: Buffer, contourCount: number): Contour[] {
  let offset = 10;
  const ends: number[] = [];
  for (let index = 0; index < contourCount; index++, offset += 2) ends.push(data.readUInt16BE(offset));
  const pointCount = contourCount === 0 ? 0 : ends[ends.length - 1]! + 1;
  offset += 2 + data.readUInt16BE(offset);
  const flags: number[] = [];
  while (flags.length < pointCount) {
    const flag = data.readUInt8(offset++);
    flags.push(flag);
    if (flag & 0x08) {
      const repeats = data.readUInt8(offset++);
      for (let repeat = 0; repeat < repeats; repeat++) flags.push(flag);
    }
  }
  const readCoordinates = (shortBit: number, sameBit: number): number[] => {
    const values: number[] = [];
    let value = 0;
    for (const flag of flags) {
      if (flag & shortBit) {
        const delta = data.readUInt8(offset++);
        value += flag & sameBit ? delta : -delta;
      } else if (!(flag & sameBit)) {
        value += data.readInt16BE(offset);
        offset += 2;
      }
      values.push(value);
    }
    return values;
  };
  const xs = readCoordinates(0x02, 0x10);
  const ys = readCoordinates(0x04, 0x20);
  const result: Contour[] = [];
  let start = 0;
  for (const end of ends) {
    const contour: Contour = [];
    for (let point = start; point <= end; point++) contour.push({ x: xs[point]!, y: ys[point]!, onCurve: (flags[point]! & 0x01) !== 0 });
    result.push(contour);
    start = end + 1;
  }
  return result;
}

function compositeOutline(data: Buffer, outlineOf: (glyph: number) => Contour[]): Contour[] {
  const result: Contour[] = [];
  let offset = 10;
  let flags: number;
  do {
    flags = data.readUInt16BE(offset);
    const component = data.readUInt16BE(offset + 2);
    offset += 4;
    const xyValues = (flags & 0x0002) !== 0;
    let arg1: number;
    let arg2: number;
    if (flags & 0x0001) {
      arg1 = xyValues ? data.readInt16BE(offset) : data.readUInt16BE(offset);
      arg2 = xyValues ? data.readInt16BE(offset + 2) : data.readUInt16BE(offset + 2);
      offset += 4;
    } else {
      arg1 = xyValues ? data.readInt8(offset) : data.readUInt8(offset);
      arg2 = xyValues ? data.readInt8(offset + 1) : data.readUInt8(offset + 1);
      offset += 2;
    }
    let [a, b, c, d] = [1, 0, 0, 1];
    const f2dot14 = (at: number) => data.readInt16BE(at) / 16384;
    if (flags & 0x0008) {
      a = d = f2dot14(offset);
      offset += 2;
    } else if (flags & 0x0040) {
      a = f2dot14(offset);
      d = f2dot14(offset + 2);
      offset += 4;
    } else if (flags & 0x0080) {
      [a, b, c, d] = [f2dot14(offset), f2dot14(offset + 2), f2dot14(offset + 4), f2dot14(offset + 6)];
      offset += 8;
    }
    const transformed = outlineOf(component).map((contour) =>
      contour.map((point) => ({ x: a * point.x + c * point.y, y: b * point.x + d * point.y, onCurve: point.onCurve })),
    );
    let dx = arg1;
    let dy = arg2;
    if (!xyValues) {
      // Point matching: move the component so its point arg2 lands on the glyph's point arg1.
      const parent = result.flat()[arg1];
      const child = transformed.flat()[arg2];
      dx = parent && child ? parent.x - child.x : 0;
      dy = parent && child ? parent.y - child.y : 0;
    }
    for (const contour of transformed) result.push(contour.map((point) => ({ x: point.x + dx, y: point.y + dy, onCurve: point.onCurve })));
  } while (flags & 0x0020);
  return result;
}

function readCmap(cmap: Buffer): Map<number, number> {
  const count = cmap.readUInt16BE(2);
  for (let index = 0; index < count; index++) {
    const record = 4 + index * 8;
    const platform = cmap.readUInt16BE(record);
    const encoding = cmap.readUInt16BE(record + 2);
    const offset = cmap.readUInt32BE(record + 4);
    if (platform === 3 && encoding === 1 && cmap.readUInt16BE(offset) === 4) return readFormat4(cmap.subarray(offset));
  }
  throw new Error("the font has no Windows Unicode BMP (3,1) format 4 character map");
}

function readFormat4(table: Buffer): Map<number, number> {
  const map = new Map<number, number>();
  const segments = table.readUInt16BE(6) / 2;
  const endsAt = 14;
  const startsAt = endsAt + segments * 2 + 2;
  const deltasAt = startsAt + segments * 2;
  const rangesAt = deltasAt + segments * 2;
  for (let segment = 0; segment < segments; segment++) {
    const end = table.readUInt16BE(endsAt + segment * 2);
    const start = table.readUInt16BE(startsAt + segment * 2);
    const delta = table.readInt16BE(deltasAt + segment * 2);
    const rangeOffset = table.readUInt16BE(rangesAt + segment * 2);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const at = rangesAt + segment * 2 + rangeOffset + (code - start) * 2;
        glyph = table.readUInt16BE(at);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(code, glyph);
    }
  }
  return map;
}
