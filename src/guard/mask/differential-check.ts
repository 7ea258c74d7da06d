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
export function differingRows(first: RawImage, second: RawImage, rows: readonly ShownRow[]): Set<string> {
  const out = new Set<string>();
  if (first.width !== second.width || first.height !== second.height) {
    for (const row of rows) out.add(row.rowId);
    return out;
  }
  // Whole pixels as one 32-bit word: a quarter of the comparisons of a byte loop.
  const a = words(first.data);
  const b = words(second.data);
  const { width, height } = first;
  for (const row of rows) {
    if (differs(a, b, width, height, row.shown)) out.add(row.rowId);
  }
  return out;
}

function differs(a: Uint32Array, b: Uint32Array, width: number, height: number, rects: readonly Rect[]): boolean {
  for (const [rx, ry, rw, rh] of rects) {
    const x0 = Math.max(0, Math.floor(rx));
    const y0 = Math.max(0, Math.floor(ry));
    const x1 = Math.min(width, Math.ceil(rx + rw));
    const y1 = Math.min(height, Math.ceil(ry + rh));
    for (let y = y0; y < y1; y++) {
      const end = y * width + x1;
      for (let p = y * width + x0; p < end; p++) if (a[p] !== b[p]) return true;
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
export function unevenRows(image: RawImage, rows: readonly ShownRow[]): Set<string> {
  const out = new Set<string>();
  const pixels = words(image.data);
  const { width, height } = image;
  for (const row of rows) {
    let colour: number | null = null;
    let uneven = false;
    for (const [rx, ry, rw, rh] of row.shown) {
      const x0 = Math.max(0, Math.floor(rx));
      const y0 = Math.max(0, Math.floor(ry));
      const x1 = Math.min(width, Math.ceil(rx + rw));
      const y1 = Math.min(height, Math.ceil(ry + rh));
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
