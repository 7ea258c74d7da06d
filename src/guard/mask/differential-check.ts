import type { Rect } from "../geometry/rect.js";
import type { RawImage } from "./raw-image.js";

/** What the check compares for one row: the pixels the mask would show for it. */
export interface ShownRow {
  rowId: string;
  /** Disjoint rectangles in screenshot pixels. */
  shown: readonly Rect[];
}

/**
 * The differential check's verdict (docs/design/guard.md): every revealed row with a pixel that
 * differs between the screenshot and the render in which only revealed rows and their layout
 * ancestors paint. Guarantee: no pixel shown for a row that passes was painted, changed or
 * covered by anything outside that render, whatever CSS did it. A differing row is masked whole
 * by the caller; masking only the differing pixels would draw the attacker's shapes in black.
 * Images of different sizes demote every row (fail closed).
 */
export function differingRows(first: RawImage, second: RawImage, rows: readonly ShownRow[], area?: Rect): Set<string> {
  const out = new Set<string>();
  const [ax, ay, aw, ah] = area ?? [0, 0, first.width, first.height];
  if (second.width !== aw || second.height !== ah || ax + aw > first.width || ay + ah > first.height) {
    for (const row of rows) out.add(row.rowId);
    return out;
  }
  // Whole pixels as one 32-bit word: a quarter of the comparisons of a byte loop.
  const a = words(first.data);
  const b = words(second.data);
  for (const row of rows) {
    if (differs(a, first.width, b, area ?? [0, 0, first.width, first.height], row.shown)) out.add(row.rowId);
  }
  return out;
}

/** Whether any pixel of `rects` differs; `b` covers only `area` of `a`'s screen (a pixel outside it differs). */
function differs(a: Uint32Array, width: number, b: Uint32Array, area: Rect, rects: readonly Rect[]): boolean {
  const [ax, ay, aw, ah] = area;
  for (const [rx, ry, rw, rh] of rects) {
    const x0 = Math.floor(rx);
    const y0 = Math.floor(ry);
    const x1 = Math.ceil(rx + rw);
    const y1 = Math.ceil(ry + rh);
    if (x1 <= x0 || y1 <= y0) continue;
    if (x0 < ax || y0 < ay || x1 > ax + aw || y1 > ay + ah) return true;
    for (let y = y0; y < y1; y++) {
      const rowA = y * width;
      const rowB = (y - ay) * aw - ax;
      for (let x = x0; x < x1; x++) if (a[rowA + x] !== b[rowB + x]) return true;
    }
  }
  return false;
}

/** The bytes as 32-bit words, copied only when they do not start on a word boundary. */
function words(data: Buffer): Uint32Array {
  const aligned = data.byteOffset % 4 === 0 ? data : Buffer.from(data);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
}

/**
 * The rows under which `image` (a render with the rows' own paint hidden) is not one colour: what
 * their ancestors paint there could draw text. Used for rows revealed inside content nobody vouched
 * for (exceptions, reveals); a flat fill carries nothing an attacker could use.
 */
export function unevenRows(image: RawImage, rows: readonly ShownRow[], area?: Rect): Set<string> {
  const out = new Set<string>();
  const pixels = words(image.data);
  const { width, height } = image;
  const [ax, ay] = area ?? [0, 0];
  for (const row of rows) {
    let colour: number | null = null;
    let uneven = false;
    for (const [rx, ry, rw, rh] of row.shown) {
      const x0 = Math.floor(rx) - ax;
      const y0 = Math.floor(ry) - ay;
      const x1 = Math.ceil(rx + rw) - ax;
      const y1 = Math.ceil(ry + rh) - ay;
      if (x1 <= x0 || y1 <= y0) continue;
      // A shown pixel the image does not cover cannot be shown to be flat.
      if (x0 < 0 || y0 < 0 || x1 > width || y1 > height) {
        uneven = true;
        break;
      }
      for (let y = y0; y < y1 && !uneven; y++) {
        const end = y * width + x1;
        for (let p = y * width + x0; p < end; p++) {
          colour ??= pixels[p]!;
          if (pixels[p] !== colour) {
            uneven = true;
            break;
          }
        }
      }
      if (uneven) break;
    }
    if (uneven) out.add(row.rowId);
  }
  return out;
}
