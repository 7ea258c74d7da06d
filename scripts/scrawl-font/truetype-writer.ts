import type { Contour } from "./truetype-reader.js";

/** A glyph of the font being written: integer outline points and its advance width. */
export interface OutputGlyph {
  contours: Contour[];
  advance: number;
}

function pad4(buffer: Buffer): Buffer {
  const padding = (4 - (buffer.length % 4)) % 4;
  return padding === 0 ? buffer : Buffer.concat([buffer, Buffer.alloc(padding)]);
}

export function tableChecksum(table: Buffer): number {
  const padded = pad4(table);
  let sum = 0;
  for (let offset = 0; offset < padded.length; offset += 4) sum = (sum + padded.readUInt32BE(offset)) >>> 0;
  return sum;
}

export interface Bounds {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export function boundsOf(contours: readonly Contour[]): Bounds | null {
  const points = contours.flat();
  if (points.length === 0) return null;
  return {
    xMin: Math.min(...points.map((point) => point.x)),
    yMin: Math.min(...points.map((point) => point.y)),
    xMax: Math.max(...points.map((point) => point.x)),
    yMax: Math.max(...points.map((point) => point.y)),
  };
}

/** A simple glyph with no hinting instructions; every coordinate is a 16-bit delta (plain, not compact). */
export function encodeGlyph(contours: readonly Contour[]): Buffer {
  const bounds = boundsOf(contours);
  if (!bounds) return Buffer.alloc(0);
  const points = contours.flat();
  const header = Buffer.alloc(10 + contours.length * 2 + 2);
  header.writeInt16BE(contours.length, 0);
  header.writeInt16BE(bounds.xMin, 2);
  header.writeInt16BE(bounds.yMin, 4);
  header.writeInt16BE(bounds.xMax, 6);
  header.writeInt16BE(bounds.yMax, 8);
  let end = -1;
  contours.forEach((contour, index) => {
    end += contour.length;
    header.writeUInt16BE(end, 10 + index * 2);
  });
  header.writeUInt16BE(0, 10 + contours.length * 2);
  const flags = Buffer.from(points.map((point) => (point.onCurve ? 0x01 : 0x00)));
  const coordinates = Buffer.alloc(points.length * 4);
  let [x, y] = [0, 0];
  points.forEach((point, index) => {
    coordinates.writeInt16BE(point.x - x, index * 2);
    x = point.x;
  });
  points.forEach((point, index) => {
    coordinates.writeInt16BE(point.y - y, points.length * 2 + index * 2);
    y = point.y;
  });
  return pad4(Buffer.concat([header, flags, coordinates]));
}

/** A format 4 character map; runs of consecutive code points with consecutive glyphs share a segment. */
export function encodeCmap(map: ReadonlyMap<number, number>): Buffer {
  const codes = [...map.keys()].filter((code) => code < 0xffff).sort((a, b) => a - b);
  const segments: Array<{ start: number; end: number; delta: number }> = [];
  for (const code of codes) {
    const glyph = map.get(code)!;
    const last = segments.at(-1);
    if (last && last.end === code - 1 && ((code + last.delta) & 0xffff) === glyph) last.end = code;
    else segments.push({ start: code, end: code, delta: (glyph - code) & 0xffff });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const count = segments.length;
  const searchRange = 2 * 2 ** Math.floor(Math.log2(count));
  const subtable = Buffer.alloc(16 + count * 8);
  subtable.writeUInt16BE(4, 0);
  subtable.writeUInt16BE(subtable.length, 2);
  subtable.writeUInt16BE(0, 4);
  subtable.writeUInt16BE(count * 2, 6);
  subtable.writeUInt16BE(searchRange, 8);
  subtable.writeUInt16BE(Math.log2(searchRange / 2), 10);
  subtable.writeUInt16BE(count * 2 - searchRange, 12);
  segments.forEach((segment, index) => {
    subtable.writeUInt16BE(segment.end, 14 + index * 2);
    subtable.writeUInt16BE(segment.start, 16 + count * 2 + index * 2);
    subtable.writeUInt16BE(segment.delta, 16 + count * 4 + index * 2);
    subtable.writeUInt16BE(0, 16 + count * 6 + index * 2);
  });
  const header = Buffer.alloc(12);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(1, 2);
  header.writeUInt16BE(3, 4);
  header.writeUInt16BE(1, 6);
  header.writeUInt32BE(12, 8);
  return Buffer.concat([header, subtable]);
}

/** A `name` table with Windows English records only, sorted by name id as the format requires. */
export function encodeNames(names: ReadonlyMap<number, string>): Buffer {
  const ids = [...names.keys()].sort((a, b) => a - b);
  const strings = ids.map((id) => Buffer.from(names.get(id)!, "utf16le").swap16());
  const header = Buffer.alloc(6 + ids.length * 12);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(ids.length, 2);
  header.writeUInt16BE(header.length, 4);
  let offset = 0;
  ids.forEach((id, index) => {
    const record = 6 + index * 12;
    header.writeUInt16BE(3, record);
    header.writeUInt16BE(1, record + 2);
    header.writeUInt16BE(0x0409, record + 4);
    header.writeUInt16BE(id, record + 6);
    header.writeUInt16BE(strings[index]!.length, record + 8);
    header.writeUInt16BE(offset, record + 10);
    offset += strings[index]!.length;
  });
  return Buffer.concat([header, ...strings]);
}

/** Assembles tables into a font file: sorted directory, per-table checksums, and head's whole-font adjustment. */
export function assembleFont(tables: ReadonlyMap<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const searchRange = 16 * 2 ** Math.floor(Math.log2(count));
  const directory = Buffer.alloc(12 + count * 16);
  directory.writeUInt32BE(0x00010000, 0);
  directory.writeUInt16BE(count, 4);
  directory.writeUInt16BE(searchRange, 6);
  directory.writeUInt16BE(Math.log2(searchRange / 16), 8);
  directory.writeUInt16BE(count * 16 - searchRange, 10);
  const bodies: Buffer[] = [];
  let offset = directory.length;
  let headOffset = -1;
  tags.forEach((tag, index) => {
    const table = tables.get(tag)!;
    if (tag === "head") {
      table.writeUInt32BE(0, 8);
      headOffset = offset;
    }
    const record = 12 + index * 16;
    directory.write(tag, record, "latin1");
    directory.writeUInt32BE(tableChecksum(table), record + 4);
    directory.writeUInt32BE(offset, record + 8);
    directory.writeUInt32BE(table.length, record + 12);
    const padded = pad4(table);
    bodies.push(padded);
    offset += padded.length;
  });
  const font = Buffer.concat([directory, ...bodies]);
  if (headOffset >= 0) font.writeUInt32BE((0xb1b0afba - tableChecksum(font)) >>> 0, headOffset + 8);
  return font;
}
