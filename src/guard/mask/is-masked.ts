import type { Rect } from "../geometry/rect.js";

/**
 * The location rule's question, answered from the same rectangle list that painted the
 * screenshot: is the pixel under (x, y) masked? Coordinates are screenshot pixels; a fractional
 * coordinate belongs to the pixel it falls in. Points outside the screenshot count as masked
 * (nothing the planner could have seen lives there): negative ones always, ones beyond the right
 * or bottom edge when `screen` is given — callers should pass it (`GuardResult.screen`).
 */
export function isMasked(mask: readonly Rect[], x: number, y: number, screen?: { width: number; height: number }): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0) return true;
  if (screen !== undefined && (x < 0 || y < 0 || x >= screen.width || y >= screen.height)) return true;
  const px = Math.floor(x);
  const py = Math.floor(y);
  for (const [rx, ry, rw, rh] of mask) {
    if (px >= rx && px < rx + rw && py >= ry && py < ry + rh) return true;
  }
  return false;
}
