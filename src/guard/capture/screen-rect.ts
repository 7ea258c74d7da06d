/** `[x, y, w, h]`; a plain tuple so it is the same shape as the capture's `Box`. */
export type Rect = [number, number, number, number];

export function intersectRects(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a[0], b[0]);
  const y = Math.max(a[1], b[1]);
  const right = Math.min(a[0] + a[2], b[0] + b[2]);
  const bottom = Math.min(a[1] + a[3], b[1] + b[3]);
  if (right < x || bottom < y) return null;
  return [x, y, right - x, bottom - y];
}

/** True when no part of `box` lies inside `clip` (touching edges counts as outside). */
export function isOutside(box: Rect, clip: Rect): boolean {
  return box[0] + box[2] <= clip[0] || box[0] >= clip[0] + clip[2] || box[1] + box[3] <= clip[1] || box[1] >= clip[1] + clip[3];
}

/** Bounding rectangle of CDP quads (8 numbers each: four corner points). */
export function quadsBounds(quads: readonly (readonly number[])[]): Rect | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const quad of quads) {
    for (let i = 0; i + 1 < quad.length; i += 2) {
      minX = Math.min(minX, quad[i]!);
      maxX = Math.max(maxX, quad[i]!);
      minY = Math.min(minY, quad[i + 1]!);
      maxY = Math.max(maxY, quad[i + 1]!);
    }
  }
  return Number.isFinite(minX) ? [minX, minY, maxX - minX, maxY - minY] : null;
}

/** Largest distance between corresponding edges of two rectangles. */
export function edgeDeviation(a: Rect, b: Rect): number {
  return Math.max(
    Math.abs(a[0] - b[0]),
    Math.abs(a[1] - b[1]),
    Math.abs(a[0] + a[2] - (b[0] + b[2])),
    Math.abs(a[1] + a[3] - (b[1] + b[3])),
  );
}
