import type { GuardRow } from "../../guard-page.js";
import { isMasked } from "../../mask/is-masked.js";
import type { GuardedScreen } from "./guarded-screen.js";

/** Columns and rows of the grid a row's visible part is looked for on (inset a pixel from its edges). */
const GRID_COLUMNS = 9;
const GRID_ROWS = 3;

/**
 * Where a row can be pointed at without touching the mask: its centre when that is outside F,
 * else the point of a grid over the row nearest to the centre that is outside F. Only for a row
 * the planner is shown as itself — trusted by the rule set, or revealed — whose pixels are masked
 * only where another row's box covers them (a stranger's long name over part of a button); an
 * untrusted row is in F whole and has no such point. Clicking there passes the location rule
 * because it is on the control's own shown pixels, and the time-of-use pointer check still
 * requires the control itself under the pointer. Undefined when no point is shown.
 */
export function visiblePoint(screen: GuardedScreen, row: GuardRow): { x: number; y: number } | undefined {
  if (row.verdict !== "trusted" && !screen.reveals.includes(row.nodeId)) return undefined;
  const size = { width: screen.width, height: screen.height };
  const [x, y, w, h] = row.box;
  const centre = { x: Math.round(x + w / 2), y: Math.round(y + h / 2) };
  if (!isMasked(screen.mask, centre.x, centre.y, size)) return centre;
  let best: { x: number; y: number; distance: number } | undefined;
  for (let i = 0; i < GRID_COLUMNS; i++)
    for (let j = 0; j < GRID_ROWS; j++) {
      const px = Math.round(x + 1 + ((w - 2) * i) / (GRID_COLUMNS - 1));
      const py = Math.round(y + 1 + ((h - 2) * j) / (GRID_ROWS - 1));
      if (isMasked(screen.mask, px, py, size)) continue;
      const distance = (px - centre.x) ** 2 + (py - centre.y) ** 2;
      if (best === undefined || distance < best.distance) best = { x: px, y: py, distance };
    }
  return best && { x: best.x, y: best.y };
}
