import type { Box } from "../captured-page.js";

/**
 * An integer pixel rectangle `[x, y, width, height]`, half-open: it covers the pixels
 * x ≤ px < x + width, y ≤ py < y + height. The mask `F` is a list of these so that the painted
 * screenshot and the hit test agree pixel for pixel.
 */
export type Rect = [number, number, number, number];

/** Smallest integer rectangle covering the box: used for everything that must be masked. */
export function snapOutward(box: Box): Rect {
  const x0 = Math.floor(box[0]);
  const y0 = Math.floor(box[1]);
  const x1 = Math.ceil(box[0] + box[2]);
  const y1 = Math.ceil(box[1] + box[3]);
  return [x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0)];
}

/** Largest integer rectangle inside the box: used for everything that is revealed. */
export function snapInward(box: Box): Rect {
  const x0 = Math.ceil(box[0]);
  const y0 = Math.ceil(box[1]);
  const x1 = Math.floor(box[0] + box[2]);
  const y1 = Math.floor(box[1] + box[3]);
  return [x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0)];
}

export function intersectRects(a: Rect, b: Rect): Rect | null {
  const x0 = Math.max(a[0], b[0]);
  const y0 = Math.max(a[1], b[1]);
  const x1 = Math.min(a[0] + a[2], b[0] + b[2]);
  const y1 = Math.min(a[1] + a[3], b[1] + b[3]);
  return x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : null;
}

export function clipRect(rect: Rect, width: number, height: number): Rect | null {
  return intersectRects(rect, [0, 0, width, height]);
}

/** Boxes (not rects): does `inner` lie inside `outer`, allowing `tolerance` pixels on each side? */
export function boxContains(outer: Box, inner: Box, tolerance: number): boolean {
  return (
    inner[0] >= outer[0] - tolerance &&
    inner[1] >= outer[1] - tolerance &&
    inner[0] + inner[2] <= outer[0] + outer[2] + tolerance &&
    inner[1] + inner[3] <= outer[1] + outer[3] + tolerance
  );
}

export function boxArea(box: Box): number {
  return box[2] * box[3];
}
